/**
 * @docgen/plugin-client-redirects on the `client-redirects` fixture (base `/docs/`, two languages), built
 * from its own config file and served over HTTP on 127.0.0.1 by the preview server and by `docgen dev`: a
 * static redirect page at each exact path, the rules in the head script of every page and of the 404 page,
 * unknown paths still answered with the 404 page, and a rule added while `docgen dev` runs taking effect.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { build, startDevServer, startStaticServer, type StaticServer } from '@docgen/core';
import { copyFixture, repoRoot } from './helpers/site.js';

const servers: StaticServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A temporary copy of the fixture whose config can import the plugin package (linked into its node_modules). */
function redirectsSite(): string {
  const site = copyFixture('client-redirects');
  const scope = path.join(site, 'node_modules', '@docgen');
  fs.mkdirSync(scope, { recursive: true });
  for (const name of ['core', 'plugin-client-redirects']) fs.symlinkSync(path.join(repoRoot, 'packages', name), path.join(scope, name), 'dir');
  return site;
}

async function get(url: string): Promise<{ status: number; body: string }> {
  const res = await fetch(url);
  return { status: res.status, body: await res.text() };
}

/** The value of the head script's `data-client-redirects` attribute, parsed. */
function headData(html: string): { rules: unknown[]; base: string; cleanUrls: boolean } | null {
  const attr = /<script data-client-redirects="([^"]*)">/.exec(html)?.[1];
  return attr ? JSON.parse(attr.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')) : null;
}

describe('a site with redirects, built', () => {
  let site: string;
  let routes: string[];
  const read = (file: string) => fs.readFileSync(path.join(site, 'dist', file), 'utf8');
  beforeAll(async () => {
    site = redirectsSite();
    routes = (await build({ root: site, log: false })).routes.map((r) => r.path);
  });

  it('writes a static redirect page at every exact path, under the base, in the language of the path', () => {
    const moved = read('guide/old-page.html');
    expect(moved).toContain('<html lang="en">');
    expect(moved).toContain('<meta http-equiv="refresh" content="0; url=/docs/guide/new-page">');
    expect(moved).toContain('<link rel="canonical" href="https://docs.example.com/docs/guide/new-page">');
    expect(moved).toContain('<meta name="robots" content="noindex">');
    expect(moved).toContain('<a href="/docs/guide/new-page">/docs/guide/new-page</a>');

    const zh = read('zh/guide/old-page.html');
    expect(zh).toContain('<html lang="zh">');
    expect(zh).toContain('url=/docs/zh/guide/new-page"');

    const alias = read('api.html');
    expect(alias).toContain('url=/docs/reference/api#options"');
    expect(alias).toContain('<script>location.replace("/docs/reference/api#options")</script>');
  });

  it('writes no page for a regular expression, and the rules with the base into the head of every page and the 404 page', () => {
    expect(fs.existsSync(path.join(site, 'dist/v1'))).toBe(false);
    for (const file of ['index.html', 'guide/new-page.html', 'zh/index.html', '404.html']) {
      expect(headData(read(file)), file).toEqual({
        rules: [
          { path: '/guide/old-page', to: '/guide/new-page' },
          { path: '/zh/guide/old-page', to: '/zh/guide/new-page' },
          { path: '/api', to: '/reference/api#options' },
          { source: '^\\/v1\\/(.+)$', flags: '', to: '/guide/$1' },
        ],
        base: '/docs/',
        cleanUrls: true,
      });
    }
    // The redirect pages are files of the output, not routes of the site.
    expect(routes.sort()).toEqual(['/', '/guide/', '/guide/new-page', '/reference/api', '/zh/', '/zh/guide/new-page']);
  });

  it('is served by the preview server: the redirect page at the old URL, with and without .html; unknown paths get 404', async () => {
    const server = await startStaticServer({ dir: path.join(site, 'dist'), base: '/docs/', port: 0 });
    servers.push(server);
    for (const route of ['guide/old-page', 'guide/old-page.html']) {
      const res = await get(`${server.url}${route}`);
      expect(res.status, route).toBe(200);
      expect(res.body, route).toContain('url=/docs/guide/new-page"');
    }
    const old = await get(`${server.url}v1/new-page`);
    expect(old.status).toBe(404);
    expect(old.body).toContain('Page not found');
    expect(headData(old.body)?.rules).toHaveLength(4);
  });
});

describe('a site with redirects, in docgen dev', () => {
  it('serves the redirect pages and the head script, and takes a new rule at the next rebuild', async () => {
    const site = redirectsSite();
    const errors: unknown[] = [];
    const server = await startDevServer({ root: site, port: 0, onError: (e) => errors.push(e) });
    servers.push(server);
    expect(server.url).toMatch(/\/docs\/$/);
    const alias = await get(`${server.url}api`);
    expect(alias.status).toBe(200);
    expect(alias.body).toContain('url=/docs/reference/api#options"');
    const missing = await get(`${server.url}v1/anything`);
    expect(missing.status).toBe(404);
    expect(headData(missing.body)?.base).toBe('/docs/');
    expect((await get(`${server.url}faq`)).status).toBe(404);

    // A page's body edited twice: the plugin's afterBuild runs again after each in-place update and finds
    // no redirect page in its way (docgen removes what it wrote the time before).
    const page = path.join(site, 'en/guide/new-page.md');
    for (const text of ['First added paragraph.', 'Second added paragraph.']) {
      const edited = server.nextBuild();
      fs.appendFileSync(page, `\n\n${text}\n`);
      await edited;
      expect((await get(`${server.url}guide/new-page`)).body).toContain(text);
    }
    expect(errors).toEqual([]);
    expect((await get(`${server.url}guide/old-page`)).body).toContain('url=/docs/guide/new-page"');

    const config = path.join(site, 'docgen.config.ts');
    const rebuilt = server.nextBuild();
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace("{ from: '/api',", "{ from: '/faq', to: '/guide/' },\n        { from: '/api',"));
    await rebuilt;
    expect(errors).toEqual([]);
    const faq = await get(`${server.url}faq`);
    expect(faq.status).toBe(200);
    expect(faq.body).toContain('url=/docs/guide/"');

    // A rule that would hide a page stops the rebuild; the last good output stays served.
    const refused = server.nextBuild();
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace("{ from: '/faq',", "{ from: '/guide/new-page', to: '/' },\n        { from: '/faq',"));
    await refused;
    expect(String(errors[0])).toContain(
      '[client-redirects] routeGenerated: redirects[2].from /guide/new-page is the page of en/guide/new-page.md: the page is served there, so the redirect would never apply; remove the rule or the page',
    );
    expect((await get(`${server.url}faq`)).status).toBe(200);
  });
});
