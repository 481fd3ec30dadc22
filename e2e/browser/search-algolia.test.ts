/**
 * The search dialog with `provider: 'algolia'` and `search.hosts`, in Chromium: the built page's own
 * algoliasearch client talks to local Algolia-compatible servers (e2e/helpers/algolia-server.ts) that answer
 * from the site's records. The site is built once with hosts [A, B, C]: A refuses connections, B and C are
 * servers whose answers each case switches. Checks the client's retry strategy as the reader sees it
 * (fallback on a refused connection or a 5xx, no retry on a 4xx), the error screen, the language filter and
 * placeholder of the Chinese pages, and that nothing is sent to Algolia's or Insights' hosts.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { build, startStaticServer, type StaticServer } from '@docgen/core';
import type { SearchRecord } from '@docgen/core/search';
import fixtureConfig from '../fixtures/search-algolia/docgen.config.js';
import { refusedPort, startAlgoliaServer, type AlgoliaServer } from '../helpers/algolia-server.js';
import { launchBrowser, type Browser } from '../helpers/browser.js';
import { copyFixture } from '../helpers/site.js';

const INDEX = 'docgen';

let site: string;
let server: StaticServer;
let browser: Browser;
let refusedHost: string;
let hostB: AlgoliaServer;
let hostC: AlgoliaServer;
/** URL of every request any page of this file made. */
const pageRequests: string[] = [];

beforeAll(async () => {
  [hostB, hostC] = await Promise.all([startAlgoliaServer({ indexName: INDEX }), startAlgoliaServer({ indexName: INDEX })]);
  refusedHost = `http://127.0.0.1:${await refusedPort()}`;
  site = copyFixture('search-algolia');
  const search = {
    provider: 'algolia',
    appId: 'TESTAPP',
    apiKey: 'test-key',
    indexName: INDEX,
    hosts: [refusedHost, hostB.url, hostC.url],
    recordsFile: 'search-records.json',
  };
  fs.writeFileSync(path.join(site, 'docgen.config.ts'), `export default ${JSON.stringify({ ...fixtureConfig, search }, null, 2)};\n`);
  const result = await build({ root: site, log: false });
  const records = JSON.parse(fs.readFileSync(path.join(site, 'search-records.json'), 'utf8')) as SearchRecord[];
  hostB.load(records);
  hostC.load(records);
  server = await startStaticServer({ dir: result.outDir, base: result.config.base, port: 0 });
  browser = await launchBrowser();
  browser.context.on('request', (request) => pageRequests.push(request.url()));
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.close(), hostB?.close(), hostC?.close()]);
  if (site) fs.rmSync(site, { recursive: true, force: true });
});

beforeEach(() => {
  hostB.reset();
  hostC.reset();
  browser.problems.length = 0;
});

type Screen = 'hits' | 'error' | 'no-results';

/** What the dialog shows, by DocSearch's class names; checked in this order. */
const SCREENS: [Screen, string][] = [
  ['hits', '.DocSearch-Hit'],
  ['error', '.DocSearch-ErrorScreen'],
  ['no-results', '.DocSearch-NoResults'],
];

/** An open search dialog and the requests its page sent to the hosts A (refused), B and C. */
interface SearchDialog {
  page: Page;
  /** Requests sent to each host so far, refused ones included. */
  attempts(): Record<'A' | 'B' | 'C', number>;
  /** Types `query`, waits until the client is done with every host it tries, and says what the dialog shows. */
  search(query: string): Promise<Screen>;
}

/**
 * Opens `route` in a fresh page with a clean slate, and the search dialog on it: algoliasearch remembers
 * a failed host in localStorage for 2 minutes (and answers in memory per page), which would skip hosts in
 * later cases.
 */
async function openSearch(route: string): Promise<SearchDialog> {
  const page = await browser.newPage();
  const hosts = { A: refusedHost, B: hostB.url, C: hostC.url };
  const sent: string[] = [];
  let pending = 0;
  const isHost = (url: string) => Object.values(hosts).includes(new URL(url).origin);
  page.on('request', (request) => {
    if (!isHost(request.url())) return;
    sent.push(new URL(request.url()).origin);
    pending++;
  });
  const settle = (request: { url(): string }) => {
    if (isHost(request.url())) pending--;
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);

  await page.goto(new URL(route.replace(/^\//, ''), server.url).href, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')));
  await page.evaluate(() => localStorage.clear());
  await page.locator('.dg-search-button').click();
  await page.locator('.dg-search .DocSearch-Input').waitFor();

  return {
    page,
    attempts: () => ({
      A: sent.filter((o) => o === hosts.A).length,
      B: sent.filter((o) => o === hosts.B).length,
      C: sent.filter((o) => o === hosts.C).length,
    }),
    async search(query) {
      const before = sent.length;
      await page.locator('.DocSearch-Input').fill(query);
      // The client tries the next host at once after a failure: done when nothing is pending for a while.
      let quietSince = Date.now();
      for (const deadline = Date.now() + 10_000; Date.now() < deadline; await page.waitForTimeout(25)) {
        if (sent.length === before || pending > 0) quietSince = Date.now();
        else if (Date.now() - quietSince > 300) break;
      }
      await page.locator(SCREENS.map(([, selector]) => selector).join(', ')).first().waitFor();
      for (const [screen, selector] of SCREENS) if (await page.locator(selector).first().isVisible()) return screen;
      throw new Error('the dialog shows none of hits, error, no results');
    },
  };
}

/** Console problems other than the failed requests a case provokes on purpose. */
function unexpectedProblems(): string[] {
  return browser.problems.filter((p) => !/Failed to load resource/.test(p));
}

describe('Algolia search through search.hosts', () => {
  it('a: falls back from a host that refuses connections to the next, which answers', async () => {
    const dialog = await openSearch('/guide/hosts');
    const { page, attempts } = dialog;
    expect(await dialog.search('fallback')).toBe('hits');
    const titles = await page.locator('.DocSearch-Hit-title').allTextContents();
    expect(titles).toContain('Fallback');
    expect(attempts()).toEqual({ A: 1, B: 1, C: 0 });
    expect(hostB.queries).toBe(1);
    expect(hostC.queries).toBe(0);
    const [sent] = hostB.log;
    expect(sent.appId).toBe('TESTAPP');
    expect(sent.apiKey).toBe('test-key');
    expect(sent.requests).toHaveLength(1);
    expect(sent.requests[0]).toMatchObject({ indexName: INDEX, query: 'fallback', facetFilters: ['lang:en'] });
    await page.close();
    expect(unexpectedProblems()).toEqual([]);
  });

  it('b: retries a host answering 503 on the next host', async () => {
    hostB.mode = 'status:503';
    const dialog = await openSearch('/guide/hosts');
    const { page, attempts } = dialog;
    expect(await dialog.search('credentials')).toBe('hits');
    expect(await page.locator('.DocSearch-Hit-title').allTextContents()).toContain('Credentials');
    expect(attempts()).toEqual({ A: 1, B: 1, C: 1 });
    expect(hostB.log.map((r) => r.status)).toEqual([503]);
    expect(hostC.log.map((r) => r.status)).toEqual([200]);
    await page.close();
    expect(unexpectedProblems()).toEqual([]);
  });

  it('c: shows the error screen when every host is down (refused, 500, 502)', async () => {
    hostB.mode = 'status:500';
    hostC.mode = 'status:502';
    const dialog = await openSearch('/guide/hosts');
    const { page, attempts } = dialog;
    const screen = await dialog.search('fallback');
    expect(attempts()).toEqual({ A: 1, B: 1, C: 1 });
    expect(hostB.log.map((r) => r.status)).toEqual([500]);
    expect(hostC.log.map((r) => r.status)).toEqual([502]);
    expect(browser.problems.some((p) => p.startsWith('uncaught') && p.includes('Unreachable hosts')), 'the client gave up with a RetryError').toBe(true);
    // DocSearch 3.9 sets its status to 'error' for a RetryError, but the autocomplete-core bundled with it
    // sets it back to 'idle' in a `finally` right after, so without a fix the dialog says "No results".
    expect(screen).toBe('error');
    const error = page.locator('.DocSearch-ErrorScreen');
    expect(await error.locator('.DocSearch-Title').textContent()).toBe('Unable to fetch results');
    expect(await error.locator('.DocSearch-Help').textContent()).toBe('You might want to check your network connection.');
    await page.close();
  });

  it('d: does not retry a 403 (invalid API key) on the next host, and shows the error screen', async () => {
    hostB.mode = 'status:403';
    const dialog = await openSearch('/guide/hosts');
    const { page, attempts } = dialog;
    const screen = await dialog.search('fallback');
    expect(attempts()).toEqual({ A: 1, B: 1, C: 0 });
    expect(hostB.log.map((r) => r.status)).toEqual([403]);
    expect(hostC.queries).toBe(0);
    // The client's ApiError is passed on as a RetryError (SearchModal's reportFailures): the reader sees
    // that the search failed, not a misleading "No results".
    expect(screen).toBe('error');
    expect(await page.locator('.DocSearch-ErrorScreen .DocSearch-Title').textContent()).toBe('Unable to fetch results');
    expect(browser.problems.filter((p) => p.startsWith('uncaught'))).toEqual([expect.stringContaining('Invalid Application-ID or API key')]);
    await page.close();
  });

  it('e: a Chinese page filters on lang:zh and shows the Chinese placeholder', async () => {
    const dialog = await openSearch('/zh/guide/hosts');
    const { page } = dialog;
    expect(await page.locator('.DocSearch-Input').getAttribute('placeholder')).toBe('搜索文档');
    expect(await dialog.search('故障转移')).toBe('hits');
    expect(await page.locator('.DocSearch-Hit-title').allTextContents()).toContain('故障转移');
    expect(hostB.queries).toBe(1);
    expect(hostB.log[0].requests[0]).toMatchObject({ query: '故障转移', facetFilters: ['lang:zh'] });
    // The English page about the same thing exists; the filter keeps it out.
    const links = await page.locator('.DocSearch-Hit a').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((p) => p.startsWith('/zh/'))).toBe(true);
    await page.close();
    expect(unexpectedProblems()).toEqual([]);
  });

  it('f: with insights off (the default) asks for no click analytics and sends nothing to Algolia or Insights', async () => {
    const dialog = await openSearch('/');
    const { page } = dialog;
    expect(await dialog.search('hierarchy')).toBe('hits');
    expect(hostB.log[0].requests[0]).toMatchObject({ clickAnalytics: false });
    // Insights would send "Items Viewed" 400 ms after the hits show, and "Item Selected" on a click.
    await page.waitForTimeout(600);
    await page.locator('.DocSearch-Hit a').first().click();
    await page.waitForURL(/\/guide\/records/);
    await page.waitForTimeout(300);
    await page.close();
    const allowed = new Set([new URL(server.url).origin, refusedHost, hostB.url, hostC.url]);
    expect(pageRequests.filter((u) => /algolia\.(io|net)|algolianet\.com|insights|jsdelivr/i.test(u))).toEqual([]);
    expect(pageRequests.filter((u) => !allowed.has(new URL(u).origin))).toEqual([]);
    expect(unexpectedProblems()).toEqual([]);
  });
});
