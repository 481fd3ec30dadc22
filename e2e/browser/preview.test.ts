/**
 * @docgen/plugin-preview in Chromium, on the `preview` fixture built into a temporary copy and served over
 * HTTP on 127.0.0.1: an inline demo is in the server's HTML and works once hydrated, without a console
 * error; the code toggles; an iframe demo renders in its frame with a 375 px viewport; a demo that throws
 * shows its error boundary with the page file and the line of its block, and the rest of the page works.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, startStaticServer, type StaticServer } from '@docgen/core';
import { launchBrowser, type Browser } from '../helpers/browser.js';
import { copyFixture, repoRoot } from '../helpers/site.js';

let site: string;
let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  site = copyFixture('preview');
  const scope = path.join(site, 'node_modules', '@docgen');
  fs.mkdirSync(scope, { recursive: true });
  for (const name of ['core', 'plugin-preview']) fs.symlinkSync(path.join(repoRoot, 'packages', name), path.join(scope, name), 'dir');
  fs.symlinkSync(path.join(site, 'ui'), path.join(site, 'node_modules', 'fixture-ui'), 'dir');
  const result = await build({ root: site, log: false, cache: false });
  server = await startStaticServer({ dir: result.outDir, base: result.config.base, host: '127.0.0.1', port: 0 });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (site) fs.rmSync(site, { recursive: true, force: true });
});

const url = (route: string) => new URL(route.slice(1), server.url).href;

/** Waits until React has hydrated the page. */
async function hydrated(page: import('playwright-core').Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')));
}

describe('preview demos in Chromium', () => {
  it('server-renders an inline demo, hydrates it without a console error, and it responds to clicks', async () => {
    const html = await (await fetch(url('/guide/inline'))).text();
    expect(html).toContain('<button type="button" class="fixture-counter">Clicks<!-- -->: <!-- -->0</button>');

    const before = browser.problems.length;
    const page = await browser.newPage();
    await page.goto(url('/guide/inline'), { waitUntil: 'load' });
    await hydrated(page);
    const counter = page.locator('.dg-preview .fixture-counter');
    await counter.click();
    await counter.click();
    await expect.poll(() => counter.textContent()).toBe('Clicks: 2');

    // The code hides and shows again; the button says which.
    const preview = page.locator('.dg-preview').first();
    const toggle = preview.locator('.dg-preview__bar button');
    await toggle.click();
    await expect.poll(() => preview.locator('.dg-preview__code').isHidden()).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.textContent()).toBe('Show code');
    await toggle.click();
    await expect.poll(() => preview.locator('.dg-preview__code').isVisible()).toBe(true);
    await page.close();
    expect(browser.problems.slice(before)).toEqual([]);
  });

  it('renders an iframe demo in its frame, 375 px wide, from its own page, with a link to that page', async () => {
    const before = browser.problems.length;
    const page = await browser.newPage();
    await page.goto(url('/guide/iframe'), { waitUntil: 'load' });
    await hydrated(page);
    const iframe = page.locator('iframe.dg-preview__iframe').first();
    await iframe.scrollIntoViewIfNeeded();
    const box = await iframe.boundingBox();
    expect(box?.width).toBe(375);
    const frame = page.frameLocator('iframe.dg-preview__iframe').first();
    // The demo prints its viewport's width once it runs in the browser.
    await expect.poll(() => frame.locator('.fixture-phone').textContent(), { timeout: 20_000 }).toBe('Width: 375');
    expect(await page.locator('a.dg-preview__button').first().getAttribute('href')).toBe('/_preview/guide/iframe/1');
    const second = page.frameLocator('iframe.dg-preview__iframe').nth(1);
    await page.locator('iframe.dg-preview__iframe').nth(1).scrollIntoViewIfNeeded();
    await expect.poll(() => second.locator('.fixture-wide').textContent(), { timeout: 20_000 }).toBe('Viewport width: 375');
    await page.close();
    expect(browser.problems.slice(before)).toEqual([]);
  });

  it('shows the error boundary of a demo that throws, with the page file and the line of its block; the page stays usable', async () => {
    const page = await browser.newPage();
    await page.goto(url('/guide/error'), { waitUntil: 'load' });
    await hydrated(page);
    const error = page.locator('.dg-preview__error');
    await expect.poll(() => error.isVisible()).toBe(true);
    expect(await error.getAttribute('role')).toBe('alert');
    expect(await error.locator('.dg-preview__error-source').textContent()).toBe('Demo source: en/guide/error.md:5');
    expect(await error.locator('.dg-preview__error-message').textContent()).toBe('Broken demo: no data');
    // The rest of the page is there, and its code toggles.
    expect(await page.locator('main p', { hasText: 'The page goes on after it.' }).count()).toBe(1);
    await page.locator('.dg-preview__bar button').click();
    await expect.poll(() => page.locator('.dg-preview__code').isHidden()).toBe(true);
    await page.close();
  });
});
