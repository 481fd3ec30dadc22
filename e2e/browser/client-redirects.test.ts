/**
 * The website's redirects (@docgen/plugin-client-redirects) in Chromium, on the site served by `docgen preview`
 * and by `docgen dev`: a short address opened directly lands on its page (through its static redirect page),
 * a `/plugins/<name>` address (a regular expression) lands on the plugin's page in its language (through the
 * 404 page's head script, before that page shows), an in-app navigation to either lands on the target without
 * a full load and without the 404 page, and a path no rule matches still shows the 404 page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticServer } from '@docgen/core';
import type { Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../helpers/browser.js';
import { serveSite, type ServerKind } from '../helpers/servers.js';
import { docsRoot } from '../helpers/site.js';

describe.each<ServerKind>(['preview', 'dev'])('client redirects on the website (%s)', (kind) => {
  let server: StaticServer;
  let browser: Browser;
  let url: (route: string) => string;

  beforeAll(async () => {
    server = await serveSite(kind, docsRoot);
    url = (route) => new URL(route.replace(/^\//, ''), server.url).href;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /**
   * Opens `route` (after `setup`, for init scripts) and returns the page with the path and status of every
   * document response, in order.
   */
  async function open(route: string, setup?: (page: Page) => Promise<void>): Promise<{ page: Page; documents: [string, number][] }> {
    const page = await browser.newPage();
    const documents: [string, number][] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'document') documents.push([new URL(response.url()).pathname, response.status()]);
    });
    await setup?.(page);
    await page.goto(url(route), { waitUntil: 'load' });
    return { page, documents };
  }

  async function hydrated(page: Page) {
    await page.waitForFunction(() => {
      const el = document.querySelector('.dg-navbar');
      return Boolean(el && Object.keys(el).some((k) => k.startsWith('__reactProps')));
    });
  }

  const heading = (page: Page) => page.locator('.dg-doc-content h1').first().textContent();

  it('sends a short address opened directly to its page, keeping the query and the fragment', async () => {
    const { page, documents } = await open('/start?from=readme#install');
    await page.waitForURL((u) => u.pathname === '/guide/start/getting-started');
    expect(new URL(page.url()).search + new URL(page.url()).hash).toBe('?from=readme#install');
    expect(await heading(page)).toBe('Getting Started');
    // The static redirect page answered (200), then the page itself.
    expect(documents).toEqual([
      ['/start', 200],
      ['/guide/start/getting-started', 200],
    ]);
    await page.close();
  });

  it('sends a path a regular expression matches to its target in the same language, from the 404 page before it shows', async () => {
    for (const [from, to, title] of [
      ['/plugins/sitemap', '/plugin/official-plugins/sitemap', 'Sitemap'],
      ['/zh/plugins/rss', '/zh/plugin/official-plugins/rss', 'RSS'],
    ]) {
      // Whether the 404 page's content got parsed, and if so whether it was hidden: a redirect that came
      // later than the head (at the end of the body, or only once the app runs) would leave it visible.
      const parsed404: string[] = [];
      const { page, documents } = await open(from, async (p) => {
        await p.exposeBinding('__reportRoot', (_source, visibility: string) => void parsed404.push(visibility));
        await p.addInitScript((path) => {
          if (location.pathname !== path) return;
          new MutationObserver((_records, observer) => {
            if (!document.getElementById('root')) return;
            observer.disconnect();
            (window as unknown as { __reportRoot: (v: string) => void }).__reportRoot(getComputedStyle(document.documentElement).visibility);
          }).observe(document, { childList: true, subtree: true });
        }, from);
      });
      await page.waitForURL((u) => u.pathname === to);
      expect(await heading(page)).toBe(title);
      expect(documents).toEqual([
        [from, 404],
        [to, 200],
      ]);
      expect(parsed404.filter((v) => v !== 'hidden')).toEqual([]);
      expect(await page.locator('html').getAttribute('lang')).toBe(to.startsWith('/zh/') ? 'zh' : 'en');
      await page.close();
    }
  });

  /** Adds a link to `href` at the top of the page, as a page or a reader's note would have it, and clicks it. */
  async function followLink(page: Page, href: string) {
    await page.evaluate((target) => {
      document.getElementById('dg-test-link')?.remove();
      const a = document.createElement('a');
      a.id = 'dg-test-link';
      a.href = target;
      a.textContent = target;
      (document.querySelector('.dg-doc-content') ?? document.body).prepend(a);
    }, href);
    await page.locator('#dg-test-link').click();
  }

  it('redirects an in-app navigation without a full load and without showing the 404 page or keeping the redirected path in the history', async () => {
    const { page } = await open('/guide/start/introduction');
    await hydrated(page);
    await page.evaluate(() => {
      const w = window as unknown as { __marker: number; __saw404: boolean };
      w.__marker = 42;
      w.__saw404 = false;
      new MutationObserver(() => {
        if ([...document.querySelectorAll('h1')].some((h) => h.textContent === 'Page not found')) w.__saw404 = true;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const marks = () =>
      page.evaluate(() => {
        const w = window as unknown as { __marker?: number; __saw404?: boolean };
        return { marker: w.__marker, saw404: w.__saw404 };
      });

    await followLink(page, '/plugins/rss');
    await page.waitForURL((u) => u.pathname === '/plugin/official-plugins/rss');
    await expect.poll(() => heading(page)).toBe('RSS');
    // The redirected path left no history entry: back leads to the page the link was on.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/guide/start/introduction');
    await expect.poll(() => heading(page)).toBe('Introduction');

    await followLink(page, '/config');
    await page.waitForURL((u) => u.pathname === '/api/config/config-basic');
    await expect.poll(() => heading(page)).toBe('Basic Config');
    expect(await marks()).toEqual({ marker: 42, saw404: false });

    // A change of location that is no link click (a script's navigation, here the history's) is replaced too.
    await page.evaluate(() => {
      history.pushState(null, '', '/zh/start#install');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL((u) => u.pathname === '/zh/guide/start/getting-started' && u.hash === '#install');
    await expect.poll(() => heading(page)).toBe('快速开始');
    expect((await marks()).marker).toBe(42);
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/api/config/config-basic');
    await page.close();
  });

  it('still shows the 404 page for a path no rule matches, opened directly or in the app', async () => {
    const { page, documents } = await open('/plugins/');
    expect(documents).toEqual([['/plugins/', 404]]);
    await hydrated(page);
    expect(new URL(page.url()).pathname).toBe('/plugins/');
    expect(await page.locator('#root h1').first().textContent()).toBe('Page not found');

    await followLink(page, '/plugins/Sitemap');
    await page.waitForURL((u) => u.pathname === '/plugins/Sitemap');
    await expect.poll(() => page.locator('#root h1').first().textContent()).toBe('Page not found');
    await page.close();
  });

  it('logs no error but the 404 responses', () => {
    expect(browser.problems.filter((p) => !p.includes('404 (Not Found)'))).toEqual([]);
  });
});
