/**
 * The llms plugin on the website, in Chromium, served by `docgen preview` (the production build) and by
 * `docgen dev`: `/llms.txt`, `/zh/llms.txt` and each page's `.md` are served; the "Copy Markdown" button is in
 * the page's HTML beside the title, copies the page's Markdown (also when clicked before the text arrived,
 * and after client navigation to another page), says so for about 2 s in the page's language, shows its
 * icon only at 375 px, and says "Copy failed" when the Markdown cannot be fetched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticServer } from '@docgen/core';
import type { Page, Route } from 'playwright-core';
import { launchBrowser, pauseClock, reactTurns, type Browser } from '../helpers/browser.js';
import { serveSite, type ServerKind } from '../helpers/servers.js';

const STRINGS = {
  en: { route: '/guide/start/introduction', md: '/guide/start/introduction.md', title: '# Introduction', copy: 'Copy Markdown', copied: 'Copied', failed: 'Copy failed' },
  zh: { route: '/zh/guide/start/introduction', md: '/zh/guide/start/introduction.md', title: '# 简介', copy: '复制 Markdown', copied: '已复制', failed: '复制失败' },
};

/** Waits until React has hydrated the Copy Markdown button (its props are attached to the element). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const button = document.querySelector('.dg-copy-markdown');
    return Boolean(button && Object.keys(button).some((k) => k.startsWith('__reactProps')));
  });
}

describe.each<ServerKind>(['preview', 'dev'])('llms plugin on the website (%s)', (kind) => {
  let server: StaticServer;
  let browser: Browser;
  let url: (route: string) => string;

  beforeAll(async () => {
    server = await serveSite(kind);
    url = (route) => new URL(route.replace(/^\//, ''), server.url).href;
    browser = await launchBrowser();
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(server.url).origin });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(route: string, { isolated = false } = {}): Promise<Page> {
    const page = isolated ? await browser.newIsolatedPage((context) => context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(url('/')).origin })) : await browser.newPage();
    await page.goto(url(route), { waitUntil: 'load' });
    await hydrated(page);
    return page;
  }

  const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

  it('serves llms.txt of each locale and the Markdown of a page', async () => {
    const llms = await fetch(url('/llms.txt'));
    expect(llms.status).toBe(200);
    const text = await llms.text();
    expect(text).toMatch(/^# docgen\n\n> /);
    expect(text).toContain('- [Introduction](https://docgen.dev/guide/start/introduction.md): ');
    expect(text).toContain('[简体中文](https://docgen.dev/zh/llms.txt)');
    expect(await (await fetch(url('/zh/llms.txt'))).text()).toContain('- [简介](https://docgen.dev/zh/guide/start/introduction.md): ');
    const full = await fetch(url('/llms-full.txt'));
    expect(full.status).toBe(200);
    const md = await fetch(url(STRINGS.en.md));
    expect(md.status).toBe(200);
    const page = await md.text();
    expect(page).toMatch(/^# Introduction\n\n> What docgen is/);
    expect(await full.text()).toContain(page.trimEnd());
  });

  it.each(['en', 'zh'] as const)('copies the Markdown of the page, in the HTML beside the title, says so for about 2 s (%s)', async (lang) => {
    const s = STRINGS[lang];
    // Server-rendered: the button is in the HTML, so it does not appear (and move the title) on hydration.
    const html = await (await fetch(url(s.route))).text();
    expect(html).toContain(`<button type="button" class="dg-copy-markdown" data-markdown="${s.md}">`);
    const page = await open(s.route, { isolated: true });
    const button = page.getByRole('button', { name: s.copy });
    const [box, title] = await Promise.all([button.boundingBox(), page.locator('.dg-doc-content h1').boundingBox()]);
    // Top right of the content, on the title's line.
    expect(box!.y).toBeGreaterThanOrEqual(title!.y - 8);
    expect(box!.y + box!.height).toBeLessThanOrEqual(title!.y + title!.height + 8);
    expect(box!.x).toBeGreaterThan(title!.x);

    const expected = await (await fetch(url(s.md))).text();
    expect(expected.startsWith(`${s.title}\n`)).toBe(true);
    // In the page's own time (`pauseClock`): "Copied" until COPIED_RESET_DELAY (2 s) has passed, not 1 ms less.
    await pauseClock(page);
    await button.click();
    await expect.poll(() => page.locator('.dg-copy-markdown-text').textContent()).toBe(s.copied);
    expect(await page.locator('.dg-copy-markdown').getAttribute('class')).toContain('dg-copy-markdown--copied');
    expect(await clipboard(page)).toBe(expected);
    await page.clock.runFor(1999);
    await reactTurns(page);
    expect(await page.locator('.dg-copy-markdown-text').textContent()).toBe(s.copied);
    await page.clock.runFor(1);
    await expect.poll(() => page.locator('.dg-copy-markdown-text').textContent()).toBe(s.copy);
    await page.close();
  });

  it('copies the text that arrives after the click, and the next page’s after client navigation', async () => {
    const page = await open(STRINGS.en.route);
    // Hold the Markdown until the click happened: the button hands the clipboard the pending fetch.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let requests = 0;
    await page.route('**/*.md', async (route: Route) => {
      requests++;
      await held;
      await route.continue();
    });
    await page.locator('.dg-copy-markdown').click();
    expect(await page.locator('.dg-copy-markdown-text').textContent()).toBe(STRINGS.en.copy);
    release();
    await expect.poll(() => page.locator('.dg-copy-markdown-text').textContent()).toBe(STRINGS.en.copied);
    expect(await clipboard(page)).toBe(await (await fetch(url(STRINGS.en.md))).text());
    expect(requests).toBe(1);

    // In-app navigation to another page: its own button, its own Markdown.
    await page.locator('.dg-sidebar a[href="/guide/start/getting-started"]').click();
    await page.waitForURL(url('/guide/start/getting-started'));
    await expect.poll(() => page.locator('.dg-copy-markdown').getAttribute('data-markdown')).toBe('/guide/start/getting-started.md');
    await hydrated(page);
    expect(await page.locator('.dg-copy-markdown-text').textContent()).toBe(STRINGS.en.copy);
    await page.locator('.dg-copy-markdown').click();
    await expect.poll(() => page.locator('.dg-copy-markdown-text').textContent()).toBe(STRINGS.en.copied);
    expect(await clipboard(page)).toMatch(/^# Getting Started\n/);
    await page.close();
  });

  it('shows the icon only at 375 px, with its name for screen readers', async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(url(STRINGS.en.route), { waitUntil: 'load' });
    await hydrated(page);
    const button = page.getByRole('button', { name: STRINGS.en.copy });
    const box = await button.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(32);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.close();
  });

  it('says "Copy failed" when the Markdown cannot be fetched, and logs why', async () => {
    const page = await open(STRINGS.zh.route);
    await page.route('**/*.md', (route: Route) => route.fulfill({ status: 404, body: 'gone' }));
    const before = browser.problems.length;
    await page.locator('.dg-copy-markdown').click();
    await expect.poll(() => page.locator('.dg-copy-markdown-text').textContent()).toBe(STRINGS.zh.failed);
    expect(await page.locator('.dg-copy-markdown').getAttribute('class')).toContain('dg-copy-markdown--failed');
    await expect.poll(() => browser.problems.slice(before).join('\n')).toContain(`could not load the page's Markdown: Error: ${STRINGS.zh.md} answered HTTP 404`);
    // The failure was expected here: the last test checks that nothing else was logged.
    const others = browser.problems.splice(before).filter((p) => !/Copy Markdown: could not load|status of 404/.test(p));
    expect(others).toEqual([]);
    await page.close();
  });

  it('says "Copy failed" once, with nothing uncaught, when the clipboard also refuses the pending content', async () => {
    const page = await open(STRINGS.en.route);
    await page.route('**/*.md', (route: Route) => route.fulfill({ status: 404, body: 'gone' }));
    // A refusal before the browser reads the pending content, as when the document loses focus: the
    // pending fetch then fails with no one awaiting it.
    await page.evaluate(() => {
      navigator.clipboard.write = () => Promise.reject(new DOMException('Document is not focused.', 'NotAllowedError'));
    });
    const before = browser.problems.length;
    await page.locator('.dg-copy-markdown').click();
    await expect.poll(() => page.locator('.dg-copy-markdown-text').textContent()).toBe(STRINGS.en.failed);
    await expect.poll(() => browser.problems.slice(before).join('\n')).toContain(`could not load the page's Markdown: Error: ${STRINGS.en.md} answered HTTP 404`);
    // A later task: an unhandled rejection is reported after the microtasks that settle the failure.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const others = browser.problems.splice(before).filter((p) => !/Copy Markdown: could not load|status of 404/.test(p));
    expect(others).toEqual([]);
    await page.close();
  });

  it('logs no errors or hydration warnings', () => {
    expect(browser.problems).toEqual([]);
  });
});
