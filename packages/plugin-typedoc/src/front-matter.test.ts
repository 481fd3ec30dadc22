import { describe, expect, it } from 'vitest';
import { withoutSearch } from './front-matter.js';

describe('withoutSearch', () => {
  it('adds search: false in a new front matter block, or in the page\'s own one, keeping its keys and body', () => {
    expect(withoutSearch('# build\n\nText\n')).toBe('---\nsearch: false\n---\n\n# build\n\nText\n');
    expect(withoutSearch('---\ntitle: build\n---\n# build\n')).toBe('---\nsearch: false\ntitle: build\n---\n# build\n');
  });
});
