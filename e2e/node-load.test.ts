// What Node loads to start docgen: core's bundle carries the parts of zod it uses, and the official plugins
// take theirs from `@docgen/core/zod`, so no process of a build loads the `zod` package's ~95 modules; and
// `@docgen/core`, which every plugin imports, leaves the Markdown pipeline unloaded until it is used.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('..', import.meta.url));
const packagesDir = path.join(repo, 'packages');

// A module hook that prints every file URL Node loads to standard error, one per line.
const hook = `export async function load(url, context, next) { if (url.startsWith('file:')) process.stderr.write('LOADED ' + url + '\\n'); return next(url, context); }`;
const register = `import { register } from 'node:module'; register(${JSON.stringify('data:text/javascript,' + encodeURIComponent(hook))});`;

/**
 * Runs `script` (an ES module) in a fresh Node process with the hook.
 * @returns the file URLs loaded, and the script's standard output
 * @throws when the process fails, with its standard error
 */
function run(script: string): { loaded: string[]; stdout: string } {
  const result = spawnSync(process.execPath, ['--import', 'data:text/javascript,' + encodeURIComponent(register), '--input-type=module', '-e', script], {
    cwd: repo,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`node exited with ${result.status}: ${result.stderr}`);
  const loaded = result.stderr.split('\n').filter((line) => line.startsWith('LOADED ')).map((line) => line.slice('LOADED '.length));
  return { loaded, stdout: result.stdout };
}

const zodPackage = (url: string) => /\/node_modules\/(\.pnpm\/zod@[^/]+\/node_modules\/)?zod\//.test(url);

describe('modules Node loads', () => {
  const coreEntries = ['cli/index.js', 'index.js', 'node/pipeline/compile-worker.js', 'node/pipeline/search-index-worker.js', 'node/pipeline/render-worker.js'];
  it.each(coreEntries)('core %s loads no module of the zod package', (entry) => {
    const { loaded } = run(`await import(${JSON.stringify(pathToFileURL(path.join(packagesDir, 'core/dist', entry)).href)});`);
    // The hook works: it saw the entry itself.
    expect(loaded.some((url) => url.endsWith(`/core/dist/${entry}`))).toBe(true);
    expect(loaded.filter(zodPackage)).toEqual([]);
  });

  const plugins = fs.readdirSync(packagesDir).filter((name) => name.startsWith('plugin-'));
  it.each(plugins)('%s loads no module of the zod package', (name) => {
    const { loaded } = run(`await import(${JSON.stringify(pathToFileURL(path.join(packagesDir, name, 'dist/index.js')).href)});`);
    expect(loaded.some((url) => url.includes(`/${name}/dist/`))).toBe(true);
    expect(loaded.filter(zodPackage)).toEqual([]);
  });

  it("@docgen/core (what plugins import) loads the Markdown pipeline only when it is used", () => {
    const fileOf = (url: string) => fileURLToPath(url);
    const pipeline = run(`await import(${JSON.stringify(pathToFileURL(path.join(packagesDir, 'core/dist/node/markdown/compile-page.js')).href)});`).loaded;
    // The pipeline's biggest chunk: unified, micromark, MDX and the rest of the Markdown pipeline.
    const chunks = pipeline.filter((url) => url.includes('/core/dist/chunks/'));
    const biggest = chunks.reduce((a, b) => (fs.statSync(fileOf(a)).size >= fs.statSync(fileOf(b)).size ? a : b));
    expect(fs.statSync(fileOf(biggest)).size).toBeGreaterThan(500_000);
    const { loaded } = run(`await import(${JSON.stringify(pathToFileURL(path.join(packagesDir, 'core/dist/index.js')).href)});`);
    expect(loaded.some((url) => url.endsWith('/core/dist/index.js'))).toBe(true);
    expect(loaded).not.toContain(biggest);
    expect(loaded.filter((url) => /\/(shiki|@shikijs)\//.test(url))).toEqual([]);
  });

  it('the zod package is what the hook reports when a module imports it', () => {
    // Guards the check above: the same hook and filter do see zod when it is loaded.
    const { loaded } = run(`await import(${JSON.stringify(pathToFileURL(path.join(packagesDir, 'core/node_modules/zod/index.js')).href)});`);
    expect(loaded.filter(zodPackage).length).toBeGreaterThan(10);
  });

  it('@docgen/core/zod checks values with the copy of zod that core checks plugin options with', () => {
    const script = `
      const z = await import(${JSON.stringify(pathToFileURL(path.join(packagesDir, 'core/dist/zod.js')).href)});
      const { validatePluginOptions } = await import(${JSON.stringify(pathToFileURL(path.join(packagesDir, 'core/dist/index.js')).href)});
      const schema = z.object({ title: z.string(), limit: z.number().int().positive().default(20), kind: z.enum(['rss', 'atom']).optional() }).strict();
      const ok = validatePluginOptions('demo', schema, { title: 'News' });
      let message = '';
      try { validatePluginOptions('demo', schema, { title: 3, limit: -1, extra: true }); } catch (error) { message = error.message; }
      console.log(JSON.stringify({ ok, message }));
    `;
    const { stdout } = run(script);
    const { ok, message } = JSON.parse(stdout) as { ok: unknown; message: string };
    expect(ok).toEqual({ title: 'News', limit: 20 });
    expect(message).toMatch(/^\[demo\] options:/);
    expect(message).toContain('title');
    expect(message).toContain('limit');
    expect(message).toContain('extra');
  });

  // piscina loads a pool's module with require() first, and falls back to import() only when that throws:
  // a module with top-level await makes it throw, and the fallback then raced a task's own require() of the
  // half-loaded module, which Node 20.20 ends with a fatal error. Every thread module must load with require().
  it.each(['node/pipeline/compile-worker.js', 'node/pipeline/render-worker.js', 'node/pipeline/search-index-worker.js'])('core %s loads with require(), as piscina loads it', (entry) => {
    const file = path.join(packagesDir, 'core/dist', entry);
    const { stdout } = run(`import { createRequire } from 'node:module'; const m = createRequire(import.meta.url)(${JSON.stringify(file)}); console.log(typeof m.default);`);
    expect(stdout.trim()).toBe('function');
  });
});
