// Build time of one long page: a site whose page holds one section of 100 KB, 1 MB and 5 MB of paragraphs
// (sentences of the website's own English and Chinese pages), each built cold by `build()` of packages/core
// (dist) in a fresh Node process, with `profile: true` for the phase times. Prints the time of
// each phase and the time per KB once the fixed cost is taken off, so a phase that grows faster than its input
// shows at once. The fixed cost is the build of the same site whose page holds one short paragraph in each
// language: besides start-up and the theme bundles it pays what the first text of a kind costs once (the
// tokenizer's and the compiler's JIT warm-up, ICU's Chinese dictionary), which a truly empty page would not,
// so it would be counted against the 100 KB case. Each build runs `--runs` times (default 2), the fastest
// counts, as the machine may be busy. Usage: node scripts/bench-linear.mjs [--sizes 100,1024,5120] [--runs 2]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const core = path.join(repo, 'packages/core/dist/index.js');
if (!fs.existsSync(core)) throw new Error('packages/core is not built: run pnpm build:packages');
// The child prints build()'s own duration last, after the phase line `profile` prints.
const child = `const { build } = await import(process.argv[1]);
const started = performance.now();
await build({ root: process.argv[2], log: false, profile: true });
console.log('build-ms', performance.now() - started);`;
const sizesArg = process.argv.indexOf('--sizes');
const sizes = sizesArg > 0 ? process.argv[sizesArg + 1].split(',').map(Number) : [100, 1024, 5120];
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 2;

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
  const source = kb ? page(kb) : `# Long page\n\n## One long section\n\n${en[0]}\n\n${zh[0]}\n`;
  fs.writeFileSync(path.join(root, 'long.md'), source);
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', child, core, root], {
    env: { ...process.env, CI: '1' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  fs.rmSync(root, { recursive: true, force: true });
  if (run.status !== 0) throw new Error(`build of ${kb} KB failed:\n${run.stderr}`);
  const ms = Number(/build-ms ([\d.]+)/.exec(run.stdout)[1]);
  const phases = Object.fromEntries([...run.stdout.matchAll(/([a-z ]+?) (\d+) ms/g)].map((m) => [m[1].trim(), Number(m[2])]));
  return { kb, bytes: Buffer.byteLength(source), ms, phases };
}

/** The fastest of `runs` builds. */
function fastest(kb) {
  let best;
  for (let i = 0; i < runs; i++) {
    const r = buildSite(kb);
    if (!best || r.ms < best.ms) best = r;
  }
  return best;
}

const base = fastest(0);
console.log(`fixed cost, subtracted below: ${(base.ms / 1000).toFixed(2)} s, the build of the same site whose page holds one paragraph in each language (${base.bytes} bytes)`);
const rows = sizes.map(fastest);
const phaseNames = Object.keys(rows[0].phases);
console.log(`\n| section | total s | ${phaseNames.join(' ms | ')} ms | ms per KB (fixed cost off) | time × the ${sizes[0]} KB one (fixed cost off) | ms per KB × the ${sizes[0]} KB one |`);
console.log(`|---|---|${phaseNames.map(() => '---').join('|')}|---|---|---|`);
console.log(`| one paragraph each (fixed cost) | ${(base.ms / 1000).toFixed(2)} | ${phaseNames.map((p) => base.phases[p] ?? '').join(' | ')} | | | |`);
let firstRate;
let firstTime;
for (const r of rows) {
  const rate = (r.ms - base.ms) / (r.bytes / 1024);
  firstRate ??= rate;
  firstTime ??= r.ms - base.ms;
  const size = r.kb >= 1024 ? `${(r.kb / 1024).toFixed(0)} MB` : `${r.kb} KB`;
  console.log(`| ${size} | ${(r.ms / 1000).toFixed(2)} | ${phaseNames.map((p) => r.phases[p] ?? '').join(' | ')} | ${rate.toFixed(2)} | ${((r.ms - base.ms) / firstTime).toFixed(1)} | ${(rate / firstRate).toFixed(2)} |`);
}
console.log('\nLinear work keeps the last column near 1 (a super-linear phase makes it grow with the size).');
