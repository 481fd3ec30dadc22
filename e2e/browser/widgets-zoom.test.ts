/**
 * Image zoom (medium-zoom) in Chromium, on the `widgets-zoom` fixture served by `docgen preview`: which
 * images are attached (content images, not `no-zoom`, `data-no-zoom` or linked ones),
 * medium-zoom loaded only on pages with such images, opening over a white overlay with its 0.3 s fade,
 * closing on a click, Escape, a resize and a scroll of more than 40 px (150 ms later), high-resolution
 * images (`data-zoom-src`, `srcset`) and the warning for an unreachable one, re-attaching after
 * client-side navigation. Then, on the built site, config variants: options (background following dark
 * mode, margin), `mediumZoom: false`, and an invalid selector, reported by medium-zoom in the console.
 * `docgen dev` serves the same markup (`e2e/dev-parity.test.ts`); the widgets load from its modules
 * (`dev-site.test.ts`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticServer } from '@docgen/core';
import type { Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../helpers/browser.js';
import { serveSite } from '../helpers/servers.js';
import { copyFixture } from '../helpers/site.js';

/** A string only medium-zoom's code contains: the JavaScript that carries it is medium-zoom's chunk. */
const MEDIUM_ZOOM_MARK = 'The provided selector is invalid';

type ZoomWindow = Window & { __opened?: Promise<void>; __sameDocument?: boolean };

/** Waits until React has hydrated the page (its props are attached to the content element). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const el = document.querySelector('.dg-navbar');
    return Boolean(el && Object.keys(el).some((k) => k.startsWith('__reactProps')));
  });
}

/** Alt texts of the images medium-zoom is attached to. */
function attachedAlts(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.querySelectorAll('img.medium-zoom-image:not(.medium-zoom-image--opened)')].map((img) => img.getAttribute('alt') ?? ''));
}

/** Clicks `selector` and resolves once medium-zoom has finished opening (its `medium-zoom:opened` event). */
async function openZoom(page: Page, selector: string) {
  await page.locator(selector).scrollIntoViewIfNeeded();
  await page.evaluate((s) => {
    const img = document.querySelector(s)!;
    (window as ZoomWindow).__opened = new Promise((resolve) => img.addEventListener('medium-zoom:opened', () => resolve(), { once: true }));
  }, selector);
  await page.locator(selector).click();
  await page.evaluate(() => (window as ZoomWindow).__opened);
  expect(await page.evaluate(() => document.body.classList.contains('medium-zoom--opened'))).toBe(true);
}

/** Resolves once the zoom has closed: overlay and zoomed copies removed. */
async function closed(page: Page) {
  await page.locator('.medium-zoom-overlay').waitFor({ state: 'detached' });
  expect(await page.locator('.medium-zoom-image--opened').count()).toBe(0);
  expect(await page.evaluate(() => document.body.classList.contains('medium-zoom--opened'))).toBe(false);
}

describe('image zoom', () => {
  let server: StaticServer;
  let browser: Browser;
  let url: (route: string) => string;

  beforeAll(async () => {
    server = await serveSite('preview', copyFixture('widgets-zoom'));
    url = (route) => new URL(route.replace(/^\//, ''), server.url).href;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A tab on `route`, hydrated; `zoomLoaded()` tells whether medium-zoom's code was fetched. */
  async function open(route: string, width = 1280): Promise<{ page: Page; zoomLoaded: () => boolean }> {
    const page = await browser.newPage();
    await page.setViewportSize({ width, height: 800 });
    let loaded = false;
    page.on('response', async (response) => {
      if (!response.url().endsWith('.js')) return;
      const body = await response.text().catch(() => '');
      if (body.includes(MEDIUM_ZOOM_MARK)) loaded = true;
    });
    await page.goto(url(route), { waitUntil: 'load' });
    await hydrated(page);
    return { page, zoomLoaded: () => loaded };
  }

  async function openImages(width = 1280) {
    const opened = await open('/guide/images', width);
    await opened.page.locator('img[alt="A diagram"].medium-zoom-image').waitFor({ state: 'attached' });
    return opened;
  }

  it('attaches content images but not opted-out or linked ones, and loads medium-zoom only where needed', async () => {
    for (const route of ['/', '/guide/plain']) {
      const { page, zoomLoaded } = await open(route);
      // Past the idle callback (at most 1.5 s) that would attach images.
      await page.waitForTimeout(2000);
      expect(zoomLoaded(), route).toBe(false);
      expect(await page.locator('.medium-zoom-image').count()).toBe(0);
      expect(await page.evaluate(() => [...document.querySelectorAll('style')].some((s) => s.textContent?.includes('.medium-zoom-overlay')))).toBe(false);
      await page.close();
    }

    const { page, zoomLoaded } = await openImages();
    // The response body is read asynchronously: on a busy machine the images can be attached first.
    await expect.poll(zoomLoaded).toBe(true);
    expect((await attachedAlts(page)).sort()).toEqual(['A diagram', 'With a high-resolution version', 'With a srcset', 'With an unreachable high-resolution version']);
    for (const alt of ['Opted out by class', 'Opted out by attribute', 'A linked image']) {
      expect(await page.locator(`img[alt="${alt}"]`).evaluate((img) => img.classList.contains('medium-zoom-image'))).toBe(false);
    }
    // A click on an opted-out image does nothing.
    await page.locator('img[alt="Opted out by class"]').click();
    await page.waitForTimeout(400);
    expect(await page.locator('.medium-zoom-overlay').count()).toBe(0);
    await page.close();
    expect(browser.problems).toEqual([]);
  });

  it('opens on click over a white overlay that fades in 0.3 s, and closes on a click on the image or the overlay', async () => {
    const { page } = await openImages();
    const original = page.locator('.dg-doc-content img[alt="A diagram"]');
    const before = (await original.boundingBox())!;
    await openZoom(page, 'img[alt="A diagram"]');
    // 'medium-zoom:opened' follows the image's transition; the overlay's own fade can end a frame later.
    await expect.poll(() => page.locator('.medium-zoom-overlay').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    const overlay = await page.locator('.medium-zoom-overlay').evaluate((el) => {
      const style = getComputedStyle(el);
      return { background: style.backgroundColor, transition: style.transition, opacity: style.opacity, zIndex: style.zIndex };
    });
    expect(overlay).toEqual({ background: 'rgb(255, 255, 255)', transition: 'opacity 0.3s', opacity: '1', zIndex: '100' });
    expect(await original.evaluate((img) => img.classList.contains('medium-zoom-image--hidden'))).toBe(true);
    // The zoomed copy is larger than the image in the page (1200 px wide picture, 1280 px wide window).
    const zoomed = (await page.locator('.medium-zoom-image--opened').boundingBox())!;
    expect(zoomed.width).toBeGreaterThan(before.width);
    expect(zoomed.width).toBeLessThanOrEqual(1280);

    await page.locator('.medium-zoom-image--opened').click();
    await closed(page);
    expect(await original.evaluate((img) => img.classList.contains('medium-zoom-image--hidden'))).toBe(false);

    await openZoom(page, 'img[alt="A diagram"]');
    await page.mouse.click(4, 4); // the overlay, outside the image
    await closed(page);
    await page.close();
    expect(browser.problems).toEqual([]);
  });

  it('closes on Escape and on a window resize', async () => {
    const { page } = await openImages();
    await openZoom(page, 'img[alt="A diagram"]');
    await page.keyboard.press('Escape');
    await closed(page);

    await openZoom(page, 'img[alt="A diagram"]');
    await page.setViewportSize({ width: 1100, height: 760 });
    await closed(page);
    await page.close();
  });

  it('stays open for a scroll of 40 px or less and closes 150 ms after a longer one', async () => {
    const { page } = await openImages();
    await openZoom(page, 'img[alt="A diagram"]');
    await page.evaluate(() => window.scrollBy(0, 30));
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => document.body.classList.contains('medium-zoom--opened'))).toBe(true);

    // 60 px from where the zoom opened. A 60 ms timer set before the scroll fires before medium-zoom's
    // 150 ms one set on the scroll event: the zoom is still open then, and closes after.
    const openAt60ms = await page.evaluate(async () => {
      const check = new Promise<boolean>((resolve) => setTimeout(() => resolve(document.body.classList.contains('medium-zoom--opened')), 60));
      window.scrollBy(0, 30);
      return check;
    });
    expect(openAt60ms).toBe(true);
    await closed(page);
    await page.close();
  });

  it('shows the high-resolution image of data-zoom-src and srcset, and warns when it cannot be reached', async () => {
    const { page } = await openImages();
    await openZoom(page, '#hd');
    await page.locator('img.medium-zoom-image--opened[src$="/photo-large.png"]').waitFor();
    await page.keyboard.press('Escape');
    await closed(page);

    await openZoom(page, '#srcset');
    await expect.poll(() => page.locator('img.medium-zoom-image--opened').count()).toBe(2);
    await page.keyboard.press('Escape');
    await closed(page);

    const warnings: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'warning') warnings.push(msg.text());
    });
    const problemsBefore = browser.problems.length;
    try {
      await openZoom(page, '#hd-missing');
      await expect.poll(() => warnings).toEqual([`Unable to reach the zoom image target ${url('/missing-large.png')}`]);
      await page.keyboard.press('Escape');
      // No broken copy of the missing file is left behind (see removeStrayCopies in ImageZoom.tsx).
      await closed(page);
      await page.close();
      // The warning, and the browser's own 404 message for the missing file.
      expect(browser.problems.slice(problemsBefore).filter((p) => !p.includes('missing-large.png') && !p.includes('404 (Not Found)'))).toEqual([]);
    } finally {
      browser.problems.splice(problemsBefore);
    }
  });

  it('re-attaches after client-side navigation and releases the images of the previous page', async () => {
    const { page } = await openImages();
    await page.evaluate(() => ((window as ZoomWindow).__sameDocument = true));
    const oldImage = await page.locator('img[alt="A diagram"]').elementHandle();
    await page.locator('.dg-doc-content a', { hasText: 'other page' }).click();
    await page.waitForURL(url('/guide/other'));
    await page.locator('img[alt="Another diagram"].medium-zoom-image').waitFor({ state: 'attached' });
    expect(await attachedAlts(page)).toEqual(['Another diagram']);
    expect(await oldImage!.evaluate((img) => img.isConnected || img.classList.contains('medium-zoom-image'))).toBe(false);

    await openZoom(page, 'img[alt="Another diagram"]');
    expect(await page.locator('.medium-zoom-overlay').count()).toBe(1);
    await page.keyboard.press('Escape');
    await closed(page);

    // To a page without images and back: nothing attached there, the diagram again here.
    await page.locator('.dg-doc-content a', { hasText: 'page without images' }).click();
    await page.waitForURL(url('/guide/plain'));
    await page.waitForTimeout(1800);
    expect(await page.locator('.medium-zoom-image').count()).toBe(0);
    await page.goBack();
    await page.locator('img[alt="Another diagram"].medium-zoom-image').waitFor({ state: 'attached' });
    await openZoom(page, 'img[alt="Another diagram"]');
    await page.keyboard.press('Escape');
    await closed(page);

    expect(await page.evaluate(() => (window as ZoomWindow).__sameDocument)).toBe(true);
    // One medium-zoom instance (and one copy of its styles) for the whole visit.
    expect(await page.evaluate(() => [...document.querySelectorAll('style')].filter((s) => s.textContent?.includes('.medium-zoom-overlay')).length)).toBe(1);
    await page.close();
    expect(browser.problems).toEqual([]);
  });
});

describe('image zoom config (preview)', () => {
  let browser: Browser;
  const servers: StaticServer[] = [];

  beforeAll(async () => {
    browser = await launchBrowser({ colorScheme: 'dark' });
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all(servers.map((s) => s.close()));
  });

  /** Builds and serves the fixture with `mediumZoom` set to `setting` (JavaScript source). */
  async function serveWith(setting: string): Promise<(route: string) => string> {
    const root = copyFixture('widgets-zoom');
    fs.writeFileSync(path.join(root, 'docgen.config.ts'), `export default { title: 'Zoom fixture', icon: '/favicon.svg', themeConfig: { mediumZoom: ${setting} } };\n`);
    const server = await serveSite('preview', root);
    servers.push(server);
    return (route) => new URL(route.replace(/^\//, ''), server.url).href;
  }

  async function open(href: string): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(href, { waitUntil: 'load' });
    await hydrated(page);
    return page;
  }

  it('passes the options to medium-zoom: a background following dark mode and a margin', async () => {
    const url = await serveWith(`{ options: { background: 'var(--dg-c-bg)', margin: 48 } }`);
    const page = await open(url('/guide/images'));
    await page.locator('img[alt="A diagram"].medium-zoom-image').waitFor({ state: 'attached' });
    await openZoom(page, 'img[alt="A diagram"]');
    // --dg-c-bg of dark mode (#15171c).
    expect(await page.locator('.medium-zoom-overlay').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(21, 23, 28)');
    const box = (await page.locator('.medium-zoom-image--opened').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(48 - 0.5);
    expect(box.x + box.width).toBeLessThanOrEqual(1280 - 48 + 0.5);
    await page.keyboard.press('Escape');
    await closed(page);
    await page.close();
    expect(browser.problems).toEqual([]);
  });

  it('attaches nothing and loads nothing with mediumZoom: false', async () => {
    const url = await serveWith('false');
    const page = await browser.newPage();
    let loaded = false;
    page.on('response', async (response) => {
      if (response.url().endsWith('.js') && (await response.text().catch(() => '')).includes(MEDIUM_ZOOM_MARK)) loaded = true;
    });
    await page.goto(url('/guide/images'), { waitUntil: 'load' });
    await hydrated(page);
    await page.waitForTimeout(2000);
    expect(await page.locator('.medium-zoom-image').count()).toBe(0);
    expect(loaded).toBe(false);
    await page.close();
    expect(browser.problems).toEqual([]);
  });

  it("reports an invalid selector with medium-zoom's error in the console, and the page keeps working", async () => {
    const url = await serveWith(`{ selector: '.dg-doc-content img[' }`);
    const errors: string[] = [];
    const page = await browser.newPage();
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    await page.goto(url('/guide/images'), { waitUntil: 'load' });
    await hydrated(page);
    await expect.poll(() => errors.length).toBe(1);
    expect(errors[0]).toContain('docgen: themeConfig.mediumZoom.selector ".dg-doc-content img[":');
    expect(errors[0]).toContain('TypeError: The provided selector is invalid.\nExpects a CSS selector, a Node element, a NodeList or an array.');
    expect(await page.locator('.medium-zoom-image').count()).toBe(0);
    // Client-side navigation still works.
    await page.locator('.dg-doc-content a', { hasText: 'other page' }).click();
    await expect.poll(() => page.locator('.dg-doc-content h1').textContent()).toBe('Other page');
    await page.close();
    expect(browser.problems.filter((p) => !p.includes('The provided selector is invalid'))).toEqual([]);
    browser.problems.length = 0;
  });
});
