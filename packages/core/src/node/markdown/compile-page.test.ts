/**
 * The page pipeline end to end, one fixture folder per case in `__fixtures__/<case>/`:
 *   input.md or input.mdx   the page (plus any files it links to or shows)
 *   expected.json           what must come out:
 *     title?, toc?          compared with `createPageCompiler(…).compile()` (toc exactly, charIndex included)
 *     htmlIncludes?, htmlExcludes?   substrings of the HTML from `renderMarkdownToHtml(source, { format, cwd })`
 *     error?: { message, line, column }   both paths throw a DocgenError at that place
 *     base?                 site base (default '/')
 *     page?                 where the page lives inside the case folder when not at its top, e.g.
 *                           `guide/input.md` (renderMarkdownToHtml can only place a page at `cwd`, so such
 *                           cases are rendered by running the compiler's output, as renderMarkdownToHtml does)
 * A new case is a new folder. Also table tests of `parseCodeMeta` and `normalizeContainerTitles`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from '@mdx-js/mdx';
import { createElement, type ComponentType } from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DocgenError } from '../../shared/errors.js';
import type { TocItem } from '../../shared/types.js';
import { createPageCompiler, folderCompilerOptions, type PageCompiler } from './compile-page.js';
import { parseCodeMeta } from './rehype-shiki.js';
import { normalizeContainerTitles } from './remark-containers.js';
import { renderMarkdownToHtml } from './render-markdown.js';

interface Expected {
  title?: string;
  toc?: TocItem[];
  htmlIncludes?: string[];
  htmlExcludes?: string[];
  error?: { message: string; line: number; column: number };
  base?: string;
  page?: string;
}

const KNOWN_KEYS = new Set(['title', 'toc', 'htmlIncludes', 'htmlExcludes', 'error', 'base', 'page']);
const FIXTURES = fileURLToPath(new URL('./__fixtures__/', import.meta.url));
const caseNames = fs
  .readdirSync(FIXTURES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

/** A compiler with the options the brief of these tests fixes (those of `renderMarkdownToHtml`). */
function compilerFor(root: string, base: string): PageCompiler {
  return createPageCompiler(folderCompilerOptions(root, base));
}

/** The page's HTML: `renderMarkdownToHtml` for a page at the top of the case, else the compiler's output run. */
async function renderHtml(caseDir: string, file: string, source: string, expected: Expected): Promise<string> {
  const base = expected.base ?? '/';
  if (expected.page === undefined) {
    return renderMarkdownToHtml(source, { format: file.endsWith('.mdx') ? 'mdx' : 'md', cwd: caseDir, base });
  }
  const { code } = await compilerFor(caseDir, base).compile(file, source, { outputFormat: 'function-body' });
  const mod = (await run(code, { ...(jsxRuntime as object), baseUrl: import.meta.url } as Parameters<typeof run>[1])) as { default: ComponentType };
  return renderToStaticMarkup(createElement(mod.default));
}

async function catchError(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the page to fail, it compiled');
}

function expectLocatedError(error: unknown, expected: NonNullable<Expected['error']>, fileName: string) {
  expect(error).toBeInstanceOf(DocgenError);
  const { message, locations } = error as DocgenError;
  expect(message).toContain(expected.message);
  expect(locations[0]?.message).toContain(expected.message);
  expect(locations[0]?.location?.file.endsWith(fileName)).toBe(true);
  expect({ line: locations[0]?.location?.line, column: locations[0]?.location?.column }).toEqual({ line: expected.line, column: expected.column });
}

describe('compile-page fixtures', () => {
  it('finds the fixture folders', () => {
    expect(caseNames.length).toBeGreaterThanOrEqual(20);
  });

  for (const name of caseNames) {
    describe(name, () => {
      const caseDir = path.join(FIXTURES, name);
      const expected = JSON.parse(fs.readFileSync(path.join(caseDir, 'expected.json'), 'utf8')) as Expected;
      const page = expected.page ?? (fs.existsSync(path.join(caseDir, 'input.mdx')) ? 'input.mdx' : 'input.md');
      const file = path.join(caseDir, page);
      const source = fs.readFileSync(file, 'utf8');

      it('has a well-formed expected.json', () => {
        expect(Object.keys(expected).filter((k) => !KNOWN_KEYS.has(k))).toEqual([]);
        const asserts = ['title', 'toc', 'htmlIncludes', 'htmlExcludes', 'error'].filter((k) => k in expected);
        expect(asserts.length, 'expected.json asserts nothing').toBeGreaterThan(0);
        if (expected.error) expect(asserts).toEqual(['error']);
      });

      if (expected.error) {
        const error = expected.error;
        it('compile() fails at the expected place', async () => {
          expectLocatedError(await catchError(compilerFor(caseDir, expected.base ?? '/').compile(file, source)), error, page);
        });
        it('rendering fails at the expected place', async () => {
          expectLocatedError(await catchError(renderHtml(caseDir, file, source, expected)), error, path.basename(page));
        });
        return;
      }

      if (expected.htmlIncludes || expected.htmlExcludes) {
        it('renders the expected HTML', async () => {
          const html = await renderHtml(caseDir, file, source, expected);
          for (const s of expected.htmlIncludes ?? []) expect(html).toContain(s);
          for (const s of expected.htmlExcludes ?? []) expect(html).not.toContain(s);
        });
      }

      if (expected.title !== undefined || expected.toc) {
        it('compiles the expected title and toc', async () => {
          const compiled = await compilerFor(caseDir, expected.base ?? '/').compile(file, source);
          if (expected.title !== undefined) expect(compiled.title).toBe(expected.title);
          if (expected.toc) {
            // The fixture's own offsets must point at its ATX headings, so a wrong expected.json cannot pass.
            for (const item of expected.toc) expect(source.startsWith(`${'#'.repeat(item.depth)} `, item.charIndex), `charIndex of ${item.text}`).toBe(true);
            expect(compiled.toc).toEqual(expected.toc);
          }
        });
      }
    });
  }
});

describe('parseCodeMeta', () => {
  const rows: [string, { title?: string; lines?: number[]; showLineNumbers?: boolean; wrapCode?: boolean }][] = [
    ['', {}],
    ['title="a.ts"', { title: 'a.ts' }],
    ["title='with space.ts'", { title: 'with space.ts' }],
    ['title=bare.js', { title: 'bare.js' }],
    ['subtitle="x"', {}],
    ['{2}', { lines: [2] }],
    ['{1,3-5}', { lines: [1, 3, 4, 5] }],
    ['{ 1 , 7 }', { lines: [1, 7] }],
    ['title="a.ts" {2}', { title: 'a.ts', lines: [2] }],
    ['{2} title="a.ts" showLineNumbers', { title: 'a.ts', lines: [2], showLineNumbers: true }],
    ['showLineNumbers', { showLineNumbers: true }],
    ['showLineNumbers=true', { showLineNumbers: true }],
    ['showLineNumbers=false', { showLineNumbers: false }],
    ['showLineNumbersPlease', {}],
    ['wrapCode', { wrapCode: true }],
    ['wrapCode=false showLineNumbers', { wrapCode: false, showLineNumbers: true }],
  ];
  it.each(rows)('%j', (meta, want) => {
    const got = parseCodeMeta(meta);
    expect(got.title).toBe(want.title);
    expect([...got.highlightLines].sort((a, b) => a - b)).toEqual(want.lines ?? []);
    expect(got.showLineNumbers).toBe(want.showLineNumbers);
    expect(got.wrapCode).toBe(want.wrapCode);
  });
});

describe('normalizeContainerTitles', () => {
  it.each([
    [':::tip Title', ':::tip[Title]'],
    [':::tip[Title]', ':::tip[Title]'],
    [':::tip', ':::tip'],
    [':::details Show the *full* config', ':::details[Show the *full* config]'],
    [':::TIP Upper case type', ':::TIP[Upper case type]'],
    ['::::warning Four colons', '::::warning[Four colons]'],
    ['   :::info Indented three', '   :::info[Indented three]'],
    ['    :::info Indented four', '    :::info Indented four'],
    [':::tip   Trailing spaces   ', ':::tip[Trailing spaces]'],
    [':::tip Has [brackets]', ':::tip[Has \\[brackets\\]]'],
    [':::foo Unknown type', ':::foo Unknown type'],
    [':::tip {.attributes}', ':::tip {.attributes}'],
    ['Text with :::tip Title inside', 'Text with :::tip Title inside'],
    ['Meet at 10:30, a:b', 'Meet at 10:30, a:b'],
    ['```md\n:::tip In a fence\n```\n:::tip After', '```md\n:::tip In a fence\n```\n:::tip[After]'],
    ['````md\n```\n:::tip Still fenced\n````\n:::tip Out', '````md\n```\n:::tip Still fenced\n````\n:::tip[Out]'],
    ['~~~\n```\n:::tip Tilde fence\n~~~\n:::tip Out', '~~~\n```\n:::tip Tilde fence\n~~~\n:::tip[Out]'],
    ['```js\n```js\n:::tip Info string does not close\n```\n:::tip Out', '```js\n```js\n:::tip Info string does not close\n```\n:::tip[Out]'],
    // A backtick "fence" with a backtick in its info string is inline code, not a fence (CommonMark 4.5).
    ['```x``` is inline code\n\n:::tip Title', '```x``` is inline code\n\n:::tip[Title]'],
    [':::tip Title\r\nbody\r\n:::', ':::tip[Title]\nbody\r\n:::'],
  ])('%j → %j', (input, output) => {
    const result = normalizeContainerTitles(input);
    expect(result).toBe(output);
    // Line numbers of everything else stay those of the file.
    expect(result.split('\n').length).toBe(input.split('\n').length);
  });
});

describe('what a remark plugin learns of the site', () => {
  it('reads the site root and the language of the page\'s locale on file.data', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-file-data-'));
    try {
      // A remark plugin by path, as sites and plugins give them: it writes what it saw into the page.
      const plugin = path.join(root, 'remark-site.mjs');
      fs.writeFileSync(
        plugin,
        "export default () => (tree, file) => { tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: `root=${file.data.root} lang=${file.data.lang}` }] }); };\n",
      );
      const compiler = createPageCompiler({
        ...folderCompilerOptions(root),
        locales: [
          { dir: path.join(root, 'en'), prefix: '', lang: 'en' },
          { dir: path.join(root, 'zh'), prefix: '/zh', lang: 'zh' },
        ],
        remarkPlugins: [plugin],
      });
      const seen = async (file: string) => /root=(\S*) lang=(\w*)/.exec((await compiler.compile(path.join(root, file), '# Page\n')).code)?.slice(1);
      expect(await seen('zh/guide/page.md')).toEqual([root, 'zh']);
      expect(await seen('en/page.mdx')).toEqual([root, 'en']);
      // Outside every locale folder (a page added from elsewhere): no language.
      expect(await seen('other/page.md')).toEqual([root, 'undefined']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
