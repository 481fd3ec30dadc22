/**
 * `docgen dev` in Chromium on a copy of the basic fixture: a page edit is swapped into the open page
 * without a reload (scroll position, a collapsed sidebar group and the open search dialog survive; an edit
 * of the text alone swaps only the content, one of a heading the outline too), also
 * when it comes while the app loads or before the page listens to the server's events, and a
 * syntax error shows the error overlay, which a fix clears; a new title reaches another open page's sidebar in
 * place; a new page and a config edit apply after a reload, without restarting the server. On a copy of the
 * custom-theme fixture: an edited theme component is swapped in by React Fast Refresh, keeping the state.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '@docgen/core';
import { launchBrowser, type Browser } from '../helpers/browser.js';
import { copyFixture } from '../helpers/site.js';

describe('docgen dev in the browser', () => {
  let site: string;
  let server: DevServer;
  let browser: Browser;
  const errors: unknown[] = [];
  const url = (p: string) => new URL(p.replace(/^\//, ''), server.url).href;
  const intro = () => path.join(site, 'en/guide/intro.md');
  const long = (marker: string) =>
    `# Intro\n\n${marker}\n\n` + Array.from({ length: 60 }, (_, i) => `## Section ${i + 1}\n\nParagraph ${i + 1} of a long page.\n`).join('\n');

  beforeAll(async () => {
    site = copyFixture('basic');
    // A long page to scroll, and a sidebar group to collapse.
    fs.writeFileSync(intro(), long('First version of the text.'));
    fs.mkdirSync(path.join(site, 'en/guide/more'));
    fs.writeFileSync(path.join(site, 'en/guide/more/extra.md'), '# Extra\n');
    fs.writeFileSync(path.join(site, 'en/guide/_meta.json'), JSON.stringify(['intro', 'usage', { type: 'dir', name: 'more', label: 'More pages' }]));
    server = await startDevServer({ root: site, port: 0, onError: (e) => errors.push(e) });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('updates an edited page in place: scroll position, sidebar group and search dialog kept, no reload', async () => {
    const page = await browser.newPage();
    await page.goto(url('/guide/intro'), { waitUntil: 'networkidle' });
    await page.waitForFunction(() => Boolean((window as unknown as { __dgSearchReady?: boolean }).__dgSearchReady));
    const group = page.locator('.dg-sidebar .dg-sidebar-group-title', { hasText: 'More pages' });
    await group.click();
    expect(await group.getAttribute('aria-expanded')).toBe('false');
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.waitForFunction(() => window.scrollY === 1500);
    // The shortcut, not a click: a click that Playwright retries (a busy machine) first scrolls the sticky
    // button into view with other alignments, which moves the page to the top.
    await page.keyboard.press('Control+K');
    await page.locator('.DocSearch-Input').fill('usage');
    await page.evaluate(() => ((window as unknown as { __beforeEdit: number }).__beforeEdit = 42));
    // Opening the dialog moves the page (its scroll lock): the position to keep is the settled one
    // before the edit (unchanged for 20 frames).
    await page.waitForFunction(
      () => {
        const w = window as unknown as { __y?: number; __still?: number };
        w.__still = w.__y === window.scrollY ? (w.__still ?? 0) + 1 : 0;
        w.__y = window.scrollY;
        return w.__still >= 20;
      },
      undefined,
      { polling: 'raf' },
    );
    const scrollY = await page.evaluate(() => window.scrollY);
    expect(scrollY).toBeGreaterThan(0);
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    // The update names the page's new chunk: the app imports it without waiting for the route table,
    // held back here until the new text shows.
    let releaseTables!: () => void;
    const tablesHeld = new Promise<void>((resolve) => (releaseTables = resolve));
    await page.route(/\/docgen-data\/routes-[^/]+\.json/, async (route) => {
      await tablesHeld;
      await route.continue();
    });

    fs.writeFileSync(intro(), long('Second version, edited on disk.'));
    await page.locator('main', { hasText: 'Second version, edited on disk.' }).waitFor();
    releaseTables();

    expect(await page.evaluate(() => (window as unknown as { __beforeEdit?: number }).__beforeEdit)).toBe(42);
    expect(navigations).toEqual([]);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
    expect(await group.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('.DocSearch-Input').inputValue()).toBe('usage');
    expect(await page.locator('main').textContent()).not.toContain('First version of the text.');
    expect(errors.map(String)).toEqual([]);
    await page.close();
  });

  it('updates the content in place for an edit of the text (its elements kept), and the outline for a new heading', async () => {
    const errorsBefore = errors.length;
    const page = await browser.newPage();
    await page.goto(url('/guide/intro'), { waitUntil: 'networkidle' });
    await page.evaluate(() => ((window as unknown as { __beforeEdit: number }).__beforeEdit = 5));
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    const before = fs.readFileSync(intro(), 'utf8');
    // A mark on an element of the content: kept when the content is updated in place, not mounted anew.
    await page.evaluate(() => ((document.querySelector('main h2') as unknown as { __mark: number }).__mark = 1));
    // The text only (the headings below it move in the source): the page data is the same, so only the
    // content is updated, in place (React Fast Refresh of the page's content component).
    fs.writeFileSync(intro(), before.replace('Paragraph 3 of a long page.', 'Paragraph 3, its text edited.'));
    await page.locator('main', { hasText: 'Paragraph 3, its text edited.' }).waitFor();
    expect(await page.evaluate(() => (document.querySelector('main h2') as unknown as { __mark?: number }).__mark)).toBe(1);
    // A heading: the page data (its outline) changes too, and the whole page takes the new module.
    fs.writeFileSync(intro(), `${fs.readFileSync(intro(), 'utf8')}\n## A section added later\n\nIts text.\n`);
    await page.locator('.dg-outline a', { hasText: 'A section added later' }).waitFor();
    expect(await page.locator('main').textContent()).toContain('Paragraph 3, its text edited.');
    // The text again, after the page took a whole new module.
    fs.writeFileSync(intro(), fs.readFileSync(intro(), 'utf8').replace('Its text.', 'Its text, edited.'));
    await page.locator('main', { hasText: 'Its text, edited.' }).waitFor();
    expect(await page.locator('.dg-outline a', { hasText: 'A section added later' }).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __beforeEdit?: number }).__beforeEdit)).toBe(5);
    expect(navigations).toEqual([]);
    expect(errors.slice(errorsBefore).map(String)).toEqual([]);
    fs.writeFileSync(intro(), before);
    await page.locator('main', { hasText: 'Paragraph 3 of a long page.' }).waitFor();
    await page.close();
  });

  it('keeps an edit that comes while the app is still loading and takes it in place once the app starts', async () => {
    const page = await browser.newPage();
    // The app's entry is held back until the edit has reached the page script.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/app-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(url('/guide/intro'), { waitUntil: 'load' });
    // Lost if the page reloads.
    await page.evaluate(() => ((window as unknown as { __beforeEdit: number }).__beforeEdit = 7));

    fs.writeFileSync(intro(), long('Third version, edited while the app loads.'));
    // What must be kept is the edit's `update`, not a `search` event (one comes as the page script
    // connects, and one when the last edit has settled, with its routes): only `search` carries index URLs.
    await page.waitForFunction(() =>
      Boolean(
        (window as unknown as { __docgenDevPending?: { routes: string[]; searchIndexes?: object }[] }).__docgenDevPending?.some(
          (update) => !update.searchIndexes && update.routes.includes('/guide/intro'),
        ),
      ),
    );
    // The document still shows the text it was served with.
    expect(await page.locator('main').textContent()).not.toContain('Third version');
    release();
    await page.locator('main', { hasText: 'Third version, edited while the app loads.' }).waitFor();

    expect(await page.evaluate(() => (window as unknown as { __beforeEdit?: number }).__beforeEdit)).toBe(7);
    expect(await page.evaluate(() => (window as unknown as { __docgenDevPending?: unknown[] }).__docgenDevPending)).toBeUndefined();
    expect(errors.map(String)).toEqual([]);
    await page.close();
  });

  it('sends a page that starts listening after a change the update it missed, and the page takes it in place', async () => {
    const page = await browser.newPage();
    // The page's event stream is held back until the edit has been applied and sent to the pages listening.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/__docgen\/events/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(url('/guide/intro'), { waitUntil: 'load' });
    // Lost if the page reloads.
    await page.evaluate(() => ((window as unknown as { __beforeEdit: number }).__beforeEdit = 9));
    const applied = server.nextBuild();
    fs.writeFileSync(intro(), long('Fourth version, edited before the page listened.'));
    await applied;
    expect(await page.locator('main').textContent()).not.toContain('Fourth version');
    release();
    await page.locator('main', { hasText: 'Fourth version, edited before the page listened.' }).waitFor();

    expect(await page.evaluate(() => (window as unknown as { __beforeEdit?: number }).__beforeEdit)).toBe(9);
    expect(errors.map(String)).toEqual([]);
    await page.close();
  });

  it('shows a syntax error in an overlay with file, line, column and source, and clears it when fixed', async () => {
    const page = await browser.newPage();
    await page.goto(url('/guide/intro'), { waitUntil: 'networkidle' });
    const usage = path.join(site, 'en/guide/usage.mdx');
    const good = fs.readFileSync(usage, 'utf8');
    const overlay = page.locator('#__docgen-error-overlay');

    fs.writeFileSync(usage, good.replace('The answer is {answer}.', 'The answer is {answer.'));
    await overlay.waitFor();
    const text = (await overlay.textContent()) ?? '';
    expect(text).toMatch(/usage\.mdx:\d+:\d+/);
    expect(text).toContain('The answer is {answer.');
    expect(errors.length).toBe(1);
    // The last good build is still served.
    expect((await fetch(url('/guide/usage'))).status).toBe(200);
    // A page opened while the error lasts shows it too.
    const second = await browser.newPage();
    await second.goto(url('/guide/intro'));
    await second.locator('#__docgen-error-overlay').waitFor();
    await second.close();

    fs.writeFileSync(usage, good);
    await overlay.waitFor({ state: 'detached' });

    // The config: its parse error at its place.
    const configFile = path.join(site, 'docgen.config.ts');
    const config = fs.readFileSync(configFile, 'utf8');
    fs.writeFileSync(configFile, config.replace("title: 'Fixture',", "title: 'Fixture',,"));
    await overlay.waitFor();
    const configText = (await overlay.textContent()) ?? '';
    expect(configText).toMatch(/docgen\.config\.ts:3:20/);
    expect(configText).toContain("title: 'Fixture',,");
    expect(errors.length).toBe(2);
    fs.writeFileSync(configFile, config);
    await overlay.waitFor({ state: 'detached' });
    await page.close();
  });
  it('shows a new title in the sidebar of another open page in place, then a new page and a config edit after a reload', async () => {
    const errorsBefore = errors.length;
    const page = await browser.newPage();
    await page.goto(url('/guide/usage'), { waitUntil: 'networkidle' });
    await page.evaluate(() => ((window as unknown as { __beforeEdit: number }).__beforeEdit = 7));
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    const sidebarLink = page.locator('.dg-sidebar a[href="/guide/intro"]');
    expect(await sidebarLink.textContent()).toBe('Intro');

    const before = fs.readFileSync(intro(), 'utf8');
    fs.writeFileSync(intro(), before.replace('# Intro', '# Getting started'));
    await page.locator('.dg-sidebar a[href="/guide/intro"]', { hasText: 'Getting started' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __beforeEdit?: number }).__beforeEdit)).toBe(7);
    expect(navigations).toEqual([]);

    // A page added: the route table and the sidebars change, so the tab reloads and shows it.
    fs.writeFileSync(path.join(site, 'en/guide/added.md'), '# Added later\n');
    fs.writeFileSync(path.join(site, 'en/guide/_meta.json'), JSON.stringify(['intro', 'usage', 'added', { type: 'dir', name: 'more', label: 'More pages' }]));
    await page.locator('.dg-sidebar a[href="/guide/added"]', { hasText: 'Added later' }).waitFor();
    expect(navigations.length).toBeGreaterThan(0);

    const configFile = path.join(site, 'docgen.config.ts');
    fs.writeFileSync(configFile, fs.readFileSync(configFile, 'utf8').replace("title: 'Fixture',", "title: 'Edited fixture',"));
    await page.waitForFunction(() => document.title.endsWith('| Edited fixture'));
    expect(errors.slice(errorsBefore).map(String)).toEqual([]);
    await page.close();
  });
});

describe('docgen dev in the browser: React Fast Refresh of the theme', () => {
  let site: string;
  let server: DevServer;
  let browser: Browser;
  const errors: unknown[] = [];

  beforeAll(async () => {
    site = copyFixture('custom-theme');
    server = await startDevServer({ root: site, port: 0, onError: (e) => errors.push(e) });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('swaps an edited theme component in place: the open search dialog and its query stay, no reload', async () => {
    const page = await browser.newPage();
    await page.goto(new URL('guide/', server.url).href, { waitUntil: 'networkidle' });
    expect(await page.locator('.custom-footer').textContent()).toBe('Custom footer');
    await page.evaluate(() => ((window as unknown as { __beforeEdit: number }).__beforeEdit = 42));
    await page.locator('.dg-search-button').click();
    await page.locator('.DocSearch-Input').fill('state kept');
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));

    const theme = path.join(site, 'theme/index.tsx');
    fs.writeFileSync(theme, fs.readFileSync(theme, 'utf8').replace('Custom footer', 'Refreshed footer'));
    await page.locator('.custom-footer', { hasText: 'Refreshed footer' }).waitFor();

    expect(navigations).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __beforeEdit?: number }).__beforeEdit)).toBe(42);
    expect(await page.locator('.DocSearch-Input').inputValue()).toBe('state kept');
    // The pages bundled from now on import the new theme: a fresh load shows the edit too.
    const fresh = await browser.newPage();
    await fresh.goto(new URL('guide/', server.url).href);
    expect(await fresh.locator('.custom-footer').textContent()).toBe('Refreshed footer');
    expect(errors.map(String)).toEqual([]);
    await fresh.close();
    await page.close();
  });
});
