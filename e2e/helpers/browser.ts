/**
 * Launches Debian's Chromium through playwright-core with a fresh profile, and collects console errors
 * and React hydration warnings of every page it opens.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser as PlaywrightBrowser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface Browser {
  context: BrowserContext;
  /** Console errors and warnings seen so far, with the page URL. */
  problems: string[];
  newPage(): Promise<Page>;
  /**
   * A page in a browser context of its own (a second Chromium, started on first use), closed with the
   * page: for a test that changes what a context shares, such as its clock (`pauseClock`). `setup` runs
   * on the new context first (permissions).
   */
  newIsolatedPage(setup?: (context: BrowserContext) => Promise<void>): Promise<Page>;
  close(): Promise<void>;
}

export async function launchBrowser(options: { width?: number; colorScheme?: 'light' | 'dark' } = {}): Promise<Browser> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
    viewport: { width: options.width ?? 1280, height: 800 },
    colorScheme: options.colorScheme ?? 'light',
  });
  const problems: string[] = [];
  let second: Promise<PlaywrightBrowser> | undefined;
  const watch = (page: Page) => {
    page.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()} on ${page.url()}: ${msg.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught on ${page.url()}: ${error.message}`));
  };
  context.on('page', watch);
  context.pages().forEach(watch);
  return {
    context,
    problems,
    newPage: () => context.newPage(),
    async newIsolatedPage(setup) {
      second ??= chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
      const isolated = await (await second).newContext({ viewport: { width: options.width ?? 1280, height: 800 }, colorScheme: options.colorScheme ?? 'light' });
      await setup?.(isolated);
      const page = await isolated.newPage();
      watch(page);
      page.once('close', () => void isolated.close());
      return page;
    },
    async close() {
      await context.close();
      if (second) await (await second).close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Stops the page's clock (Playwright's fake timers: `setTimeout`, `Date`, `performance.now`,
 * `requestAnimationFrame`): from now on the page's time moves only by `page.clock.runFor(ms)`. Delays of
 * the theme (a hover delay, a reset after 2 s) are then checked in the page's own time, which a busy
 * machine cannot stretch. The clock is the browser context's: give it a page of its own context
 * (`Browser.newIsolatedPage`), or every page of the context stops.
 */
export async function pauseClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
}

/**
 * Resolves once the page has run two more tasks of its own: a state update that a timer made (`runFor`)
 * is committed by React in a task posted on a MessageChannel, which the fake clock leaves alone, so after
 * this it shows in the DOM if it is going to.
 */
export async function reactTurns(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let i = 0; i < 2; i++) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(0);
      });
    }
  });
}

/** Moves the mouse to the centre of `selector`'s first element (no actionability wait, which a stopped clock would hold up). */
export async function pointAt(page: Page, selector: string): Promise<void> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not shown`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
}
