/**
 * A tab opened before the site was built again: the route tables have stable URLs, so the tab fetches the
 * new one when it navigates. When the new build's shared code differs (another app entry), the tab must not
 * import the new build's page chunks (they import another copy of React and the theme): it loads the next
 * page whole. Built from a copy of the basic fixture, served by the preview server on 127.0.0.1.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, startStaticServer, type StaticServer } from '@docgen/core';
import { launchBrowser, type Browser } from '../helpers/browser.js';
import { copyFixture } from '../helpers/site.js';

describe('a tab of an earlier build', () => {
  let site: string;
  let server: StaticServer;
  let browser: Browser;

  beforeAll(async () => {
    site = copyFixture('basic');
    await build({ root: site, log: false });
    server = await startStaticServer({ dir: path.join(site, 'dist'), port: 0 });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('navigates in place while the build is the same, and loads the page whole after a build with other shared code', async () => {
    const errors: string[] = [];
    const open = async () => {
      const page = await browser.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(new URL('guide/intro', server.url).href, { waitUntil: 'networkidle' });
      const loads: string[] = [];
      page.on('load', () => loads.push(page.url()));
      return { page, loads };
    };
    // Same build: client-side navigation.
    const same = await open();
    await same.page.locator('main a[href="/guide/usage#options"]').click();
    await same.page.locator('h1', { hasText: 'Usage' }).waitFor();
    expect(same.loads).toEqual([]);

    // A tab that has not fetched its route table yet when the site is built again with other site data (part
    // of the app entry): the new route table names another app entry.
    const stale = await open();
    const config = path.join(site, 'docgen.config.ts');
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace("title: 'Fixture'", "title: 'Rebuilt'"));
    await build({ root: site, log: false });
    const table = JSON.parse(fs.readFileSync(path.join(site, 'dist/docgen-data/routes-en.json'), 'utf8')) as { app: string };
    const boot = JSON.parse((await stale.page.locator('#__DG_PAGE__').textContent()) ?? '{}') as { app: string };
    expect(table.app).not.toBe(boot.app);

    await stale.page.locator('main a[href="/guide/usage#options"]').click();
    await stale.page.waitForFunction(() => document.title === 'Usage | Rebuilt');
    // The new document's title is parsed before its `load` event, which a busy machine fires much later.
    await expect.poll(() => stale.loads, { timeout: 30_000 }).toEqual([new URL('guide/usage#options', server.url).href]);
    expect(errors).toEqual([]);
    await same.page.close();
    await stale.page.close();
  });
});
