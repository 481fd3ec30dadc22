import { describe, expect, it } from 'vitest';
import type { BuildContext } from './context.js';
import { servedSearchFiles } from './emit-assets.js';

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
