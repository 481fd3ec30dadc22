// Takes screenshots of a running site with Debian's Chromium, for looking at visual changes.
// Usage: node scripts/screenshot.mjs <base-url> <out-dir> <path>... [--width=1280] [--dark]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const flags = Object.fromEntries(args.filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')));
const [base, outDir, ...paths] = args.filter((a) => !a.startsWith('--'));
const width = Number(flags.width ?? 1280);
const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-shot-'));
const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  viewport: { width, height: flags.height ? Number(flags.height) : 800 },
  colorScheme: 'dark' in flags ? 'dark' : 'light',
});
fs.mkdirSync(outDir, { recursive: true });
const page = context.pages()[0] ?? (await context.newPage());
page.on('console', (m) => m.type() === 'error' && console.log('console error:', m.text()));
for (const p of paths) {
  await page.goto(new URL(p, base).href, { waitUntil: 'networkidle' });
  const file = path.join(outDir, `${p.replace(/\W+/g, '_') || 'home'}-${width}${'dark' in flags ? '-dark' : ''}.png`);
  await page.screenshot({ path: file, fullPage: 'full' in flags });
  console.log(file);
}
await context.close();
fs.rmSync(userDataDir, { recursive: true, force: true });
