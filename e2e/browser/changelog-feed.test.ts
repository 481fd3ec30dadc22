/**
 * The website's changelog and its feeds (@docgen/plugin-rss) in Chromium, against the built website served
 * by `docgen preview`: the changelog is reachable from the navbar, its head links to the RSS and Atom feeds
 * of its language, and each feed is served with its content type and lists the changelog's entries, newest
 * first, with absolute links that resolve on the site to pages of the same title.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '@docgen/core';
import { launchBrowser, type Browser } from '../helpers/browser.js';
import { docsRoot, repoRoot } from '../helpers/site.js';

/** The website's deployed origin (`siteUrl` in docs/docgen.config.ts): the feeds' links start with it. */
const SITE_URL = 'https://docgen.dev';

let server: ChildProcess;
let baseUrl: string;
let browser: Browser;

beforeAll(async () => {
  await build({ root: docsRoot, log: false });
  server = spawn(process.execPath, [path.join(repoRoot, 'packages/core/bin/docgen.js'), 'preview', docsRoot, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  baseUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    server.once('exit', (code) => reject(new Error(`preview exited with ${code}: ${out}`)));
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  server?.kill();
});

/** The changelog entries of a locale, newest first: their route paths and the `date` of their front matter. */
function entries(lang: 'en' | 'zh'): { route: string; date: string }[] {
  const dir = path.join(docsRoot, lang, 'changelog');
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.md') && file !== 'index.md')
    .map((file) => ({
      route: `${lang === 'zh' ? '/zh' : ''}/changelog/${file.replace(/\.md$/, '')}`,
      date: /^date: (\S+)$/m.exec(fs.readFileSync(path.join(dir, file), 'utf8'))![1],
    }))
    .sort((a, b) => b.date.localeCompare(a.date));
}

/** What the browser reads from a feed URL: status, content type and, parsed as XML, its items' titles and links. */
interface FeedResponse {
  status: number;
  contentType: string;
  parseError: boolean;
  items: { title: string; link: string; date: string }[];
}

describe('the changelog and its feeds', () => {
  it('is reachable from the navbar\'s Version menu, without a full reload', async () => {
    const page = await browser.newPage();
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.locator('.dg-nav .dg-nav-menu-button', { hasText: 'Version' }).click();
    await page.locator('.dg-nav .dg-nav-menu a', { hasText: 'Changelog' }).click();
    await page.waitForURL(/\/changelog\/$/);
    await expect.poll(() => page.locator('.dg-doc-content h1').textContent()).toBe('Changelog');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    // The index lists every entry.
    const links = await page.locator('.dg-doc-content table a').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(links).toEqual(entries('en').map((e) => e.route));
    await page.close();
  });

  for (const [lang, index, feedId] of [
    ['en', '/changelog/', 'changelog'],
    ['zh', '/zh/changelog/', 'changelog-zh'],
  ] as const) {
    it(`links the ${lang} changelog to its RSS and Atom feeds, which list its entries with links that resolve`, async () => {
      const page = await browser.newPage();
      await page.goto(new URL(index.slice(1), baseUrl).href, { waitUntil: 'networkidle' });
      const alternates = await page.locator('head link[rel="alternate"][type$="+xml"]').evaluateAll((links) =>
        links.map((l) => ({ type: l.getAttribute('type'), title: l.getAttribute('title'), href: l.getAttribute('href') })),
      );
      expect(alternates).toContainEqual({ type: 'application/rss+xml', title: expect.any(String), href: `/feeds/${feedId}.xml` });
      expect(alternates).toContainEqual({ type: 'application/atom+xml', title: expect.any(String), href: `/feeds/${feedId}.atom` });

      const expected = entries(lang);
      expect(expected.length).toBeGreaterThanOrEqual(4);
      for (const format of ['rss', 'atom'] as const) {
        const href = alternates.find((a) => a.type === `application/${format}+xml` && a.href!.includes(`/${feedId}.`))!.href!;
        // Fetched and parsed by the page itself, as a feed reader would from the link.
        const feed = await page.evaluate(async ({ href, format }): Promise<FeedResponse> => {
          const response = await fetch(href);
          const xml = new DOMParser().parseFromString(await response.text(), 'application/xml');
          const text = (el: Element, name: string) => el.getElementsByTagName(name)[0]?.textContent ?? '';
          const items = [...xml.getElementsByTagName(format === 'rss' ? 'item' : 'entry')].map((item) => ({
            title: text(item, 'title'),
            link: format === 'rss' ? text(item, 'link') : (item.getElementsByTagName('link')[0]?.getAttribute('href') ?? ''),
            date: text(item, format === 'rss' ? 'pubDate' : 'updated'),
          }));
          return { status: response.status, contentType: response.headers.get('content-type') ?? '', parseError: xml.getElementsByTagName('parsererror').length > 0, items };
        }, { href, format });
        expect(feed.status, href).toBe(200);
        expect(feed.contentType, href).toMatch(format === 'rss' ? /^(application\/rss\+xml|application\/xml|text\/xml)\b/ : /^application\/atom\+xml\b/);
        expect(feed.parseError, `${href} is well-formed XML`).toBe(false);
        expect(feed.items.map((item) => item.link), href).toEqual(expected.map((e) => SITE_URL + e.route));
        expect(feed.items.map((item) => new Date(item.date).toISOString().slice(0, 10))).toEqual(expected.map((e) => e.date));

        // Each absolute link is the site's page: the same path on this server shows the item's title.
        for (const item of feed.items) {
          const local = new URL(new URL(item.link).pathname.slice(1), baseUrl).href;
          const response = await page.request.get(local);
          expect(response.status(), local).toBe(200);
          expect(await response.text()).toContain(`<title>${item.title} | docgen</title>`);
        }
      }
      await page.close();
    });
  }

  it('shows every changelog page, in both languages, without a console error or warning', async () => {
    const page = await browser.newPage();
    for (const { route } of [...entries('en'), ...entries('zh')]) {
      await page.goto(new URL(route.slice(1), baseUrl).href, { waitUntil: 'load' });
      await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')));
      expect(await page.locator('.dg-doc-content h1').count(), route).toBe(1);
    }
    expect(browser.problems).toEqual([]);
    await page.close();
  });
});
