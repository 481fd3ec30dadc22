/**
 * @docgen/plugin-api-docgen in Chromium, on a build of the `api-docgen` fixture: the props tables show the
 * component's rows, with the English descriptions on English pages and the Chinese ones on Chinese pages,
 * after hydration, without console errors.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, startStaticServer, type StaticServer } from '@docgen/core';
import { launchBrowser, type Browser } from '../helpers/browser.js';
import { copyFixture, repoRoot } from '../helpers/site.js';

let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  const site = copyFixture('api-docgen');
  fs.mkdirSync(path.join(site, 'node_modules/@docgen'), { recursive: true });
  fs.symlinkSync(path.join(repoRoot, 'packages/plugin-api-docgen'), path.join(site, 'node_modules/@docgen/plugin-api-docgen'), 'dir');
  const { outDir } = await build({ root: site, log: false });
  server = await startStaticServer({ dir: outDir, host: '127.0.0.1', port: 0 });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The props table's rows as the reader sees them: each cell's text. */
async function rows(page: Awaited<ReturnType<Browser['newPage']>>, component: string): Promise<string[][]> {
  return page.locator(`table.dg-api-table[data-api-component="${component}"] tr`).evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => (cell as HTMLElement).innerText.trim())));
}

describe('props tables in the browser', () => {
  it('shows the rows with English descriptions on an English page', async () => {
    const page = await browser.newPage();
    await page.goto(new URL('guide/button', server.url).href, { waitUntil: 'networkidle' });
    expect(await rows(page, 'Button')).toEqual([
      ['Prop', 'Type', 'Default', 'Required', 'Description'],
      ['variant', '"primary" | "secondary" | "danger"', '"primary"', 'No', 'Colour of the button, see tone.'],
      ['label', 'string', '—', 'Yes', 'Text of the button.'],
      ['block', 'boolean', 'false', 'No', 'Whether the button fills its row.'],
      ['onPress', '((count: number) => void)', '—', 'No', 'Called with the number of clicks so far.'],
      ['size', 'ButtonSize', '"md"', 'No', 'Size of the button.'],
    ]);
    // Types and defaults are code, like in a hand-written table.
    expect(await page.locator('table.dg-api-table td code', { hasText: 'ButtonSize' }).count()).toBe(1);
    await page.close();
  });

  it('shows the Chinese descriptions on Chinese pages, MDX and Markdown', async () => {
    const page = await browser.newPage();
    await page.goto(new URL('zh/guide/button', server.url).href, { waitUntil: 'networkidle' });
    const zh = await rows(page, 'Button');
    expect(zh[0]).toEqual(['属性', '类型', '默认值', '必填', '说明']);
    expect(zh[2]).toEqual(['label', 'string', '—', '是', '按钮上的文字。']);

    // A Markdown page with the `:::api` marker.
    await page.goto(new URL('zh/guide/alert', server.url).href, { waitUntil: 'networkidle' });
    expect(await rows(page, 'Alert')).toEqual([
      ['属性', '类型', '默认值', '必填', '说明'],
      ['message', 'string', '—', '是', '提示的内容。'],
    ]);
    await page.close();
  });

  it('logged no console errors or hydration warnings', () => {
    expect(browser.problems).toEqual([]);
  });
});
