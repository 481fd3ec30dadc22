import { describe, expect, it } from 'vitest';
import { algoliaParameters } from './algolia-parameters.js';

describe('algoliaParameters', () => {
  it('keeps the user parameters as given without a language or version to filter by', () => {
    expect(algoliaParameters({ hitsPerPage: 5 }, null)).toEqual({ hitsPerPage: 5 });
    expect(algoliaParameters(undefined, null, null)).toEqual({});
  });

  it('puts the language and the version filters before the user facetFilters', () => {
    expect(algoliaParameters(undefined, 'zh', '1.x')).toEqual({ facetFilters: ['lang:zh', 'version:1.x'] });
    expect(algoliaParameters({ facetFilters: 'type:content' }, null, '2.x')).toEqual({ facetFilters: ['version:2.x', 'type:content'] });
    expect(algoliaParameters({ facetFilters: [['a:1', 'a:2']] }, 'en')).toEqual({ facetFilters: ['lang:en', ['a:1', 'a:2']] });
  });
});
