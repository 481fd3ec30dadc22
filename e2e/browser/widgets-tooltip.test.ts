/**
 * Tooltips of the default theme's icon buttons, in Chromium, on the production build:
 * the appearance toggle (visual only: same text as its name), the ecosystem icon and the edit link (a
 * `role="tooltip"` description). Enter delay 0 and leave delay 0.1 s, keyboard focus shows them
 * and Escape hides them, a mouse click's focus does not, a touch tap never opens one, max width 250 px,
 * the 4 px arrow offset, and the flip from the right to the left or below near the viewport's edge.
 * `docgen dev` serves the same markup (`e2e/dev-parity.test.ts`); the widgets load from its modules
 * (`dev-site.test.ts`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticServer } from '@docgen/core';
import type { Locator, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { CHROMIUM, launchBrowser, pauseClock, pointAt, reactTurns, type Browser } from '../helpers/browser.js';
import { serveSite } from '../helpers/servers.js';

/** Waits until React has hydrated the navbar (the appearance toggle's props are attached). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const button = document.querySelector('.dg-navbar .dg-appearance-toggle');
    return Boolean(button && Object.keys(button).some((k) => k.startsWith('__reactProps')));
  });
}

/** The tooltip of `trigger`: by `aria-describedby`, or (visual-only tooltips) the one showing. */
function tooltipOf(page: Page, trigger: Locator): Promise<{ id: string; text: string; hidden: boolean; role: string | null; ariaHidden: string | null } | null> {
  return trigger.evaluate((el) => {
    const id = el.getAttribute('aria-describedby');
    const tip = id ? document.getElementById(id) : [...document.querySelectorAll<HTMLElement>('.dg-tooltip')].find((t) => !t.hidden);
    return tip ? { id: tip.id, text: tip.textContent ?? '', hidden: tip.hidden, role: tip.getAttribute('role'), ariaHidden: tip.getAttribute('aria-hidden') } : null;
  });
}

const visibleTooltips = (page: Page) => page.locator('.dg-tooltip:not([hidden])');

describe('tooltips', () => {
  let server: StaticServer;
  let browser: Browser;
  let url: (route: string) => string;

  beforeAll(async () => {
    server = await serveSite('preview');
    url = (route) => new URL(route.replace(/^\//, ''), server.url).href;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(route: string, width = 1280, { isolated = false } = {}): Promise<Page> {
    const page = isolated ? await browser.newIsolatedPage() : await browser.newPage();
    await page.setViewportSize({ width, height: 800 });
    await page.goto(url(route), { waitUntil: 'load' });
    await hydrated(page);
    return page;
  }

  it('has none in the server HTML: the bubbles are added after hydration', async () => {
    const html = await (await fetch(url('/guide/basic/use-mdx'))).text();
    expect(html).not.toContain('dg-tooltip');
    expect(html).not.toContain(' title="Appearance');
  });

  it('shows the appearance toggle tooltip at once on hover and hides it 0.1 s after the pointer leaves', async () => {
    const page = await open('/', 1280, { isolated: true });
    // The page's time stands still and moves only when the test moves it (`pauseClock`): the tooltip must
    // show with no timer having run, and hide once 100 ms, not 99, have passed after the pointer left.
    await pauseClock(page);
    await pointAt(page, '.dg-navbar .dg-appearance-toggle');
    await visibleTooltips(page).waitFor();
    await page.mouse.move(600, 600);
    await page.clock.runFor(99);
    await reactTurns(page);
    expect(await visibleTooltips(page).count()).toBe(1);
    await page.clock.runFor(1);
    await visibleTooltips(page).waitFor({ state: 'detached' });
    await page.close();
  });

  it('is visual only on the appearance toggle (its text is the accessible name) and follows the choice', async () => {
    const page = await open('/');
    const toggle = page.locator('.dg-navbar .dg-appearance-toggle');
    expect(await toggle.getAttribute('title')).toBeNull();
    expect(await toggle.getAttribute('aria-describedby')).toBeNull();
    await toggle.hover();
    const tip = (await tooltipOf(page, toggle))!;
    expect(tip).toMatchObject({ text: 'Appearance: System', hidden: false, role: null, ariaHidden: 'true' });
    expect(await toggle.getAttribute('aria-label')).toBe(tip.text);
    await toggle.click();
    // Headless Chromium's system look is light: the click shows dark.
    await expect.poll(async () => (await tooltipOf(page, toggle))?.text).toBe('Appearance: Dark');
    // Below the button (its placement in the navbar), centred on it, 4 px + the 5 px arrow away.
    const box = (await toggle.boundingBox())!;
    const bubble = (await visibleTooltips(page).boundingBox())!;
    expect(await visibleTooltips(page).getAttribute('data-placement')).toBe('bottom');
    expect(Math.round(bubble.y - (box.y + box.height))).toBe(9);
    expect(Math.abs(bubble.x + bubble.width / 2 - (box.x + box.width / 2))).toBeLessThanOrEqual(1);
    await page.close();
  });

  it('describes the edit link with its source file (role tooltip, aria-describedby), right of it, at most 250 px wide', async () => {
    const page = await open('/guide/basic/use-mdx');
    const link = page.locator('.dg-edit-link');
    await link.scrollIntoViewIfNeeded();
    const describedBy = await link.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    expect(await tooltipOf(page, link)).toMatchObject({ id: describedBy, text: 'Source file: en/guide/basic/use-mdx.mdx', hidden: true, role: 'tooltip', ariaHidden: null });
    await link.hover();
    const tip = page.locator(`[id="${describedBy}"]`);
    await tip.waitFor();
    expect(await tip.getAttribute('data-placement')).toBe('right');
    const box = (await link.boundingBox())!;
    const bubble = (await tip.boundingBox())!;
    // Arrow offset 4 px: the arrow's tip is 4 px from the link, the 5 px arrow between it and the box.
    expect(Math.round(bubble.x - (box.x + box.width))).toBe(9);
    expect(bubble.width).toBeLessThanOrEqual(250);
    expect(await tip.evaluate((el) => getComputedStyle(el).maxWidth)).toBe('250px');
    // The arrow points at the link's middle.
    const arrowTop = await tip.evaluate((el) => el.getBoundingClientRect().top + parseFloat(getComputedStyle(el).getPropertyValue('--dg-tooltip-arrow')));
    expect(Math.abs(arrowTop - (box.y + box.height / 2))).toBeLessThanOrEqual(1);
    // Moving onto the bubble keeps it (WCAG 1.4.13, hoverable).
    await page.mouse.move(bubble.x + bubble.width / 2, bubble.y + bubble.height / 2, { steps: 4 });
    await page.waitForTimeout(300);
    expect(await tip.isVisible()).toBe(true);
    await page.close();
  });

  it('flips near the right edge: left of the ecosystem icon, below the edit link at 375 px', async () => {
    const page = await open('/guide/basic/use-mdx');
    const icon = page.locator('.dg-ecosystem-button');
    await icon.hover();
    const iconTip = visibleTooltips(page);
    await iconTip.waitFor();
    expect(await iconTip.textContent()).toBe('Ecosystem');
    // Default placement right does not fit at the end of the navbar.
    expect(await iconTip.getAttribute('data-placement')).toBe('left');
    const iconBox = (await icon.boundingBox())!;
    const iconBubble = (await iconTip.boundingBox())!;
    expect(Math.round(iconBox.x - (iconBubble.x + iconBubble.width))).toBe(9);
    await page.close();

    const narrow = await open('/guide/basic/use-mdx', 375);
    const link = narrow.locator('.dg-edit-link');
    await link.scrollIntoViewIfNeeded();
    await link.hover();
    const tip = visibleTooltips(narrow);
    await tip.waitFor();
    expect(await tip.getAttribute('data-placement')).toBe('bottom');
    const bubble = (await tip.boundingBox())!;
    expect(bubble.x).toBeGreaterThanOrEqual(8);
    expect(bubble.x + bubble.width).toBeLessThanOrEqual(375 - 8);
    await narrow.close();
  });

  it('shows on keyboard focus, hides with Escape while focus stays, and not on the focus of a mouse click', async () => {
    const page = await open('/guide/basic/use-mdx');
    const link = page.locator('.dg-edit-link');
    await link.scrollIntoViewIfNeeded();
    // Focus arriving by the keyboard (:focus-visible): from the link, back one and forward again.
    await link.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await visibleTooltips(page).waitFor();
    expect(await visibleTooltips(page).textContent()).toBe('Source file: en/guide/basic/use-mdx.mdx');
    await page.keyboard.press('Escape');
    await visibleTooltips(page).waitFor({ state: 'detached' });
    expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);
    // Blur hides it at once; focus by Tab shows it again.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await visibleTooltips(page).waitFor();
    await page.keyboard.press('Tab');
    await visibleTooltips(page).waitFor({ state: 'detached' });

    // A mouse click focuses the appearance toggle without :focus-visible: once the pointer is gone, no tooltip.
    const toggle = page.locator('.dg-navbar .dg-appearance-toggle');
    await toggle.click();
    await page.mouse.move(600, 600);
    await page.waitForTimeout(250);
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await visibleTooltips(page).count()).toBe(0);
    await page.close();
  });

  it('never opens on a touch tap', async () => {
    // A touch screen: a context with touch events, where a tap sends pointerType "touch" and focuses.
    const touchBrowser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    try {
      const context = await touchBrowser.newContext({ hasTouch: true, viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(url('/guide/basic/use-mdx'), { waitUntil: 'load' });
      await hydrated(page);
      const toggle = page.locator('.dg-navbar .dg-appearance-toggle');
      await toggle.tap();
      // The tap worked (system, light here → dark) …
      await expect.poll(() => toggle.getAttribute('data-appearance')).toBe('dark');
      expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
      // … and left no tooltip behind; neither does a tap on the ecosystem icon.
      await page.waitForTimeout(250);
      expect(await visibleTooltips(page).count()).toBe(0);
      await page.locator('.dg-ecosystem-button').tap();
      await page.locator('.dg-ecosystem-popover').waitFor();
      await page.waitForTimeout(250);
      expect(await visibleTooltips(page).count()).toBe(0);
      // A tap outside closes the ecosystem popover.
      await page.touchscreen.tap(20, 400);
      await page.locator('.dg-ecosystem-popover').waitFor({ state: 'detached' });
    } finally {
      await touchBrowser.close();
    }
    expect(browser.problems).toEqual([]);
  });
});
