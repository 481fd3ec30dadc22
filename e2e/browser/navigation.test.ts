/**
 * The built website in Chromium, served by `docgen preview`: hydration without warnings, client-side
 * navigation without a full reload, chunk preloading on hover, switching to the Chinese page.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '@docgen/core';
import { launchBrowser, type Browser } from '../helpers/browser.js';
import { docsRoot, repoRoot } from '../helpers/site.js';

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

/** The last commit time of a file of the repository, as the last-updated plugin reads it (ISO). */
function lastCommit(file: string): string {
  return new Date(Number(execFileSync('git', ['log', '-1', '--format=%ct', '--', file], { cwd: repoRoot, encoding: 'utf8' }).trim()) * 1000).toISOString();
}

describe('website in the browser', () => {
  it('shows the date of each page\'s last commit (last-updated plugin), also after a client-side navigation', async () => {
    const page = await browser.newPage();
    await page.goto(new URL('/guide/basic/deploy', baseUrl).href, { waitUntil: 'networkidle' });
    const time = page.locator('.dg-last-updated time');
    expect(await time.getAttribute('datetime')).toBe(lastCommit('docs/en/guide/basic/deploy.md'));
    await page.locator('a.dg-pager-next').click();
    await page.waitForURL(/\/guide\/basic\/custom-page$/);
    await expect.poll(() => time.getAttribute('datetime')).toBe(lastCommit('docs/en/guide/basic/custom-page.md'));
    await page.goto(new URL('/zh/guide/basic/deploy', baseUrl).href, { waitUntil: 'networkidle' });
    expect(await page.locator('.dg-last-updated').textContent()).toMatch(/^最后更新于: \d{4}年\d{1,2}月\d{1,2}日$/);
    await page.close();
  });

  it('navigates from home to the introduction without a full reload, then to its Chinese page', async () => {
    const page = await browser.newPage();
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    expect(await page.locator('h1.dg-hero-name').textContent()).toBe('docgen');
    // A marker on window survives client-side navigation and disappears on a full load.
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));

    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.locator('.dg-nav-link', { hasText: 'Guide' }).hover();
    await expect.poll(() => requests.some((u) => /p-guide_start_introduction-.*\.js$/.test(u)), { message: 'hover preloads the page chunk' }).toBe(true);

    await page.locator('.dg-nav-link', { hasText: 'Guide' }).click();
    await page.waitForURL(/\/guide\/start\/introduction$/);
    await page.locator('.dg-doc-content h1').waitFor();
    expect(await page.locator('.dg-doc-content h1').textContent()).toBe('Introduction');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    expect(await page.title()).toBe('Introduction | docgen');
    expect(requests.filter((u) => u.endsWith('.html') || u.endsWith('/introduction'))).toEqual([]);

    await page.locator('.dg-nav-locales .dg-nav-menu-button').hover();
    await page.locator('.dg-nav-locales a[hreflang="zh"]').click();
    await page.waitForURL(/\/zh\/guide\/start\/introduction$/);
    await page.waitForFunction(() => document.documentElement.lang === 'zh');
    expect(await page.locator('.dg-doc-content h1').textContent()).toMatch(/[\u4e00-\u9fff]/);
    expect(await page.locator('.dg-sidebar-link--active').textContent()).toMatch(/[\u4e00-\u9fff]/);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    await page.close();
    expect(browser.problems).toEqual([]);
  });

  it('starts a new page at the top and restores the scroll position on back and forward, without a reload', async () => {
    const page = await browser.newPage();
    await page.goto(new URL('/guide/basic/deploy', baseUrl).href, { waitUntil: 'networkidle' });
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
    const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(scrollY).toBe(1200);
    // A click through the DOM: Playwright's own click would scroll the link into view first.
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('a.dg-pager-next')!.click());
    await page.waitForURL(/\/guide\/basic\/custom-page$/);
    await expect.poll(() => page.locator('.dg-doc-content h1').textContent()).toBe('Custom Pages');
    expect(await scrollY()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(scrollY).toBe(400);

    await page.goBack();
    await page.waitForURL(/\/guide\/basic\/deploy$/);
    await expect.poll(() => page.locator('.dg-doc-content h1').textContent()).toBe('Deployment');
    await expect.poll(scrollY).toBe(1200);
    await page.goForward();
    await page.waitForURL(/\/guide\/basic\/custom-page$/);
    await expect.poll(scrollY).toBe(400);

    // Entries of in-page links (a heading's anchor; the outline replaces the entry instead): back returns to
    // where the reader was before following the link.
    await page.evaluate(() => [...document.querySelectorAll<HTMLAnchorElement>('.dg-doc-content a.dg-heading-anchor')].pop()!.click());
    await expect.poll(() => page.evaluate(() => window.location.hash)).not.toBe('');
    expect(await scrollY()).not.toBe(400);
    await page.goBack();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('');
    await expect.poll(scrollY).toBe(400);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
    await page.close();
    expect(browser.problems).toEqual([]);
  });

  it('loads the home layout, the drawer and other languages\' UI strings only where they are drawn', async () => {
    // Chunk names are content hashes: a chunk is recognised by what it holds.
    // A Chinese UI string, as it is or escaped as \\uXXXX the way esbuild writes non-ASCII text.
    const skip = '跳到正文';
    const escaped = [...skip].map((c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase()}`).join('');
    const markers = { home: ['"dg-home-content"'], drawer: ['"dg-drawer-nav"'], zh: [skip, escaped] };
    const page = await browser.newPage();
    const loaded: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') loaded.push(response.url());
    });
    const holding = async (marker: string[]) => {
      const hits = await Promise.all(loaded.map((u) => page.evaluate(async (url) => (await fetch(url)).text(), u).then((text) => marker.some((m) => text.includes(m)))));
      return hits.some(Boolean);
    };
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(new URL('/guide/start/introduction', baseUrl).href, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')));
    expect(await holding(markers.home), 'home layout on a doc page').toBe(false);
    expect(await holding(markers.zh), 'Chinese strings on an English page').toBe(false);
    expect(await holding(markers.drawer), 'drawer before the menu is used').toBe(false);
    await page.locator('.dg-mobile-menu-button').click();
    await page.locator('#dg-mobile-drawer').waitFor();
    expect(await holding(markers.drawer)).toBe(true);

    loaded.length = 0;
    await page.goto(new URL('/zh/', baseUrl).href, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')));
    expect(await holding(markers.home)).toBe(true);
    expect(await holding(markers.zh)).toBe(true);
    await page.close();
    expect(browser.problems).toEqual([]);
  });

  it('hydrates every kind of page without console errors or hydration warnings', async () => {
    const page = await browser.newPage();
    for (const route of ['/', '/zh/', '/api/', '/guide/basic/use-mdx', '/zh/plugin/official-plugins/shiki']) {
      await page.goto(new URL(route.slice(1), baseUrl).href, { waitUntil: 'networkidle' });
      // React attaches its root container key after hydration.
      await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')));
    }
    await page.close();
    expect(browser.problems).toEqual([]);
  });

  it('serves the 404 page for unknown paths, with a link home', async () => {
    const page = await browser.newPage();
    const response = await page.goto(new URL('does/not/exist', baseUrl).href, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
    expect(await page.locator('.dg-not-found h1').textContent()).toBe('Page not found');
    await page.close();
    const unexpected = browser.problems.filter((p) => !p.includes('404 (Not Found)'));
    expect(unexpected).toEqual([]);
  });
});
