/**
 * Search relevance on the website: each row of `search-relevance.json` is a query a reader would type
 * to find one page of `docs/` (English or Chinese). The website's output (`docs/dist`, built once before
 * the test files run) is read: each locale's index (entry `docgen-data/search-<lang>.json`, its shards
 * and fragments read from disk) is opened with `openSearchIndex` and queried with the parameters DocSearch
 * sends. The expected page must be among the first 3 distinct pages of the hits.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '@docgen/core';
import { removeBase } from '@docgen/core/shared';
import { openSearchIndex, type LocalSearchEngine, type SearchIndexEntry, type SearchParams } from '@docgen/core/search';
import { docsRoot } from './helpers/site.js';

interface Row {
  query: string;
  lang: 'en' | 'zh';
  /** Route path of the page the query should find, without base. */
  expect: string;
}

const rows = JSON.parse(fs.readFileSync(new URL('./search-relevance.json', import.meta.url), 'utf8')) as Row[];

/** What DocSearch's modal sends with every query (its default snippet length is 10 words). */
const DOCSEARCH_PARAMS: Omit<SearchParams, 'query'> = {
  hitsPerPage: 20,
  attributesToSnippet: [
    'hierarchy.lvl1:10',
    'hierarchy.lvl2:10',
    'hierarchy.lvl3:10',
    'hierarchy.lvl4:10',
    'hierarchy.lvl5:10',
    'hierarchy.lvl6:10',
    'content:10',
  ],
  snippetEllipsisText: '…',
  highlightPreTag: '<mark>',
  highlightPostTag: '</mark>',
};

const TOP = 3;

describe('search relevance on the website', () => {
  let base: string;
  const engines = new Map<string, LocalSearchEngine>();

  beforeAll(async () => {
    // The website's own output (built once for all test files): a build into another folder would record
    // that folder in the site's cache, and the next build of `docs/dist` would make every file again.
    const result = await build({ root: docsRoot, log: false });
    base = result.config.base;
    const data = path.join(result.outDir, 'docgen-data');
    for (const file of fs.readdirSync(data)) {
      const match = /^search-([\w.-]+)\.json$/.exec(file);
      if (!match) continue;
      const entry = JSON.parse(fs.readFileSync(path.join(data, file), 'utf8')) as SearchIndexEntry;
      engines.set(match[1], openSearchIndex(entry, async (part) => JSON.parse(fs.readFileSync(path.join(data, part), 'utf8')) as unknown));
    }
  });

  it('has an index per locale and a table of at least 20 queries per locale', () => {
    expect([...engines.keys()].sort()).toEqual(['1.x-en', '1.x-zh', 'en', 'zh']);
    expect(rows.filter((r) => r.lang === 'en').length).toBeGreaterThanOrEqual(20);
    expect(rows.filter((r) => r.lang === 'zh').length).toBeGreaterThanOrEqual(20);
  });

  it.each(rows.map((row) => [`${row.lang}: ${row.query} → ${row.expect}`, row] as const))('%s', async (_name, { query, lang, expect: expected }) => {
    const engine = engines.get(lang);
    if (!engine) throw new Error(`no search index for ${lang}`);
    const { hits } = await engine.search({ query, ...DOCSEARCH_PARAMS });
    const pages: string[] = [];
    for (const hit of hits) {
      const page = removeBase(hit.url_without_anchor, base);
      if (!pages.includes(page)) pages.push(page);
    }
    const top = pages.slice(0, TOP);
    expect(top, `query "${query}" (${lang}): top ${TOP} pages were [${top.join(', ') || 'no hits'}]`).toContain(expected);
  });
});
