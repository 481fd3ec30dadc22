/**
 * The navigation progress bar (nprogress) in Chromium, on the `widgets-banner` fixture served by
 * `docgen preview`: with the next page's chunk held back, `#nprogress` appears
 * after the 150 ms threshold in the brand colour, without spinner, and is removed once the page is on
 * screen; a fast navigation shows no bar at all; nprogress is not loaded before the first navigation.
 * `docgen dev` serves the same markup (`e2e/dev-parity.test.ts`); the widgets load from its modules
 * (`dev-site.test.ts`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticServer } from '@docgen/core';
import type { Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../helpers/browser.js';
import { serveSite } from '../helpers/servers.js';
import { copyFixture } from '../helpers/site.js';

/** A string only nprogress's code contains. */
const NPROGRESS_MARK = 'nprogress-custom-parent';

/**
 * Times (performance.now) of clicks, of navigations starting (a click or a history step) and ending (the
 * document title changing), and of `#nprogress` being added and removed.
 */
interface Timeline {
  clicks: number[];
  starts: number[];
  ends: number[];
  added: number[];
  removed: number[];
}

async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const el = document.querySelector('.dg-navbar');
    return Boolean(el && Object.keys(el).some((k) => k.startsWith('__reactProps')));
  });
}

/** Starts recording the timeline in the page. */
function recordTimeline(page: Page) {
  return page.evaluate(() => {
    const timeline = { clicks: [] as number[], starts: [] as number[], ends: [] as number[], added: [] as number[], removed: [] as number[] };
    (window as unknown as { __timeline: Timeline }).__timeline = timeline;
    document.addEventListener('click', () => { timeline.clicks.push(performance.now()); timeline.starts.push(performance.now()); }, true);
    window.addEventListener('popstate', () => timeline.starts.push(performance.now()));
    new MutationObserver(() => timeline.ends.push(performance.now())).observe(document.querySelector('title')!, { childList: true, characterData: true, subtree: true });
    let present = false;
    new MutationObserver(() => {
      const now = Boolean(document.getElementById('nprogress'));
      if (now !== present) (now ? timeline.added : timeline.removed).push(performance.now());
      present = now;
    }).observe(document.body, { childList: true });
  });
}

const timeline = (page: Page) => page.evaluate(() => (window as unknown as { __timeline: Timeline }).__timeline);

describe('navigation progress bar', () => {
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

  async function open(route: string): Promise<{ page: Page; nprogressLoaded: () => boolean }> {
    const page = await browser.newPage();
    let loaded = false;
    page.on('response', async (response) => {
      if (response.url().endsWith('.js') && (await response.text().catch(() => '')).includes(NPROGRESS_MARK)) loaded = true;
    });
    await page.goto(url(route), { waitUntil: 'load' });
    await hydrated(page);
    await recordTimeline(page);
    return { page, nprogressLoaded: () => loaded };
  }

  it('shows the bar in the brand colour while a slow page chunk loads, and removes it when the page is on screen', async () => {
    const { page, nprogressLoaded } = await open('/guide/intro');
    await page.waitForTimeout(300);
    expect(nprogressLoaded()).toBe(false);
    // Every page chunk (hover preloading included) is held until the bar has been checked: the navigation
    // is still loading then whatever the machine's speed, so no upper bound on the bar's delay is needed.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/p-[^/]*\.js(\?.*)?$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.locator('.dg-doc-content a', { hasText: 'next page' }).click();
    await page.locator('#nprogress .bar').waitFor();
    const bar = await page.locator('#nprogress .bar').evaluate((el) => {
      const style = getComputedStyle(el);
      return { background: style.backgroundColor, position: style.position, top: style.top, height: style.height };
    });
    expect(bar).toEqual({ background: 'rgb(37, 99, 235)', position: 'fixed', top: '0px', height: '2px' });
    expect(await page.locator('#nprogress .spinner').count()).toBe(0);
    expect(await page.locator('.dg-doc-content h1').textContent()).toBe('Intro'); // still loading
    release();

    await expect.poll(() => page.locator('.dg-doc-content h1').textContent()).toBe('Next');
    await page.locator('#nprogress').waitFor({ state: 'detached' });
    const t = await timeline(page);
    expect(t.added).toHaveLength(1);
    expect(t.removed).toHaveLength(1);
    const shownAfter = t.added[0] - t.clicks.at(-1)!;
    // Not before the threshold (a timer never fires early); while loading, as the held chunk makes sure.
    expect(shownAfter).toBeGreaterThanOrEqual(150);
    expect(nprogressLoaded()).toBe(true);
    await page.close();
    expect(browser.problems).toEqual([]);
  });

  it('shows no bar on fast navigations', async () => {
    const { page } = await open('/guide/intro');
    await page.locator('.dg-doc-content a', { hasText: 'next page' }).click();
    await expect.poll(() => page.locator('.dg-doc-content h1').textContent()).toBe('Next');
    // Into the other locale: its route table and the page chunk are fetched now.
    await page.locator('.dg-doc-content a', { hasText: 'in Chinese' }).click();
    await expect.poll(() => page.locator('.dg-doc-content h1').textContent()).toBe('介绍');
    await page.goBack();
    await expect.poll(() => page.locator('.dg-doc-content h1').textContent()).toBe('Next');
    await page.waitForTimeout(600);
    const t = await timeline(page);
    expect(t.clicks).toHaveLength(2);
    expect(t.starts).toHaveLength(3);
    // Navigations that ended within the threshold never show the bar. How fast they are depends on the
    // machine, so a bar is allowed only where a navigation was still loading 150 ms after it started.
    const navigations = t.starts.map((start) => ({ start, end: t.ends.find((e) => e >= start) ?? Infinity }));
    for (const added of t.added) {
      const nav = navigations.filter((n) => n.start <= added).at(-1)!;
      expect(added - nav.start, 'a bar shows only after the threshold').toBeGreaterThanOrEqual(149);
      expect(nav.end, 'and only while its navigation still loads').toBeGreaterThanOrEqual(added - 1);
    }
    for (const nav of navigations.filter((n) => n.end - n.start < 150)) {
      expect(t.added.filter((a) => a >= nav.start && a <= nav.end), 'no bar on a navigation done within 150 ms').toEqual([]);
    }
    expect(await page.locator('#nprogress').count()).toBe(0);
    await page.close();
    expect(browser.problems).toEqual([]);
  });
});
