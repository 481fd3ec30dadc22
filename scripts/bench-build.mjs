// Build benchmark: generates a synthetic bilingual site of N plain-Markdown pages per locale (the corpus of
// headings h2–h4, paragraphs, lists, a GFM table, links, 2–4 code blocks; en ~3.1 k
// characters, zh ~1.9 k; nested guide/, api/, plugin/ folders; two home pages) and prints, per N:
// cold build wall time (output and caches deleted), warm build wall time (nothing changed), rebuild after
// editing one page, peak RSS,
// first-load JavaScript (gzip) of the home page and of a doc page, and the HTML size of a doc page; then
// what the first-load JavaScript of a doc page is made of (esbuild's metafile of the cold build: bytes per
// package, before compression), so that a regression shows which package grew.
// Usage: node scripts/bench-build.mjs [N...]   (default: 50 500)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { generate } from './lib/synthetic-site.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const counts = sizes.length ? sizes : [50, 500];
/** Runs one build in a fresh Node process; returns wall seconds, CPU seconds and peak RSS (MiB). */
function timedBuild(root, metafile) {
  const script = `
    const { build } = await import(${JSON.stringify(path.join(repo, 'packages/core/dist/index.js'))});
    const t = performance.now();
    await build({ root: ${JSON.stringify(root)}, log: false, metafile: ${JSON.stringify(metafile)} });
    const u = process.resourceUsage();
    console.log(JSON.stringify({ wall: (performance.now() - t) / 1000, cpu: (u.userCPUTime + u.systemCPUTime) / 1e6, rss: u.maxRSS / 1024 }));`;
  const started = performance.now();
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, CI: 'true' } }).toString();
  const result = JSON.parse(out.trim().split('\n').pop());
  return { ...result, process: (performance.now() - started) / 1000 };
}

/** URLs of the JavaScript a page loads first: its preloaded chunks, plus the entry and its imports named by the inline app loader. */
function firstLoadUrls(dist, htmlFile) {
  const html = fs.readFileSync(path.join(dist, htmlFile), 'utf8');
  const loader = /<script>\(function\(\)\{function s\(\)\{var u=(\[[^\]]*\])/.exec(html);
  return new Set([...[...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]), ...(loader ? JSON.parse(loader[1]) : [])]);
}

/**
 * What the first-load JavaScript of `htmlFile` is made of, from the browser bundle's metafile: bytes in the
 * output per package (or per source file of the repository), largest first.
 */
function composition(dist, htmlFile, metafile) {
  const meta = JSON.parse(fs.readFileSync(metafile, 'utf8'));
  const byName = new Map(Object.entries(meta.outputs).map(([file, output]) => [path.posix.basename(file), output]));
  const parts = new Map();
  for (const url of firstLoadUrls(dist, htmlFile)) {
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

function firstLoadJs(dist, htmlFile) {
  const urls = firstLoadUrls(dist, htmlFile);
  let gzip = 0;
  for (const u of urls) gzip += zlib.gzipSync(fs.readFileSync(path.join(dist, u))).length;
  return gzip / 1024;
}

const rows = [];
let lastComposition;
for (const n of counts) {
  const dir = path.join(os.tmpdir(), `docgen-bench-${n}`);
  generate(dir, n);
  const metafile = path.join(os.tmpdir(), `docgen-bench-${n}-meta.json`);
  const cold = timedBuild(dir, metafile);
  // Now: the edit below gives the page a new chunk, which the cold build's metafile does not hold.
  const parts = composition(path.join(dir, 'dist'), 'guide/s0/p0.html', metafile);
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
    'first-load JS gzip KB (home / doc)': `${firstLoadJs(dist, 'index.html').toFixed(1)} / ${firstLoadJs(dist, docHtml).toFixed(1)}`,
    'doc HTML KB': (fs.statSync(path.join(dist, docHtml)).size / 1024).toFixed(1),
    'output MiB': (Number(execFileSync('du', ['-sk', dist]).toString().split('\t')[0]) / 1024).toFixed(1),
  });
  lastComposition = { pages: 2 * n + 2, parts };
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(metafile, { force: true });
}
console.table(rows);
if (lastComposition) {
  const total = lastComposition.parts.reduce((sum, [, bytes]) => sum + bytes, 0);
  console.log(`\nFirst-load JavaScript of a doc page (${lastComposition.pages} pages), by package, bytes before compression (total ${(total / 1024).toFixed(1)} KB):`);
  console.table(lastComposition.parts.slice(0, 20).map(([name, bytes]) => ({ package: name, KB: (bytes / 1024).toFixed(1), share: `${((bytes / total) * 100).toFixed(1)} %` })));
}
