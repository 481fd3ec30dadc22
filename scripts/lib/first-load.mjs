// First-load JavaScript of pages as Chromium loads them: every script the page fetches from its load until
// the network has been idle (no interaction), including the chunks that hydration asks for. Sizes are gzip
// (level 6, Node's default) of the files in the output folder, so they do not depend on the server.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

/**
 * Loads each route of the site built in `dist` (served at `url`) in a fresh Chromium context and returns,
 * per route, the scripts fetched (URL path → gzip bytes) and their sum in KiB.
 */
export async function firstLoadJs(url, dist, routes, { width = 1280 } = {}) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const results = [];
  try {
    for (const route of routes) {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      const scripts = new Map();
      page.on('request', (request) => {
        if (request.resourceType() !== 'script') return;
        const { pathname } = new URL(request.url());
        const file = path.join(dist, decodeURIComponent(pathname));
        scripts.set(pathname, fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file)).length : 0);
      });
      await page.goto(new URL(route, url).href, { waitUntil: 'networkidle' });
      // Hydration has run once React has attached its container key; its chunk requests are then under way.
      await page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')));
      await page.waitForLoadState('networkidle');
      const total = [...scripts.values()].reduce((a, b) => a + b, 0) / 1024;
      results.push({ route, scripts, kib: total });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

/** The website's pages of each type, for first-load figures. */
export const WEBSITE_ROUTES = ['/', '/guide/start/introduction', '/guide/advanced/custom-search', '/api/', '/guide/basic/use-mdx', '/zh/guide/start/introduction', '/404.html'];
