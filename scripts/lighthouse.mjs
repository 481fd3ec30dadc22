// Lighthouse (default mobile settings) on the built website, served by the preview server on 127.0.0.1,
// with Debian's Chromium. Prints the four category scores and LCP / TBT / CLS per page: the median of
// three runs, after one unreported warm-up run (a fresh browser's first load is slower).
// Usage: node scripts/lighthouse.mjs [route...]   (build the site first: pnpm build)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startStaticServer } from '@docgen/core';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const routes = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/guide/start/introduction', '/zh/', '/zh/guide/start/introduction'];
const server = await startStaticServer({ dir: path.join(repo, 'docs/dist'), port: 0 });
const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-lighthouse-'));
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  userDataDir,
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const rows = [];
try {
  const run = (route) => lighthouse(new URL(route.slice(1), server.url).href, { port: chrome.port, output: 'json', logLevel: 'error' });
  await run(routes[0]);
  for (const route of routes) {
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await run(route));
    results.sort((a, b) => a.lhr.categories.performance.score - b.lhr.categories.performance.score || b.lhr.audits['largest-contentful-paint'].numericValue - a.lhr.audits['largest-contentful-paint'].numericValue);
    const result = results[1];
    const { categories, audits } = result.lhr;
    rows.push({
      route,
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      'best practices': Math.round(categories['best-practices'].score * 100),
      seo: Math.round(categories.seo.score * 100),
      'LCP s': (audits['largest-contentful-paint'].numericValue / 1000).toFixed(2),
      'TBT ms': Math.round(audits['total-blocking-time'].numericValue),
      CLS: audits['cumulative-layout-shift'].numericValue.toFixed(3),
    });
    const failed = Object.values(result.lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary');
    if (failed.length) console.log(route, 'failed audits:', failed.map((a) => a.id).join(', '));
  }
} finally {
  await chrome.kill();
  await server.close();
  fs.rmSync(userDataDir, { recursive: true, force: true });
}
console.table(rows);
