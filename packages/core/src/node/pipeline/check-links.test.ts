/**
 * The site-wide dead-link check on pages compiled by the real page compiler: anchors (same page, other
 * pages, every heading depth, custom ids, raw HTML and JSX ids), root-relative links (routes, `.md` and
 * `.html` forms, other locales, public files), excluded pages, pages that import fragments (compiled by
 * `checkLinks`, or not known to `findDeadLinks` alone); then the `checkDeadLinks` levels.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocgenError } from '../../shared/errors.js';
import { createPageCompiler, type CompiledPage, type PageCompiler } from '../markdown/compile-page.js';
import type { RouteEntry } from '../routes/scan-routes.js';
import { checkLinks, findDeadLinks, reportDeadLinks, type DeadLink } from './check-links.js';

// One link per line, from line 5 on; `dead: true` marks those the check must report.
const LINKS: [url: string, dead?: true][] = [
  ['#here'],
  ['#nope', true],
  ['./a.md#custom'],
  ['./a.md#deep'],
  ['./a.md#raw-id'],
  ['./a.md#named'],
  ['./a.md#%E4%B8%AD%E6%96%87'],
  ['./a.md#nope', true],
  ['/guide/a'],
  ['/guide/a.md#custom'],
  ['/guide/a.html'],
  ['/guide/a#nope', true],
  ['/'],
  ['/zh/'],
  ['/zh/guide/a#zh-heading'],
  ['/zh/guide/a#custom', true],
  ['/guide/nope', true],
  ['/zh/guide/nope', true],
  ['/robots.txt'],
  ['/missing.txt', true],
  ['/404'],
  ['./hidden.md', true],
  ['/guide/hidden', true],
  ['./with-fragment.mdx#from-the-fragment'],
  // Not known without the fragments compiled: only checkLinks with compileFragment finds it dead.
  ['./with-fragment.mdx#nope'],
  ['./jsx.mdx#jsx-id'],
  ['./jsx.mdx#nope', true],
  ['https://example.com/guide/nope#nope'],
  ['/guide/%E4%B8%AD%E6%96%87#%E4%B8%80'],
  ['./中文.md#一'],
  ['/guide/%zz', true],
  ['/robots%00.txt', true],
  ['/../robots.txt'],
  ['/guide/../guide/a#custom'],
  ['/guide/a/../nope', true],
  ['/static/index.html'],
  ['/static/%E5%9B%BE.svg'],
];

const FILES: Record<string, string> = {
  'en/index.md': '# Home\n',
  'en/guide/links.md': `# Links\n\n## Here\n\n${LINKS.map(([url], i) => `- [link ${i}](${url})`).join('\n')}\n`,
  'en/guide/a.md':
    '# A\n\n## Section {#custom}\n\n##### Deep\n\n## 中文\n\n<div id="raw-id">raw</div>\n\n<a name="named"></a>\n',
  'en/guide/hidden.md': '# Hidden\n',
  'en/guide/中文.md': '# 中文\n\n## 一\n',
  'en/guide/with-fragment.mdx': "import Part from './_part.mdx';\n\n# With a fragment\n\n<Part />\n",
  'en/guide/_part.mdx': "import Inner from './_inner.mdx';\n\n## From the fragment\n\n<Inner />\n\nSee [a](/guide/nope-from-part).\n",
  'en/guide/_inner.mdx': "import Part from './_part.mdx';\n\n## Inner heading\n\n[back](./a.md#nope-from-inner)\n",
  'en/guide/also-part.mdx': "import Part from './_part.mdx';\nimport Out from '../../../outside.mdx';\n\n# Also\n\n<Part />\n",
  'en/guide/jsx.mdx': '# JSX\n\n<div id="jsx-id">x</div>\n',
  'zh/index.md': '# 首页\n',
  'zh/guide/a.md': '# A\n\n## Zh heading\n',
  'public/robots.txt': 'User-agent: *\n',
  'public/static/index.html': '<p>static</p>\n',
  'public/static/图.svg': '<svg/>\n',
};

let top: string;
let root: string;
let routes: RouteEntry[];
let pages: Map<string, CompiledPage>;
let compiler: PageCompiler;

beforeAll(async () => {
  top = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-check-links-'));
  root = path.join(top, 'site');
  // Beside the site: imported by a page, never compiled by the check.
  fs.writeFileSync(path.join(top, 'outside.mdx'), '## Outside\n');
  for (const [name, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  compiler = createPageCompiler({
    root,
    base: '/docs/',
    locales: [
      { dir: path.join(root, 'zh'), prefix: '/zh' },
      { dir: path.join(root, 'en'), prefix: '' },
    ],
    excludeFragments: true,
    htmlLinks: false,
    publicDir: path.join(root, 'public'),
    showLineNumbers: false,
    defaultWrapCode: false,
    shiki: {},
    remarkPlugins: [],
    rehypePlugins: [],
  });
  // Every page but hidden.md (left out, as route.exclude does) and the fragments.
  const built: [string, string][] = [
    ['/', 'en/index.md'],
    ['/guide/links', 'en/guide/links.md'],
    ['/guide/a', 'en/guide/a.md'],
    ['/guide/with-fragment', 'en/guide/with-fragment.mdx'],
    ['/guide/jsx', 'en/guide/jsx.mdx'],
    ['/guide/中文', 'en/guide/中文.md'],
    ['/guide/also-part', 'en/guide/also-part.mdx'],
    ['/zh/', 'zh/index.md'],
    ['/zh/guide/a', 'zh/guide/a.md'],
  ];
  routes = built.map(([routePath, rel]) => ({ path: routePath, filePath: path.join(root, rel), relativePath: rel, lang: rel.slice(0, 2), version: '' }));
  pages = new Map();
  for (const route of routes) pages.set(route.filePath, await compiler.compile(route.filePath, fs.readFileSync(route.filePath, 'utf8')));
});
afterAll(() => fs.rmSync(top, { recursive: true, force: true }));

describe('findDeadLinks', () => {
  let dead: DeadLink[];
  beforeAll(() => {
    dead = findDeadLinks(routes, pages, path.join(root, 'public'));
  });

  it('records links with their place and anchors of every kind while compiling', () => {
    const links = pages.get(path.join(root, 'en/guide/links.md'))!.links;
    expect(links[0]).toEqual({ url: '#here', route: '/guide/links', anchor: 'here', line: 5, column: 3 });
    expect(links.find((l) => l.url === '/guide/a.md#custom')).toMatchObject({ route: '/guide/a', anchor: 'custom', rootRelative: true, line: 14 });
    expect(links.find((l) => l.url === './hidden.md')).toMatchObject({ route: '/guide/hidden', file: path.join(root, 'en/guide/hidden.md') });
    // External links are not the check's business.
    expect(links.some((l) => l.url.startsWith('https:'))).toBe(false);
    expect(pages.get(path.join(root, 'en/guide/a.md'))!.anchors).toEqual(expect.arrayContaining(['a', 'custom', 'deep', '中文', 'raw-id', 'named']));
    expect(pages.get(path.join(root, 'en/guide/jsx.mdx'))!.anchors).toContain('jsx-id');
    expect(pages.get(path.join(root, 'en/guide/with-fragment.mdx'))!.fragmentImports).toEqual([path.join(root, 'en/guide/_part.mdx')]);
  });

  it('reports exactly the dead links, in order, each at its line and column', () => {
    const expected = LINKS.flatMap(([url, isDead], i) => (isDead ? [{ url, line: 5 + i }] : []));
    expect(dead.map((d) => ({ url: d.message.split(' ')[2], line: d.location.line }))).toEqual(expected);
    for (const d of dead) {
      expect(d.location.file.endsWith(path.join('en', 'guide', 'links.md'))).toBe(true);
      expect(d.location.column).toBe(3);
      expect(d.location.lineText).toBe(`- [link ${d.location.line - 5}](${d.message.split(' ')[2]})`);
    }
  });

  it('says why each link is dead', () => {
    const why = (url: string) => dead.find((d) => d.message.split(' ')[2] === url)?.message;
    expect(why('#nope')).toBe('Dead anchor: #nope (en/guide/links.md has no element with the id "nope")');
    expect(why('./a.md#nope')).toBe('Dead anchor: ./a.md#nope (en/guide/a.md has no element with the id "nope")');
    expect(why('/zh/guide/a#custom')).toContain('zh/guide/a.md has no element with the id "custom"');
    expect(why('/guide/nope')).toBe('Dead link: /guide/nope (no page has the route /guide/nope and the public folder has no such file)');
    expect(why('./hidden.md')).toMatch(/^Dead link: \.\/hidden\.md \(\S*en\/guide\/hidden\.md is not built \(left out by route\.exclude or route\.include\)\)$/);
  });

  it('finds nothing on a site without dead links', () => {
    const clean = routes.filter((r) => !r.filePath.endsWith('links.md'));
    expect(findDeadLinks(clean, pages, path.join(root, 'public'))).toEqual([]);
  });
});

describe('checkLinks', () => {
  const compiled: string[] = [];
  const compileFragment = (file: string) => {
    compiled.push(file);
    return compiler.compile(file, fs.readFileSync(file, 'utf8'));
  };
  const options = () => ({ routes, pages, root, publicDir: path.join(root, 'public'), compileFragment });

  it("compiles each fragment inside the site once, then checks anchors through them and their links at 'warn'", async () => {
    compiled.length = 0;
    const warnings = await checkLinks({ ...options(), level: 'warn' });
    expect(compiled.sort()).toEqual([path.join(root, 'en/guide/_inner.mdx'), path.join(root, 'en/guide/_part.mdx')]);
    const fromFragments = warnings.filter((w) => /with-fragment|nope-from/.test(w));
    expect(fromFragments).toEqual([
      expect.stringMatching(/en\/guide\/links\.md:\d+:3: Dead anchor: \.\/with-fragment\.mdx#nope \(en\/guide\/with-fragment\.mdx has no element with the id "nope"\)$/),
      expect.stringMatching(/en\/guide\/_part\.mdx:7:5: Dead link: \/guide\/nope-from-part \(no page has the route/),
      expect.stringMatching(/en\/guide\/_inner\.mdx:5:1: Dead anchor: \.\/a\.md#nope-from-inner/),
    ]);
    // The fragment's headings, also the nested fragment's, count on the page that imports it.
    expect(warnings.some((w) => w.includes('#from-the-fragment'))).toBe(false);
    // The page-only dead links are all there too.
    expect(warnings.length).toBe(LINKS.filter(([, isDead]) => isDead).length + 3);
  });

  it('throws at level true and compiles nothing at level false', async () => {
    await expect(checkLinks({ ...options(), level: true })).rejects.toThrow(/Dead anchor: \.\/with-fragment\.mdx#nope/);
    compiled.length = 0;
    expect(await checkLinks({ ...options(), level: false })).toEqual([]);
    expect(compiled).toEqual([]);
  });

  it('without compileFragment, leaves unknown anchors of pages with fragments alone', async () => {
    const warnings = await checkLinks({ ...options(), compileFragment: undefined, level: 'warn' });
    expect(warnings.filter((w) => /with-fragment|nope-from/.test(w))).toEqual([]);
  });
});

describe('reportDeadLinks', () => {
  const dead: DeadLink[] = [
    { message: 'Dead anchor: #nope (a.md has no element with the id "nope")', location: { file: 'en/a.md', line: 3, column: 5, lineText: 'See [x](#nope).' } },
    { message: 'Dead link: /guide/nope (no page has the route /guide/nope)', location: { file: 'en/b.md', line: 7, column: 1, lineText: '[y](/guide/nope)' } },
  ];

  it('throws one DocgenError naming every dead link at true', () => {
    let error: unknown;
    try {
      reportDeadLinks(dead, true);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DocgenError);
    expect((error as DocgenError).message).toBe(
      'en/a.md:3:5: Dead anchor: #nope (a.md has no element with the id "nope")\nen/b.md:7:1: Dead link: /guide/nope (no page has the route /guide/nope)',
    );
    expect((error as DocgenError).locations.map((l) => l.location?.line)).toEqual([3, 7]);
  });

  it("returns located warnings at 'warn' and nothing at false", () => {
    expect(reportDeadLinks(dead, 'warn')).toEqual([
      'en/a.md:3:5: Dead anchor: #nope (a.md has no element with the id "nope")',
      'en/b.md:7:1: Dead link: /guide/nope (no page has the route /guide/nope)',
    ]);
    expect(reportDeadLinks(dead, false)).toEqual([]);
    expect(reportDeadLinks([], true)).toEqual([]);
  });
});
