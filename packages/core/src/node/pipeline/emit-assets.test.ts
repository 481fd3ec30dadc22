import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BuildContext } from './context.js';
import { emitSearchIndexes, servedSearchFiles } from './emit-assets.js';
import { createOutputUpdate } from './update-output.js';

describe('servedSearchFiles (the dev server\'s search indexes, from memory)', () => {
  it('maps each locale\'s entry, shards and fragments by URL path and sets the entries\' URLs', () => {
    const ctx = {
      search: {
        records: [],
        files: new Map([
          ['', { file: 'docgen-data/search-en.json', json: '{"v":1}', parts: new Map([['docgen-data/search/en/0.0.json', '["a"]'], ['assets/search/en-p-1.json', '{}']]) }],
          ['/zh', { file: 'docgen-data/search-zh.json', json: '{"v":2}', parts: new Map([['docgen-data/search/zh/0.0.json', '["b"]']]) }],
        ]),
      },
    } as unknown as BuildContext;
    const files = servedSearchFiles(ctx);
    expect(Object.fromEntries(files)).toEqual({
      '/docgen-data/search-en.json': '{"v":1}',
      '/docgen-data/search/en/0.0.json': '["a"]',
      '/assets/search/en-p-1.json': '{}',
      '/docgen-data/search-zh.json': '{"v":2}',
      '/docgen-data/search/zh/0.0.json': '["b"]',
    });
    expect(ctx.searchIndexes).toEqual({ '': '/docgen-data/search-en.json', '/zh': '/docgen-data/search-zh.json' });
  });
});

describe('emitSearchIndexes (a build\'s search index files)', () => {
  it('writes every file and leaves the URLs the documents are rendered with as they were set', async () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-emit-search-'));
    try {
      // An older version's locale that shares the current index (`multiVersion.search: 'all'`) has a URL
      // but no index of its own: the documents being rendered meanwhile must keep it.
      const urls = { '': '/docgen-data/search-en.json', '/1.x/': '/docgen-data/search-en.json' };
      const ctx = {
        search: {
          records: [],
          files: new Map([['', { file: 'docgen-data/search-en.json', json: '{"v":1}', parts: new Map([['docgen-data/search/en/0.0.json', '["a"]'], ['assets/search/en-p-1.json', '{}']]) }]]),
        },
        output: createOutputUpdate(outDir, undefined),
        searchIndexes: urls,
      } as unknown as BuildContext;
      await emitSearchIndexes(ctx, outDir);
      expect(ctx.searchIndexes).toBe(urls);
      const read = (file: string) => fs.readFileSync(path.join(outDir, file), 'utf8');
      expect([read('docgen-data/search-en.json'), read('docgen-data/search/en/0.0.json'), read('assets/search/en-p-1.json')]).toEqual(['{"v":1}', '["a"]', '{}']);
    } finally {
      fs.rmSync(outDir, { recursive: true, force: true });
    }
  });
});
