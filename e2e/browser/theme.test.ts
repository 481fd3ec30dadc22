/**
 * The default theme in Chromium, against the production build (`docgen preview`):
 * navbar, menus, locale switch, appearance, auto-hiding navbar, mobile drawer, sidebar, outline scroll
 * spy, prev/next, edit link, overview filter, code copy and 404 — in both languages.
 * `docgen dev` serves the same markup (`e2e/dev-parity.test.ts`); the widgets load from its modules
 * (`dev-site.test.ts`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticServer } from '@docgen/core';
import { launchBrowser, type Browser } from '../helpers/browser.js';
import { serveSite } from '../helpers/servers.js';

describe('theme', () => {
  let server: StaticServer;
  let browser: Browser;
  const url = (p: string) => new URL(p.replace(/^\//, ''), server.url).href;

  beforeAll(async () => {
    server = await serveSite('preview');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('marks the active nav item and opens the Version menu by hover, click and keyboard', async () => {
    const page = await browser.newPage();
    await page.goto(url('/api/commands'), { waitUntil: 'networkidle' });
    expect(await page.locator('.dg-nav > .dg-nav-link.dg-nav-active').textContent()).toBe('API');
    const menu = page.locator('.dg-nav .dg-nav-menu');
    const button = menu.locator('.dg-nav-menu-button');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    // The page itself times the hover delay: when the pointer entered, and when the menu opened. A check
    // after a fixed wait would fail on a busy machine. The entry is taken from the first pointer event,
    // in the window's capture phase, before React's listener starts the menu's timer (a 'pointerenter'
    // listener on the button ran after it, and measured 93 ms once in CI).
    await button.evaluate((el) => {
      const w = window as unknown as { entered?: number; opened?: number };
      window.addEventListener('pointerover', (event) => el.contains(event.target as Node) && (w.entered ??= performance.now()), true);
      new MutationObserver(() => {
        if (el.getAttribute('aria-expanded') === 'true') w.opened ??= performance.now();
      }).observe(el, { attributes: true, attributeFilter: ['aria-expanded'] });
    });
    await button.hover();
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    const delay = await page.evaluate(() => { const w = window as unknown as { entered: number; opened: number }; return w.opened - w.entered; });
    expect(delay, 'opens only after the hover delay of 100 ms').toBeGreaterThanOrEqual(95);
    // Both items are pages of the site (the 1.x docs are the site's version 1.x): no new tab, no icon.
    const older = menu.locator('a', { hasText: '1.x docs' });
    expect(await older.getAttribute('href')).toBe('/1.x/');
    expect(await older.getAttribute('target')).toBeNull();
    const changelog = menu.locator('a', { hasText: 'Changelog' });
    expect(await changelog.getAttribute('href')).toBe('/changelog/');
    expect(await changelog.getAttribute('target')).toBeNull();
    expect(await changelog.locator('.dg-external-icon').count()).toBe(0);
    await page.mouse.move(5, 400);
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    // Keyboard: Enter opens, Escape closes and returns focus to the button.
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.className)).toContain('dg-nav-menu-button');
    await page.close();
  });

  it('switches language on the same page, and persists the appearance without a flash', async () => {
    const page = await browser.newPage();
    await page.goto(url('/guide/basic/ssg'), { waitUntil: 'networkidle' });
    await page.locator('.dg-nav-locales .dg-nav-menu-button').click();
    await page.locator('.dg-nav-locales a[hreflang="zh"]').click();
    await page.waitForURL(/\/zh\/guide\/basic\/ssg$/);
    await page.waitForFunction(() => document.documentElement.lang === 'zh');

    // On a light system the first click shows dark at once.
    const toggle = page.locator('.dg-navbar .dg-appearance-toggle');
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(false);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('data-appearance')).toBe('dark');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('dg-appearance'))).toBe('dark');
    // On reload the class is there before the body is parsed: no light flash.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') (window as unknown as { __dark: boolean }).__dark = document.documentElement.classList.contains('dark');
      });
    });
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.evaluate(() => (window as unknown as { __dark: boolean }).__dark)).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(21, 23, 28)');
    // dark → light, which is the system's own look: following the system again.
    await toggle.click();
    expect(await page.evaluate(() => localStorage.getItem('dg-appearance'))).toBe('auto');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    // On a dark system the first click shows light.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await toggle.click();
    expect(await toggle.getAttribute('data-appearance')).toBe('light');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await toggle.click();
    expect(await page.evaluate(() => localStorage.getItem('dg-appearance'))).toBe('auto');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.close();
  });

  it('hides the navbar while scrolling down and shows it on scroll up', async () => {
    const page = await browser.newPage();
    await page.goto(url('/guide/basic/use-mdx'), { waitUntil: 'networkidle' });
    const navbar = page.locator('.dg-navbar');
    await page.mouse.wheel(0, 1200);
    await expect.poll(() => navbar.getAttribute('class')).toContain('dg-navbar--hidden');
    await page.mouse.wheel(0, -300);
    await expect.poll(() => navbar.getAttribute('class')).not.toContain('dg-navbar--hidden');
    await page.close();
  });

  it('collapses and expands sidebar groups with the mouse and the keyboard', async () => {
    const page = await browser.newPage();
    await page.goto(url('/guide/start/introduction'), { waitUntil: 'networkidle' });
    const group = page.locator('.dg-sidebar .dg-sidebar-group-title', { hasText: 'Features' });
    expect(await group.getAttribute('aria-expanded')).toBe('true');
    const list = page.locator(`#${(await group.getAttribute('aria-controls'))!.replace(/:/g, '\\:')}`);
    expect(await list.isVisible()).toBe(true);
    await group.click();
    expect(await group.getAttribute('aria-expanded')).toBe('false');
    expect(await list.isVisible()).toBe(false);
    await group.focus();
    await page.keyboard.press('Enter');
    expect(await group.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Space');
    expect(await group.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('.dg-sidebar-link--active').textContent()).toBe('Introduction');
    await page.close();
  });

  it('highlights the heading being read in the outline and jumps below the navbar', async () => {
    const page = await browser.newPage();
    await page.goto(url('/guide/basic/ssg'), { waitUntil: 'networkidle' });
    const links = page.locator('.dg-outline a');
    const third = links.nth(2);
    const id = (await third.getAttribute('href'))!.slice(1);
    await third.click();
    // The smooth scroll ends with the heading just below the 56 px navbar (scroll-padding-top).
    await expect
      .poll(() => page.evaluate((i) => Math.round(document.getElementById(i)!.getBoundingClientRect().top), id))
      .toSatisfy((top: number) => top >= 56 && top <= 90);
    await expect.poll(() => page.locator('.dg-outline a.dg-outline-active').getAttribute('href')).toBe(`#${id}`);
    expect(page.url()).toContain(`#${id}`);
    // Scrolling the page on moves the highlight further down the outline.
    await page.evaluate(() => window.scrollBy(0, 2500));
    await expect.poll(async () => {
      const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      return hrefs.indexOf(await page.locator('.dg-outline a.dg-outline-active').getAttribute('href'));
    }).toBeGreaterThan(2);
    await page.close();
  });

  it('links to the previous and next page in sidebar order, and to the edit URL', async () => {
    const page = await browser.newPage();
    await page.goto(url('/guide/start/getting-started'), { waitUntil: 'networkidle' });
    expect(await page.locator('.dg-pager-prev .dg-pager-title').textContent()).toBe('Introduction');
    expect(await page.locator('.dg-pager-next .dg-pager-title').textContent()).toBe('Conventional Routes');
    expect(await page.locator('.dg-edit-link').getAttribute('href')).toBe('https://github.com/docgen-dev/docgen/edit/main/docs/en/guide/start/getting-started.md');
    await page.locator('.dg-pager-next').click();
    await page.waitForURL(/\/guide\/basic\/conventional-route$/);
    await page.locator('.dg-doc-content h1', { hasText: 'Conventional Routes' }).waitFor();
    await page.goto(url('/zh/guide/start/getting-started'), { waitUntil: 'networkidle' });
    expect(await page.locator('.dg-edit-link').textContent()).toBe('在 GitHub 上编辑此页');
    expect(await page.locator('.dg-pager-prev .dg-pager-label').textContent()).toBe('上一页');
    await page.close();
  });

  it('filters the overview page by page and section title, with a no-result text, in both languages', async () => {
    const page = await browser.newPage();
    for (const [route, match, none] of [
      ['/api/', 'preview', '没有'],
      ['/zh/api/', '命令', 'No page'],
    ] as const) {
      await page.goto(url(route), { waitUntil: 'networkidle' });
      const input = page.locator('.dg-overview-filter input');
      const before = await page.locator('.dg-overview-card').count();
      expect(before).toBeGreaterThan(3);
      await input.fill(match.toUpperCase());
      await expect.poll(() => page.locator('.dg-overview-card').count()).toBeLessThan(before);
      expect(await page.locator('.dg-overview-card').count()).toBeGreaterThan(0);
      const texts = await page.locator('.dg-overview-card').allTextContents();
      expect(texts.every((t) => t.toLowerCase().includes(match.toLowerCase()))).toBe(true);
      await input.fill('zzzz-nothing');
      await expect.poll(() => page.locator('.dg-overview-empty').count()).toBe(1);
      const empty = await page.locator('.dg-overview-empty').textContent();
      expect(empty).toBe(route.startsWith('/zh') ? '没有匹配的页面或章节' : 'No page or section matches');
      expect(empty).not.toContain(none);
      expect(await input.getAttribute('placeholder')).toBe(route.startsWith('/zh') ? '按页面或章节标题筛选' : 'Filter by page or section title');
    }
    await page.close();
  });

  it('copies a code block to the clipboard', async () => {
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(server.url).origin });
    const page = await browser.newPage();
    await page.goto(url('/guide/start/getting-started'), { waitUntil: 'networkidle' });
    const block = page.locator('.dg-code').first();
    await block.hover();
    await block.locator('.dg-code-copy').click();
    await expect.poll(() => block.locator('.dg-code-copy').getAttribute('aria-label')).toBe('Copied');
    const expected = (await block.locator('pre').innerText()).replace(/\n$/, '');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    await page.close();
  });

  it('shows the 404 page in the language of the path, with a link to that home', async () => {
    const page = await browser.newPage();
    const response = await page.goto(url('/zh/no/such/page'), { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.locator('.dg-not-found h1').textContent()).toBe('页面未找到');
    expect(await page.locator('.dg-not-found a').getAttribute('href')).toBe('/zh/');
    await page.close();
  });

  it('opens the mobile drawer at 375 px with nav, sidebar and languages', async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(url('/guide/start/introduction'), { waitUntil: 'networkidle' });
    expect(await page.locator('.dg-nav').isVisible()).toBe(false);
    expect(await page.locator('.dg-doc-layout > .dg-sidebar').isVisible()).toBe(false);
    const button = page.locator('.dg-mobile-menu-button');
    await button.click();
    const drawer = page.locator('#dg-mobile-drawer');
    // The drawer is a chunk of its own, loaded when the button is first reached.
    await drawer.waitFor({ state: 'visible' });
    expect(await drawer.locator('.dg-drawer-nav a', { hasText: 'Guide' }).count()).toBe(1);
    expect(await drawer.locator('.dg-sidebar [aria-current="page"]').textContent()).toBe('Introduction');
    expect(await drawer.locator('a[hreflang="zh"]').getAttribute('href')).toBe('/zh/guide/start/introduction');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    expect(await drawer.isVisible()).toBe(false);
    await button.click();
    await drawer.locator('.dg-sidebar a', { hasText: 'Getting Started' }).click();
    await page.waitForURL(/getting-started$/);
    await expect.poll(() => drawer.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    await page.close();
  });

  it('logs no console error or warning on any page', () => {
    expect(browser.problems.filter((p) => !p.includes('404 (Not Found)'))).toEqual([]);
  });
});
