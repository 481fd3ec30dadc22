import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, DocgenError, resolveConfig, type DocgenPlugin, type UserConfig } from '@docgen/core';
import { pluginSitemap, sitemapFiles, w3cDate, type SitemapEntry } from './index.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/** A bilingual site (en default, zh) in a new temporary folder; `files` are added or replace pages. */
function makeSite(files: Record<string, string> = {}): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'dg-sitemap-')));
  made.push(dir);
  const pages: Record<string, string> = {
    'en/index.md': '# Home\n',
    'en/guide/index.md': '# Guide\n',
    'en/guide/start.md': '---\nlastUpdated: 2024-05-06\n---\n\n# Start\n',
    'en/guide/q&a.md': "---\nlastUpdated: '2025-01-02T08:30:00Z'\n---\n\n# Q & A\n",
    'en/guide/only-english.md': '# Only in English\n',
    'en/drafts/wip.md': '# Work in progress\n',
    'en/missing.md': "---\npageType: '404'\n---\n\n# Not here\n",
    'zh/index.md': '# 首页\n',
    'zh/guide/index.md': '# 指南\n',
    'zh/guide/start.md': '# 开始\n',
    'zh/guide/q&a.md': '# 问答\n',
    'zh/guide/页面.md': '# 页面\n',
    'zh/drafts/wip.md': '# 草稿\n',
    'zh/404.md': '# 找不到\n',
    ...files,
  };
  for (const [name, content] of Object.entries(pages)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

const locales = [
  { lang: 'en', label: 'English' },
  { lang: 'zh', label: '简体中文' },
];

/** Builds `site` with `config` (locales and siteUrl added unless given). */
async function buildSite(site: string, config: UserConfig): Promise<void> {
  await build({ root: site, config: resolveConfig({ title: 'T', siteUrl: 'https://docs.example.com', locales, ...config }, { root: site }), log: false });
}

/** The build's error, or null when it built. */
async function buildError(site: string, config: UserConfig): Promise<DocgenError | null> {
  try {
    await buildSite(site, config);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(DocgenError);
    return error as DocgenError;
  }
}

const read = (file: string) => fs.readFileSync(file, 'utf8');

/** The `<url>` elements of a sitemap by `<loc>`, each with its lastmod and its alternates. */
function urls(xml: string): Map<string, { lastmod?: string; changefreq?: string; priority?: string; alternates: string[] }> {
  const out = new Map<string, { lastmod?: string; changefreq?: string; priority?: string; alternates: string[] }>();
  for (const [, body] of xml.matchAll(/<url>([\s\S]*?)<\/url>/g)) {
    const loc = /<loc>([^<]*)<\/loc>/.exec(body)![1];
    expect(out.has(loc), `${loc} listed twice`).toBe(false);
    out.set(loc, {
      lastmod: /<lastmod>([^<]*)<\/lastmod>/.exec(body)?.[1],
      changefreq: /<changefreq>([^<]*)<\/changefreq>/.exec(body)?.[1],
      priority: /<priority>([^<]*)<\/priority>/.exec(body)?.[1],
      alternates: [...body.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => `${m[1]} ${m[2]}`),
    });
  }
  return out;
}

describe('pluginSitemap on a bilingual site with a base', () => {
  let site: string;
  let xml: string;
  beforeAll(async () => {
    site = makeSite();
    await buildSite(site, { base: '/docs/', plugins: [pluginSitemap({ exclude: ['/drafts/**', '/zh/drafts/**'] })] });
    xml = read(path.join(site, 'dist/sitemap.xml'));
  });

  it('lists every route once as an absolute URL with the base, never a 404 page nor an excluded route', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n')).toBe(true);
    expect(xml.endsWith('</urlset>\n')).toBe(true);
    const u = 'https://docs.example.com/docs';
    expect([...urls(xml).keys()].sort()).toEqual(
      [
        `${u}/`,
        `${u}/guide/`,
        `${u}/guide/only-english`,
        `${u}/guide/q&amp;a`,
        `${u}/guide/start`,
        `${u}/zh/`,
        `${u}/zh/guide/`,
        `${u}/zh/guide/q&amp;a`,
        `${u}/zh/guide/start`,
        `${u}/zh/guide/%E9%A1%B5%E9%9D%A2`,
      ].sort(),
    );
    expect(xml).not.toMatch(/404|missing|drafts/);
    // The pages excluded from the sitemap are still built.
    expect(fs.existsSync(path.join(site, 'dist/drafts/wip.html'))).toBe(true);
  });

  it('takes <lastmod> from front matter, as a date or a date and time, and leaves it out without one', () => {
    const u = urls(xml);
    expect(u.get('https://docs.example.com/docs/guide/start')?.lastmod).toBe('2024-05-06');
    expect(u.get('https://docs.example.com/docs/guide/q&amp;a')?.lastmod).toBe('2025-01-02T08:30:00.000Z');
    expect(u.get('https://docs.example.com/docs/zh/guide/start')?.lastmod).toBeUndefined();
    expect(xml.match(/<lastmod>/g)).toHaveLength(2);
    expect(xml).not.toMatch(/<changefreq>|<priority>/);
  });

  it('links the translations of a page with hreflang alternates and x-default, and no others', () => {
    const u = urls(xml);
    const start = [
      'en https://docs.example.com/docs/guide/start',
      'zh https://docs.example.com/docs/zh/guide/start',
      'x-default https://docs.example.com/docs/guide/start',
    ];
    expect(u.get('https://docs.example.com/docs/guide/start')?.alternates).toEqual(start);
    expect(u.get('https://docs.example.com/docs/zh/guide/start')?.alternates).toEqual(start);
    expect(u.get('https://docs.example.com/docs/zh/')?.alternates).toEqual([
      'en https://docs.example.com/docs/',
      'zh https://docs.example.com/docs/zh/',
      'x-default https://docs.example.com/docs/',
    ]);
    expect(u.get('https://docs.example.com/docs/guide/q&amp;a')?.alternates).toContain('zh https://docs.example.com/docs/zh/guide/q&amp;a');
    expect(u.get('https://docs.example.com/docs/guide/only-english')?.alternates).toEqual([]);
    expect(u.get('https://docs.example.com/docs/zh/guide/%E9%A1%B5%E9%9D%A2')?.alternates).toEqual([]);
  });

  it('writes a robots.txt allowing everything and naming the sitemap when the site has none', () => {
    expect(read(path.join(site, 'dist/robots.txt'))).toBe('User-agent: *\nAllow: /\nSitemap: https://docs.example.com/docs/sitemap.xml\n');
  });
});

describe('pluginSitemap options and output', () => {
  it('writes .html URLs without clean URLs, applies changefreq and priority, and adds its line to an existing robots.txt', async () => {
    const site = makeSite({ 'public/robots.txt': 'User-agent: *\nDisallow: /private/' });
    await buildSite(site, { route: { cleanUrls: false }, plugins: [pluginSitemap({ changefreq: 'weekly', priority: 0.5, filename: 'pages.xml' })] });
    const xml = read(path.join(site, 'dist/pages.xml'));
    expect(fs.existsSync(path.join(site, 'dist/sitemap.xml'))).toBe(false);
    const u = urls(xml);
    expect(u.get('https://docs.example.com/guide/start.html')?.alternates).toEqual([
      'en https://docs.example.com/guide/start.html',
      'zh https://docs.example.com/zh/guide/start.html',
      'x-default https://docs.example.com/guide/start.html',
    ]);
    expect(u.has('https://docs.example.com/')).toBe(true);
    expect(u.has('https://docs.example.com/zh/guide/')).toBe(true);
    expect(u.has('https://docs.example.com/drafts/wip.html')).toBe(true);
    expect(u.size).toBe(12);
    expect([...u.keys()].filter((loc) => loc.endsWith('.html'))).toHaveLength(8);
    for (const entry of u.values()) expect([entry.changefreq, entry.priority]).toEqual(['weekly', '0.5']);
    // The page's own canonical link is the URL the sitemap lists.
    expect(read(path.join(site, 'dist/guide/start.html'))).toContain('href="https://docs.example.com/guide/start.html"');
    expect(read(path.join(site, 'dist/robots.txt'))).toBe('User-agent: *\nDisallow: /private/\nSitemap: https://docs.example.com/pages.xml\n');
  });

  it('leaves a robots.txt that already names the sitemap as it is, and robots.txt alone with robots: false', async () => {
    const robots = 'User-agent: *\nAllow: /\n\nsitemap: https://docs.example.com/sitemap.xml\n';
    const site = makeSite({ 'public/robots.txt': robots });
    await buildSite(site, { plugins: [pluginSitemap()] });
    expect(read(path.join(site, 'dist/robots.txt'))).toBe(robots);

    const bare = makeSite();
    await buildSite(bare, { plugins: [pluginSitemap({ robots: false })] });
    expect(fs.existsSync(path.join(bare, 'dist/robots.txt'))).toBe(false);
    expect(fs.existsSync(path.join(bare, 'dist/sitemap.xml'))).toBe(true);
  });

  it("takes <lastmod> from the page data's lastUpdated of a plugin listed before it, front matter still winning", async () => {
    // What `pluginLastUpdated({ git: false })` does: @docgen/plugin-last-updated is not a dependency of this
    // package, so it cannot be imported here; this plugin puts the same field in the page data.
    const fileTimes: DocgenPlugin = {
      name: 'file-times',
      extendPageData: (_page, { filePath }) => ({ lastUpdated: Math.round(fs.statSync(filePath).mtimeMs) }),
    };
    const site = makeSite();
    fs.utimesSync(path.join(site, 'en/guide/only-english.md'), new Date('2023-07-01T10:20:30Z'), new Date('2023-07-01T10:20:30Z'));
    fs.utimesSync(path.join(site, 'zh/guide/start.md'), new Date('2022-02-02T00:00:00Z'), new Date('2022-02-02T00:00:00Z'));
    fs.utimesSync(path.join(site, 'en/guide/start.md'), new Date('2021-01-01T12:00:00Z'), new Date('2021-01-01T12:00:00Z'));
    // The page data's field only: the siteUrl comes from the plugin, the config has none.
    await build({
      root: site,
      config: resolveConfig({ locales, plugins: [fileTimes, pluginSitemap({ siteUrl: 'https://other.example.org/' })] }, { root: site }),
      log: false,
    });
    const u = urls(read(path.join(site, 'dist/sitemap.xml')));
    expect(u.get('https://other.example.org/guide/only-english')?.lastmod).toBe('2023-07-01T10:20:30.000Z');
    expect(u.get('https://other.example.org/zh/guide/start')?.lastmod).toBe('2022-02-02');
    expect(u.get('https://other.example.org/guide/start')?.lastmod).toBe('2024-05-06');
    expect([...u.values()].every((entry) => entry.lastmod)).toBe(true);
  });

  it('takes its siteUrl over the config one, and leaves an excluded translation out of the alternates', async () => {
    const site = makeSite();
    await buildSite(site, { plugins: [pluginSitemap({ siteUrl: 'https://mirror.example.net', exclude: ['/zh/guide/start'] })] });
    const xml = read(path.join(site, 'dist/sitemap.xml'));
    expect(xml).not.toContain('docs.example.com');
    const u = urls(xml);
    expect(u.get('https://mirror.example.net/guide/start')?.alternates).toEqual([]);
    expect(u.has('https://mirror.example.net/zh/guide/start')).toBe(false);
    expect(u.get('https://mirror.example.net/guide/')?.alternates).toHaveLength(3);
  });

  it('leaves out the pages of an older version (multiVersion.noindex) and fallback pages (i18n.fallback), unless noindex is off', async () => {
    const site = makeSite({ '1.x/en/index.md': '# Home 1\n', '1.x/en/guide/start.md': '# Start 1\n', '1.x/zh/index.md': '# 首页 1\n' });
    const versions = { multiVersion: { default: '2.x', versions: ['2.x', '1.x'] }, i18n: { fallback: true } };
    await buildSite(site, { ...versions, plugins: [pluginSitemap()] });
    const u = urls(read(path.join(site, 'dist/sitemap.xml')));
    expect(fs.existsSync(path.join(site, 'dist/zh/guide/only-english.html'))).toBe(true);
    expect(u.has('https://docs.example.com/zh/guide/only-english')).toBe(false);
    expect(u.has('https://docs.example.com/guide/only-english')).toBe(true);
    expect([...u.keys()].filter((loc) => loc.includes('/1.x'))).toEqual([]);
    expect(u.get('https://docs.example.com/guide/start')?.alternates).toHaveLength(3);
    await buildSite(site, { ...versions, multiVersion: { ...versions.multiVersion, noindex: false }, plugins: [pluginSitemap()] });
    const all = urls(read(path.join(site, 'dist/sitemap.xml')));
    expect([...all.keys()].filter((loc) => loc.includes('/1.x')).sort()).toEqual(['https://docs.example.com/1.x/', 'https://docs.example.com/1.x/guide/start', 'https://docs.example.com/1.x/zh/']);
  });

  it('fails with [sitemap] when there is no site URL, or the output already has the sitemap file', async () => {
    const site = makeSite();
    const none = await buildError(site, { siteUrl: undefined, plugins: [pluginSitemap()] });
    expect(none?.message).toBe(
      "[sitemap] beforeBuild: a sitemap needs absolute URLs: set siteUrl in the config (siteUrl: 'https://docs.example.com') or the plugin's siteUrl option",
    );
    const copied = makeSite({ 'public/sitemap.xml': '<urlset/>' });
    const taken = await buildError(copied, { plugins: [pluginSitemap()] });
    expect(taken?.message).toBe('[sitemap] afterBuild: the output already has sitemap.xml (from the public folder?): remove it, or set the filename option');
  });

  it('refuses wrong options, naming the plugin and the option', () => {
    const refused = (options: unknown) => {
      try {
        pluginSitemap(options as never);
      } catch (error) {
        expect(error).toBeInstanceOf(DocgenError);
        return (error as Error).message;
      }
      return '';
    };
    expect(refused({ priority: '0.5' })).toBe('[sitemap] options: priority is not a number');
    expect(refused({ priority: 2 })).toBe('[sitemap] options: priority cannot be greater than 1');
    expect(refused({ changefreq: 'sometimes' })).toBe('[sitemap] options: changefreq must be one of always, hourly, daily, weekly, monthly, yearly, never');
    expect(refused({ colour: 'red' })).toBe('[sitemap] options: colour is not a known option');
    expect(refused({ exclude: '/drafts/**' })).toBe('[sitemap] options: exclude is not an array');
    expect(refused({ exclude: ['drafts/**'] })).toBe('[sitemap] options: exclude[0] must start with / (a route pattern such as /drafts/**)');
    expect(refused({ siteUrl: 'ftp://example.com' })).toBe('[sitemap] options: siteUrl is not an http or https URL without query or fragment');
    expect(refused({ siteUrl: 'https://example.com/?lang=en' })).toBe('[sitemap] options: siteUrl is not an http or https URL without query or fragment');
    for (const filename of ['../sitemap.xml', 'maps/sitemap.xml', '/tmp/sitemap.xml', 'sitemap.txt', '']) {
      expect(refused({ filename })).toBe('[sitemap] options: filename must be a file name ending in .xml, without a folder (sitemap.xml)');
    }
    expect(refused({ robots: 'no', priority: -1 })).toBe('[sitemap] options: priority cannot be less than 0; robots is not a boolean');
    expect(refused({ siteUrl: 'https://example.com', exclude: ['/x/*'], changefreq: 'never', priority: 0, filename: 'site-map.xml', robots: false })).toBe('');
  });
});

describe('sitemapFiles', () => {
  const entries = (count: number): SitemapEntry[] =>
    Array.from({ length: count }, (_, i) => ({ loc: `https://example.com/p/${i}`, lastmod: new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString() }));
  const locs = (content: string) => [...content.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

  it('writes one file up to 50,000 URLs', () => {
    const files = sitemapFiles(entries(50_000), { baseUrl: 'https://example.com/' });
    expect(files.map((f) => f.file)).toEqual(['sitemap.xml']);
    expect(files[0].content.match(/<url>/g)).toHaveLength(50_000);
    expect(sitemapFiles([], { baseUrl: 'https://example.com/' })).toEqual([
      { file: 'sitemap.xml', content: expect.stringMatching(/<urlset [^>]*>\n<\/urlset>\n$/) },
    ]);
  });

  it('splits more than 50,000 URLs into files of at most 50,000 and a sitemap index, every URL once and in order', () => {
    const list = entries(120_001);
    const files = sitemapFiles(list, { filename: 'map.xml', baseUrl: 'https://example.com/docs/' });
    expect(files.map((f) => f.file)).toEqual(['map.xml', 'map-1.xml', 'map-2.xml', 'map-3.xml']);
    const [index, ...parts] = files;
    expect(index.content).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n/);
    expect(locs(index.content)).toEqual(['https://example.com/docs/map-1.xml', 'https://example.com/docs/map-2.xml', 'https://example.com/docs/map-3.xml']);
    // Each file's lastmod in the index is its newest page's.
    expect([...index.content.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)].map((m) => m[1])).toEqual([list[49_999].lastmod, list[99_999].lastmod, list[120_000].lastmod]);
    expect(parts.map((p) => locs(p.content).length)).toEqual([50_000, 50_000, 20_001]);
    expect(parts.flatMap((p) => locs(p.content))).toEqual(list.map((e) => e.loc));
    for (const part of parts) expect(part.content).toMatch(/^<\?xml [^\n]*\n<urlset [^\n]*>\n[\s\S]*<\/urlset>\n$/);
    expect(sitemapFiles(entries(50_001), { baseUrl: 'https://example.com/' }).map((f) => f.file)).toEqual(['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml']);
  });

  it('starts a new file before one would pass the size limit', () => {
    const files = sitemapFiles(entries(10), { baseUrl: 'https://example.com/', maxBytes: 600 });
    const parts = files.slice(1);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part.content)).toBeLessThanOrEqual(600);
    expect(parts.flatMap((p) => locs(p.content))).toEqual(entries(10).map((e) => e.loc));
  });

  it('escapes what XML reserves in every value', () => {
    const [file] = sitemapFiles([{ loc: "https://example.com/a&b<c>'d\"", alternates: [{ hreflang: 'en', href: 'https://example.com/x&y' }] }], { baseUrl: 'https://example.com/' });
    expect(file.content).toContain('<loc>https://example.com/a&amp;b&lt;c&gt;&apos;d&quot;</loc>');
    expect(file.content).toContain('<xhtml:link rel="alternate" hreflang="en" href="https://example.com/x&amp;y"/>');
  });
});

describe('w3cDate', () => {
  it('writes a date without a time as a date, a time in full, and nothing for what is not a date', () => {
    expect(w3cDate('2025-01-02')).toBe('2025-01-02');
    expect(w3cDate('2025-01-02T00:00:00.000Z')).toBe('2025-01-02');
    expect(w3cDate('2025-01-02T10:00:00+02:00')).toBe('2025-01-02T08:00:00.000Z');
    expect(w3cDate(Date.UTC(2024, 2, 5, 12))).toBe('2024-03-05T12:00:00.000Z');
    expect(w3cDate(new Date('2020-02-29T00:00:00Z'))).toBe('2020-02-29');
    for (const bad of ['', 'soon', NaN, Infinity, null, undefined, {}, true]) expect(w3cDate(bad)).toBeUndefined();
  });
});
