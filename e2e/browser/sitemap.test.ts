/**
 * The website's sitemap (@docgen/plugin-sitemap) as a crawler meets it, in Chromium against the built site
 * served by the preview server: `robots.txt` names the sitemap, the sitemap is XML that the browser parses,
 * it lists every page of both languages once (never the 404 page) with its last change, pages of two
 * languages name each other as hreflang alternates, and every URL in it opens a page of the site.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticServer } from '@docgen/core';
import { launchBrowser, type Browser } from '../helpers/browser.js';
import { serveSite } from '../helpers/servers.js';
import { docsRoot } from '../helpers/site.js';

/** The website's deployed origin (`siteUrl` in docs/docgen.config.ts): the sitemap's URLs start with it. */
const SITE_URL = 'https://docgen.dev';

let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  server = await serveSite('preview');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The pages of the API reference, which the TypeDoc plugin adds from core's source (no file of their own). */
const REFERENCE = ['/api/reference/', '/api/reference/@docgen/core', '/api/reference/@docgen/core/runtime'];

/** Page files of one locale folder, as route paths (`index.md` → the folder with its slash), and the reference pages. */
function routesOf(lang: 'en' | 'zh'): string[] {
  const dir = path.join(docsRoot, lang);
  const routes: string[] = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const rel = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (!entry.isFile() || !/\.mdx?$/.test(entry.name) || rel.split('/').some((part) => part.startsWith('_'))) continue;
    const route = `/${rel.replace(/\.mdx?$/, '')}`.replace(/(^|\/)index$/, '$1');
    routes.push(`${lang === 'zh' ? '/zh' : ''}${route}`);
  }
  for (const route of REFERENCE) routes.push(`${lang === 'zh' ? '/zh' : ''}${route}`);
  return routes;
}

describe('the website sitemap, read by the browser', () => {
  it('is named by robots.txt, parses as XML and lists every page once with its date and its other language', async () => {
    const page = await browser.newPage();
    const origin = new URL(server.url).origin;
    const robots = await page.goto(`${origin}/robots.txt`);
    expect(robots?.status()).toBe(200);
    const sitemapLine = (await robots!.text()).split('\n').find((line) => line.startsWith('Sitemap: '));
    expect(sitemapLine).toBe(`Sitemap: ${SITE_URL}/sitemap.xml`);
    const read = await page.evaluate(async (url) => {
      const response = await fetch(url);
      const doc = new DOMParser().parseFromString(await response.text(), 'application/xml');
      const ns = 'http://www.sitemaps.org/schemas/sitemap/0.9';
      return {
        type: response.headers.get('content-type') ?? '',
        parseError: doc.getElementsByTagName('parsererror').length > 0,
        urls: [...doc.getElementsByTagNameNS(ns, 'url')].map((u) => ({
          loc: u.getElementsByTagNameNS(ns, 'loc')[0]?.textContent ?? '',
          lastmod: u.getElementsByTagNameNS(ns, 'lastmod')[0]?.textContent ?? '',
          alternates: [...u.getElementsByTagName('xhtml:link')].map((l) => `${l.getAttribute('hreflang')} ${l.getAttribute('href')}`),
        })),
      };
    }, `${origin}/sitemap.xml`);
    expect(read.type).toMatch(/xml/);
    expect(read.parseError).toBe(false);
    const locs = read.urls.map((u) => u.loc);
    const expected = [...routesOf('en'), ...routesOf('zh')].map((route) => SITE_URL + encodeURI(route));
    expect([...locs].sort()).toEqual([...expected].sort());
    expect(new Set(locs).size).toBe(locs.length);
    for (const url of read.urls) expect(url.lastmod, url.loc).toMatch(/^\d{4}-\d{2}-\d{2}/);
    const start = read.urls.find((u) => u.loc === `${SITE_URL}/guide/start/getting-started`)!;
    expect(start.alternates).toEqual([
      `en ${SITE_URL}/guide/start/getting-started`,
      `zh ${SITE_URL}/zh/guide/start/getting-started`,
      `x-default ${SITE_URL}/guide/start/getting-started`,
    ]);
    await page.close();
  });

  it('lists only URLs that open a page of the site with its title', async () => {
    const page = await browser.newPage();
    const origin = new URL(server.url).origin;
    // A document of the site first: fetches from a blank page have no origin to be same-origin with.
    await page.goto(`${origin}/robots.txt`);
    const locs = await page.evaluate(async (url) => {
      const doc = new DOMParser().parseFromString(await (await fetch(url)).text(), 'application/xml');
      return [...doc.getElementsByTagName('loc')].map((l) => l.textContent ?? '');
    }, `${origin}/sitemap.xml`);
    // Every URL, fetched from the local server in place of the deployed origin: a page, not the 404 page.
    const statuses = await page.evaluate(
      async (urls) => Promise.all(urls.map(async (u) => { const r = await fetch(u); const html = await r.text(); return { u, status: r.status, titled: /<title>[^<]+<\/title>/.test(html) }; })),
      locs.map((loc) => loc.replace(SITE_URL, origin)),
    );
    expect(statuses.filter((s) => s.status !== 200 || !s.titled)).toEqual([]);
    expect(statuses.length).toBeGreaterThan(100);
    await page.close();
  });
});
