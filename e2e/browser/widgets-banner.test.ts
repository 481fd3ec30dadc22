/**
 * The top banner in Chromium, on the bilingual `widgets-banner` fixture served by `docgen preview` (the
 * production build): visible above the navbar with the message and link of each
 * locale; closed, it hides in every open tab and stays hidden after reloads, in both locales, without a
 * flash (checked when the element is parsed, at DOMContentLoaded and on every animation frame of the
 * load), and comes back when the storage key is cleared; at 375 px it fits and closes; its link
 * navigates inside the app.
 * `docgen dev` serves the same markup (`e2e/dev-parity.test.ts`); the widgets load from its modules
 * (`dev-site.test.ts`).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticServer } from '@docgen/core';
import type { Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../helpers/browser.js';
import { serveSite } from '../helpers/servers.js';
import { copyFixture } from '../helpers/site.js';

const KEY = 'fixture-banner';
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Waits until React has hydrated the banner's close button. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const button = document.querySelector('.dg-banner-close');
    return Boolean(button && Object.keys(button).some((k) => k.startsWith('__reactProps')));
  });
}

/**
 * Records the banner's computed `display` while the page loads: when its element is inserted by the
 * parser, at DOMContentLoaded, and on every animation frame for 3 s from the first that has it.
 */
function recordBannerDisplay() {
  const w = window as unknown as { __banner: { parsed: string[]; dcl: string; frames: string[] } };
  const record = { parsed: [] as string[], dcl: '', frames: [] as string[] };
  w.__banner = record;
  const display = () => {
    const el = document.querySelector('.dg-banner');
    return el ? getComputedStyle(el).display : 'absent';
  };
  const observer = new MutationObserver(() => {
    if (document.querySelector('.dg-banner')) {
      record.parsed.push(display());
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
  document.addEventListener('DOMContentLoaded', () => (record.dcl = display()));
  // From the frame that first has the element: a busy server's document can paint before it is parsed.
  let start: number | undefined;
  const frame = () => {
    const shown = display();
    if (shown !== 'absent' || start !== undefined) {
      start ??= performance.now();
      record.frames.push(shown);
    }
    if (start === undefined || performance.now() - start < 3000) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

interface Recorded {
  parsed: string[];
  dcl: string;
  frames: string[];
}

describe('top banner', () => {
  let server: StaticServer;
  let browser: Browser;
  let url: (route: string) => string;

  beforeAll(async () => {
    server = await serveSite('preview', copyFixture('widgets-banner'));
    url = (route) => new URL(route.replace(/^\//, ''), server.url).href;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(route: string, width = 1280): Promise<Page> {
    const page = await browser.newPage();
    await page.setViewportSize({ width, height: 800 });
    await page.goto(url(route), { waitUntil: 'load' });
    await hydrated(page);
    return page;
  }

  it('puts the inline script right before the banner in the HTML', async () => {
    const html = await (await fetch(url('/guide/intro'))).text();
    expect(html).toMatch(
      /<script id="dg-banner-script">\(function\(\)\{try\{if\(localStorage\.getItem\("fixture-banner"\)!==null\)document\.documentElement\.classList\.add\('dg-banner-dismissed'\)\}catch\(e\)\{\}\}\)\(\)<\/script><section class="dg-banner fixture-banner"/,
    );
  });

  it('shows the message and link of each locale above the navbar, with translated labels', async () => {
    const page = await open('/guide/intro');
    const banner = page.locator('.dg-banner');
    expect(await banner.isVisible()).toBe(true);
    expect(await banner.getAttribute('aria-label')).toBe('Announcement');
    expect(await banner.getAttribute('class')).toBe('dg-banner fixture-banner');
    const link = page.locator('.dg-banner-link');
    expect(await link.textContent()).toBe('Version 2 is out: see what changed');
    expect(await link.getAttribute('href')).toBe('/guide/next');
    expect(await page.locator('.dg-banner-close').getAttribute('aria-label')).toBe('Close the banner');
    const bannerBox = (await banner.boundingBox())!;
    const navbarBox = (await page.locator('.dg-navbar').boundingBox())!;
    expect(bannerBox.y).toBe(0);
    expect(bannerBox.y + bannerBox.height).toBeLessThanOrEqual(navbarBox.y + 0.5);
    await page.close();

    const zh = await open('/zh/guide/intro');
    expect(await zh.locator('.dg-banner-link').textContent()).toBe('第 2 版已发布：看看有哪些变化');
    expect(await zh.locator('.dg-banner-link').getAttribute('href')).toBe('/zh/guide/next');
    expect(await zh.locator('.dg-banner').getAttribute('aria-label')).toBe('公告');
    expect(await zh.locator('.dg-banner-close').getAttribute('aria-label')).toBe('关闭横幅');
    await zh.close();
    expect(browser.problems).toEqual([]);
  });

  it('hides on close, stays hidden on later loads without a flash, in both locales, and returns when the key is cleared', async () => {
    const page = await open('/guide/intro');
    const otherTab = await open('/zh/');
    expect(await page.evaluate((key) => localStorage.getItem(key), KEY)).toBeNull();
    await page.locator('.dg-banner-close').click();
    await page.locator('.dg-banner').waitFor({ state: 'hidden' });
    expect(await page.evaluate((key) => localStorage.getItem(key), KEY)).toBe('true');
    // Another open tab of the site hears of it (storage event) and hides its banner too.
    await otherTab.locator('.dg-banner').waitFor({ state: 'hidden' });
    await otherTab.close();

    await page.addInitScript(recordBannerDisplay);
    const reloadAndRecord = async (route: string): Promise<Recorded> => {
      await page.goto(url(route), { waitUntil: 'load' });
      await hydrated(page);
      await page.waitForFunction(() => (window as unknown as { __banner: Recorded }).__banner.frames.length > 20);
      return page.evaluate(() => (window as unknown as { __banner: Recorded }).__banner);
    };
    for (const route of ['/guide/intro', '/zh/', '/zh/guide/intro']) {
      const seen = await reloadAndRecord(route);
      expect(seen.parsed, route).toEqual(['none']);
      expect(seen.dcl, route).toBe('none');
      expect(new Set(seen.frames), route).toEqual(new Set(['none']));
      expect(await page.locator('.dg-banner').isVisible()).toBe(false);
    }

    // The key gone (cleared by the reader or a new storageKey), the banner shows again, from the first paint.
    await page.evaluate((key) => localStorage.removeItem(key), KEY);
    const seen = await reloadAndRecord('/guide/intro');
    expect(seen.parsed).toEqual(['flex']);
    expect(seen.dcl).toBe('flex');
    expect(new Set(seen.frames)).toEqual(new Set(['flex']));
    expect(await page.locator('.dg-banner').isVisible()).toBe(true);
    await page.close();
    expect(browser.problems).toEqual([]);
  });

  it('passes axe-core in light and dark mode (contrast, names, landmarks)', async () => {
    const page = await open('/guide/intro');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.reload({ waitUntil: 'load' });
      await hydrated(page);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(scheme === 'dark');
      await page.addScriptTag({ content: axeSource });
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (ctx: object, opts: object) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe;
        const result = await axe.run({ include: [['.dg-banner']] }, { resultTypes: ['violations'] });
        return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
      });
      expect(violations, scheme).toEqual([]);
    }
    await page.close();
  });

  it('fits 375 px and closes there', async () => {
    const page = await open('/zh/guide/intro', 375);
    await page.evaluate((key) => localStorage.removeItem(key), KEY);
    const banner = (await page.locator('.dg-banner').boundingBox())!;
    expect(banner.width).toBe(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    const close = (await page.locator('.dg-banner-close').boundingBox())!;
    expect(close.x + close.width).toBeLessThanOrEqual(375);
    expect(close.width).toBeGreaterThanOrEqual(32);
    // The message wraps beside the close button instead of running under it.
    const link = (await page.locator('.dg-banner-link').boundingBox())!;
    expect(link.x + link.width).toBeLessThanOrEqual(close.x);
    await page.locator('.dg-banner-close').click();
    await page.locator('.dg-banner').waitFor({ state: 'hidden' });
    expect(await page.evaluate((key) => localStorage.getItem(key), KEY)).toBe('true');
    await page.evaluate((key) => localStorage.removeItem(key), KEY);
    await page.close();
  });

  it('navigates inside the app from its link', async () => {
    const page = await open('/guide/intro');
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await page.locator('.dg-banner-link').click();
    await page.waitForURL(url('/guide/next'));
    await expect.poll(() => page.locator('.dg-doc-content h1').textContent()).toBe('Next');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    // Still there: the banner belongs to the site, not to the page.
    expect(await page.locator('.dg-banner').isVisible()).toBe(true);
    await page.close();
    expect(browser.problems).toEqual([]);
  });
});
