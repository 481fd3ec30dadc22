// Fuzzing of the page compiler: mutations of the website's own pages (docs/en, docs/zh) go through
// `createPageCompiler` with the website's options, in worker threads, each with a time limit. A crash is any exception that is not a
// DocgenError (bad input must give a located DocgenError, nothing else); a hang is an input over the limit
// (its thread is terminated). Both are saved to .fuzz/ for replay. Seeded and reproducible.
//
//   node scripts/fuzz.mjs [--runs 10000] [--seed 1] [--timeout 10000] [--threads 2]
//   node scripts/fuzz.mjs --replay .fuzz/crash-12.mdx
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const runs = Number(arg('runs', 10_000));
const seed = Number(arg('seed', Date.now() % 100_000));
const timeoutMs = Number(arg('timeout', 10_000));
const threads = Number(arg('threads', Math.max(1, Math.min(os.availableParallelism(), 4))));
const replay = arg('replay', '');
const outDir = path.join(repo, '.fuzz');

// ── Inputs ───────────────────────────────────────────────────────────────────────────────────────────────

/** mulberry32: a small seeded PRNG, so a seed gives the same inputs on every machine. */
function prng(a) {
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function corpus() {
  const pages = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.mdx?$/.test(e.name)) pages.push({ file: p, ext: path.extname(e.name), text: fs.readFileSync(p, 'utf8') });
    }
  };
  for (const lang of ['en', 'zh']) walk(path.join(repo, 'docs', lang));
  return pages;
}

const TOKENS = [
  '>', '> ', '- ', '* ', '1. ', '+ ', ':::tip', ':::', ':::details Title', '```', '```tsx', '~~~', '<div>', '</div>', '<Tabs>', '</Tabs>',
  '{', '}', '{/* x */}', '[', '](', ')', '![', '](./img.png)', '](./page.md#nope)', '](#x)', '#', '## ', '|', '| --- |', '---', '$$',
  '<!--', '-->', '&amp;', '&#x0;', '&#106;avascript:', '\ufeff', '\r', '\r\n', '\u0000', '\ud800', '\udc00', '\\', '`', '**', '_', '~~',
  '<script>', '</script>', '<br>', '[^1]', '[^1]: note', 'export const x = 1;', "import X from './_frag.mdx';", '<X />', '{x}', '[x]: ./page.md',
  '\t', '    ', '<a href="javascript:x">', '%zz', '<span id="a">', '{#custom-id}', '[!NOTE]', '> [!WARNING]',
];

/** One mutated page, from 1 to 4 mutations of a page of the corpus. */
function mutate(pages, rand) {
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const page = pick(pages);
  let lines = page.text.split('\n');
  const ext = rand() < 0.3 ? (page.ext === '.md' ? '.mdx' : '.md') : page.ext;
  const count = 1 + Math.floor(rand() * 4);
  for (let m = 0; m < count; m++) {
    const at = Math.floor(rand() * (lines.length + 1));
    const span = 1 + Math.floor(rand() * 8);
    switch (Math.floor(rand() * 10)) {
      case 0: {
        // Replace one character of a line by a token.
        const line = lines[at] ?? '';
        const i = Math.floor(rand() * (line.length + 1));
        lines[at] = line.slice(0, i) + pick(TOKENS) + line.slice(i + 1);
        break;
      }
      case 1:
        lines.splice(at, span);
        break;
      case 2:
        lines.splice(at, 0, ...lines.slice(at, at + span));
        break;
      case 3: {
        const other = pick(pages).text.split('\n');
        const from = Math.floor(rand() * other.length);
        lines.splice(at, 0, ...other.slice(from, from + span * 3));
        break;
      }
      case 4: {
        const line = lines[at] ?? '';
        const i = Math.floor(rand() * (line.length + 1));
        lines[at] = line.slice(0, i) + Array.from({ length: 1 + Math.floor(rand() * 3) }, () => pick(TOKENS)).join('') + line.slice(i);
        break;
      }
      case 5:
        // A long run of one syntax character.
        lines.splice(at, 0, pick(['*', '_', '[', ']', '<', '>', '`', '~', '|', '-', '#', '{', '\\', '!', '(', '&', '=']).repeat(1 + Math.floor(rand() * 5000)));
        break;
      case 6: {
        // Deep nesting, around the limit.
        const depth = 50 + Math.floor(rand() * 150);
        lines.splice(at, 0, pick(['> ', '- ', '  - ', '1. ', '<div>']).repeat(depth) + 'x');
        break;
      }
      case 7:
        lines = lines.slice(0, at);
        break;
      case 8: {
        const j = Math.floor(rand() * lines.length);
        [lines[at], lines[j]] = [lines[j], lines[at]];
        break;
      }
      default:
        // Line ends and invisible characters.
        lines[at] = `${lines[at] ?? ''}${pick(['\r', '\u0000', '\ufeff', '\u2028', '\ud800', '\u200b', '\t\t'])}`;
    }
  }
  // Compiled as if it were the page itself, so its relative links and imports resolve in the website.
  return { file: page.file.replace(/\.mdx?$/, ext), ext, source: lines.join('\n') };
}

// ── Workers ──────────────────────────────────────────────────────────────────────────────────────────────

const WORKER = `
import { parentPort, workerData } from 'node:worker_threads';
import path from 'node:path';
const { createPageCompiler, folderCompilerOptions } = await import(workerData.compiler);
// The website's own options: its locales and public folder; dead links only warn, so a mutated link does
// not stop the compile before the rest of the pipeline has run.
const docs = workerData.docs;
const compiler = createPageCompiler({
  ...folderCompilerOptions(docs),
  locales: [{ dir: path.join(docs, 'en'), prefix: '' }, { dir: path.join(docs, 'zh'), prefix: '/zh' }],
  publicDir: path.join(docs, 'public'),
  checkDeadLinks: 'warn',
});
parentPort.on('message', async ({ id, source, file }) => {
  const started = performance.now();
  try {
    await compiler.compile(file, source);
    parentPort.postMessage({ id, kind: 'ok', ms: performance.now() - started });
  } catch (error) {
    const docgen = error && error.name === 'DocgenError';
    parentPort.postMessage({ id, kind: docgen ? 'docgen' : 'crash', message: String(error && error.message || error).split('\\n')[0].slice(0, 200), stack: String(error && error.stack || ''), ms: performance.now() - started });
  }
});
parentPort.postMessage({ ready: true });
`;

function startWorker() {
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(WORKER)}`), {
    workerData: { docs: path.join(repo, 'docs'), compiler: new URL('../packages/core/dist/node/markdown/compile-page.js', import.meta.url).href },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', () => resolve(worker));
    worker.once('error', reject);
  });
}

async function main() {
  if (replay) {
    const worker = await startWorker();
    const source = fs.readFileSync(replay, 'utf8');
    // Replayed as a page of the website's guide, where relative links of most pages resolve.
    worker.postMessage({ id: 0, source, file: path.join(repo, 'docs/en/guide/basic', `fuzz${path.extname(replay)}`) });
    const result = await new Promise((resolve) => worker.once('message', resolve));
    console.log(result.kind, result.message ?? '', `${Math.round(result.ms)} ms`);
    if (result.stack) console.log(result.stack);
    await worker.terminate();
    return;
  }
  fs.mkdirSync(outDir, { recursive: true });
  const rand = prng(seed);
  const pages = corpus();
  console.log(`fuzz: seed ${seed}, ${runs} inputs from ${pages.length} pages, ${threads} threads, ${timeoutMs} ms limit each`);
  const inputs = Array.from({ length: runs }, () => mutate(pages, rand));
  const started = performance.now();
  const stats = { ok: 0, docgen: 0, crash: 0, hang: 0 };
  const kinds = new Map();
  const crashes = new Map();
  const times = [];
  let next = 0;
  let done = 0;

  const save = (kind, id) => {
    const file = path.join(outDir, `${kind}-${id}${inputs[id].ext}`);
    fs.writeFileSync(file, inputs[id].source);
    return path.relative(repo, file);
  };

  const lane = async () => {
    let worker = await startWorker();
    while (next < inputs.length) {
      const id = next++;
      const result = await new Promise((resolve) => {
        const timer = setTimeout(() => resolve({ id, kind: 'hang', ms: timeoutMs }), timeoutMs);
        worker.once('message', (m) => {
          clearTimeout(timer);
          resolve(m);
        });
        worker.postMessage({ id, ...inputs[id] });
      });
      stats[result.kind]++;
      times.push({ id, ms: result.ms });
      if (result.kind === 'docgen') {
        const kind = result.message.replace(/^\S+:\d+:\d+: /, '').replace(/[`'"].*$/, '').slice(0, 60);
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      } else if (result.kind === 'crash') {
        const key = result.stack.split('\n').slice(0, 3).join(' | ');
        if (!crashes.has(key)) crashes.set(key, { file: save('crash', id), message: result.message, stack: result.stack });
      } else if (result.kind === 'hang') {
        console.log(`hang: input ${id} saved to ${save('hang', id)}`);
        await worker.terminate();
        worker = await startWorker();
      }
      if (++done % 1000 === 0) console.log(`${done} inputs, ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    await worker.terminate();
  };
  await Promise.all(Array.from({ length: threads }, lane));

  const sorted = times.map((t) => t.ms).sort((a, b) => a - b);
  const q = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(1);
  console.log(`\n${runs} inputs in ${((performance.now() - started) / 1000).toFixed(1)} s (seed ${seed})`);
  console.log(`compiled: ${stats.ok} · DocgenError: ${stats.docgen} · crashes: ${stats.crash} (${crashes.size} distinct) · hangs: ${stats.hang}`);
  console.log(`compile time ms: median ${q(0.5)} · p95 ${q(0.95)} · max ${q(1)}`);
  console.log('\nDocgenErrors by kind:');
  for (const [kind, n] of [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${String(n).padStart(5)}  ${kind}`);
  console.log('\nslowest inputs:');
  for (const { id, ms } of times.sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(`  ${ms.toFixed(0).padStart(6)} ms  input ${id} (${inputs[id].ext}, ${inputs[id].source.length} chars) → ${save('slow', id)}`);
  for (const [, c] of crashes) console.log(`\ncrash: ${c.message}\n  input: ${c.file}\n  ${c.stack.split('\n').slice(0, 6).join('\n  ')}`);
  process.exitCode = stats.crash || stats.hang ? 1 : 0;
}

await main();
