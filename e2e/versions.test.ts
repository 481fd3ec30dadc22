/**
 * Multi-version sites and i18n fallback on the `versions` fixture: three versions (2.x, the default, kept in
 * `<root>/<lang>/`; 1.x in `<root>/1.x/<lang>/`; 0.x in English only), English and Chinese, `i18n.fallback`
 * on, sidebar labels from `i18n.json`. Versioned routes and page data, where the version menu leads from a page one version
 * lacks, fallback pages, stale translations, and one search index per version.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, loadConfig, runCli, type BuildResult, type DocgenPlugin, type PageData } from '@docgen/core';
import { openSearchIndex, type SearchIndexEntry } from '@docgen/core/search';
import { copyFixture } from './helpers/site.js';

const read = (file: string) => fs.readFileSync(file, 'utf8');

/** A plugin that keeps the page data docgen made of every page (the hook sees it before any other change). */
function pageDataSpy(pages: Map<string, PageData>): DocgenPlugin {
  return { name: 'page-data-spy', extendPageData: (pageData) => void pages.set(pageData.routePath, structuredClone(pageData)) };
}

/** The hits' page paths of `query` in the index `docgen-data/search-<key>.json` of `out`. */
async function searchPages(out: string, key: string, query: string): Promise<string[]> {
  const data = path.join(out, 'docgen-data');
  const entry = JSON.parse(read(path.join(data, `search-${key}.json`))) as SearchIndexEntry;
  const engine = openSearchIndex(entry, async (part) => JSON.parse(read(path.join(data, part))) as unknown);
  const { hits } = await engine.search({ query, hitsPerPage: 20 });
  return [...new Set(hits.map((hit) => hit.url_without_anchor))];
}

describe('a site with two versions and i18n fallback', () => {
  let site: string;
  let result: BuildResult;
  let out: string;
  const pages = new Map<string, PageData>();

  beforeAll(async () => {
    site = copyFixture('versions');
    const config = await loadConfig(site);
    result = await build({ root: site, config: { ...config, plugins: [pageDataSpy(pages)] }, log: false });
    out = result.outDir;
  });

  afterAll(() => {
    if (site) fs.rmSync(site, { recursive: true, force: true });
  });

  it('routes each version under its prefix, the default one without, and gives every route its version', () => {
    const routes = result.routes.map((r) => `${r.version} ${r.lang} ${r.path}`).sort();
    expect(routes).toEqual(
      [
        '2.x en /',
        '2.x en /guide/intro',
        '2.x en /guide/new-feature',
        '2.x en /guide/untranslated',
        '2.x zh /zh/',
        '2.x zh /zh/guide/intro',
        '2.x zh /zh/guide/new-feature',
        '2.x zh /zh/guide/untranslated',
        '1.x en /1.x/',
        '1.x en /1.x/api/',
        '1.x en /1.x/guide/intro',
        '1.x en /1.x/guide/old',
        '1.x zh /1.x/zh/',
        '1.x zh /1.x/zh/api/',
        '1.x zh /1.x/zh/guide/intro',
        '1.x zh /1.x/zh/guide/old',
        '0.x en /0.x/',
      ].sort(),
    );
    expect(pages.get('/1.x/guide/intro')).toMatchObject({ version: '1.x', lang: 'en', _relativePath: '1.x/en/guide/intro.md' });
    expect(pages.get('/zh/guide/intro')).toMatchObject({ version: '2.x', lang: 'zh', _relativePath: 'zh/guide/intro.md' });
    expect(fs.existsSync(path.join(out, '1.x/zh/guide/intro.html'))).toBe(true);
  });

  it("lets a page of one version import a fragment of another", () => {
    expect(read(path.join(out, '1.x/guide/old.html'))).toContain('pangolin');
  });

  it('writes a route table per version and language, each listing only its own routes', () => {
    const table = (key: string) => Object.keys((JSON.parse(read(path.join(out, `docgen-data/routes-${key}.json`))) as { routes: object }).routes).sort();
    expect(table('en')).toEqual(['/', '/guide/intro', '/guide/new-feature', '/guide/untranslated']);
    expect(table('1.x-en')).toEqual(['/1.x/', '/1.x/api/', '/1.x/guide/intro', '/1.x/guide/old']);
    expect(table('1.x-zh')).toEqual(['/1.x/zh/', '/1.x/zh/api/', '/1.x/zh/guide/intro', '/1.x/zh/guide/old']);
  });

  it('leads the version menu to the same page, else the nearest section with a page, else the home; never to a missing route', () => {
    expect(pages.get('/guide/intro')!.versionLinks).toEqual({ '2.x': '/guide/intro', '1.x': '/1.x/guide/intro', '0.x': '/0.x/' });
    // Only in 2.x: the first page of 1.x's guide section.
    expect(pages.get('/guide/new-feature')!.versionLinks).toEqual({ '2.x': '/guide/new-feature', '1.x': '/1.x/guide/intro', '0.x': '/0.x/' });
    expect(pages.get('/1.x/guide/old')!.versionLinks).toEqual({ '2.x': '/guide/intro', '1.x': '/1.x/guide/old', '0.x': '/0.x/' });
    // 0.x has no Chinese pages: its English home.
    expect(pages.get('/zh/guide/intro')!.versionLinks).toEqual({ '2.x': '/zh/guide/intro', '1.x': '/1.x/zh/guide/intro', '0.x': '/0.x/' });
    // 2.x has no api section at all: its home.
    expect(pages.get('/1.x/api/')!.versionLinks!['2.x']).toBe('/');
    expect(pages.get('/1.x/zh/api/')!.versionLinks!['2.x']).toBe('/zh/');
    const routePaths = new Set(result.routes.map((r) => r.path));
    for (const page of pages.values()) for (const link of Object.values(page.versionLinks ?? {})) expect(routePaths.has(link), `${page.routePath} → ${link}`).toBe(true);
  });

  it('builds each nav and sidebar from its version folder, labels from i18n.json (the default language where a key has no text)', () => {
    expect(result.warnings).toContain('i18n.json: the label "advanced" has no text for zh; the en text is shown');
    const zh = read(path.join(out, 'zh/guide/intro.html'));
    expect(zh).toContain('>指南</a>');
    expect(zh).toContain('基础');
    expect(zh).toContain('Advanced');
    const old = read(path.join(out, '1.x/guide/intro.html'));
    expect(old).toContain('href="/1.x/guide/old"');
    expect(old).not.toContain('href="/guide/new-feature"');
    // A link to a translation still missing leads to its fallback page.
    expect(read(path.join(out, 'zh/guide/intro.html'))).toMatch(/<a href="\/zh\/guide\/untranslated">未翻译的页面<\/a>/);
  });

  it('lists in the site data only the languages each version has pages in', () => {
    const assets = path.join(out, 'assets');
    const code = fs.readdirSync(assets).filter((f) => f.endsWith('.js')).map((f) => read(path.join(assets, f))).find((c) => c.includes('multiVersion'))!;
    // The site data module, minified: `locales:[{lang:"en",…,prefix:"",version:"2.x",…},…],themeConfig:`.
    const locales = /locales:\[(.*?)\],themeConfig:/.exec(code)![1];
    expect([...locales.matchAll(/prefix:"([^"]*)",version:"([^"]*)"/g)].map((m) => `${m[2]} ${m[1]}`)).toEqual(['2.x ', '2.x /zh', '1.x /1.x', '1.x /1.x/zh', '0.x /0.x']);
  });

  it('keeps older versions out of search engines: noindex, canonical to the default version when it has the page', () => {
    const head = (file: string) => read(path.join(out, file)).split('</head>')[0];
    expect(head('1.x/guide/intro.html')).toContain('<meta name="robots" content="noindex">');
    expect(head('1.x/guide/intro.html')).toContain('<link rel="canonical" href="https://docs.example.com/guide/intro">');
    expect(head('1.x/guide/old.html')).toContain('<link rel="canonical" href="https://docs.example.com/1.x/guide/old">');
    expect(head('guide/intro.html')).not.toContain('noindex');
    expect(head('guide/intro.html')).toContain('<link rel="canonical" href="https://docs.example.com/guide/intro">');
  });

  it('shows a notice on older versions linking to the same page in the default version', () => {
    const html = read(path.join(out, '1.x/guide/intro.html'));
    expect(html).toMatch(/class="[^"]*dg-version-notice[^"]*"/);
    expect(html).toMatch(/<a href="\/guide\/intro"[^>]*class="dg-page-notice-link"/);
    expect(read(path.join(out, 'guide/intro.html'))).not.toContain('dg-version-notice');
  });

  it('builds a page the translation lacks from the original, in the locale\'s UI, with a notice and the translation\'s edit link', () => {
    const html = read(path.join(out, 'zh/guide/untranslated.html'));
    expect(pages.get('/zh/guide/untranslated')).toMatchObject({
      lang: 'zh',
      version: '2.x',
      title: 'Untranslated',
      translation: { status: 'fallback', original: '/guide/untranslated', file: 'zh/guide/untranslated.mdx' },
    });
    expect(html).toContain('narwhal');
    // Its links lead to pages in the reader's language.
    expect(html).toMatch(/<a href="\/zh\/guide\/intro">the introduction<\/a>/);
    // The original's fragment, imported relative to the original's folder.
    expect(html).toContain('pangolin');
    expect(html).toMatch(/class="[^"]*dg-translation-notice/);
    expect(html).toContain('href="https://example.com/edit/zh/guide/untranslated.mdx"');
    expect(html).toContain('<html lang="zh"');
    // The original's image, relative to the original's folder.
    expect(html).toMatch(/<img[^>]+src="\/assets\/logo-[\w-]+\.svg"/);
    // The zh sidebar (the `_meta.json` names the page) and no alternates: a fallback is no translation.
    expect(html).toMatch(/<a href="\/zh\/guide\/untranslated"[^>]*aria-current="page"/);
    expect(html).toContain('<link rel="canonical" href="https://docs.example.com/guide/untranslated">');
    expect(html).not.toContain('hreflang="zh"');
    // In an older version too: 1.x has no Chinese "old" page.
    expect(pages.get('/1.x/zh/guide/old')!.translation).toEqual({ status: 'fallback', original: '/1.x/guide/old', file: '1.x/zh/guide/old.mdx' });
    expect(pages.get('/zh/guide/intro')!.translation).toBeUndefined();
  });

  it('gives each version and language its own search index, without fallback pages', async () => {
    expect(await searchPages(out, 'en', 'zebra')).toEqual(['/guide/intro']);
    expect(await searchPages(out, '1.x-en', 'zebra')).toEqual(['/1.x/guide/intro']);
    expect(await searchPages(out, '1.x-en', 'quokka')).toEqual([]);
    expect(await searchPages(out, 'en', 'dodo')).toEqual([]);
    expect(await searchPages(out, 'zh', 'narwhal')).toEqual([]);
    const boot = JSON.parse(/<script id="__DG_PAGE__" type="application\/json">(.*?)<\/script>/.exec(read(path.join(out, '1.x/zh/guide/intro.html')))![1]) as {
      searchIndexes: Record<string, string>;
      manifest: string;
    };
    expect(boot.searchIndexes).toEqual({
      '': '/docgen-data/search-en.json',
      '/zh': '/docgen-data/search-zh.json',
      '/1.x': '/docgen-data/search-1.x-en.json',
      '/1.x/zh': '/docgen-data/search-1.x-zh.json',
      '/0.x': '/docgen-data/search-0.x-en.json',
      '/0.x/zh': '/docgen-data/search-0.x-zh.json',
    });
    expect(boot.manifest).toBe('/docgen-data/routes-1.x-zh.json');
  });
});

describe('stale translations', () => {
  let site: string;

  beforeAll(() => {
    site = copyFixture('versions');
  });

  afterAll(() => {
    if (site) fs.rmSync(site, { recursive: true, force: true });
  });

  const cli = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await runCli(['node', 'docgen', ...args], { log: (t) => lines.push(t), error: (t) => lines.push(t) });
    return { code, text: lines.join('\n') };
  };

  it('reports a translation whose original changed since `docgen i18n mark`, with a notice on the page, and fails `i18n status --strict`', async () => {
    const translation = path.join(site, 'zh/guide/intro.md');
    expect((await cli('i18n', 'mark', translation, '--root', site)).code).toBe(0);
    let built = await build({ root: site, log: false });
    expect(built.warnings.filter((w) => w.includes('translatedFrom'))).toEqual([]);
    expect(read(path.join(built.outDir, 'zh/guide/intro.html'))).not.toContain('dg-stale-notice');

    fs.appendFileSync(path.join(site, 'en/guide/intro.md'), '\nA new paragraph.\n');
    built = await build({ root: site, log: false });
    expect(built.warnings).toContain('zh/guide/intro.md: its original en/guide/intro.md changed since it was translated (translatedFrom); once updated, run docgen i18n mark zh/guide/intro.md');
    const html = read(path.join(built.outDir, 'zh/guide/intro.html'));
    expect(html).toMatch(/class="[^"]*dg-stale-notice/);
    expect(html).toMatch(/<a href="\/guide\/intro"[^>]*class="dg-page-notice-link"/);

    const strict = await cli('i18n', 'status', site, '--strict');
    expect(strict.code).toBe(1);
    expect(strict.text).toContain('zh/guide/intro.md');
    // Missing translations (the fallback pages) fail --strict as well, until they are written.
    expect(strict.text).toMatch(/zh\/guide\/untranslated\.mdx/);
  });

  it('turns the notice off with i18n.staleNotice: false, and still warns', async () => {
    const config = await loadConfig(site);
    const built = await build({ root: site, config: { ...config, i18n: { ...config.i18n, staleNotice: false } }, log: false });
    expect(built.warnings.some((w) => w.startsWith('zh/guide/intro.md: its original'))).toBe(true);
    expect(read(path.join(built.outDir, 'zh/guide/intro.html'))).not.toContain('dg-stale-notice');
  });
});

describe("multiVersion.search: 'all'", () => {
  it("gives every version of a language one index holding every version's pages", async () => {
    const site = copyFixture('versions');
    try {
        const config = await loadConfig(site);
      const built = await build({ root: site, config: { ...config, multiVersion: { ...config.multiVersion, search: 'all' } }, log: false });
      expect((await searchPages(built.outDir, 'en', 'zebra')).sort()).toEqual(['/1.x/guide/intro', '/guide/intro']);
      expect(fs.existsSync(path.join(built.outDir, 'docgen-data/search-1.x-en.json'))).toBe(false);
      const boot = /"searchIndexes":(\{[^}]*\})/.exec(read(path.join(built.outDir, '1.x/guide/intro.html')))![1];
      expect(JSON.parse(boot)).toMatchObject({ '': '/docgen-data/search-en.json', '/1.x': '/docgen-data/search-en.json' });
    } finally {
      fs.rmSync(site, { recursive: true, force: true });
    }
  });
});
