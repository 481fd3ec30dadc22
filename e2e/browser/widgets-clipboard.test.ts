/**
 * The copy button of code blocks, in Chromium, on the widgets fixture served by `docgen preview` (the
 * production build), in English and Chinese: it copies the code (without the lines a
 * diff removed), says "Copied" for about 2 s, has a tooltip instead of a native title, and where the page
 * cannot copy (no Clipboard API, `execCommand('copy')` failing) copy-to-clipboard's prompt appears with
 * the translated message and the copy keys.
 * `docgen dev` serves the same markup (`e2e/dev-parity.test.ts`); the widgets load from its modules
 * (`dev-site.test.ts`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticServer } from '@docgen/core';
import type { Dialog, Page } from 'playwright-core';
import { launchBrowser, pauseClock, reactTurns, type Browser } from '../helpers/browser.js';
import { serveSite } from '../helpers/servers.js';
import { copyFixture } from '../helpers/site.js';

const STRINGS = {
  en: { route: '/guide/code', copy: 'Copy code', copied: 'Copied', prompt: (key: string) => `Copy to clipboard: ${key}, Enter`, hello: 'Hello, ${name}!' },
  zh: { route: '/zh/guide/code', copy: '复制代码', copied: '已复制', prompt: (key: string) => `复制到剪贴板：${key}，回车`, hello: '你好，${name}！' },
};

/** Waits until React has hydrated the copy buttons (their props are attached to the element). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const button = document.querySelector('.dg-code-copy');
    return Boolean(button && Object.keys(button).some((k) => k.startsWith('__reactProps')));
  });
}

describe('code block copy button', () => {
  let server: StaticServer;
  let browser: Browser;
  let url: (route: string) => string;

  beforeAll(async () => {
    const root = copyFixture('widgets-highlight');
    server = await serveSite('preview', root);
    url = (route) => new URL(route.replace(/^\//, ''), server.url).href;
    browser = await launchBrowser();
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(server.url).origin });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(route: string, init?: () => void, { isolated = false } = {}): Promise<Page> {
    const page = isolated ? await browser.newIsolatedPage((context) => context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(url('/')).origin })) : await browser.newPage();
    if (init) await page.addInitScript(init);
    await page.goto(url(route), { waitUntil: 'load' });
    await hydrated(page);
    return page;
  }

  it.each(['en', 'zh'] as const)('copies the code, says so for about 2 s, with a tooltip and no title (%s)', async (lang) => {
    const s = STRINGS[lang];
    const page = await open(s.route, undefined, { isolated: true });
    const block = page.locator('.dg-code').first();
    const button = block.locator('.dg-code-copy');
    expect(await button.getAttribute('aria-label')).toBe(s.copy);
    expect(await button.getAttribute('title')).toBeNull();

    // The tooltip: shown on hover, with the button's label; visual only, as the label already says it.
    await block.hover();
    await button.hover();
    const tooltip = page.locator('.dg-tooltip:visible');
    await expect.poll(() => tooltip.textContent()).toBe(s.copy);
    expect(await tooltip.getAttribute('aria-hidden')).toBe('true');

    // In the page's own time (`pauseClock`): "Copied" until COPIED_RESET_DELAY (2 s) has passed, not 1 ms less.
    await pauseClock(page);
    await button.click();
    await expect.poll(() => button.getAttribute('aria-label')).toBe(s.copied);
    expect(await button.locator('.dg-code-copy-text').textContent()).toBe(s.copied);
    expect(await button.getAttribute('class')).toContain('dg-code-copy--copied');
    await expect.poll(() => tooltip.textContent()).toBe(s.copied);
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    expect(clipboard).toBe(`export function greet(name: string): string {\n  return \`${s.hello}\`;\n}`);
    await page.clock.runFor(1999);
    await reactTurns(page);
    expect(await button.getAttribute('aria-label')).toBe(s.copied);
    await page.clock.runFor(1);
    await expect.poll(() => button.getAttribute('aria-label')).toBe(s.copy);
    expect(await button.locator('.dg-code-copy-text').textContent()).toBe('');
    await page.close();
  });

  it.each(['en', 'zh'] as const)('leaves the lines a diff removed out of the copy (%s)', async (lang) => {
    const page = await open(STRINGS[lang].route);
    const block = page.locator('.dg-code', { has: page.locator('.line.diff.remove') });
    await block.hover();
    await block.locator('.dg-code-copy').click();
    await expect.poll(() => block.locator('.dg-code-copy').getAttribute('aria-label')).toBe(STRINGS[lang].copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('const port = 8080;\nstart(port);');
    await page.close();
  });

  it.each(['en', 'zh'] as const)('falls back to a prompt with the code and the copy keys when the page cannot copy (%s)', async (lang) => {
    const s = STRINGS[lang];
    const page = await open(s.route, () => {
      // No Clipboard API, and the copy command refused: what copy-to-clipboard meets in a locked-down page.
      delete (Navigator.prototype as { clipboard?: unknown }).clipboard;
      Document.prototype.execCommand = () => false;
    });
    expect(await page.evaluate(() => 'clipboard' in navigator)).toBe(false);
    const dialogs: { type: string; message: string; value: string }[] = [];
    page.on('dialog', (dialog: Dialog) => {
      dialogs.push({ type: dialog.type(), message: dialog.message(), value: dialog.defaultValue() });
      void dialog.accept();
    });
    const block = page.locator('.dg-code').first();
    await block.hover();
    await block.locator('.dg-code-copy').click();
    await expect.poll(() => dialogs.length).toBe(1);
    const key = /mac os x/i.test(await page.evaluate(() => navigator.userAgent)) ? '⌘+C' : 'Ctrl+C';
    expect(dialogs[0]).toEqual({
      type: 'prompt',
      message: s.prompt(key),
      value: `export function greet(name: string): string {\n  return \`${s.hello}\`;\n}`,
    });
    // The library cannot know whether the reader copied: the button does not claim it.
    await page.waitForTimeout(300);
    expect(await block.locator('.dg-code-copy').getAttribute('aria-label')).toBe(s.copy);
    await page.close();
  });

  it('logs no errors or hydration warnings', () => {
    expect(browser.problems).toEqual([]);
  });
});
