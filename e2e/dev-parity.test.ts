/**
 * `docgen dev` shows what the build ships: every HTML file of the website's build (`docs/dist`, made by
 * the global setup) is served by the dev server with the same markup. Allowed to differ: the asset file
 * names (content hashes in the build, `?v=` versions in dev), how the shared code is split into chunk
 * files (dev bundles the shared parts apart from the pages), and the dev server's two scripts (the Fast
 * Refresh runtime and the update channel). Everything else, head and body, must be equal.
 *
 * The widget tests in `e2e/browser/` run against the build; this file and `e2e/browser/dev-site.test.ts`
 * are what makes their findings hold for dev too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '@docgen/core';
import { docsDist } from './helpers/servers.js';
import { docsRoot, listFiles } from './helpers/site.js';

/** The HTML with what may differ between build and dev taken out (see the file comment). */
export function comparable(html: string): string {
  return (
    html
      .replace(/<script src="\/__docgen\/refresh\.js"><\/script><script type="module">[\s\S]*?<\/script>/, '')
      // Build: `name-HASH.js`; dev: `name.js?v=3` (a page module) or `name-HASH.js` (shared parts).
      .replace(/\/assets\/([\w.-]+?)-[A-Z0-9]{8}\.(js|css)/g, '/assets/$1.$2')
      .replace(/\.(js|css|json)\?v=\d+/g, '.$1')
      .replace(/<link rel="modulepreload" href="\/assets\/chunk\.js">\n?/g, '')
      // The preload list of the page's modules, without the chunks.
      .replace(/var u=(\[[^\]]*\])/g, (_, list: string) => `var u=${JSON.stringify((JSON.parse(list) as string[]).filter((url) => url !== '/assets/chunk.js'))}`)
  );
}

/** The route an HTML file of the output is served at: `a/index.html` → `a/`, `a/b.html` → `a/b`. */
const routeOf = (file: string) => (file === 'index.html' ? '' : file.endsWith('/index.html') ? file.slice(0, -'index.html'.length) : file.replace(/\.html$/, ''));

describe('docgen dev on the website', () => {
  let server: DevServer;
  const errors: unknown[] = [];
  beforeAll(async () => {
    server = await startDevServer({ root: docsRoot, port: 0, onError: (error) => errors.push(error) });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('serves every page of the build with the same markup, apart from asset names, chunks and its own scripts', async () => {
    const files = listFiles(docsDist).filter((file) => file.endsWith('.html') && !file.startsWith('assets/'));
    // The website's pages in both languages, its older version's, the fallback pages and 404.html.
    expect(files.length).toBeGreaterThan(100);
    const differing: string[] = [];
    for (const file of files) {
      // 404.html is what an unknown route gets, with status 404.
      const route = file === '404.html' ? 'no/such/page' : routeOf(file);
      const response = await fetch(new URL(route, server.url));
      expect(response.status, route).toBe(file === '404.html' ? 404 : 200);
      const built = comparable(fs.readFileSync(path.join(docsDist, file), 'utf8'));
      const served = comparable(await response.text());
      if (served !== built) {
        let at = 0;
        while (served[at] === built[at]) at++;
        differing.push(`${file}: build ${JSON.stringify(built.slice(at - 60, at + 120))}\n  dev ${JSON.stringify(served.slice(at - 60, at + 120))}`);
      }
    }
    expect(differing).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('takes out only what may differ: a changed text, class or attribute still counts', () => {
    const built = fs.readFileSync(path.join(docsDist, 'guide/start/introduction.html'), 'utf8');
    expect(comparable(built)).toBe(comparable(built.replace(/\/assets\/app-([A-Z0-9]{8})\.js/g, '/assets/app.js?v=7')));
    for (const [from, to] of [['<h1', '<h2'], ['class="dg-', 'class="dx-'], ['</p>', ' </p>'], ['modulepreload', 'preload']]) {
      expect(built, from).toContain(from);
      expect(comparable(built.replace(from, to)), `${from} → ${to}`).not.toBe(comparable(built));
    }
  });
});
