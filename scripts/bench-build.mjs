// Build benchmark: generates a synthetic bilingual site of N plain-Markdown pages per locale (the corpus of
// headings h2–h4, paragraphs, lists, a GFM table, links, 2–4 code blocks; en ~3.1 k
// characters, zh ~1.9 k; nested guide/, api/, plugin/ folders; two home pages) and prints, per N:
// cold build wall time (output and caches deleted), warm build wall time (nothing changed), rebuild after
// editing one page, peak RSS,
// first-load JavaScript (gzip) of the home page and of a doc page, and the HTML size of a doc page; then
// what the first-load JavaScript of a doc page is made of (esbuild's metafile of the cold build: bytes per
// package, before compression), so that a regression shows which package grew.
// First-load JavaScript is what Chromium fetches from loading the page until the network is idle, without
// interaction, hydration's chunks included (scripts/lib/first-load.mjs).
// Usage: node scripts/bench-build.mjs [N...]   (default: 50 500)
//        node scripts/bench-build.mjs website    (first-load JavaScript of the website's page types)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from './lib/synthetic-site.mjs';
import { firstLoadJs, WEBSITE_ROUTES } from './lib/first-load.mjs';
import { startPreview } from './lib/preview.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const counts = sizes.length ? sizes : [50, 500];
/**
 * Runs one build in a fresh Node process; returns wall seconds, CPU seconds and peak RSS (MiB). `cache`
 * false: every page compiled and bundled again (a build that finds nothing changed writes no metafile).
 */
function timedBuild(root, metafile, cache = true) {
  const script = `
    const { build } = await import(${JSON.stringify(path.join(repo, 'packages/core/dist/index.js'))});
    const t = performance.now();
    await build({ root: ${JSON.stringify(root)}, log: false, metafile: ${JSON.stringify(metafile)}, cache: ${cache} });
    const u = process.resourceUsage();
    console.log(JSON.stringify({ wall: (performance.now() - t) / 1000, cpu: (u.userCPUTime + u.systemCPUTime) / 1e6, rss: u.maxRSS / 1024 }));`;
  const started = performance.now();
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, CI: 'true' } }).toString();
  const result = JSON.parse(out.trim().split('\n').pop());
  return { ...result, process: (performance.now() - started) / 1000 };
}

/**
 * What the scripts at `urls` (a page's first load) are made of, from the browser bundle's metafile: bytes in
 * the output per package (or per package of the repository), largest first.
 */
function composition(urls, metafile) {
  const meta = JSON.parse(fs.readFileSync(metafile, 'utf8'));
  const byName = new Map(Object.entries(meta.outputs).map(([file, output]) => [path.posix.basename(file), output]));
  const parts = new Map();
  for (const url of urls) {
    const output = byName.get(path.posix.basename(url));
    if (!output) continue;
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];
      const name = pkg ?? (input.includes('packages/') ? input.replace(/^.*packages\//, '@docgen/').replace(/\/src\/.*$/, '') : input.replace(/^.*?:/, '(virtual) '));
      parts.set(name, (parts.get(name) ?? 0) + bytesInOutput);
    }
  }
  return [...parts].sort((a, b) => b[1] - a[1]);
}

/** First-load JavaScript of `routes` of the site built in `root`/dist, in Chromium over a preview server. */
async function measureFirstLoad(root, routes) {
  const preview = await startPreview(root);
  try {
    return await firstLoadJs(preview.url, path.join(root, 'dist'), routes);
  } finally {
    await preview.stop();
  }
}

function printComposition(title, parts) {
  const total = parts.reduce((sum, [, bytes]) => sum + bytes, 0);
  console.log(`\n${title}, by package, bytes before compression (total ${(total / 1024).toFixed(1)} KB):`);
  console.table(parts.slice(0, 20).map(([name, bytes]) => ({ package: name, KB: (bytes / 1024).toFixed(1), share: `${((bytes / total) * 100).toFixed(1)} %` })));
}

if (process.argv[2] === 'website') {
  const root = path.join(repo, 'docs');
  const metafile = path.join(os.tmpdir(), 'docgen-bench-website-meta.json');
  timedBuild(root, metafile, false);
  const loads = await measureFirstLoad(root, WEBSITE_ROUTES);
  console.table(loads.map((l) => ({ route: l.route, 'first-load JS gzip KB': l.kib.toFixed(1), scripts: l.scripts.size })));
  const largest = loads.reduce((a, b) => (b.kib > a.kib ? b : a));
  printComposition(`First-load JavaScript of ${largest.route}`, composition(largest.scripts.keys(), metafile));
  fs.rmSync(metafile, { force: true });
  process.exit(0);
}

const rows = [];
let lastComposition;
for (const n of counts) {
  const dir = path.join(os.tmpdir(), `docgen-bench-${n}`);
  generate(dir, n);
  const metafile = path.join(os.tmpdir(), `docgen-bench-${n}-meta.json`);
  const cold = timedBuild(dir, metafile);
  const docRoute = '/guide/s0/p0';
  // Now: the edit below gives the page a new chunk, which the cold build's metafile does not hold.
  const [home, doc] = await measureFirstLoad(dir, ['/', docRoute]);
  const parts = composition(doc.scripts.keys(), metafile);
  const warm = timedBuild(dir);
  // One page edited: the compile cache serves every other page, bundles and SSG run again.
  fs.appendFileSync(path.join(dir, 'en/guide/s0/p0.md'), '\nOne more paragraph.\n');
  const edited = timedBuild(dir);
  const dist = path.join(dir, 'dist');
  const docHtml = 'guide/s0/p0.html';
  rows.push({
    'pages': 2 * n + 2,
    'cold wall s': cold.wall.toFixed(2),
    'cold process s': cold.process.toFixed(2),
    'cold CPU s': cold.cpu.toFixed(2),
    'warm wall s': warm.wall.toFixed(2),
    'warm/cold': `${Math.round((warm.wall / cold.wall) * 100)} %`,
    'one page edited s': edited.wall.toFixed(2),
    'peak RSS MiB': Math.round(Math.max(cold.rss, warm.rss, edited.rss)),
    'first-load JS gzip KB (home / doc)': `${home.kib.toFixed(1)} / ${doc.kib.toFixed(1)}`,
    'doc HTML KB': (fs.statSync(path.join(dist, docHtml)).size / 1024).toFixed(1),
    'output MiB': (Number(execFileSync('du', ['-sk', dist]).toString().split('\t')[0]) / 1024).toFixed(1),
  });
  lastComposition = { pages: 2 * n + 2, parts };
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(metafile, { force: true });
}
console.table(rows);
if (lastComposition) printComposition(`First-load JavaScript of a doc page (${lastComposition.pages} pages)`, lastComposition.parts);
