/**
 * The search dialog with the local engine, in Chromium, on the website served by `docgen preview` (the
 * production build): every way to open and close it, its screens (start, results, no results, error,
 * stalled), its keys, recent and favorite searches with their limits, snippet lengths on desktop and at
 * 375 px, client-side navigation to a hit, and the Chinese strings. On `docgen dev` too: the indexes it
 * serves (the locale's entry file on hover, the shards of a query), Chinese search, and a word added to a
 * page after the rebuild.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type StaticServer } from '@docgen/core';
import type { Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../helpers/browser.js';
import { serveSite, type ServerKind } from '../helpers/servers.js';
import { copyFixture } from '../helpers/site.js';

const RECENT_KEY = '__DOCSEARCH_RECENT_SEARCHES__docgen-en';
const FAVORITE_KEY = '__DOCSEARCH_FAVORITE_SEARCHES__docgen-en';

/**
 * Waits until the app listens to the search keys: the search button has hydrated and its keyboard effect
 * ran (it sets `__dgSearchReady`). Props on the element alone are not enough: hydration attaches them in
 * its render phase, and on a busy machine the effects run much later.
 */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const button = document.querySelector('.dg-search-button');
    const ready = (window as unknown as { __dgSearchReady?: boolean }).__dgSearchReady === true;
    return ready && Boolean(button && Object.keys(button).some((k) => k.startsWith('__reactProps')));
  });
}

/** Words of a rendered snippet, without the ellipses. */
function words(text: string): string[] {
  return text.replaceAll('…', ' ').trim().split(/\s+/).filter(Boolean);
}

describe.each<ServerKind>(['preview', 'dev'])('search dialog on the website (%s)', (kind) => {
  let server: StaticServer;
  let browser: Browser;
  let url: (route: string) => string;

  beforeAll(async () => {
    server = await serveSite(kind);
    url = (route) => new URL(route.replace(/^\//, ''), server.url).href;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A fresh tab on `route` (no stored searches), hydrated. */
  async function open(route: string, width = 1280): Promise<Page> {
    const page = await browser.newPage();
    await page.setViewportSize({ width, height: 800 });
    await page.goto(url(route), { waitUntil: 'load' });
    await hydrated(page);
    await page.evaluate(() => localStorage.clear());
    await page.locator('.dg-search-button').waitFor();
    return page;
  }

  async function search(page: Page, query: string) {
    await page.locator('.DocSearch-Input').fill(query);
  }

  // The dialog's screens, keys and stored searches are the same client code in dev; dev is checked below
  // for what it serves differently (the indexes of each locale and their shards, sent once it has
  // settled) and in `dev-site.test.ts` for hydration and the widgets' modules.
  if (kind === 'preview') {
    describe('the dialog', () => {
      it('opens from the button with the start screen, a 64-character input and the page scroll locked', async () => {
        const page = await open('/guide/start/introduction');
        await page.locator('.dg-search-button').click();
        const input = page.locator('.DocSearch-Input');
        await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
        expect(await input.getAttribute('placeholder')).toBe('Search docs');
        expect(await input.getAttribute('maxlength')).toBe('64');
        expect(await page.locator('.DocSearch-StartScreen .DocSearch-Help').textContent()).toBe('No recent searches');
        expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
        await page.keyboard.press('Escape');
        await page.locator('.DocSearch-Modal').waitFor({ state: 'detached' });
        expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
        // Focus returns to the button.
        expect(await page.evaluate(() => document.activeElement?.className)).toBe('dg-search-button');
        await page.close();
      });

      it('opens with Ctrl+K and "/", not with "/" typed in a text field, and with a letter typed on the focused button', async () => {
        const page = await open('/guide/start/introduction');
        await page.keyboard.press('Control+k');
        await page.locator('.DocSearch-Modal').waitFor();
        await page.keyboard.press('Control+k');
        await page.locator('.DocSearch-Modal').waitFor({ state: 'detached' });

        await page.keyboard.press('/');
        await page.locator('.DocSearch-Modal').waitFor();
        expect(await page.locator('.DocSearch-Input').inputValue()).toBe('');
        await page.keyboard.press('Escape');
        await page.locator('.DocSearch-Modal').waitFor({ state: 'detached' });

        await page.evaluate(() => {
          const field = document.createElement('input');
          field.id = 'field';
          document.body.prepend(field);
        });
        await page.locator('#field').focus();
        await page.keyboard.press('/');
        // React renders what a key event sets before the next frame, and the dialog's module is loaded (it was
        // open above): two frames later, a dialog the key opened would be in the DOM.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        expect(await page.locator('.DocSearch-Modal').count()).toBe(0);
        expect(await page.locator('#field').inputValue()).toBe('/');

        await page.locator('.dg-search-button').focus();
        await page.keyboard.press('c');
        await page.locator('.DocSearch-Modal').waitFor();
        expect(await page.locator('.DocSearch-Input').inputValue()).toBe('c');
        await page.locator('.DocSearch-Hit').first().waitFor();
        await page.close();
      });

      it('closes on a click on the backdrop, and with Cancel at 375 px', async () => {
        const page = await open('/guide/start/introduction');
        await page.locator('.dg-search-button').click();
        await page.locator('.DocSearch-Modal').waitFor();
        await page.mouse.click(10, 700);
        await page.locator('.DocSearch-Modal').waitFor({ state: 'detached' });
        await page.close();

        const mobile = await open('/guide/start/introduction', 375);
        await mobile.locator('.dg-search-button').click();
        await mobile.locator('.DocSearch-Cancel').click();
        await mobile.locator('.DocSearch-Modal').waitFor({ state: 'detached' });
        await mobile.close();
      });

      it('groups at most 20 hits by section, at most 5 per group, children nested under their page', async () => {
        const page = await open('/');
        await page.locator('.dg-search-button').click();
        await search(page, 'config');
        await page.locator('.DocSearch-Hit').first().waitFor();
        const groups = await page.locator('.DocSearch-Hits').evaluateAll((sections) =>
          sections.map((s) => ({
            source: s.querySelector('.DocSearch-Hit-source')?.textContent ?? '',
            hits: s.querySelectorAll('.DocSearch-Hit').length,
            children: s.querySelectorAll('.DocSearch-Hit--Child .DocSearch-Hit-Tree').length,
          })),
        );
        const total = groups.reduce((n, g) => n + g.hits, 0);
        expect(total).toBeGreaterThan(5);
        expect(total).toBeLessThanOrEqual(20);
        expect(new Set(groups.map((g) => g.source)).size).toBe(groups.length);
        for (const g of groups) expect(g.hits, g.source).toBeLessThanOrEqual(5);
        expect(groups.some((g) => g.hits === 5)).toBe(true);
        expect(groups.some((g) => g.children > 0)).toBe(true);
        // Highlights are <mark> elements, never text with markup in it.
        expect(await page.locator('.DocSearch-Hit mark').count()).toBeGreaterThan(0);
        expect(await page.locator('.DocSearch-Hits').first().textContent()).not.toContain('<mark>');
        await page.close();
      });

      it('cuts content snippets to 10 words on desktop and 5 at 375 px', async () => {
        for (const [width, max] of [
          [1280, 10],
          [375, 5],
        ] as const) {
          const page = await open('/', width);
          await page.locator('.dg-search-button').click();
          await search(page, 'configuration file');
          await page.locator('.DocSearch-Hit--Child').first().waitFor();
          // A content hit shows its snippet as the title.
          const snippets = await page.locator('.DocSearch-Hit--Child .DocSearch-Hit-title').allTextContents();
          const counts = snippets.map((s) => words(s).length);
          expect(Math.max(...counts), snippets.join(' | ')).toBeLessThanOrEqual(max);
          expect(Math.max(...counts), snippets.join(' | ')).toBeGreaterThan(max - 3);
          await page.close();
        }
      });

      it('shows "No results for" with up to 3 suggestions, which search again when clicked', async () => {
        const page = await open('/');
        await page.locator('.dg-search-button').click();
        // Suggestions come from the sections of earlier results.
        await search(page, 'deploy');
        await page.locator('.DocSearch-Hit').first().waitFor();
        await search(page, 'xyzzyplugh');
        const screen = page.locator('.DocSearch-NoResults');
        await screen.waitFor();
        expect(await screen.locator('.DocSearch-Title').textContent()).toBe('No results for "xyzzyplugh"');
        const suggestions = await screen.locator('.DocSearch-Prefill').allTextContents();
        expect(suggestions.length).toBeGreaterThan(0);
        expect(suggestions.length).toBeLessThanOrEqual(3);
        expect(await screen.textContent()).toContain('Try searching for');
        await screen.locator('.DocSearch-Prefill').first().click();
        // DocSearch puts the suggestion in the query lowercased, with a space to type on.
        expect(await page.locator('.DocSearch-Input').inputValue()).toBe(`${suggestions[0].toLowerCase()} `);
        await page.locator('.DocSearch-Hit').first().waitFor();
        await page.close();
      });

      it('shows the error screen when the index cannot be fetched, and finds again once it can', async () => {
        const page = await browser.newPage();
        let block = true;
        await page.route(/\/docgen-data\/search-[\w-]+\.json(\?.*)?$/, (route) => (block ? route.fulfill({ status: 404, body: 'gone' }) : route.continue()));
        await page.goto(url('/'), { waitUntil: 'load' });
        await hydrated(page);
        await page.locator('.dg-search-button').click();
        await search(page, 'deploy');
        const screen = page.locator('.DocSearch-ErrorScreen');
        await screen.waitFor();
        expect(await screen.locator('.DocSearch-Title').textContent()).toBe('Unable to fetch results');
        expect(await screen.locator('.DocSearch-Help').textContent()).toBe('You might want to check your network connection.');
        // The failed fetch is not kept: the next query fetches again.
        block = false;
        await search(page, 'deploy to');
        await page.locator('.DocSearch-Hit').first().waitFor();
        await page.close();
      });

      it('opens with a Ctrl+K pressed before the app has started', async () => {
        const page = await browser.newPage();
        // Hold the app's entry chunk back until the key has been pressed.
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route('**/assets/app-*.js', async (route) => {
          await held;
          await route.continue();
        });
        await page.goto(url('/guide/start/introduction'), { waitUntil: 'domcontentloaded' });
        await page.locator('.dg-search-button').waitFor();
        await page.keyboard.press('Control+k');
        expect(await page.evaluate(() => (window as unknown as { __dgSearchPending?: boolean }).__dgSearchPending)).toBe(true);
        release();
        await page.locator('.DocSearch-Input').waitFor();
        await expect.poll(() => page.locator('.DocSearch-Input').evaluate((el) => el === document.activeElement)).toBe(true);
        await page.close();
      });

      it('shows the stalled state after 300 ms while the index loads', async () => {
        const page = await browser.newPage();
        await page.route(/\/docgen-data\/search-[\w-]+\.json(\?.*)?$/, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1500));
          await route.continue();
        });
        await page.goto(url('/'), { waitUntil: 'load' });
        await hydrated(page);
        await page.keyboard.press('Control+k');
        await page.locator('.DocSearch-Input').waitFor();
        // Timed in the page, from the query's input event to the stalled class: on a busy machine the test's
        // own steps can take longer than the 300 ms, but the dialog's timer cannot fire early.
        await page.evaluate(() => {
          const w = window as unknown as { __typed?: number; __stalled?: number };
          document.addEventListener('input', () => (w.__typed ??= performance.now()), true);
          new MutationObserver(() => {
            if (document.querySelector('.DocSearch-Container--Stalled')) w.__stalled ??= performance.now();
          }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'], childList: true });
        });
        await search(page, 'deploy');
        await page.locator('.DocSearch-Container--Stalled').waitFor();
        const waited = await page.evaluate(() => {
          const w = window as unknown as { __typed?: number; __stalled?: number };
          return (w.__stalled ?? 0) - (w.__typed ?? Infinity);
        });
        expect(waited).toBeGreaterThanOrEqual(250);
        await page.locator('.DocSearch-Hit').first().waitFor();
        expect(await page.locator('.DocSearch-Container--Stalled').count()).toBe(0);
        await page.close();
      });

      it('opens a hit with Enter by client-side navigation to its anchor', async () => {
        const page = await open('/');
        await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
        await page.locator('.dg-search-button').click();
        await search(page, 'github pages');
        const child = page.locator('.DocSearch-Hit--Child a').first();
        await child.waitFor();
        const href = (await child.getAttribute('href'))!;
        expect(href).toMatch(/^\/guide\/basic\/deploy#/);
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
        await page.waitForURL((u) => u.pathname + u.hash === href);
        await page.locator('.DocSearch-Modal').waitFor({ state: 'detached' });
        expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
        const id = decodeURIComponent(href.split('#')[1]);
        await expect
          .poll(() => page.evaluate((i) => document.getElementById(i)?.getBoundingClientRect().top ?? -1, id))
          .toBeLessThan(300);
        await page.close();
      });

      it('opens a hit in a new tab with Ctrl+Enter and in a new window with Shift+Enter', async () => {
        const page = await open('/');
        for (const key of ['Control+Enter', 'Shift+Enter']) {
          await page.locator('.dg-search-button').click();
          await search(page, 'deploy');
          const first = page.locator('.DocSearch-Hit a').first();
          await first.waitFor();
          const href = (await first.getAttribute('href'))!;
          const opened = browser.context.waitForEvent('page');
          await page.keyboard.press(key);
          const popup = await opened;
          await popup.waitForURL((u) => u.pathname + u.hash === href);
          expect(new URL(page.url()).pathname, key).toBe('/');
          await popup.close();
          await page.keyboard.press('Escape');
          await page.locator('.DocSearch-Modal').waitFor({ state: 'detached' });
        }
        await page.close();
      });

      it('keeps a chosen hit as a recent search that can become a favorite or be removed', async () => {
        const page = await open('/');
        await page.locator('.dg-search-button').click();
        await search(page, 'deploy');
        await page.locator('.DocSearch-Hit').first().waitFor();
        await page.keyboard.press('Enter');
        await page.waitForURL(/\/guide\/basic\/deploy$/);
        await page.locator('.DocSearch-Modal').waitFor({ state: 'detached' });

        await page.locator('.dg-search-button').click();
        const recent = page.locator('.DocSearch-Hits', { has: page.locator('.DocSearch-Hit-source', { hasText: 'Recent' }) });
        await recent.waitFor();
        expect(await recent.locator('.DocSearch-Hit-title').allTextContents()).toEqual(['Deployment']);
        await recent.locator('button[title="Save this search"]').click();
        const favorite = page.locator('.DocSearch-Hits', { has: page.locator('.DocSearch-Hit-source', { hasText: 'Favorite' }) });
        await favorite.waitFor();
        await expect.poll(() => recent.count()).toBe(0);
        expect(await favorite.locator('.DocSearch-Hit-title').allTextContents()).toEqual(['Deployment']);
        await favorite.locator('button[title="Remove this search from favorites"]').click();
        await page.locator('.DocSearch-StartScreen', { hasText: 'No recent searches' }).waitFor();

        // Removing a recent search.
        await page.keyboard.press('Escape');
        await page.locator('.dg-search-button').click();
        await search(page, 'sidebar');
        await page.locator('.DocSearch-Hit').first().waitFor();
        await page.keyboard.press('Enter');
        await page.locator('.DocSearch-Modal').waitFor({ state: 'detached' });
        await page.locator('.dg-search-button').click();
        await recent.locator('button[title="Remove this search from history"]').click();
        await page.locator('.DocSearch-StartScreen', { hasText: 'No recent searches' }).waitFor();
        await page.close();
      });

      it('shows 7 recent searches, 4 once there are favorites, and 10 favorites', async () => {
        const page = await open('/');
        // One real stored search, cloned into many.
        await page.locator('.dg-search-button').click();
        await search(page, 'deploy');
        await page.locator('.DocSearch-Hit').first().waitFor();
        await page.keyboard.press('Enter');
        await page.locator('.DocSearch-Modal').waitFor({ state: 'detached' });
        const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as { objectID: string }[], RECENT_KEY);
        expect(stored).toHaveLength(1);
        const clones = (n: number, tag: string) =>
          Array.from({ length: n }, (_, i) => ({
            ...stored[0],
            objectID: `${tag}-${i}`,
            hierarchy: { ...(stored[0] as unknown as { hierarchy: object }).hierarchy, lvl1: `${tag} ${i}` },
          }));
        const countOf = async (title: string) => {
          await page.locator('.dg-search-button').click();
          await page.locator('.DocSearch-StartScreen, .DocSearch-Hits').first().waitFor();
          const n = await page
            .locator('.DocSearch-Hits', { has: page.locator('.DocSearch-Hit-source', { hasText: title }) })
            .locator('.DocSearch-Hit')
            .count();
          await page.keyboard.press('Escape');
          await page.locator('.DocSearch-Modal').waitFor({ state: 'detached' });
          return n;
        };
        await page.evaluate(([key, items]) => localStorage.setItem(key, JSON.stringify(items)), [RECENT_KEY, clones(9, 'Recent')] as const);
        await page.reload({ waitUntil: 'load' });
        await hydrated(page);
        expect(await countOf('Recent')).toBe(7);
        await page.evaluate(([key, items]) => localStorage.setItem(key, JSON.stringify(items)), [FAVORITE_KEY, clones(12, 'Favorite')] as const);
        await page.reload({ waitUntil: 'load' });
        await hydrated(page);
        expect(await countOf('Favorite')).toBe(10);
        expect(await countOf('Recent')).toBe(4);
        await page.close();
      });
    });
  }

  it('speaks Chinese on Chinese pages and finds Chinese pages', async () => {
    const page = await browser.newPage();
    let block = false;
    await page.route(/\/docgen-data\/search-zh\.json(\?.*)?$/, (route) => (block ? route.abort() : route.continue()));
    await page.goto(url('/zh/'), { waitUntil: 'load' });
    await hydrated(page);
    expect(await page.locator('.dg-search-button').textContent()).toContain('搜索');
    await page.locator('.dg-search-button').click();
    expect(await page.locator('.DocSearch-Input').getAttribute('placeholder')).toBe('搜索文档');
    expect(await page.locator('.DocSearch-StartScreen .DocSearch-Help').textContent()).toBe('没有最近的搜索');
    expect(await page.locator('.DocSearch-Commands').textContent()).toContain('选择');

    await search(page, '侧边栏');
    const first = page.locator('.DocSearch-Hit a').first();
    await first.waitFor();
    expect(await first.getAttribute('href')).toMatch(/^\/zh\/guide\/basic\/auto-nav-sidebar/);
    expect(await page.locator('.DocSearch-Hit mark').first().textContent()).toBe('侧边栏');

    await search(page, '不存在的词语组合啊');
    await page.locator('.DocSearch-NoResults').waitFor();
    expect(await page.locator('.DocSearch-NoResults .DocSearch-Title').textContent()).toBe('没有结果 "不存在的词语组合啊"');
    expect(await page.locator('.DocSearch-NoResults').textContent()).toContain('试试搜索');
    await page.keyboard.press('Escape');
    await page.close();

    // The error screen in Chinese.
    const failing = await browser.newPage();
    block = true;
    await failing.route(/\/docgen-data\/search-zh\.json(\?.*)?$/, (route) => route.abort());
    await failing.goto(url('/zh/'), { waitUntil: 'load' });
    await hydrated(failing);
    await failing.locator('.dg-search-button').click();
    await search(failing, '部署');
    await failing.locator('.DocSearch-ErrorScreen').waitFor();
    expect(await failing.locator('.DocSearch-ErrorScreen .DocSearch-Title').textContent()).toBe('无法获取结果');
    expect(await failing.locator('.DocSearch-ErrorScreen .DocSearch-Help').textContent()).toBe('请检查你的网络连接。');
    await failing.close();
  });

  it('loads the locale index when the button is hovered, not before', async () => {
    const page = await browser.newPage();
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (/\/docgen-data\/search-/.test(r.url())) fetched.push(new URL(r.url()).pathname);
    });
    await page.goto(url('/zh/guide/start/introduction'), { waitUntil: 'load' });
    await hydrated(page);
    expect(fetched).toEqual([]);
    await page.locator('.dg-search-button').hover();
    await expect.poll(() => fetched.length).toBe(1);
    expect(fetched[0]).toBe('/docgen-data/search-zh.json');
    await page.close();
  });

  it('downloads the entry, the shards of the query words and the text of the hits shown, nothing more', async () => {
    const page = await open('/guide/start/introduction');
    const fetched: string[] = [];
    page.on('request', (r) => {
      const pathname = new URL(r.url()).pathname;
      if (/^\/(assets\/search\/|docgen-data\/search)/.test(pathname)) fetched.push(pathname);
    });
    await page.keyboard.press('Control+k');
    await search(page, 'sidebar');
    await page.locator('.DocSearch-Hit').first().waitFor();
    const shown = await page.locator('.DocSearch-Hit').count();
    const entry = fetched.filter((p) => p.startsWith('/docgen-data/search-'));
    const shards = fetched.filter((p) => p.startsWith('/assets/search/'));
    const fragments = fetched.filter((p) => p.startsWith('/docgen-data/search/'));
    expect(entry).toEqual(['/docgen-data/search-en.json']);
    // Each file once; a handful of the locale's shards; no more fragments than hits shown (a page's title
    // hit comes from one of its sections when its own text matched nothing).
    expect(new Set(fetched).size).toBe(fetched.length);
    // Every shard of the locale: the dictionary's, and the postings' (listed in pages of the list on a big index).
    const total = await page.evaluate(async () => {
      const entry = (await (await fetch('/docgen-data/search-en.json')).json()) as { shards: string; dict: unknown[]; post: [string, string][]; postDir?: true };
      let postings = entry.post.length;
      if (entry.postDir) {
        const lists = await Promise.all(entry.post.map(([, hash]) => fetch(new URL(`${entry.shards}l-${hash}.json`, new URL('/docgen-data/', location.href))).then((r) => r.json() as Promise<unknown[]>)));
        postings = lists.reduce((n, list) => n + list.length, entry.post.length);
      }
      return entry.dict.length + postings;
    });
    expect(shards.length).toBeGreaterThan(0);
    expect(shards.length).toBeLessThanOrEqual(6);
    expect(shards.length).toBeLessThan(total / 10);
    expect(fragments.length).toBeGreaterThan(0);
    expect(fragments.length).toBeLessThanOrEqual(shown);
    // The same query again downloads nothing.
    const count = fetched.length;
    await search(page, '');
    await search(page, 'sidebar');
    await page.locator('.DocSearch-Hit').first().waitFor();
    expect(fetched.length).toBe(count);
    await page.close();
  });

  it('reports no console error or warning', () => {
    // The error-screen cases log the failed index fetch (the browser reports the 404 / aborted request).
    const unexpected = browser.problems.filter((p) => !/search-(en|zh)\.json|Failed to load resource/.test(p));
    expect(unexpected).toEqual([]);
  });
});

describe('search in docgen dev', () => {
  it('finds a word added to a page after the rebuild', async () => {
    const site = copyFixture('basic');
    const server = await startDevServer({ root: site, port: 0 });
    const browser = await launchBrowser();
    try {
      const rebuilt = server.nextBuild();
      const file = path.join(site, 'en/guide/intro.md');
      fs.appendFileSync(file, '\n\n## Zanzibar\n\nThe quokka section.\n');
      await rebuilt;
      // A page opened before the edit reloads itself when the rebuild ends; a fresh page avoids that race.
      const page = await browser.newPage();
      await page.goto(server.url, { waitUntil: 'load' });
      await hydrated(page);
      await page.locator('.dg-search-button').click();
      await page.locator('.DocSearch-Input').fill('quokka');
      await page.locator('.DocSearch-Hit').first().waitFor();
      expect(await page.locator('.DocSearch-Hit a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toContain('/guide/intro#zanzibar');
    } finally {
      await browser.close();
      await server.close();
      fs.rmSync(site, { recursive: true, force: true });
    }
  });
});
