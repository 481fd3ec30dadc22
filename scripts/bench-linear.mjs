// Build time of one long page: a site whose page holds one section of 100 KB, 1 MB and 5 MB of paragraphs
// (sentences of the website's own English and Chinese pages), built cold with the CLI. Prints the time of
// each phase and the time per KB once the fixed cost (the same site with an empty page) is taken off, so a
// phase that grows faster than its input shows at once. Usage: node scripts/bench-linear.mjs [--sizes 100,1024,5120]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(repo, 'packages/core/bin/docgen.js');
const sizesArg = process.argv.indexOf('--sizes');
const sizes = sizesArg > 0 ? process.argv[sizesArg + 1].split(',').map(Number) : [100, 1024, 5120];

/** Plain sentences of the website's pages in `lang` (no tables, code, JSX or links). */
function sentences(lang) {
  const out = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.mdx?$/.test(e.name)) {
        for (const line of fs.readFileSync(p, 'utf8').split('\n')) {
          if (line.length > 40 && /^[A-Za-z\u4e00-\u9fff]/.test(line) && !/[|<>{}`]/.test(line)) out.push(line.replace(/[*_[\]()]/g, ''));
        }
      }
    }
  };
  walk(path.join(repo, 'docs', lang));
  return out;
}

const en = sentences('en');
const zh = sentences('zh');

/** One section of about `kb` KB: English and Chinese paragraphs in turn, five sentences each. */
function page(kb) {
  const parts = ['# Long page\n\n## One long section\n\n'];
  for (let i = 0, bytes = 0; bytes < kb * 1024; i++) {
    const pool = Math.floor(i / 5) % 2 ? zh : en;
    const part = pool[i % pool.length] + (i % 5 === 4 ? '\n\n' : ' ');
    parts.push(part);
    bytes += Buffer.byteLength(part);
  }
  return parts.join('');
}

function buildSite(kb) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-linear-'));
  fs.writeFileSync(path.join(root, 'docgen.config.ts'), "export default { title: 'Linear' };\n");
  fs.writeFileSync(path.join(root, 'index.md'), '# Home\n');
  const source = kb ? page(kb) : '# Long page\n\n## One long section\n\nEmpty.\n';
  fs.writeFileSync(path.join(root, 'long.md'), source);
  const started = performance.now();
  const run = spawnSync(process.execPath, [cli, 'build', root], { env: { ...process.env, DOCGEN_TIMINGS: '1', CI: '1' }, encoding: 'utf8' });
  const ms = performance.now() - started;
  fs.rmSync(root, { recursive: true, force: true });
  if (run.status !== 0) throw new Error(`build of ${kb} KB failed:\n${run.stderr}`);
  const phases = Object.fromEntries([...run.stdout.matchAll(/([a-z ]+?) (\d+) ms/g)].map((m) => [m[1].trim(), Number(m[2])]));
  return { kb, bytes: Buffer.byteLength(source), ms, phases };
}

const base = buildSite(0);
console.log(`fixed cost (same site, empty page): ${(base.ms / 1000).toFixed(2)} s`);
const rows = sizes.map(buildSite);
const phaseNames = Object.keys(rows[0].phases);
console.log(`\n| section | total s | ${phaseNames.join(' ms | ')} ms | ms per KB (fixed cost off) | × the ${sizes[0]} KB rate |`);
console.log(`|---|---|${phaseNames.map(() => '---').join('|')}|---|---|`);
let firstRate;
for (const r of rows) {
  const rate = (r.ms - base.ms) / (r.bytes / 1024);
  firstRate ??= rate;
  const size = r.kb >= 1024 ? `${(r.kb / 1024).toFixed(0)} MB` : `${r.kb} KB`;
  console.log(`| ${size} | ${(r.ms / 1000).toFixed(2)} | ${phaseNames.map((p) => r.phases[p] ?? '').join(' | ')} | ${rate.toFixed(2)} | ${(rate / firstRate).toFixed(2)} |`);
}
console.log('\nLinear work keeps the last column near 1 (a super-linear phase makes it grow with the size).');
