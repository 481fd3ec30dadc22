/**
 * @docgen/plugin-playground in Chromium, on the `playground` fixture built with `build()` and served over
 * HTTP on 127.0.0.1: the example renders, an edit updates the result, Reset restores it, the URL fragment
 * brings an edit back in a new page, a refused import and a syntax error show in the result pane, and a
 * page without a playground never requests the playground's code. No console errors on the way.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, startStaticServer, type StaticServer } from '@docgen/core';
import type { Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../helpers/browser.js';
import { copyFixture, repoRoot } from '../helpers/site.js';

describe('playgrounds in the browser', () => {
  let server: StaticServer;
  let browser: Browser;
  let site: string;
  /** Responses with an error status, which the console reports without naming the URL. */
  const failed: string[] = [];
  const url = (route: string) => new URL(route.replace(/^\//, ''), server.url).href;

  beforeAll(async () => {
    site = copyFixture('playground');
    const scope = path.join(site, 'node_modules', '@docgen');
    fs.mkdirSync(scope, { recursive: true });
    for (const name of ['core', 'plugin-playground']) fs.symlinkSync(path.join(repoRoot, 'packages', name), path.join(scope, name), 'dir');
    const result = await build({ root: site, log: false, cache: false });
    server = await startStaticServer({ dir: result.outDir, base: result.config.base, port: 0 });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (site) fs.rmSync(site, { recursive: true, force: true });
  });

  /** Opens `route` and records every URL the page requests. */
  async function open(route: string): Promise<{ page: Page; requests: string[] }> {
    const page = await browser.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(url(route), { waitUntil: 'load' });
    return { page, requests };
  }

  const result = (page: Page, n = 1) => page.locator(`[data-playground="${n}"] .dg-playground-result`);

  /** Opens the editor of playground `n` by clicking its code and waits for CodeMirror. */
  async function openEditor(page: Page, n = 1) {
    if (!(await page.locator(`[data-playground="${n}"][data-editor="ready"]`).count())) await page.locator(`[data-playground="${n}"] .dg-playground-static pre`).click();
    await page.locator(`[data-playground="${n}"][data-editor="ready"] .cm-content`).waitFor();
    return page.locator(`[data-playground="${n}"] .cm-content`);
  }

  /** Replaces the editor's whole text, as a reader selecting all and typing would. */
  async function replaceCode(page: Page, n: number, code: string) {
    const content = await openEditor(page, n);
    await content.focus();
    await page.keyboard.press('Control+A');
    // insertText: one input event, without CodeMirror's auto-indent on each newline.
    await page.keyboard.insertText(code);
  }

  it('renders the examples and lets the reader use them', async () => {
    const { page, requests } = await open('/guide/playground');
    await expect.poll(() => result(page).locator('button').textContent()).toBe('Clicked 0 times');
    await result(page).locator('button').click();
    await expect.poll(() => result(page).locator('button').textContent()).toBe('Clicked 1 times');
    await expect.poll(() => result(page, 2).locator('p.greeting').textContent()).toBe('Hello from the playground');
    // The compiler came as a chunk of its own; the editor not yet (nobody touched the code).
    expect(requests.some((r) => /\/assets\/playground\/compiler-\w+\.js$/.test(r))).toBe(true);
    expect(requests.some((r) => /\/assets\/playground\/editor-/.test(r))).toBe(false);
    await page.close();
  });

  it('updates the result on an edit, keeps the edit in the URL, and Reset restores the original', async () => {
    const { page } = await open('/guide/playground');
    await expect.poll(() => result(page, 2).locator('p.greeting').textContent()).toBe('Hello from the playground');
    const content = await openEditor(page, 2);
    expect(await content.getAttribute('aria-label')).toBe('Example code, editable');
    await replaceCode(page, 2, 'export default function Greeting() {\n  return <p className="greeting">Edited 你好</p>;\n}\n');
    await expect.poll(() => result(page, 2).locator('p.greeting').textContent()).toBe('Edited 你好');
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#pg-2=[\w-]+$/);
    const shared = page.url();

    await page.locator('[data-playground="2"] .dg-playground-reset').click();
    await expect.poll(() => result(page, 2).locator('p.greeting').textContent()).toBe('Hello from the playground');
    await expect.poll(() => new URL(page.url()).hash).toBe('');
    expect(await content.textContent()).toContain('Hello from the playground');

    // The shared address, in a new page: the edited code and its result.
    const other = await browser.newPage();
    await other.goto(shared, { waitUntil: 'load' });
    await expect.poll(() => result(other, 2).locator('p.greeting').textContent()).toBe('Edited 你好');
    await other.locator('[data-playground="2"][data-editor="ready"] .cm-content').waitFor();
    expect(await other.locator('[data-playground="2"] .cm-content').textContent()).toContain('Edited 你好');
    // The other playground of the page is untouched.
    await expect.poll(() => result(other, 1).locator('button').textContent()).toBe('Clicked 0 times');
    await page.close();
    await other.close();
  });

  it('shows a refused import, a syntax error and a thrown error in the result pane', async () => {
    const { page } = await open('/guide/playground');
    await expect.poll(() => result(page).locator('button').textContent()).toBe('Clicked 0 times');
    await replaceCode(page, 1, "import _ from 'lodash';\nexport default () => <p>{_.VERSION}</p>;\n");
    const error = result(page).locator('.dg-playground-error');
    await expect.poll(() => error.textContent()).toContain('Cannot import "lodash"');
    expect(await error.textContent()).toContain('"react", "demo-ui"');

    await replaceCode(page, 1, 'export default function App() {\n  return <p>unclosed;\n}\n');
    await expect.poll(() => error.textContent()).toMatch(/Syntax error at line \d+, column \d+/);

    await replaceCode(page, 1, "throw new Error('boom at load');\n");
    await expect.poll(() => error.textContent()).toContain('boom at load');
    // The page itself is intact.
    expect(await page.locator('.dg-doc-content h1').textContent()).toBe('Playground page');
    await page.close();
  });

  it('runs a playground of an MDX page', async () => {
    const { page } = await open('/guide/mdx-page');
    await expect.poll(() => result(page).textContent()).toBe('The answer is 42');
    await page.close();
  });

  it('loads no playground code on a page without a playground, and runs one reached by client navigation', async () => {
    const { page, requests } = await open('/');
    await page.waitForFunction(() => Object.keys(document.querySelector('.dg-navbar') ?? {}).some((k) => k.startsWith('__reactProps')));
    await page.waitForLoadState('networkidle');
    expect(requests.filter((r) => r.includes('playground'))).toEqual([]);
    expect(await page.locator('.dg-playground').count()).toBe(0);
    // In-app navigation to the playground page: its chunk, then the compiler, then the example.
    await page.locator('.dg-doc-content a[href$="/guide/playground"]').click();
    await expect.poll(() => result(page).locator('button').textContent()).toBe('Clicked 0 times');
    expect(requests.some((r) => r.includes('/assets/playground/compiler-'))).toBe(true);
    await page.close();
  });

  it('logged no console error or warning', () => {
    expect(failed).toEqual([]);
    expect(browser.problems).toEqual([]);
  });
});
