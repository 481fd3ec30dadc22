/**
 * @docgen/plugin-typedoc on the `typedoc` fixture: a bilingual site under the base `/docs/` documenting a
 * tiny module (`src/`: a function and an interface in one file, a class in the other). The reference must
 * be routed in both locales with its sidebar group (inside the English `/api/` section, in a section of its
 * own in Chinese), its links must lead between its pages (the dead-link check passes), its headings must be
 * anchored, in the outline and in the search index; a second build must reuse the cached TypeDoc output, a
 * source change must make it again, a type error must fail the build at its place.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, loadConfig, type BuildResult } from '@docgen/core';
import { pluginTypedoc, type TypedocOptions } from '../packages/plugin-typedoc/src/index.js';
import { copyFixture, listFiles } from './helpers/site.js';

const options: TypedocOptions = {
  entryPoints: [{ path: 'src/index.ts', name: 'geometry' }],
  sidebarLabel: { en: 'API Reference', zh: 'API 参考' },
  // Source links from a template: the copy of the fixture is in no git repository.
  typedocOptions: { disableGit: true, sourceLinkTemplate: 'https://example.com/geometry/{path}#L{line}' },
};

async function buildSite(site: string, cache = true, typedoc: TypedocOptions = options): Promise<BuildResult> {
  const config = await loadConfig(site);
  return build({ root: site, config: { ...config, plugins: [pluginTypedoc(typedoc)] }, log: false, cache });
}

const cacheFile = (site: string) => path.join(site, 'node_modules/.cache/docgen/plugins/typedoc/reference.json');

/** The `<aside class="dg-sidebar">` of a built page. */
function sidebarOf(html: string): string {
  return /<aside class="dg-sidebar">[\s\S]*?<\/aside>/.exec(html)?.[0] ?? '';
}

/** The text of a page's `<article>`, tags removed. */
function articleText(html: string): string {
  return (/<article[\s\S]*?<\/article>/.exec(html)?.[0] ?? '').replace(/<[^>]+>/g, '');
}

describe('a site with a TypeDoc reference, built', () => {
  let site: string;
  let result: BuildResult;
  const read = (file: string) => fs.readFileSync(path.join(site, 'dist', file), 'utf8');
  beforeAll(async () => {
    site = copyFixture('typedoc');
    result = await buildSite(site);
  });

  it('adds one route per generated page, under the route prefix of each locale', () => {
    const reference = result.routes.map((r) => r.path).filter((p) => p.includes('/api/reference/'));
    expect(reference.sort()).toEqual([
      '/api/reference/',
      '/api/reference/classes/Counter',
      '/api/reference/functions/area',
      '/api/reference/interfaces/Shape',
      '/zh/api/reference/',
      '/zh/api/reference/classes/Counter',
      '/zh/api/reference/functions/area',
      '/zh/api/reference/interfaces/Shape',
    ]);
    expect(result.routes.find((r) => r.path === '/zh/api/reference/functions/area')?.lang).toBe('zh');
  });

  it('renders the pages with links between them under the base, anchored headings and an outline', () => {
    const area = read('api/reference/functions/area.html');
    expect(area).toContain('<h1 id="function-area">Function: area()</h1>');
    expect(area).toContain('<a href="/docs/api/reference/interfaces/Shape"><code>Shape</code></a>');
    expect(area).toContain('<h2 id="parameters">Parameters<a href="#parameters" class="dg-heading-anchor"');
    expect(area).toMatch(/<aside class="dg-outline">[\s\S]*<a href="#parameters">Parameters<\/a>[\s\S]*<a href="#example">Example<\/a>/);
    expect(area).toContain('Defined in: <a href="https://example.com/geometry/area.ts#L17" target="_blank" rel="noopener noreferrer">area.ts:17</a>');
    // The Chinese copy links within the Chinese reference.
    expect(read('zh/api/reference/classes/Counter.html')).toContain('href="/docs/zh/api/reference/interfaces/Shape"');
    // The index lists the exports; every link of every generated page leads to a generated page.
    const index = read('api/reference/index.html');
    for (const page of ['classes/Counter', 'functions/area', 'interfaces/Shape']) expect(index).toContain(`href="/docs/api/reference/${page}"`);
    for (const file of listFiles(path.join(site, 'dist')).filter((f) => f.startsWith('api/reference/'))) {
      for (const [, href] of read(file).matchAll(/<a href="(\/docs\/api\/reference\/[^"#]*)/g)) {
        expect(fs.existsSync(path.join(site, 'dist', `${href.slice('/docs/'.length).replace(/\/$/, '/index')}.html`)), `${file} → ${href}`).toBe(true);
      }
    }
  });

  it('shows the sidebar group: inside the /api/ section in English, in a section of its own in Chinese', () => {
    const en = sidebarOf(read('api/reference/functions/area.html'));
    expect(en).toContain('<a href="/docs/api/">API</a>');
    expect(en).toContain('<span>API Reference</span>');
    expect(en).toContain('<a href="/docs/api/reference/">geometry</a>');
    expect(en).toMatch(/<span>Classes<\/span>[\s\S]*<a href="\/docs\/api\/reference\/classes\/Counter">Counter<\/a>/);
    expect(en).toContain('<a href="/docs/api/reference/functions/area" class="dg-sidebar-link--active" aria-current="page">area</a>');
    // The hand-written /api/ page shows the same section.
    expect(sidebarOf(read('api/index.html'))).toContain('<span>API Reference</span>');
    const zh = sidebarOf(read('zh/api/reference/index.html'));
    expect(zh).toContain('<span>API 参考</span>');
    expect(zh).toContain('<a href="/docs/zh/api/reference/interfaces/Shape">Shape</a>');
    expect(zh).not.toContain('href="/docs/api/');
  });

  it('gives the pages their data and search records like other pages', () => {
    const data = JSON.parse(/<script id="__DG_PAGE__" type="application\/json">(.*?)<\/script>/.exec(read('zh/api/reference/interfaces/Shape.html'))![1]) as { routePath: string };
    expect(data.routePath).toBe('/zh/api/reference/interfaces/Shape');
    const search = listFiles(path.join(site, 'dist/docgen-data/search/en'))
      .map((f) => read(`docgen-data/search/en/${f}`))
      .join('\n');
    expect(search).toContain('/api/reference/functions/area');
    expect(search).toContain('The area of a shape, in square centimetres.');
  });

  it('reuses the cached output while nothing changed, and runs TypeDoc again after a source change', async () => {
    const cached = fs.statSync(cacheFile(site)).mtimeMs;
    const entry = JSON.parse(fs.readFileSync(cacheFile(site), 'utf8')) as { hashes: [string, string][] };
    // Every file of the program is an input: the file the entry point imports, and the tsconfig.
    const inputs = entry.hashes.map(([file]) => file);
    expect(inputs).toEqual(expect.arrayContaining([path.join(site, 'src/area.ts'), path.join(site, 'src/index.ts'), path.join(site, 'tsconfig.json')]));

    const second = await buildSite(site);
    expect(second.upToDate).toBe(true);
    expect(fs.statSync(cacheFile(site)).mtimeMs).toBe(cached);

    // A file the entry point imports, not the entry point itself.
    const source = path.join(site, 'src/area.ts');
    fs.writeFileSync(source, fs.readFileSync(source, 'utf8').replace('The area of a shape', 'The surface of a shape'));
    const third = await buildSite(site);
    expect(third.upToDate).toBe(false);
    expect(fs.statSync(cacheFile(site)).mtimeMs).not.toBe(cached);
    expect(articleText(read('api/reference/functions/area.html'))).toContain('The surface of a shape, in square centimetres.');
    expect(articleText(read('zh/api/reference/functions/area.html'))).toContain('The surface of a shape');
  });
});

describe('a site with a TypeDoc reference, without the cache', () => {
  it('generates the pages and writes no cache', async () => {
    const site = copyFixture('typedoc');
    const result = await buildSite(site, false);
    expect(result.routes.some((r) => r.path === '/api/reference/classes/Counter')).toBe(true);
    expect(fs.existsSync(cacheFile(site))).toBe(false);
  });

  it('fails the build with the type error where TypeScript found it', async () => {
    const site = copyFixture('typedoc');
    const source = path.join(site, 'src/area.ts');
    fs.writeFileSync(source, fs.readFileSync(source, 'utf8').replace('return shape.width * shape.height;', "return 'wide';"));
    const failed = buildSite(site, false);
    await expect(failed).rejects.toThrow(/^\[typedoc\] addPages: TypeDoc failed in the conversion with 1 error:\n {2}\S*src\/area\.ts:18:3: TS2322: Type 'string' is not assignable to type 'number'\./);
    await expect(failed).rejects.toMatchObject({ locations: [{ location: { file: expect.stringMatching(/(^|\/)src\/area\.ts$/), line: 18, column: 3, lineText: "  return 'wide';" } }] });
    expect(fs.existsSync(path.join(site, 'dist'))).toBe(false);
  });

  it("fails on a warning with treatWarningsAsErrors, as TypeDoc's command line does", async () => {
    const site = copyFixture('typedoc');
    // {gitRevision} without a revision while git is off: a warning of TypeDoc.
    const typedocOptions = { disableGit: true, sourceLinkTemplate: 'https://example.com/{gitRevision}/{path}', treatWarningsAsErrors: true };
    await expect(buildSite(site, false, { ...options, typedocOptions })).rejects.toThrow(
      /^\[typedoc\] addPages: TypeDoc failed in the conversion with 1 error:\n {2}disableGit is set and sourceLinkTemplate contains \{gitRevision\}/,
    );
  });
});
