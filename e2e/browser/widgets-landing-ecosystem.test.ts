/**
 * The landing section and the ecosystem menu of the website, in Chromium, on the production build
 * (`docgen preview`): six tool cards per language in the server HTML, after the feature
 * cards; the menu's hover delays (opens 0.1 s after the pointer enters, closes 0.1 s after it leaves, stays
 * open on the way into the popover), click, Enter, Space, Escape with focus back on the icon, a click
 * outside, English and Chinese data (descEn/titleEn/urlEn vs desc/title/url), links into a new tab with
 * `rel="noopener noreferrer"` and no opener, axe with the popover open, the 375 px layout (taps on a touch
 * screen: widgets-tooltip.test.ts) and the navbar just above the 768 px breakpoint. Expected texts come
 * from the website's own data (docs/ecosystem.ts), so the test and the site share one source.
 * `docgen dev` serves the same markup (`e2e/dev-parity.test.ts`); the widgets load from its modules
 * (`dev-site.test.ts`).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticServer } from '@docgen/core';
import type { Page } from 'playwright-core';
import { ecosystem, landing } from '../../docs/ecosystem.js';
import { launchBrowser, pauseClock, pointAt, reactTurns, type Browser } from '../helpers/browser.js';
import { serveSite } from '../helpers/servers.js';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const POPOVER = '.dg-ecosystem-popover';
const BUTTON = '.dg-ecosystem-button';

/** Waits until React has hydrated the ecosystem button (its props are attached to the element). */
async function hydrated(page: Page) {
  await page.waitForFunction((selector) => {
    const button = document.querySelector(selector);
    return Boolean(button && Object.keys(button).some((k) => k.startsWith('__reactProps')));
  }, BUTTON);
}


describe('landing section and ecosystem menu', () => {
  let server: StaticServer;
  let browser: Browser;
  let url: (route: string) => string;

  beforeAll(async () => {
    server = await serveSite('preview');
    url = (route) => new URL(route.replace(/^\//, ''), server.url).href;
    browser = await launchBrowser();
    // The menu and the cards link to placeholder pages on example.com: answer them here, so no request
    // leaves the machine and a new tab has a page to load.
    await browser.context.route(/^https:\/\/example\.com\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>placeholder</title>' }),
    );
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

  it.each([
    ['/', landing.en],
    ['/zh/', landing.zh],
  ])('renders the landing section of %s in the server HTML, after the feature cards', async (route, data) => {
    const html = await (await fetch(url(route))).text();
    expect(html.match(/class="dg-landing-card"/g)).toHaveLength(6);
    expect(html.indexOf('class="dg-landing"')).toBeGreaterThan(html.indexOf('class="dg-features"'));
    expect(html).toContain(`>${data.title}</h2><p class="dg-landing-tagline">${data.tagline}</p>`);

    const page = await open(route);
    const cards = await page.locator('.dg-landing-card').evaluateAll((els) =>
      els.map((el) => {
        const a = el.querySelector('a')!;
        return {
          name: el.querySelector('h3')!.textContent,
          desc: el.querySelector('.dg-landing-desc')!.textContent,
          logo: el.querySelector('img')!.getAttribute('src'),
          url: a.getAttribute('href'),
          urlText: a.firstChild!.textContent,
          target: a.target,
          rel: a.rel,
        };
      }),
    );
    expect(cards).toEqual(data.tools.map((t) => ({ ...t, target: '_blank', rel: 'noopener noreferrer' })));
    // Every logo is a local file that loaded.
    expect(await page.locator('.dg-landing-logo').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src.startsWith(location.origin)))).toEqual(Array(6).fill(true));
    await page.locator('.dg-landing').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.dg-landing-logo').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0))).toBe(true);
    await page.close();
  });

  it('opens the popover 0.1 s after the pointer enters and closes it 0.1 s after it leaves', async () => {
    const page = await open('/', 1280, { isolated: true });
    const button = page.locator(BUTTON);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    // In the page's own time, which moves only when the test moves it (`pauseClock`): closed 99 ms after
    // the pointer entered, open at 100 ms; open 99 ms after it left, closed at 100 ms.
    await pauseClock(page);
    await pointAt(page, BUTTON);
    await page.clock.runFor(99);
    await reactTurns(page);
    expect(await page.locator(POPOVER).count()).toBe(0);
    await page.clock.runFor(1);
    await page.locator(POPOVER).waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await button.getAttribute('aria-controls')).toBe(await page.locator(POPOVER).getAttribute('id'));

    await page.mouse.move(300, 500);
    await page.clock.runFor(99);
    await reactTurns(page);
    expect(await page.locator(POPOVER).count()).toBe(1);
    await page.clock.runFor(1);
    await page.locator(POPOVER).waitFor({ state: 'detached' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await page.close();
  });

  it('stays open while the pointer moves from the icon into the popover, and a click there keeps it open', async () => {
    const page = await open('/');
    const button = page.locator(BUTTON);
    await button.hover();
    await page.locator(POPOVER).waitFor();
    // A click right after the hover opened it does not toggle it shut.
    await button.click();
    expect(await page.locator(POPOVER).count()).toBe(1);
    const target = (await page.locator('.dg-ecosystem-link').nth(2).boundingBox())!;
    await page.mouse.move(target.x + 20, target.y + 10, { steps: 12 });
    await page.waitForTimeout(400);
    expect(await page.locator(POPOVER).count()).toBe(1);
    // A click outside closes it.
    await page.mouse.click(20, 300);
    await page.locator(POPOVER).waitFor({ state: 'detached' });
    await page.close();
  });

  it('opens with Enter and Space, walks in DOM order with Tab, and closes with Escape, focus back on the icon', async () => {
    const page = await open('/guide/start/introduction');
    const button = page.locator(BUTTON);
    await button.focus();
    await page.keyboard.press('Enter');
    await page.locator(POPOVER).waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    // Focus stays on the button (a disclosure); Tab goes into the popover, link by link.
    expect(await page.evaluate(() => document.activeElement?.classList.contains('dg-ecosystem-button'))).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.querySelector('.dg-ecosystem-name')?.textContent)).toBe(ecosystem[0].links[1].name);
    await page.keyboard.press('Escape');
    await page.locator(POPOVER).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('dg-ecosystem-button'))).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    // Space toggles it too.
    await page.keyboard.press('Space');
    await page.locator(POPOVER).waitFor();
    await page.keyboard.press('Space');
    await page.locator(POPOVER).waitFor({ state: 'detached' });
    // Tabbing out of the last link closes it.
    await page.keyboard.press('Enter');
    await page.locator(POPOVER).waitFor();
    for (let i = 0; i < 7; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.dg-ecosystem-popover') !== null)).toBe(true);
    await page.keyboard.press('Tab');
    await page.locator(POPOVER).waitFor({ state: 'detached' });
    await page.close();
  });

  it.each([
    ['/', 'en'],
    ['/guide/start/introduction', 'en'],
    ['/zh/', 'zh'],
    ['/zh/api/', 'zh'],
  ] as const)('shows the %s data in its language (%s)', async (route, language) => {
    const page = await open(route);
    await page.locator(BUTTON).click();
    await page.locator(POPOVER).waitFor();
    const shown = await page.locator('.dg-ecosystem-group').evaluateAll((groups) =>
      groups.map((g) => ({
        title: g.querySelector('h2')!.textContent,
        links: [...g.querySelectorAll('a')].map((a) => ({
          name: a.querySelector('.dg-ecosystem-name')!.textContent,
          desc: a.querySelector('.dg-ecosystem-desc')!.textContent,
          url: a.getAttribute('href'),
          target: a.target,
          rel: a.rel,
        })),
      })),
    );
    const en = language === 'en';
    expect(shown).toEqual(
      ecosystem.map((g) => ({
        title: en ? g.titleEn : g.title,
        links: g.links.map((l) => ({
          name: l.name,
          desc: en ? l.descEn : l.desc,
          url: (en && l.urlEn) || l.url,
          target: '_blank',
          rel: 'noopener noreferrer',
        })),
      })),
    );
    expect(shown.flatMap((g) => g.links)).toHaveLength(7);
    // The button's name follows the page's language.
    expect(await page.locator(BUTTON).getAttribute('aria-label')).toBe(en ? 'Ecosystem' : '生态系统');
    await page.close();
  });

  it('opens a menu link and a card link in a new tab without access to this page', async () => {
    const page = await open('/');
    await page.locator(BUTTON).click();
    const [menuTab] = await Promise.all([browser.context.waitForEvent('page'), page.locator('.dg-ecosystem-link').first().click()]);
    await menuTab.waitForLoadState();
    expect(menuTab.url()).toBe(ecosystem[0].links[0].urlEn);
    expect(await menuTab.evaluate(() => window.opener)).toBeNull();
    await menuTab.close();
    // Following a link closes the menu.
    expect(await page.locator(POPOVER).count()).toBe(0);

    const [cardTab] = await Promise.all([browser.context.waitForEvent('page'), page.locator('.dg-landing-card').nth(1).click()]);
    await cardTab.waitForLoadState();
    expect(cardTab.url()).toBe(landing.en.tools[1].url);
    expect(await cardTab.evaluate(() => window.opener)).toBeNull();
    await cardTab.close();
    expect(page.url()).toBe(url('/'));
    await page.close();
  });

  it('keeps the icon in the navbar at 375 px: a click opens the popover across the screen, a click outside closes it', async () => {
    const page = await open('/', 375);
    const button = page.locator(BUTTON);
    expect(await button.isVisible()).toBe(true);
    await button.click();
    const popover = page.locator(POPOVER);
    await popover.waitFor();
    const box = (await popover.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(8);
    expect(box.x + box.width).toBeLessThanOrEqual(375 - 8);
    // It fits between the navbar and the bottom of the screen, and scrolls inside.
    expect(box.y + box.height).toBeLessThanOrEqual(800);
    expect(await popover.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    // Title min width (177 px).
    expect(await page.locator('.dg-ecosystem-title').first().evaluate((el) => getComputedStyle(el).minWidth)).toBe('177px');
    await page.mouse.click(3, 400);
    await popover.waitFor({ state: 'detached' });
    await page.close();
  });

  it.each(['/guide/start/introduction', '/zh/'])('fits the icon in the navbar just above the mobile breakpoint (769 px) on %s', async (route) => {
    const page = await open(route, 769);
    const box = (await page.locator(BUTTON).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(769 - 8);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(769);
    await page.close();
  });

  it('loads the lazy card logos as the cards scroll into view at 375 px', async () => {
    const page = await open('/', 375);
    for (const card of await page.locator('.dg-landing-card').all()) await card.scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.dg-landing-logo').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth > 0))).toEqual(Array(6).fill(true));
    // One card per row.
    const xs = await page.locator('.dg-landing-card').evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().x));
    expect(new Set(xs).size).toBe(1);
    await page.close();
  });

  it.each(['/', '/zh/'])('has no serious or critical axe violation on %s with the popover and a tooltip open', async (route) => {
    const page = await open(route);
    await page.locator(BUTTON).hover();
    await page.locator(POPOVER).waitFor();
    expect(await page.locator('.dg-tooltip:not([hidden])').count()).toBe(1);
    await page.addScriptTag({ content: axeSource });
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
      const result = await axe.run(document, { resultTypes: ['violations'] });
      return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
    expect(violations).toEqual([]);
    await page.close();
  });

  it('closes after a client-side navigation and logs no console problem', async () => {
    const page = await open('/');
    await page.locator(BUTTON).click();
    await page.locator(POPOVER).waitFor();
    await page.locator('.dg-hero-actions a').first().click();
    await page.waitForURL(/\/guide\/start\/introduction$/);
    expect(await page.locator(POPOVER).count()).toBe(0);
    await page.close();
    expect(browser.problems).toEqual([]);
  });
});
