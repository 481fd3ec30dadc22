/**
 * Conventional routing: `scanRoutes` over the mini sites in `__fixtures__/<case>/site`, plus table tests of
 * the path helpers (`fileToRoutePath`, `globToRegExp`).
 *
 * Each fixture folder holds `site/` and `case.json`:
 *   { "config": <user config>, "expected": [{ path, relativePath, lang }, …] }   routes, in the order returned
 *   { "config": <user config>, "error": "substring" | ["substring", …] }         scanRoutes (or the config) throws
 * A new case is a new folder.
 *
 * Note: `dist/` is in the repository's .gitignore, so `single-locale/site/dist/` exists only in a working copy;
 * `custom-dirs` covers the same rule (the output folder is not scanned) with a folder that is committed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../config/index.js';
import { DocgenError } from '../../shared/errors.js';
import { fileToRoutePath, globToRegExp, scanRoutes } from './scan-routes.js';

interface RouteCase {
  config: unknown;
  expected?: { path: string; relativePath: string; lang: string }[];
  error?: string | string[];
}

const FIXTURES = fileURLToPath(new URL('./__fixtures__/', import.meta.url));
const caseNames = fs
  .readdirSync(FIXTURES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

describe('scanRoutes fixtures', () => {
  it('finds the fixture folders', () => {
    expect(caseNames.length).toBeGreaterThanOrEqual(10);
  });

  for (const name of caseNames) {
    it(name, () => {
      const caseDir = path.join(FIXTURES, name);
      const spec = JSON.parse(fs.readFileSync(path.join(caseDir, 'case.json'), 'utf8')) as RouteCase;
      const root = path.join(caseDir, 'site');
      // Exactly one of `expected` / `error`, so a typo cannot turn a case into a test of nothing.
      expect(Number(spec.expected !== undefined) + Number(spec.error !== undefined), 'case.json needs "expected" or "error"').toBe(1);
      expect(fs.statSync(root).isDirectory()).toBe(true);

      const run = () => scanRoutes(resolveConfig(spec.config, { root }));

      if (spec.error !== undefined) {
        let thrown: unknown;
        try {
          run();
        } catch (error) {
          thrown = error;
        }
        expect(thrown, 'expected an error').toBeInstanceOf(DocgenError);
        for (const part of [spec.error].flat()) expect((thrown as Error).message).toContain(part);
        return;
      }

      const routes = run();
      expect(routes.map(({ path: p, relativePath, lang }) => ({ path: p, relativePath, lang }))).toEqual(spec.expected);
      for (const route of routes) {
        // The other fields are derived from the same file: absolute path, and no versions yet.
        expect(route.filePath).toBe(path.join(root, ...route.relativePath.split('/')));
        expect(route.version).toBe('');
      }
    });
  }
});

describe('fileToRoutePath', () => {
  it.each([
    ['index', '/'],
    ['about', '/about'],
    ['api/index', '/api/'],
    ['guide/start/introduction', '/guide/start/introduction'],
    ['guide/start/index', '/guide/start/'],
    ['zh/api/index', '/zh/api/'],
    ['myindex', '/myindex'],
    ['api/subindex', '/api/subindex'],
    ['index/index', '/index/'],
  ])('%s → %s', (input, expected) => {
    expect(fileToRoutePath(input)).toBe(expected);
  });
});


describe('globToRegExp', () => {
  it.each([
    ['**/drafts/**', 'drafts/a.md', true],
    ['**/drafts/**', 'en/guide/drafts/a.md', true],
    ['**/drafts/**', 'drafts.md', false],
    ['**/drafts/**', 'mydrafts/a.md', false],
    ['notes/*.md', 'notes/a.md', true],
    ['notes/*.md', 'notes/deep/a.md', false],
    ['notes/*.md', 'other/notes/a.md', false],
    ['*.md', 'a.md', true],
    ['*.md', 'dir/a.md', false],
    ['a?.md', 'ab.md', true],
    ['a?.md', 'a.md', false],
    ['a?.md', 'a/.md', false],
    ['file.md', 'fileXmd', false],
    ['(x)+[y].md', '(x)+[y].md', true],
    ['docs/**/index.md', 'docs/index.md', true],
    ['docs/**/index.md', 'docs/a/b/index.md', true],
    ['**', 'any/depth/file.mdx', true],
  ])('%s on %s → %s', (glob, file, matches) => {
    expect(globToRegExp(glob).test(file)).toBe(matches);
  });
});
