/**
 * Client-side highlighting (`CodeHighlight`, `highlight()`) in Chromium, on the widgets fixture served
 * by `docgen preview`: pages fetch nothing of the highlighter until code is
 * highlighted; the first block fetches shiki's core, the JavaScript regex engine, its grammar and the two
 * themes, a later language only its grammar; the output is the build's markup, coloured in light and
 * dark mode; an unknown language leaves the code plain with a note; server-rendered blocks start plain.
 *
 * Chunk names are hashes, so chunks are recognised by what they hold: the core by shiki's
 * `tokenizeMaxLineLength` option, the engine by its `JavaScriptScanner`, a grammar by its `scopeName`
 * and a theme by its `name`.
 * `docgen dev` serves the same markup (`e2e/dev-parity.test.ts`); the widgets load from its modules
 * (`dev-site.test.ts`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticServer } from '@docgen/core';
import type { Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../helpers/browser.js';
import { serveSite } from '../helpers/servers.js';
import { copyFixture } from '../helpers/site.js';

/** What a JavaScript file the page fetched holds of the highlighter. */
interface ChunkInfo {
  url: string;
  core: boolean;
  engine: boolean;
  /** `scopeName`s of the grammars in it (`source.ts`, …). */
  grammars: string[];
  /** Names of the shiki themes in it. */
  themes: string[];
}

const THEME_NAMES = ['github-light-default', 'github-dark-default'];

function classify(url: string, text: string): ChunkInfo {
  // JSON inside a string literal: quotes may be escaped (`\"`) depending on how esbuild quoted it.
  const q = '\\\\?"';
  const grammars = [...text.matchAll(new RegExp(`${q}scopeName${q}:${q}([\\w.-]+)${q}`, 'g'))].map((m) => m[1]);
  const themes = THEME_NAMES.filter((name) => new RegExp(`${q}name${q}:${q}${name}${q}`).test(text));
  return { url, core: text.includes('tokenizeMaxLineLength'), engine: text.includes('JavaScriptScanner'), grammars, themes };
}

/** Records every JavaScript file the page fetches, with what it holds. */
function trackScripts(page: Page): { all: Promise<ChunkInfo>[]; since(mark: number): Promise<ChunkInfo[]> } {
  const all: Promise<ChunkInfo>[] = [];
  page.on('response', (response) => {
    if (!/\.js(\?|$)/.test(response.url())) return;
    all.push(response.text().then((text) => classify(response.url(), text)));
  });
  return { all, since: (mark) => Promise.all(all.slice(mark)) };
}

function highlighterParts(chunks: ChunkInfo[]) {
  return {
    core: chunks.some((c) => c.core),
    engine: chunks.some((c) => c.engine),
    grammars: [...new Set(chunks.flatMap((c) => c.grammars))].sort(),
    themes: [...new Set(chunks.flatMap((c) => c.themes))].sort(),
  };
}

const NOTHING = { core: false, engine: false, grammars: [], themes: [] };

/** Waits until React has hydrated the element matching `selector`. */
async function hydrated(page: Page, selector: string) {
  await page.waitForFunction((sel) => {
    const element = document.querySelector(sel);
    return Boolean(element && Object.keys(element).some((k) => k.startsWith('__reactProps')));
  }, selector);
}

/** Computed text colour of the first token of `block` whose text is `token`. */
function tokenColor(page: Page, block: string, token: string): Promise<string> {
  return page.evaluate(
    ([sel, text]) => {
      const span = [...document.querySelectorAll(`${sel} pre code .line span`)].find((s) => s.textContent?.trim() === text);
      if (!span) throw new Error(`no token ${text} in ${sel}`);
      return getComputedStyle(span).color;
    },
    [block, token] as const,
  );
}

describe('client-side highlighting', () => {
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

  it('fetches nothing of the highlighter on pages with build-time code blocks only', async () => {
    for (const route of ['/', '/guide/code', '/zh/guide/code']) {
      const page = await browser.newPage();
      const scripts = trackScripts(page);
      await page.goto(url(route), { waitUntil: 'networkidle' });
      expect(scripts.all.length).toBeGreaterThan(0);
      expect(highlighterParts(await scripts.since(0)), route).toEqual(NOTHING);
      await page.close();
    }
  });

  it('fetches the core, engine, grammar and themes on first use, then only a new grammar per language', async () => {
    const page = await browser.newPage();
    const scripts = trackScripts(page);
    await page.goto(url('/guide/highlight'), { waitUntil: 'networkidle' });
    await hydrated(page, '#show-ts');
    expect(highlighterParts(await scripts.since(0))).toEqual(NOTHING);

    // First block: TypeScript.
    let mark = scripts.all.length;
    await page.locator('#show-ts').click();
    const ts = '.demo-block[data-sample="ts"]';
    await page.locator(`${ts} .dg-code[data-state="highlighted"]`).waitFor();
    await page.waitForLoadState('networkidle');
    expect(highlighterParts(await scripts.since(mark))).toEqual({
      core: true,
      engine: true,
      grammars: ['source.ts'],
      themes: ['github-dark-default', 'github-light-default'],
    });

    // The build's markup: wrapper, title, shiki's pre with both themes, a copy button.
    const block = page.locator(`${ts} .dg-code`);
    expect(await block.getAttribute('data-lang')).toBe('ts');
    expect(await block.locator('.dg-code-title').textContent()).toBe('sample.ts');
    expect(await block.locator('pre').getAttribute('class')).toBe('shiki shiki-themes github-light-default github-dark-default');
    expect(
      await block.locator('pre').evaluate((pre) => ['--shiki-light', '--shiki-dark', '--shiki-light-bg', '--shiki-dark-bg'].map((p) => pre.style.getPropertyValue(p))),
    ).toEqual(['#1f2328', '#e6edf3', '#ffffff', '#0d1117']);
    expect(await block.locator('pre .line').allTextContents()).toEqual([
      'export function greet(name: string): string {',
      '  return `Hello, ${name}!`;',
      '}',
    ]);
    // Coloured by the theme's CSS: github-light-default's keyword red, then github-dark-default's.
    expect(await tokenColor(page, ts, 'export')).toBe('rgb(207, 34, 46)');
    expect(await tokenColor(page, ts, 'greet')).toBe('rgb(130, 80, 223)');
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    expect(await tokenColor(page, ts, 'export')).toBe('rgb(255, 123, 114)');
    expect(await tokenColor(page, ts, 'greet')).toBe('rgb(210, 168, 255)');
    await page.evaluate(() => document.documentElement.classList.remove('dark'));

    // The copy button works on it as on build-time blocks.
    await block.hover();
    await block.locator('.dg-code-copy').click();
    await expect.poll(() => block.locator('.dg-code-copy').getAttribute('aria-label')).toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('export function greet(name: string): string {\n  return `Hello, ${name}!`;\n}');

    // A second language: its grammar only.
    mark = scripts.all.length;
    await page.locator('#show-css').click();
    await page.locator('.demo-block[data-sample="css"] .dg-code[data-state="highlighted"]').waitFor();
    await page.waitForLoadState('networkidle');
    expect(highlighterParts(await scripts.since(mark))).toEqual({ core: false, engine: false, grammars: ['source.css'], themes: [] });
    expect(await tokenColor(page, '.demo-block[data-sample="css"]', 'color')).toBe('rgb(5, 80, 174)');

    // A language named in capitals (`TSX`), as in a code fence: found, its grammar only.
    mark = scripts.all.length;
    await page.locator('#show-tsx').click();
    await page.locator('.demo-block[data-sample="tsx"] .dg-code[data-state="highlighted"]').waitFor();
    await page.waitForLoadState('networkidle');
    expect(highlighterParts(await scripts.since(mark))).toEqual({ core: false, engine: false, grammars: ['source.tsx'], themes: [] });

    // The same language again: nothing to fetch.
    mark = scripts.all.length;
    await page.locator('#show-ts').click();
    await expect.poll(() => page.locator(`${ts} .dg-code[data-state="highlighted"]`).count()).toBe(2);
    await page.waitForLoadState('networkidle');
    expect(scripts.all.length).toBe(mark);
    await page.close();
  });

  it('re-highlights code that changes, as a live playground does', async () => {
    const page = await browser.newPage();
    await page.goto(url('/guide/highlight'), { waitUntil: 'networkidle' });
    await hydrated(page, '#show-editor');
    await page.locator('#show-editor').click();
    const block = page.locator('.demo-editor .dg-code');
    await page.locator('.demo-editor .dg-code[data-state="highlighted"]').waitFor();
    expect(await block.locator('pre .line').allTextContents()).toEqual(['let count = 1;']);
    await page.locator('.demo-editor textarea').fill('const label = "two";\nlabel.length;');
    await expect.poll(() => block.locator('pre .line').allTextContents()).toEqual(['const label = "two";', 'label.length;']);
    await expect.poll(() => block.getAttribute('data-state')).toBe('highlighted');
    expect(await tokenColor(page, '.demo-editor', '"two"')).toBe('rgb(10, 48, 105)');
    await page.close();
  });

  it.each([
    ['/guide/highlight', 'Unknown language “klingon”: the code is shown as plain text.'],
    ['/zh/guide/highlight', '未知语言“klingon”：代码以纯文本显示。'],
  ])('keeps code in an unknown language plain, with a note and the error in the console (%s)', async (route, note) => {
    const page = await browser.newPage();
    const scripts = trackScripts(page);
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(url(route), { waitUntil: 'networkidle' });
    await hydrated(page, '#show-unknown');
    const mark = scripts.all.length;
    await page.locator('#show-unknown').click();
    const block = page.locator('.demo-block[data-sample="unknown"] .dg-code');
    await expect.poll(() => block.getAttribute('data-state')).toBe('error');
    expect(await block.locator('.dg-code-error').textContent()).toBe(note);
    expect(await block.locator('.dg-code-error').getAttribute('role')).toBe('status');
    expect(await block.locator('pre').getAttribute('class')).toBe('dg-code-plain');
    expect(await block.locator('pre .line').allTextContents()).toEqual(["Qapla'"]);
    expect(errors.some((e) => e.includes('Unknown language "klingon" for client-side highlighting. Known languages: typescript, ts,'))).toBe(true);
    // The name is checked before anything is fetched.
    await page.waitForLoadState('networkidle');
    expect(scripts.all.length).toBe(mark);
    await page.close();
  });

  it.each(['/guide/rendered', '/zh/guide/rendered'])('writes blocks of the page as plain text on the server and colours them after hydration (%s)', async (route) => {
    const html = await (await fetch(url(route))).text();
    const ssr = /<div class="dg-code dg-code-highlight" data-lang="json" data-state="loading">[\s\S]*?<\/pre>/.exec(html)?.[0];
    expect(ssr).toBeDefined();
    expect(ssr).toContain('<div class="dg-code-title">package.json</div>');
    expect(ssr).toContain('<pre class="dg-code-plain" tabindex="0"><code><span class="line">{</span>');

    const page = await browser.newPage();
    await page.goto(url(route), { waitUntil: 'networkidle' });
    const block = page.locator('.dg-code-highlight');
    await expect.poll(() => block.getAttribute('data-state')).toBe('highlighted');
    expect(await block.locator('pre .line').allTextContents()).toEqual(['{', '  "name": "docgen",', '  "private": true', '}']);
    expect(await tokenColor(page, '.dg-code-highlight', '"docgen"')).toBe('rgb(10, 48, 105)');
    await page.close();
  });

  it('logs no errors or hydration warnings other than the unknown language', () => {
    expect(browser.problems.filter((p) => !p.includes('Unknown language "klingon"'))).toEqual([]);
  });
});
