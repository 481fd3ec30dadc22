// docgen, Rspress and VitePress built side by side on one synthetic bilingual corpus; prints medians.
// Usage (in scripts/bench, after `npm install` and `pnpm build:packages` at the repository root):
//   node bench.mjs [--pages 100,1000] [--rounds 3] [--tools docgen,rspress,vitepress] [--large] [--no-browser] [--no-dev]
// --large adds 5,000 pages per locale for docgen alone (long). See README.md for what each column means.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { freePort, measureDev } from './dev.mjs';
import { firstLoadJsKiB, folderBytes, runMeasured, serveStatic } from './measure.mjs';
import { repo, tools } from './sites.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: opts } = parseArgs({
  options: {
    pages: { type: 'string', default: '100,1000' },
    rounds: { type: 'string', default: '3' },
    tools: { type: 'string', default: 'docgen,rspress,vitepress' },
    large: { type: 'boolean', default: false },
    'no-browser': { type: 'boolean', default: false },
    'no-dev': { type: 'boolean', default: false },
  },
});
const rounds = Number(opts.rounds);
const pageCounts = opts.pages.split(',').map(Number);
const toolIds = opts.tools.split(',');
for (const id of toolIds) if (!tools[id]) throw new Error(`--tools: unknown tool "${id}" (known: ${Object.keys(tools).join(', ')})`);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds must be a positive integer, got "${opts.rounds}"`);
if (pageCounts.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`--pages must list positive integers, got "${opts.pages}"`);
if (!fs.existsSync(path.join(repo, 'packages/core/dist/index.js'))) throw new Error('docgen is not built: run `pnpm build:packages` at the repository root');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const browserOn = !opts['no-browser'] && fs.existsSync(chromiumPath);

/** Sites, logs and results live in scripts/bench/.bench (ignored by git). */
const work = path.join(here, '.bench');
fs.mkdirSync(path.join(work, 'logs'), { recursive: true });

const plan = pageCounts.map((n) => ({ n, ids: toolIds }));
if (opts.large) plan.push({ n: 5000, ids: ['docgen'] });

const median = (xs) => {
  const s = xs.filter((x) => x !== null).sort((a, b) => a - b);
  if (!s.length) return null;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

console.log(`Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`);
console.log(toolIds.map((id) => `${tools[id].name} ${tools[id].version}`).join(', '));

const results = [];
for (const { n, ids } of plan) {
  const sites = Object.fromEntries(ids.map((id) => [id, path.join(work, `${id}-${n}`)]));
  for (const id of ids) tools[id].write(sites[id], n);
  const original = Object.fromEntries(ids.map((id) => [id, fs.readFileSync(tools[id].editedPage(sites[id]), 'utf8')]));
  const samples = Object.fromEntries(ids.map((id) => [id, { cold: [], warm: [], edited: [] }]));
  for (let round = 0; round < rounds; round++) {
    // Alternate the tools, and rotate who goes first, so a slow spell of the machine hits all of them.
    const order = ids.map((_, i) => ids[(i + round) % ids.length]);
    for (const id of order) {
      const tool = tools[id];
      const site = sites[id];
      fs.writeFileSync(tool.editedPage(site), original[id]);
      for (const dir of [tool.outDir(site), ...tool.caches(site)]) fs.rmSync(dir, { recursive: true, force: true });
      const { file, args } = tool.command(site);
      const run = (kind) => runMeasured({ file, args, cwd: site, log: path.join(work, 'logs', `${id}-${n}-r${round}-${kind}.log`) });
      const cold = await run('cold');
      const warm = await run('warm');
      // A body edit: one paragraph more on one English page; title, headings and links unchanged.
      fs.writeFileSync(tool.editedPage(site), `${original[id]}\nOne more paragraph, written by the benchmark in round ${round}.\n`);
      const edited = await run('edited');
      samples[id].cold.push(cold);
      samples[id].warm.push(warm);
      samples[id].edited.push(edited);
      console.log(
        `${n} pages/locale, round ${round + 1}/${rounds}, ${tool.name}: cold ${cold.wall.toFixed(2)} s, warm ${warm.wall.toFixed(2)} s, edited ${edited.wall.toFixed(2)} s`,
      );
    }
  }

  let browser;
  if (browserOn) browser = await chromium.launch({ executablePath: chromiumPath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  const dev = Object.fromEntries(ids.map((id) => [id, { ready: [], edit: [], restart: [] }]));
  if (browser && !opts['no-dev']) {
    for (let round = 0; round < rounds; round++) {
      for (const id of ids.map((_, i) => ids[(i + round) % ids.length])) {
        const tool = tools[id];
        const site = sites[id];
        // A dev start without the caches of earlier builds.
        for (const dir of tool.caches(site)) fs.rmSync(dir, { recursive: true, force: true });
        const port = await freePort();
        const result = await measureDev({
          file: tool.command(site).file,
          args: tool.devArgs(port),
          cwd: site,
          log: path.join(work, 'logs', `${id}-${n}-r${round}-dev.log`),
          browser,
          url: `http://127.0.0.1:${port}/guide/s0/p0`,
          heading: 'Page 0',
          page: tool.editedPage(site),
        });
        dev[id].ready.push(result.ready);
        dev[id].edit.push(median(result.edits));
        // The same start again with the caches the first one left, as when a writer restarts the server.
        const restartPort = await freePort();
        const restart = await measureDev({
          file: tool.command(site).file,
          args: tool.devArgs(restartPort),
          cwd: site,
          log: path.join(work, 'logs', `${id}-${n}-r${round}-dev-restart.log`),
          browser,
          url: `http://127.0.0.1:${restartPort}/guide/s0/p0`,
          heading: 'Page 0',
          page: tool.editedPage(site),
          edits: 0,
        });
        dev[id].restart.push(restart.ready);
        console.log(`${n} pages/locale, round ${round + 1}/${rounds}, ${tool.name} dev: ready ${result.ready.toFixed(2)} s (restart ${restart.ready.toFixed(2)} s), edit to DOM ${result.edits.map((t) => (t === null ? 'missed' : t.toFixed(2))).join(' ')} s`);
      }
    }
  }

  const sizes = {};
  for (const id of ids) {
    const out = tools[id].outDir(sites[id]);
    sizes[id] = { output: folderBytes(out) / 2 ** 20, home: null, doc: null };
    if (browser) {
      const server = await serveStatic(out);
      try {
        sizes[id].home = await firstLoadJsKiB(browser, `${server.url}/`);
        sizes[id].doc = await firstLoadJsKiB(browser, `${server.url}/guide/s0/p0`);
      } finally {
        await server.close();
      }
    }
  }
  await browser?.close();

  for (const id of ids) {
    const s = samples[id];
    const pick = (kind, key) => median(s[kind].map((r) => r[key]));
    results.push({
      tool: `${tools[id].name} ${tools[id].version}`,
      pagesPerLocale: n,
      pages: 2 * n + 2,
      rounds,
      coldWall: pick('cold', 'wall'),
      coldCpu: pick('cold', 'cpu'),
      warmWall: pick('warm', 'wall'),
      editedWall: pick('edited', 'wall'),
      coldPeakRssMiB: pick('cold', 'rssMiB'),
      devReady: median(dev[id].ready),
      devRestartReady: median(dev[id].restart),
      devEditToDom: median(dev[id].edit),
      homeJsKiB: sizes[id].home,
      docJsKiB: sizes[id].doc,
      outputMiB: sizes[id].output,
      // Every round's figures, for a second look at the spread.
      samples: { ...s, devReady: dev[id].ready, devRestartReady: dev[id].restart, devEditToDom: dev[id].edit },
    });
  }
}

const fmt = (x, digits) => (x === null || x === undefined ? '–' : x.toFixed(digits));
const header = ['tool', 'pages', 'rounds', 'cold wall s', 'cold CPU s', 'warm s', 'one page edited s', 'peak RSS MiB (cold)', 'dev ready s', 'dev restart ready s', 'dev edit to DOM s', 'first-load JS gzip KiB home / doc', 'output MiB'];
const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
for (const r of results) {
  lines.push(
    `| ${[r.tool, `${r.pages} (${r.pagesPerLocale}/locale)`, r.rounds, fmt(r.coldWall, 2), fmt(r.coldCpu, 2), fmt(r.warmWall, 2), fmt(r.editedWall, 2), fmt(r.coldPeakRssMiB, 0), fmt(r.devReady, 2), fmt(r.devRestartReady, 2), fmt(r.devEditToDom, 2), `${fmt(r.homeJsKiB, 1)} / ${fmt(r.docJsKiB, 1)}`, fmt(r.outputMiB, 1)].join(' | ')} |`,
  );
}
console.log(`\nMedians of ${rounds} round(s):\n`);
console.log(lines.join('\n'));
const resultFile = path.join(work, `results-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(resultFile, JSON.stringify({ node: process.version, cpus: os.cpus().length, cpu: os.cpus()[0]?.model, results }, null, 2));
console.log(`\nRaw figures: ${path.relative(process.cwd(), resultFile)}`);
