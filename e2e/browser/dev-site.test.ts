/**
 * The website in `docgen dev`, in Chromium. `e2e/dev-parity.test.ts` shows that dev serves the build's
 * markup for every page; this file shows that it runs as the build does in the browser: each page type
 * hydrates without a console error or warning (React's development build, which dev uses, reports
 * hydration mismatches), and the widgets that load their code on first use (image zoom, tooltips,
 * client-side highlighting, the copy button) load and work from dev's modules. The widgets' behaviour
 * in detail is tested on the build, in the `widgets-*` files.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticServer } from '@docgen/core';
import { launchBrowser, type Browser } from '../helpers/browser.js';
import { serveSite } from '../helpers/servers.js';

/** One page of each type: home and doc pages in both languages, MDX components, API docs, the changelog, the older version, 404. */
const PAGES = [
  '/',
  '/zh/',
  '/guide/start/introduction',
  '/zh/guide/start/getting-started',
  '/guide/default-theme/components',
  '/api/client-api/api-components',
  '/changelog/2026-11-23-search-and-widgets',
  '/1.x/',
  '/no/such/page',
];

/** Waits until React has hydrated the navbar (its props are attached). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const el = document.querySelector('.dg-navbar');
    return Boolean(el && Object.keys(el).some((k) => k.startsWith('__reactProps')));
  });
}

describe('the website in docgen dev', () => {
  let server: StaticServer;
  let browser: Browser;
  const url = (route: string) => new URL(route.replace(/^\//, ''), server.url).href;

  beforeAll(async () => {
    server = await serveSite('dev');
    browser = await launchBrowser();
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(server.url).origin });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(route: string): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(url(route), { waitUntil: 'load' });
    await hydrated(page);
    return page;
  }

  it('hydrates every page type without a console error or warning', async () => {
    for (const route of PAGES) {
      const page = await open(route);
      expect(await page.locator('h1').count(), route).toBeGreaterThan(0);
      await page.close();
    }
    // The unknown route's document itself answers 404, which Chromium reports on the console.
    expect(browser.problems.splice(0).filter((problem) => !(problem.includes('/no/such/page') && problem.includes('404 (Not Found)')))).toEqual([]);
  });

  it('loads the image zoom, a tooltip, client-side highlighting and the copy button on first use', async () => {
    const images = await open('/guide/default-theme/home-page');
    const image = images.locator('.dg-doc img.medium-zoom-image').first();
    await image.waitFor({ state: 'attached' });
    // Escape closes the zoom once it has opened (medium-zoom's `medium-zoom:opened` event).
    const opened = image.evaluate((img) => new Promise<void>((resolve) => img.addEventListener('medium-zoom:opened', () => resolve(), { once: true })));
    await image.click();
    await opened;
    await images.locator('.medium-zoom-overlay').waitFor();
    await images.keyboard.press('Escape');
    await images.locator('.medium-zoom-overlay').waitFor({ state: 'detached' });

    const toggle = images.locator('.dg-navbar .dg-appearance-toggle');
    await toggle.hover();
    await expect.poll(() => images.locator('.dg-tooltip:not([hidden])').textContent()).toBe(await toggle.getAttribute('aria-label'));
    await images.close();

    const components = await open('/guide/default-theme/components');
    const block = components.locator('.dg-code-highlight', { hasText: 'Greeting.tsx' });
    await block.scrollIntoViewIfNeeded();
    await expect.poll(() => block.getAttribute('data-state')).toBe('highlighted');
    expect(await block.locator('pre').getAttribute('class')).toBe('shiki shiki-themes github-light-default github-dark-default');
    await components.close();

    const start = await open('/guide/start/getting-started');
    const code = start.locator('.dg-code').first();
    await code.hover();
    await code.locator('.dg-code-copy').click();
    const copied = await start.evaluate(() => navigator.clipboard.readText());
    expect(copied.trim()).toBe((await code.locator('pre code').innerText()).trim());
    await start.close();
    expect(browser.problems).toEqual([]);
  });
});
