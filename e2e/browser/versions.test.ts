/**
 * The `versions` fixture (versions 2.x, 1.x and an English-only 0.x; English and Chinese; `i18n.fallback` on) in Chromium, served
 * by `docgen preview` (the production build) and by `docgen dev`: the version menu keeps the reader on the
 * same page, or the nearest section of the other version that has one; an older version says so; a page
 * without translation is shown in the original with a notice, and the language menu leads there from the
 * original instead of to a 404.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticServer } from '@docgen/core';
import type { Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../helpers/browser.js';
import { serveSite, type ServerKind } from '../helpers/servers.js';
import { copyFixture } from '../helpers/site.js';

/** Waits until React has hydrated the navbar (the version menu's button has its props attached). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const button = document.querySelector('.dg-nav-versions .dg-nav-menu-button');
    return Boolean(button && Object.keys(button).some((k) => k.startsWith('__reactProps')));
  });
}

describe.each<ServerKind>(['preview', 'dev'])('versions and fallback pages (%s)', (kind) => {
  let site: string;
  let server: StaticServer;
  let browser: Browser;
  let url: (route: string) => string;

  beforeAll(async () => {
    site = copyFixture('versions');
    server = await serveSite(kind, site);
    url = (route) => new URL(route.replace(/^\//, ''), server.url).href;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (site) fs.rmSync(site, { recursive: true, force: true });
  });

  async function open(route: string, width?: number): Promise<Page> {
    const page = await browser.newPage();
    if (width) await page.setViewportSize({ width, height: 800 });
    await page.goto(url(route), { waitUntil: 'load' });
    await hydrated(page);
    return page;
  }

  /** Opens the version menu and follows its link to `version`, which leads to `route`. */
  async function switchVersion(page: Page, version: string, route: string) {
    const link = page.locator(`.dg-nav-versions .dg-version-link[data-version="${version}"]`);
    // The menu opens when the pointer enters it: the pointer leaves first (it may rest where the menu was,
    // closed by the last navigation, and then enters no element). A menu that closed before the click (the
    // pointer passed out of it) is opened again, up to three times.
    for (let attempt = 1; ; attempt++) {
      await page.mouse.move(0, 400);
      await page.locator('.dg-nav-versions .dg-nav-menu-button').hover();
      try {
        await link.waitFor({ state: 'visible', timeout: 5000 });
        await link.click({ timeout: 5000 });
        break;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
    await page.waitForURL(url(route));
    // The URL changes first; the page on screen (and its version menu, whose links are the page's own)
    // stays until the next one has loaded. A switch made meanwhile, on a busy machine, followed the last
    // page's links.
    await expect.poll(() => page.locator('.dg-nav-versions .dg-nav-menu-button').textContent(), { timeout: 30_000 }).toBe(version);
  }

  it('keeps the page when switching versions, and says which version an older page belongs to', async () => {
    const page = await open('/guide/intro');
    await expect.poll(() => page.locator('.dg-nav-versions .dg-nav-menu-button').textContent()).toBe('2.x');
    await expect.poll(() => page.locator('.dg-version-notice').count()).toBe(0);
    await switchVersion(page, '1.x', '/1.x/guide/intro');
    await expect.poll(() => page.locator('.dg-doc-content').textContent()).toContain('Version one introduction');
    await expect.poll(() => page.locator('.dg-nav-versions .dg-nav-menu-button').textContent()).toBe('1.x');
    const notice = page.locator('.dg-version-notice');
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.locator('a').getAttribute('href')).toBe('/guide/intro');
    // The sidebar is 1.x's own.
    expect(await page.locator('.dg-sidebar a[href="/1.x/guide/old"]').count()).toBe(1);
    await page.close();
  });

  it('opens the nearest section of the other version when the page is not in it', async () => {
    const page = await open('/guide/new-feature');
    await switchVersion(page, '1.x', '/1.x/guide/intro');
    await switchVersion(page, '2.x', '/guide/intro');
    await page.close();
    const api = await open('/1.x/zh/api/');
    await switchVersion(api, '2.x', '/zh/');
    await api.close();
  });

  it('shows a page without translation in the original, with a notice in the reader\'s language', async () => {
    const page = await open('/zh/guide/untranslated');
    const notice = page.locator('.dg-translation-notice');
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toContain('简体中文');
    expect(await notice.locator('a').getAttribute('href')).toBe('https://example.com/edit/zh/guide/untranslated.mdx');
    expect(await page.locator('.dg-doc-content').textContent()).toContain('narwhal');
    expect(await page.locator('.dg-doc-content').getAttribute('lang')).toBe('en');
    // The Chinese UI: its nav and sidebar.
    expect(await page.locator('.dg-sidebar').textContent()).toContain('基础');
    await page.close();
  });

  it('leads the language menu from an untranslated page to its fallback page, not to a 404', async () => {
    const page = await open('/guide/untranslated');
    await page.locator('.dg-nav-locales .dg-nav-menu-button').hover();
    await page.locator('.dg-nav-locales a[hreflang="zh"]').click();
    await page.waitForURL(url('/zh/guide/untranslated'));
    await expect.poll(() => page.locator('.dg-translation-notice').isVisible()).toBe(true);
    expect(await page.locator('.dg-not-found').count()).toBe(0);
    // The language menu lists the languages of the version on screen only.
    expect(await page.locator('.dg-nav-locales a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(['/guide/untranslated', '/zh/guide/untranslated']);
    await page.close();
  });

  it('lists the versions in the mobile menu at 375 px', async () => {
    const page = await open('/1.x/guide/old', 375);
    await page.locator('.dg-mobile-menu-button').click();
    const versions = page.locator('.dg-drawer-versions');
    await expect.poll(() => versions.isVisible()).toBe(true);
    expect(await versions.locator('a.dg-version-link').evaluateAll((links) => links.map((a) => [a.getAttribute('data-version'), a.getAttribute('href')]))).toEqual([
      ['2.x', '/guide/intro'],
      ['1.x', '/1.x/guide/old'],
      ['0.x', '/0.x/'],
    ]);
    await page.close();
  });
});
