/**
 * `search: { provider: 'algolia' }` at build time, on the search-algolia fixture: the records file to push
 * to a hosted index (`search.recordsFile`), and a config missing Algolia's required keys, which the spawned
 * `docgen build` must refuse naming the config file and the keys, leaving the previous output as it was.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '@docgen/core';
import type { SearchRecord } from '@docgen/core/search';
import fixtureConfig from './fixtures/search-algolia/docgen.config.js';
import { copyFixture, listFiles, repoRoot } from './helpers/site.js';

const run = promisify(execFile);
const bin = path.join(repoRoot, 'packages/core/bin/docgen.js');

const ALGOLIA = { provider: 'algolia', appId: 'TESTAPP', apiKey: 'test-key', indexName: 'docgen' };
const RECORDS = 'search-records.json';

/** Writes the fixture's config with `search` replaced. */
function writeConfig(site: string, search: unknown): void {
  fs.writeFileSync(path.join(site, 'docgen.config.ts'), `export default ${JSON.stringify({ ...fixtureConfig, search }, null, 2)};\n`);
}

/** Runs the built CLI in a child process; resolves with its exit code and output, whatever the code. */
async function docgen(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], { cwd: repoRoot });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

const sites: string[] = [];
afterAll(() => {
  for (const site of sites) fs.rmSync(site, { recursive: true, force: true });
});

function newSite(): string {
  const site = copyFixture('search-algolia');
  sites.push(site);
  return site;
}

describe('search.recordsFile', () => {
  let site: string;
  let records: SearchRecord[];
  beforeAll(async () => {
    site = newSite();
    writeConfig(site, { ...ALGOLIA, recordsFile: RECORDS });
    await build({ root: site, log: false });
    records = JSON.parse(fs.readFileSync(path.join(site, RECORDS), 'utf8')) as SearchRecord[];
  });

  it('holds every section of every locale as a DocSearch record', () => {
    expect(Array.isArray(records)).toBe(true);
    const levels = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];
    for (const record of records) {
      expect(Object.keys(record.hierarchy)).toEqual(levels);
      expect(record.hierarchy.lvl0).toBeTruthy();
      expect(record.hierarchy.lvl1).toBeTruthy();
      expect(['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6', 'content']).toContain(record.type);
      expect(['en', 'zh']).toContain(record.lang);
      expect(record.objectID).toBe(record.url);
      // A page's own record has no anchor, a section's names its heading.
      expect(record.url.includes('#')).toBe(record.type !== 'lvl1');
    }
    expect(new Set(records.map((r) => r.objectID)).size).toBe(records.length);
    expect(records.map((r) => r.url)).toEqual([
      '/',
      '/guide/hosts',
      '/guide/hosts#fallback',
      '/guide/hosts#order',
      '/guide/hosts#credentials',
      '/guide/records',
      '/guide/records#hierarchy',
      '/zh/',
      '/zh/guide/hosts',
      '/zh/guide/hosts#故障转移',
    ]);
  });

  it('gives a section its page title and the headings above it, and the locale of its page', () => {
    const order = records.find((r) => r.url === '/guide/hosts#order');
    expect(order).toMatchObject({
      type: 'content',
      lang: 'en',
      content: 'Hosts are tried in the order the configuration lists them.',
      hierarchy: { lvl0: 'Search fixture', lvl1: 'Hosts', lvl2: 'Fallback', lvl3: 'Order', lvl4: null, lvl5: null, lvl6: null },
    });
    const zh = records.find((r) => r.url === '/zh/guide/hosts#故障转移');
    expect(zh).toMatchObject({ type: 'content', lang: 'zh', hierarchy: { lvl0: '搜索示例', lvl1: '主机', lvl2: '故障转移', lvl3: null } });
  });

  it('writes no local index files for the algolia provider', () => {
    expect(listFiles(path.join(site, 'dist')).filter((f) => /^assets\/search-/.test(f))).toEqual([]);
  });

  it('keeps the records file out of the up-to-date check: a rebuild with nothing changed does nothing', async () => {
    const again = await build({ root: site, log: false });
    expect(again.upToDate).toBe(true);
    expect(fs.existsSync(path.join(site, RECORDS))).toBe(true);
  });

  it('writes the records file again when it was deleted, even with nothing else changed', async () => {
    const fresh = newSite();
    writeConfig(fresh, { ...ALGOLIA, recordsFile: RECORDS });
    await build({ root: fresh, log: false });
    fs.rmSync(path.join(fresh, RECORDS));
    await build({ root: fresh, log: false });
    expect(fs.existsSync(path.join(fresh, RECORDS)), `${RECORDS} after the second build`).toBe(true);
  });
});

describe('docgen build with an incomplete algolia config', () => {
  let site: string;
  let configFile: string;
  let indexHtml: string;
  let before: { html: string; mtimeMs: number };
  beforeAll(async () => {
    site = newSite();
    configFile = path.join(site, 'docgen.config.ts');
    indexHtml = path.join(site, 'dist/index.html');
    // A first good build with the fixture's own config (local search).
    const first = await docgen('build', site);
    expect(first.code, first.stderr).toBe(0);
    before = { html: fs.readFileSync(indexHtml, 'utf8'), mtimeMs: fs.statSync(indexHtml).mtimeMs };
  });

  it('exits with 1 naming the config file and search.appId, and leaves the previous output intact', async () => {
    writeConfig(site, { provider: 'algolia', apiKey: 'test-key', indexName: 'docgen' });
    const { code, stderr } = await docgen('build', site);
    expect(code).toBe(1);
    expect(stderr).toContain(`Invalid config in ${path.relative(repoRoot, configFile)}:`);
    expect(stderr).toContain('search.appId is required when provider is algolia');
    // Validation knows the key path, not a position in the file: no `file:line:column` is printed.
    expect(stderr).not.toMatch(/docgen\.config\.ts:\d+:\d+/);
    expect(fs.readFileSync(indexHtml, 'utf8')).toBe(before.html);
    expect(fs.statSync(indexHtml).mtimeMs).toBe(before.mtimeMs);
    expect(fs.readdirSync(site).filter((f) => /^dist\.(tmp|old)-/.test(f))).toEqual([]);
  });

  it('requires apiKey and indexName too, reporting every missing key at once', async () => {
    writeConfig(site, { provider: 'algolia' });
    const { code, stderr } = await docgen('build', site);
    expect(code).toBe(1);
    expect(stderr).toContain('search.appId is required when provider is algolia');
    expect(stderr).toContain('search.apiKey is required when provider is algolia');
    expect(stderr).toContain('search.indexName is required when provider is algolia');
    expect(fs.readFileSync(indexHtml, 'utf8')).toBe(before.html);
  });

  it('refuses an empty appId', async () => {
    writeConfig(site, { ...ALGOLIA, appId: '' });
    const { code, stderr } = await docgen('build', site);
    expect(code).toBe(1);
    expect(stderr).toContain('search.appId cannot be empty');
    expect(fs.readFileSync(indexHtml, 'utf8')).toBe(before.html);
  });
});
