/**
 * Launches Debian's Chromium through playwright-core with a fresh profile, and collects console errors
 * and React hydration warnings of every page it opens.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Browser {
  context: BrowserContext;
  /** Console errors and warnings seen so far, with the page URL. */
  problems: string[];
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

export async function launchBrowser(options: { width?: number; colorScheme?: 'light' | 'dark' } = {}): Promise<Browser> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: options.width ?? 1280, height: 800 },
    colorScheme: options.colorScheme ?? 'light',
  });
  const problems: string[] = [];
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
    async close() {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
