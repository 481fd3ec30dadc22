import { describe, expect, it } from 'vitest';
import { pageRoute, rewriteLinks } from './routes.js';

describe('pageRoute', () => {
  it('maps a file to the route prefix plus its path without .md, a folder entry file to the folder', () => {
    expect(pageRoute('index/functions/build.md', '/api/reference/', 'README.md')).toBe('/api/reference/index/functions/build');
    expect(pageRoute('README.md', '/api/reference/', 'README.md')).toBe('/api/reference/');
    expect(pageRoute('runtime/README.md', '/zh/api/reference/', 'README.md')).toBe('/zh/api/reference/runtime/');
    // Only the configured entry file name is an index: a symbol called README stays a page.
    expect(pageRoute('functions/README.md', '/r/', 'index.md')).toBe('/r/functions/README');
    expect(pageRoute('functions/index.md', '/r/', 'index.md')).toBe('/r/functions/');
  });
});

describe('rewriteLinks', () => {
  const routes = new Map([
    ['README.md', '/zh/api/reference/'],
    ['index/README.md', '/zh/api/reference/index/'],
    ['index/functions/build.md', '/zh/api/reference/index/functions/build'],
    ['index/interfaces/BuildResult.md', '/zh/api/reference/index/interfaces/BuildResult'],
  ]);

  it('rewrites relative links to generated files, resolved from the page, keeping anchors and titles', () => {
    const md = [
      '> **build**(): `Promise`\\<[`BuildResult`](../interfaces/BuildResult.md)\\>',
      'See [the root](../../README.md "Home") and [a field](../interfaces/BuildResult.md#routes).',
      '[Module](../README.md)',
    ].join('\n');
    expect(rewriteLinks(md, 'index/functions/build.md', routes)).toBe(
      [
        '> **build**(): `Promise`\\<[`BuildResult`](/zh/api/reference/index/interfaces/BuildResult)\\>',
        'See [the root](/zh/api/reference/ "Home") and [a field](/zh/api/reference/index/interfaces/BuildResult#routes).',
        '[Module](/zh/api/reference/index/)',
      ].join('\n'),
    );
  });

  it('rewrites href attributes of raw HTML the same way', () => {
    expect(rewriteLinks('<td><a href="BuildResult.md#config">config</a></td>', 'index/interfaces/BuildResult.md', routes)).toBe(
      '<td><a href="/zh/api/reference/index/interfaces/BuildResult#config">config</a></td>',
    );
  });

  it('leaves anchors, absolute URLs, root-relative links and files that were not generated as they are', () => {
    const md = '[a](#routes) [b](https://github.com/x/y.md) [c](/guide/start.md) [d](../../CHANGELOG.md) [e](./image.png) [f](mailto:a@b.c)';
    expect(rewriteLinks(md, 'index/functions/build.md', routes)).toBe(md);
  });

  it('decodes percent-encoded paths before looking them up', () => {
    const encoded = new Map([['index/functions/a b.md', '/r/a b']]);
    expect(rewriteLinks('[x](a%20b.md)', 'index/functions/build.md', encoded)).toBe('[x](/r/a b)');
  });
});
