/**
 * Built-in components on the website's components page, in Chromium: package-manager tabs stay in sync
 * across the page, remember the choice across reloads, and work from the keyboard.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticServer } from '@docgen/core';
import { launchBrowser, type Browser } from '../helpers/browser.js';
import { serveSite } from '../helpers/servers.js';

let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  server = await serveSite('preview');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('built-in components', () => {
  it('syncs package-manager tabs on the page, remembers the choice and supports arrow keys', async () => {
    const page = await browser.newPage();
    await page.goto(new URL('guide/default-theme/components', server.url).href, { waitUntil: 'networkidle' });
    const groups = page.locator('.dg-tabs', { has: page.locator('[role="tab"]', { hasText: 'pnpm' }) });
    expect(await groups.count()).toBeGreaterThan(0);
    const first = groups.first();
    await first.locator('[role="tab"]', { hasText: 'pnpm' }).click();
    const panel = first.locator('[role="tabpanel"]:visible');
    expect(await panel.textContent()).toMatch(/^pnpm /);
    expect(await page.evaluate(() => localStorage.getItem('dg-tabs-package-manager'))).toBe('pnpm');
    // Every group of the same id shows pnpm.
    for (const g of await groups.all()) expect(await g.locator('[role="tab"][aria-selected="true"]').textContent()).toBe('pnpm');

    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => groups.first().locator('[role="tab"][aria-selected="true"]').textContent()).toBe('pnpm');

    await groups.first().locator('[role="tab"][aria-selected="true"]').focus();
    await page.keyboard.press('ArrowRight');
    const next = await groups.first().locator('[role="tab"][aria-selected="true"]').textContent();
    expect(next).not.toBe('pnpm');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(next);
    await page.close();
    expect(browser.problems).toEqual([]);
  });
});
