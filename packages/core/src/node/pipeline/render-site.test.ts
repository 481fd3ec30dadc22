/**
 * The render threads of a build use React's production build even when the build's process has no
 * NODE_ENV: a thread copies the environment when it starts, before the bundler sets NODE_ENV in the main
 * thread, and React picks its build from NODE_ENV when first loaded.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { CORE_ROOT } from '../core-root.js';
import { startRenderPool } from './render-site.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

it('renders with the production build of React when NODE_ENV is unset', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-render-env-'));
  dirs.push(dir);
  // A stand-in server entry that reports which build of React the thread loaded: only the development
  // build exports captureOwnerStack.
  fs.writeFileSync(
    path.join(dir, 'server-entry.js'),
    `import { createRequire } from 'node:module';
const React = await import(createRequire(${JSON.stringify(path.join(CORE_ROOT, 'package.json'))}).resolve('react'));
export function render() {
  return { html: '<p>' + (typeof React.captureOwnerStack === 'function' ? 'development' : 'production') + '</p>', head: '' };
}
export function pageTitle(title, suffix, site) { return site; }
`,
  );
  const saved = process.env.NODE_ENV;
  delete process.env.NODE_ENV;
  let pool;
  try {
    pool = startRenderPool();
  } finally {
    process.env.NODE_ENV = saved;
  }
  try {
    const parts = { lang: 'en', canonical: '', alternates: [], icon: '', styles: [], preloads: [], entryImports: [], entry: '/app.js', boot: null };
    const outcome = await pool.run({
      ssrDir: dir,
      outDir: path.join(dir, 'out'),
      ssr: true,
      routes: [{ routePath: '/', moduleFile: '', sourceFile: '', htmlFile: 'index.html', siteTitle: 'Site', defaultDescription: '', parts }],
    });
    expect(outcome).toEqual({ ok: true, count: 1 });
    const html = fs.readFileSync(path.join(dir, 'out/index.html'), 'utf8');
    expect(html).toContain('<div id="root"><p>production</p></div>');
  } finally {
    await pool.destroy();
  }
});
