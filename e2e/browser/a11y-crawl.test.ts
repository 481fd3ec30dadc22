/**
 * Every route of the website once in Chromium (no console error or warning, hydration included), and
 * axe-core on the home, a doc page and an overview page in both languages and both colour modes: no
 * serious or critical violation.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticServer } from '@docgen/core';
import { launchBrowser, type Browser } from '../helpers/browser.js';
import { serveSite } from '../helpers/servers.js';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let server: StaticServer;
let browser: Browser;
let routes: string[];

beforeAll(async () => {
  server = await serveSite('preview');
  browser = await launchBrowser();
  // The route table of every locale of every version, as the home page's boot data names them.
  const html = await (await fetch(server.url)).text();
  const boot = JSON.parse(/<script id="__DG_PAGE__" type="application\/json">(.*?)<\/script>/.exec(html)![1]) as { manifests: Record<string, string> };
  const manifests = await Promise.all(
    Object.values(boot.manifests).map(async (manifest) => Object.keys(((await (await fetch(new URL(manifest.slice(1), server.url))).json()) as { routes: object }).routes)),
  );
  routes = manifests.flat();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the website in Chromium', () => {
  it('loads and hydrates every route without a console error or warning', async () => {
    expect(routes).toHaveLength(118);
    const page = await browser.newPage();
    for (const route of routes) {
      await page.goto(new URL(route.slice(1), server.url).href, { waitUntil: 'load' });
      await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')));
    }
    await page.close();
    expect(browser.problems).toEqual([]);
  }, 180_000);

  for (const scheme of ['light', 'dark'] as const) {
    it(`has no serious or critical axe violation on home, doc and overview pages (${scheme})`, async () => {
      const page = await browser.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      const found: string[] = [];
      for (const route of ['/', '/guide/basic/use-mdx', '/api/', '/zh/', '/zh/guide/basic/use-mdx', '/zh/api/']) {
        await page.goto(new URL(route.slice(1), server.url).href, { waitUntil: 'networkidle' });
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(scheme === 'dark');
        await page.addScriptTag({ content: axeSource });
        const violations = await page.evaluate(async () => {
          const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
          const result = await axe.run(document, { resultTypes: ['violations'] });
          return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
        });
        found.push(...violations.map((v) => `${route} ${v}`));
      }
      await page.close();
      expect(found).toEqual([]);
    });
  }
});
