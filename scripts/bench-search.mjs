// Search benchmark: for synthetic bilingual sites of N pages per locale (the benchmark corpus,
// made by ./lib/synthetic-site.mjs) it builds each site cold and prints, per locale:
// - the index file (assets/search-<lang>-<hash>.json): bytes raw and gzip (level 9, what a static host serves);
// - the build-time cost of indexing: the "search index" phase of `docgen build --profile` (records and
//   index of all locales), with the build's wall time and peak RSS (Node's own, and with esbuild's process);
// - in Chromium, on the site served by `docgen preview`: the time to fetch + parse the index and to load it
//   (`loadSearchIndex`), median of 3 uncached loads;
// - the median and p95 latency of 200 queries as DocSearch sends them (words, pairs, prefixes as typed,
//   typos, numbers; Chinese terms for zh), and the mean number of hits per query.
// Usage: node scripts/bench-search.mjs [N...]   (default: 100 1000 10000; needs `pnpm build:packages`)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';
import { generate } from './lib/synthetic-site.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(repo, 'packages/core/bin/docgen.js');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const counts = sizes.length ? sizes : [100, 1000, 10000];
const QUERY_COUNT = 200;
const LOAD_RUNS = 3;
/** Sites above this many pages per locale get a larger V8 heap for their build. */
const LARGE_SITE = 5000;
const TARGET = 'search index ≤ 20 KB gzip per 100 pages per locale';

/** Exactly the parameters DocSearch sends with each query. */
const DOCSEARCH_PARAMS = {
  hitsPerPage: 20,
  attributesToSnippet: ['hierarchy.lvl1:10', 'hierarchy.lvl2:10', 'hierarchy.lvl3:10', 'content:10'],
  highlightPreTag: '<mark>',
  highlightPostTag: '</mark>',
  snippetEllipsisText: '…',
};

/**
 * Query templates per locale, all taken from the words of the synthetic pages; `#` becomes a page number.
 * Prefixes are listed as a reader types them, letter by letter.
 */
const QUERY_TEMPLATES = {
  en: {
    words: ['configuration', 'install', 'plugin', 'deploy', 'troubleshooting', 'promise', 'typo', 'memory', 'boolean',
      'options', 'package', 'static', 'column', 'error', 'function', 'documentation', 'advanced', 'dependency', 'rejects'],
    pairs: ['static host', 'config file', 'package manager', 'relative link', 'build fails', 'advanced options',
      'development dependency', 'install package', 'error message', 'deploy folder'],
    typed: ['c', 'co', 'con', 'conf', 'confi', 'config', 'configu', 'in', 'ins', 'inst', 'insta', 'trou', 'troubleshoo',
      'adv', 'dep', 'depl', 'pro', 'promi'],
    typos: ['confgure', 'configuraton', 'troubleshoting', 'packge', 'dependancy', 'deploi', 'advancd'],
    numbers: ['feature #', 'page #', 'feature-#', 'install feature #', 'using feature #'],
  },
  zh: {
    words: ['安装', '配置', '功能', '插件', '构建', '页面', '选项', '高级', '部署', '静态', '托管', '错误', '文件', '链接',
      '依赖', '文档', '站点', '段落', '表格', '代码'],
    pairs: ['配置 文件', '高级 选项', '包管理器', '故障排查', '静态托管', '开发依赖', '构建失败', '相对链接', '错误信息', '内部行为'],
    typed: ['配', '配置文', '配置文件', '故', '故障', '故障排', '高级选', '安装功', '部署到'],
    typos: ['配制', '构见'],
    mixed: ['插件 config', 'enabled 功能', 'markdown 流水线', 'boolean', 'level', 'level 工作量', 'boolean 类型'],
    numbers: ['页面 #', '功能 #', '安装功能 #', '第 # 个'],
  },
};

/** Things to undo at the end, also after an error or Ctrl-C; the latest first. */
const cleanups = [];
async function cleanUp() {
  while (cleanups.length) {
    try {
      await cleanups.pop()();
    } catch (error) {
      console.error(`cleanup: ${error.message}`);
    }
  }
}

// `on`, not `once`: a listener must stay, or a library's signal-exit hook re-raises the signal and the process
// dies before cleaning up. The browser is closed by our clean-up, not by Playwright's own handlers.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    cleanUp().then(() => process.exit(130));
  });
}

/** The fixed query mix of one locale: the templates in turn, with page numbers below `n` spread over the site. */
function queriesFor(lang, n) {
  const templates = Object.values(QUERY_TEMPLATES[lang]).flat();
  return Array.from({ length: QUERY_COUNT }, (_, k) => templates[k % templates.length].replace('#', String((k * 37 + 7) % n)));
}

/**
 * The resident memory (KiB) of `pid` and all its descendants, read from /proc: the build's own figure leaves
 * out esbuild's service process. Null where there is no /proc (not Linux).
 */
function treeRssKiB(pid) {
  if (!fs.existsSync('/proc/self/status')) return null;
  const children = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After "pid (comm) ": state, then the parent's pid. comm may hold spaces, hence lastIndexOf.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  let total = 0;
  for (const queue = [pid]; queue.length; ) {
    const p = queue.pop();
    try {
      total += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // Ended.
    }
    queue.push(...(children.get(p) ?? []));
  }
  return total;
}

/**
 * Runs a command; resolves to its exit code, signal, output and the peak resident memory (KiB) of its process
 * tree, sampled every 250 ms (null without /proc). Never rejects on a non-zero exit.
 */
function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    const kill = () => child.kill('SIGKILL');
    cleanups.push(kill);
    const done = () => {
      clearInterval(sampler);
      if (cleanups.includes(kill)) cleanups.splice(cleanups.indexOf(kill), 1);
    };
    let peakTreeKiB = treeRssKiB(child.pid);
    const sampler = setInterval(() => {
      const now = treeRssKiB(child.pid);
      if (now !== null) peakTreeKiB = Math.max(peakTreeKiB, now);
    }, 250);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', (error) => {
      done();
      reject(error);
    });
    child.on('close', (code, signal) => {
      done();
      resolve({ code, signal, stdout, stderr, peakTreeKiB });
    });
  });
}

/** Prints the child's peak RSS (KiB) to stderr as it exits; a build cannot report it itself. */
const REPORT_RSS = 'data:text/javascript,process.on("exit",()=>process.stderr.write(`peak-rss-kib ${process.resourceUsage().maxRSS}\\n`))';

/**
 * Builds `dir` cold (output and caches deleted) in a fresh Node process with `--profile`; returns the
 * "search index" phase (ms), the whole timings line, wall seconds and peak RSS (MiB).
 * @throws Error with the build's exit status and output when it fails.
 */
async function coldBuild(dir, n) {
  fs.rmSync(path.join(dir, 'dist'), { recursive: true, force: true });
  fs.rmSync(path.join(dir, 'node_modules/.cache'), { recursive: true, force: true });
  const heap = n > LARGE_SITE ? ['--max-old-space-size=8192'] : [];
  const started = performance.now();
  const result = await run(process.execPath, [...heap, '--import', REPORT_RSS, cli, 'build', dir, '--profile'], {
    env: { ...process.env, CI: 'true' },
  });
  const wall = (performance.now() - started) / 1000;
  if (result.code !== 0) {
    const status = result.signal ? `signal ${result.signal}` : `exit code ${result.code}`;
    throw new Error(`docgen build failed after ${wall.toFixed(1)} s (${status}):\n${tail(result.stdout)}\n${tail(result.stderr)}`);
  }
  const timings = result.stdout.split('\n').find((line) => /search index \d+ ms/.test(line)) ?? '';
  const rss = /peak-rss-kib (\d+)/.exec(result.stderr);
  return {
    indexMs: Number(/search index (\d+) ms/.exec(timings)?.[1] ?? NaN),
    timings,
    wall,
    rssMiB: rss ? Number(rss[1]) / 1024 : NaN,
    treeRssMiB: result.peakTreeKiB === null ? NaN : result.peakTreeKiB / 1024,
  };
}

function tail(text, lines = 30) {
  return text.trim().split('\n').slice(-lines).join('\n');
}

/** The index files of a build, per locale: URL path, raw and gzip bytes. */
function indexFiles(dist) {
  const assets = path.join(dist, 'assets');
  return fs
    .readdirSync(assets)
    .map((name) => ({ name, match: /^search-(.+)-[0-9a-f]{8}\.json$/.exec(name) }))
    .filter(({ match }) => match)
    .map(({ name, match }) => {
      const bytes = fs.readFileSync(path.join(assets, name));
      return { lang: match[1], url: `/assets/${name}`, raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
    })
    .sort((a, b) => a.lang.localeCompare(b.lang));
}

/** The search engine bundled for the browser as one script that defines `window.DocgenSearch`. */
async function bundleEngine() {
  const result = await esbuild.build({
    entryPoints: [path.join(repo, 'packages/core/src/shared/search/index.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'DocgenSearch',
    platform: 'browser',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/** Starts `docgen preview` for `dir` on 127.0.0.1 and any free port; resolves to its URL and a stop function. */
function startPreview(dir) {
  const child = spawn(process.execPath, [cli, 'preview', dir, '--port', '0', '--host', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (d) => {
      output += d;
      const url = /running at (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve({ url, stop });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d) => (output += d));
    exited.then((code) => reject(new Error(`docgen preview exited (${code}) before serving:\n${output}`)));
  });
}

/** Launches Chromium with a fresh profile, as the browser tests do (e2e/helpers/browser.ts). */
async function launchChromium(userDataDir) {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    handleSIGINT: false,
    handleSIGTERM: false,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
}

/**
 * Runs in the page: loads the index `loadRuns` times without the HTTP cache (fetch + parse, then
 * `loadSearchIndex`), then times each query on the last engine loaded. Times in ms; Chromium rounds
 * `performance.now()` to 0.1 ms on a page that is not cross-origin isolated.
 */
async function measureInPage({ indexUrl, queries, params, loadRuns }) {
  const loads = [];
  let engine;
  for (let i = 0; i < loadRuns; i++) {
    const t0 = performance.now();
    const json = await (await fetch(indexUrl, { cache: 'no-store' })).json();
    const t1 = performance.now();
    engine = window.DocgenSearch.loadSearchIndex(json);
    loads.push({ fetchParse: t1 - t0, load: performance.now() - t1 });
  }
  const latencies = [];
  const hits = [];
  for (const query of queries) {
    const t = performance.now();
    const response = engine.search({ ...params, query });
    latencies.push(performance.now() - t);
    hits.push(response.nbHits);
  }
  return { loads, latencies, hits };
}

function median(values) {
  return percentile(values, 50);
}

/** Nearest-rank percentile. */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Measures every locale index of one built site in the browser; one result per locale. */
async function measureSite({ context, engineScript, siteUrl, files, n }) {
  const page = await context.newPage();
  try {
    await page.goto(siteUrl);
    await page.addScriptTag({ content: engineScript });
    const results = [];
    for (const file of files) {
      const queries = queriesFor(file.lang, n);
      const m = await page.evaluate(measureInPage, { indexUrl: file.url, queries, params: DOCSEARCH_PARAMS, loadRuns: LOAD_RUNS });
      results.push({
        ...file,
        fetchParse: median(m.loads.map((l) => l.fetchParse)),
        load: median(m.loads.map((l) => l.load)),
        total: median(m.loads.map((l) => l.fetchParse + l.load)),
        queryMedian: median(m.latencies),
        queryP95: percentile(m.latencies, 95),
        meanHits: m.hits.reduce((a, b) => a + b, 0) / m.hits.length,
        zeroHits: m.hits.filter((h) => h === 0).length,
        zeroHitQueries: [...new Set(queries.filter((_, i) => m.hits[i] === 0))],
      });
    }
    return results;
  } finally {
    await page.close();
  }
}

function printSize(n, build, results) {
  console.log(
    `\n${n} pages per locale (${2 * n + 2} pages): cold build ${build.wall.toFixed(1)} s, ` +
      `peak RSS ${Math.round(build.rssMiB)} MiB (Node), ${Math.round(build.treeRssMiB)} MiB (Node + esbuild, sampled)`,
  );
  console.log(`  --profile: ${build.timings}`);
  console.table(
    results.map((r) => ({
      'pages/locale': n,
      'locale': r.lang,
      'index raw KB': (r.raw / 1024).toFixed(1),
      'gzip KB': (r.gzip / 1024).toFixed(1),
      'gzip KB /100 pages': (r.gzip / 1024 / (n / 100)).toFixed(2),
      'indexing ms (build)': build.indexMs,
      'build wall s': build.wall.toFixed(1),
      'load ms fetch+parse / load / total': `${r.fetchParse.toFixed(1)} / ${r.load.toFixed(1)} / ${r.total.toFixed(1)}`,
      'query median ms': r.queryMedian.toFixed(2),
      'query p95 ms': r.queryP95.toFixed(2),
      'mean hits': r.meanHits.toFixed(1),
      'zero-hit queries': `${r.zeroHits}/${QUERY_COUNT}`,
    })),
  );
  for (const r of results) {
    const listed = r.zeroHitQueries.slice(0, 12).map((q) => JSON.stringify(q)).join(', ');
    if (listed) console.log(`  ${r.lang} queries without hits: ${listed}${r.zeroHitQueries.length > 12 ? ', …' : ''}`);
  }
}

/** Generates, builds and measures the site of `n` pages per locale; removes it and stops its server after. */
async function benchSize({ n, context, engineScript }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `docgen-bench-search-${n}-`));
  const removeSite = () => fs.rmSync(dir, { recursive: true, force: true });
  cleanups.push(removeSite);
  let server;
  try {
    generate(dir, n);
    console.log(`\nBuilding ${2 * n + 2} pages…`);
    const build = await coldBuild(dir, n);
    const files = indexFiles(path.join(dir, 'dist'));
    server = await startPreview(dir);
    cleanups.push(server.stop);
    const results = await measureSite({ context, engineScript, siteUrl: server.url, files, n });
    printSize(n, build, results);
  } finally {
    // Now, not at the end: a 10,000-page site is large.
    await server?.stop();
    removeSite();
    const at = cleanups.indexOf(removeSite);
    if (at >= 0) cleanups.splice(at);
  }
}

async function main() {
  if (!fs.existsSync(CHROMIUM)) {
    console.error(`Chromium not found at ${CHROMIUM}: run \`bash scripts/install-tools.sh\` (or set CHROMIUM_PATH).`);
    process.exitCode = 1;
    return;
  }
  const engineScript = await bundleEngine();
  console.log(
    `Search engine bundle: ${(engineScript.length / 1024).toFixed(1)} KB minified, ` +
      `${(zlib.gzipSync(engineScript, { level: 9 }).length / 1024).toFixed(1)} KB gzip`,
  );
  console.log(`Target: ${TARGET}`);
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-bench-chromium-'));
  cleanups.push(() => fs.rmSync(userDataDir, { recursive: true, force: true }));
  const context = await launchChromium(userDataDir);
  cleanups.push(() => context.close());
  for (const n of counts) {
    if (stopping) break;
    try {
      await benchSize({ n, context, engineScript });
    } catch (error) {
      // One failed size (say, out of memory at 10,000 pages) should not hide the others.
      process.exitCode = 1;
      console.error(`\n${n} pages per locale: FAILED\n${error.stack ?? error}`);
    }
  }
  console.log(`\nTarget: ${TARGET}`);
}

try {
  await main();
} finally {
  await cleanUp();
}
