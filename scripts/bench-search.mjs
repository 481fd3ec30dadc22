// Search benchmark on real content: the website itself, and sites made of its pages copied side by side
// (./lib/website-site.mjs) at N pages per locale. For each site it builds cold with `--profile` and prints:
// - the share of the build the search index takes (its "search index" phase against the whole build);
// - the index on disk per locale: entry, shards (dictionary, postings, tails, shard-list pages) and
//   fragments, in files, bytes and gzip bytes (level 9, what a static host serves);
// - in Chromium, on the site served by `docgen preview` over loopback, for each query of the relevance
//   table (e2e/search-relevance.json) in a fresh browser context (cold HTTP cache): the bytes downloaded
//   from opening the dialog (Ctrl+K) to the first results, search code and index together (gzip -9 of each
//   response), split into code, entry, shards and fragments; the time from the query entering the input to
//   its results in the DOM, cold, and warm (the same query again in that dialog); whether the expected
//   page (or, on a site of copies, a copy of it) is among the first 3 pages shown.
// Usage: node scripts/bench-search.mjs [website] [N...]   (default: website 1000; needs `pnpm build:packages`)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startPreview } from './lib/preview.mjs';
import { generateFromWebsite } from './lib/website-site.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(repo, 'packages/core/bin/docgen.js');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const args = process.argv.slice(2);
const sites = args.length ? args : ['website', '1000'];
const QUERIES = JSON.parse(fs.readFileSync(path.join(repo, 'e2e/search-relevance.json'), 'utf8'));
const TARGETS = 'targets: ≤ 60 KB gzip from opening the dialog to the first results; p95 keystroke → results ≤ 150 ms cold, ≤ 30 ms warm; index ≤ 10 % of the cold build';

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
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    cleanUp().then(() => process.exit(130));
  });
}

/** Runs a command; resolves to its exit code and output. */
function run(command, commandArgs, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    const kill = () => child.kill('SIGKILL');
    cleanups.push(kill);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      cleanups.splice(cleanups.indexOf(kill), 1);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * Builds `root` into `outDir` cold (no cache) with `--profile`: wall seconds, the search index phase (ms)
 * and the timings line.
 * @throws Error with the build's output when it fails.
 */
async function coldBuild(root, outDir) {
  fs.rmSync(outDir, { recursive: true, force: true });
  const started = performance.now();
  const result = await run(process.execPath, [cli, 'build', root, '--out-dir', outDir, '--no-cache', '--profile'], { env: { ...process.env, CI: 'true' } });
  const wall = (performance.now() - started) / 1000;
  if (result.code !== 0) throw new Error(`docgen build failed (exit ${result.code}):\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`);
  const timings = result.stdout.split('\n').find((line) => /search index \d+ ms/.test(line)) ?? '';
  return { wall, indexMs: Number(/search index (\d+) ms/.exec(timings)?.[1] ?? NaN), timings };
}

const gzipSize = (bytes) => zlib.gzipSync(bytes, { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);

/** The index files of one locale in `dist`, by kind: files, bytes, gzip bytes. */
function indexOnDisk(dist, lang) {
  const entryFile = path.join(dist, `docgen-data/search-${lang}.json`);
  const kinds = { entry: [entryFile], dictionary: [], postings: [], tails: [], lists: [], fragments: [] };
  const names = { d: 'dictionary', p: 'postings', t: 'tails', l: 'lists' };
  const shardDir = path.join(dist, 'assets/search');
  for (const name of fs.existsSync(shardDir) ? fs.readdirSync(shardDir) : []) {
    const match = new RegExp(`^${lang}-([dptl])-`).exec(name);
    if (match) kinds[names[match[1]]].push(path.join(shardDir, name));
  }
  const fragmentDir = path.join(dist, 'docgen-data/search', lang);
  for (const name of fs.existsSync(fragmentDir) ? fs.readdirSync(fragmentDir) : []) kinds.fragments.push(path.join(fragmentDir, name));
  return Object.fromEntries(
    Object.entries(kinds).map(([kind, files]) => {
      let bytes = 0;
      let gzip = 0;
      for (const file of files) {
        const data = fs.readFileSync(file);
        bytes += data.length;
        gzip += gzipSize(data);
      }
      return [kind, { files: files.length, bytes, gzip }];
    }),
  );
}

/** In the page: sets the dialog's input to `query` as a paste does and resolves to the ms until its results (or "no results") are in the DOM. */
function timeQuery(query) {
  return new Promise((resolve) => {
    const input = document.querySelector('.DocSearch-Input');
    const dropdown = document.querySelector('.DocSearch-Dropdown');
    const done = () => {
      const hits = [...document.querySelectorAll('.DocSearch-Hit a')];
      return document.querySelector('.DocSearch-NoResults') || (hits.length && input.value === query && !document.querySelector('.DocSearch-StartScreen'));
    };
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const started = performance.now();
    const observer = new MutationObserver(() => {
      if (!done()) return;
      observer.disconnect();
      resolve(performance.now() - started);
    });
    observer.observe(dropdown, { childList: true, subtree: true, characterData: true });
    setter.call(input, query);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Clears the dialog's input and waits for its start screen. */
async function clearQuery(page) {
  await page.locator('.DocSearch-Input').fill('');
  await page.locator('.DocSearch-StartScreen').waitFor();
}

/** One query in a fresh context: bytes by kind, cold and warm ms, the first pages shown. */
async function measureQuery(browser, siteUrl, { query, lang }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(new URL(lang === 'zh' ? 'zh/guide/start/introduction' : 'guide/start/introduction', siteUrl).href, { waitUntil: 'load' });
    await page.waitForFunction(() => window.__dgSearchReady === true);
    const bodies = [];
    page.on('response', (response) => bodies.push(response.body().then((b) => ({ url: new URL(response.url()).pathname, gzip: gzipSize(b) }), () => null)));
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').waitFor();
    const cold = await page.evaluate(timeQuery, query);
    const shown = await page.$$eval('.DocSearch-Hit a', (links) => links.map((a) => new URL(a.href).pathname.replace(/\.html$/, '')));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const downloaded = (await Promise.all(bodies)).filter(Boolean);
    await clearQuery(page);
    const warm = await page.evaluate(timeQuery, query);
    const bytes = { code: 0, entry: 0, shards: 0, fragments: 0 };
    for (const { url, gzip } of downloaded) {
      if (url.startsWith('/assets/search/')) bytes.shards += gzip;
      else if (url.startsWith('/docgen-data/search/')) bytes.fragments += gzip;
      else if (url.startsWith('/docgen-data/search-')) bytes.entry += gzip;
      else bytes.code += gzip;
    }
    return { bytes, total: bytes.code + bytes.entry + bytes.shards + bytes.fragments, cold, warm, pages: [...new Set(shown)] };
  } finally {
    await context.close();
  }
}

/** Nearest-rank percentile. */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function benchSite(name, browser) {
  let root;
  let pagesPerLocale;
  let outDir;
  if (name === 'website') {
    root = path.join(repo, 'docs');
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-bench-search-website-'));
    pagesPerLocale = 'the website';
  } else {
    root = fs.mkdtempSync(path.join(os.tmpdir(), `dg-bench-search-${name}-`));
    pagesPerLocale = `${generateFromWebsite(root, Number(name))} pages per locale`;
    outDir = path.join(root, 'dist');
    cleanups.push(() => fs.rmSync(root, { recursive: true, force: true }));
  }
  cleanups.push(() => fs.rmSync(outDir, { recursive: true, force: true }));
  console.log(`\n## ${name === 'website' ? 'The website' : `Website pages copied: ${pagesPerLocale}`}`);
  const built = await coldBuild(root, outDir);
  console.log(`cold build ${built.wall.toFixed(1)} s; search index phase ${built.indexMs} ms = ${((built.indexMs / 1000 / built.wall) * 100).toFixed(1)} % of the build`);
  console.log(`  --profile: ${built.timings}`);
  for (const lang of ['en', 'zh']) {
    const disk = indexOnDisk(outDir, lang);
    console.log(`index on disk (${lang}): ${Object.entries(disk).map(([kind, d]) => `${kind} ${d.files} files ${kb(d.bytes)} KB (${kb(d.gzip)} gzip)`).join('; ')}`);
  }
  const server = await startPreview(root, outDir);
  cleanups.push(server.stop);
  const rows = [];
  for (const lang of ['en', 'zh']) {
    const results = [];
    for (const q of QUERIES.filter((row) => row.lang === lang)) {
      if (stopping) return;
      const m = await measureQuery(browser, server.url, q);
      // On a site of copies, a copy of the expected page (`/guide-7/…` for `/guide/…`) counts as it.
      const original = (page) => page.replace(/^(\/zh)?\/([a-z]+)-\d+\//, '$1/$2/');
      results.push({ ...q, ...m, found: m.pages.slice(0, 3).map(original).includes(q.expect) });
    }
    const totals = results.map((r) => r.total);
    rows.push({
      locale: lang,
      queries: results.length,
      'KB gzip median': kb(percentile(totals, 50)),
      'KB gzip p95': kb(percentile(totals, 95)),
      'KB gzip max': kb(Math.max(...totals)),
      'code KB': kb(percentile(results.map((r) => r.bytes.code), 50)),
      'entry KB': kb(percentile(results.map((r) => r.bytes.entry), 50)),
      'shards KB median': kb(percentile(results.map((r) => r.bytes.shards), 50)),
      'fragments KB median': kb(percentile(results.map((r) => r.bytes.fragments), 50)),
      'cold ms p50 / p95': `${percentile(results.map((r) => r.cold), 50).toFixed(0)} / ${percentile(results.map((r) => r.cold), 95).toFixed(0)}`,
      'warm ms p50 / p95': `${percentile(results.map((r) => r.warm), 50).toFixed(1)} / ${percentile(results.map((r) => r.warm), 95).toFixed(1)}`,
      'expected page in top 3 (shown)': `${results.filter((r) => r.found).length}/${results.length}`,
    });
    const over = results.filter((r) => r.total > 60 * 1024).map((r) => `${JSON.stringify(r.query)} ${kb(r.total)} KB`);
    if (over.length) console.log(`  ${lang} queries over 60 KB: ${over.join(', ')}`);
    const missed = results.filter((r) => !r.found).map((r) => `${JSON.stringify(r.query)} → [${r.pages.slice(0, 3).join(', ')}]`);
    if (missed.length) console.log(`  ${lang} expected page not in the first 3 shown: ${missed.join('; ')}`);
  }
  console.table(rows);
  await server.stop();
}

async function main() {
  if (!fs.existsSync(CHROMIUM)) {
    console.error(`Chromium not found at ${CHROMIUM}: run \`bash scripts/install-tools.sh\` (or set CHROMIUM_PATH).`);
    process.exitCode = 1;
    return;
  }
  console.log(TARGETS);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, handleSIGINT: false, handleSIGTERM: false });
  cleanups.push(() => browser.close());
  for (const name of sites) {
    if (stopping) break;
    try {
      await benchSite(name, browser);
    } catch (error) {
      process.exitCode = 1;
      console.error(`\n${name}: FAILED\n${error.stack ?? error}`);
    }
  }
  console.log(`\n${TARGETS}`);
}

try {
  await main();
} finally {
  await cleanUp();
}
