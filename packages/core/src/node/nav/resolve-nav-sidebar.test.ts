/**
 * Nav and sidebar resolution: generated from `_nav.json` / `_meta.json` (order, labels, groups, links,
 * folders without `_meta.json`), or taken from `themeConfig` per locale.
 */
import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../config/index.js';
import { scanRoutes } from '../routes/scan-routes.js';
import { resolveNavigation, sidebarFor } from './resolve-nav-sidebar.js';

const site = path.join(import.meta.dirname, '__fixtures__/site');
const locales = [
  { lang: 'en', label: 'English' },
  { lang: 'zh', label: '简体中文' },
];

function navigationOf(userConfig: object) {
  const config = resolveConfig({ locales, ...userConfig }, { root: site });
  const routes = scanRoutes(config);
  const titles = new Map(routes.map((r) => [r.path, `Title of ${r.path}`]));
  titles.set('/guide/start/setup', 'Setup from front matter');
  return resolveNavigation(config, routes, titles);
}

describe('generated navigation', () => {
  const nav = navigationOf({});

  it('reads the nav of a locale from its _nav.json', () => {
    expect(nav.get('')!.nav).toEqual([{ text: 'Guide', link: '/guide/start/intro', activeMatch: '^/guide/' }]);
    expect(nav.get('/zh')!.nav).toEqual([]);
  });

  it('builds one sidebar section per top-level folder, in _meta.json order with labels and groups', () => {
    const [section] = nav.get('')!.sidebars;
    expect(section.prefix).toBe('/guide/');
    expect(section.items).toEqual([
      {
        text: 'Getting Started',
        collapsible: true,
        collapsed: false,
        items: [
          { text: 'Setup from front matter', link: '/guide/start/setup' },
          { text: 'Introduction', link: '/guide/start/intro' },
        ],
      },
      { text: 'Loose pages', collapsible: true, collapsed: true, items: [{ text: 'Title of /guide/top', link: '/guide/top' }] },
      {
        // A folder without _meta.json: index first, then pages alphabetically, labels from page titles.
        text: 'extra',
        collapsible: true,
        collapsed: false,
        items: [
          { text: 'Title of /guide/extra/', link: '/guide/extra/' },
          { text: 'Title of /guide/extra/a', link: '/guide/extra/a' },
          { text: 'Title of /guide/extra/b', link: '/guide/extra/b' },
        ],
      },
      { text: 'Changelog', link: 'https://example.com/changelog' },
    ]);
  });

  it('gives the other locale its own prefixed section', () => {
    const [section] = nav.get('/zh')!.sidebars;
    expect(section.prefix).toBe('/zh/guide/');
    expect(section.items).toEqual([{ text: 'Title of /zh/guide/intro', link: '/zh/guide/intro' }]);
  });

  it('finds the section of a route by the longest prefix', () => {
    const sections = [
      { prefix: '/guide/advanced/', items: [] },
      { prefix: '/guide/', items: [] },
    ];
    expect(sidebarFor(sections, '/guide/advanced/x')?.prefix).toBe('/guide/advanced/');
    expect(sidebarFor(sections, '/guide/x')?.prefix).toBe('/guide/');
    expect(sidebarFor(sections, '/api/x')).toBeNull();
  });
});

describe('pages left out by route.exclude', () => {
  it('leaves them and folders emptied by them out of the generated sidebar, though _meta.json lists them', () => {
    const nav = navigationOf({ route: { exclude: ['en/guide/start/setup.mdx', 'en/guide/extra/**'] } });
    const [section] = nav.get('')!.sidebars;
    expect(section.items).toEqual([
      { text: 'Getting Started', collapsible: true, collapsed: false, items: [{ text: 'Introduction', link: '/guide/start/intro' }] },
      { text: 'Loose pages', collapsible: true, collapsed: true, items: [{ text: 'Title of /guide/top', link: '/guide/top' }] },
      { text: 'Changelog', link: 'https://example.com/changelog' },
    ]);
  });

  it('leaves out a group whose pages are all excluded', () => {
    const nav = navigationOf({ route: { exclude: ['en/guide/top.md'] } });
    expect(nav.get('')!.sidebars[0].items.map((i) => i.text)).toEqual(['Getting Started', 'extra', 'Changelog']);
  });
});

describe('configured navigation', () => {
  it('takes nav and sidebar from themeConfig, per locale, over the files', () => {
    const nav = navigationOf({
      themeConfig: {
        nav: [{ text: 'Docs', link: '/guide/top' }],
        sidebar: { '/guide/': [{ text: 'Only', link: '/guide/top' }] },
        locales: { zh: { nav: [{ text: '文档', link: '/zh/guide/intro' }] } },
      },
    });
    expect(nav.get('')!.nav).toEqual([{ text: 'Docs', link: '/guide/top' }]);
    expect(nav.get('')!.sidebars).toEqual([{ prefix: '/guide/', items: [{ text: 'Only', link: '/guide/top' }] }]);
    expect(nav.get('/zh')!.nav).toEqual([{ text: '文档', link: '/zh/guide/intro' }]);
    // zh has no configured sidebar: generated from its folders.
    expect(nav.get('/zh')!.sidebars[0].prefix).toBe('/zh/guide/');
  });
});

describe('bad _meta.json', () => {
  it('names the file, line and column of invalid JSON, and a missing page', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-meta-'));
    fs.mkdirSync(path.join(dir, 'guide'));
    fs.writeFileSync(path.join(dir, 'guide/a.md'), '# A\n');
    fs.writeFileSync(path.join(dir, 'guide/_meta.json'), '[\n  "a",\n  oops\n]\n');
    const config = resolveConfig({}, { root: dir });
    const routes = scanRoutes(config);
    expect(() => resolveNavigation(config, routes, new Map())).toThrow(/_meta\.json:3:3/);
    fs.writeFileSync(path.join(dir, 'guide/_meta.json'), '["a", "missing"]');
    expect(() => resolveNavigation(config, routes, new Map())).toThrow(/"missing" is not a page/);
  });
});

describe('a folder without _meta.json', () => {
  it('lists its pages (index first, then by name), then its folders as groups; a page beside a folder of its name is a page', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-default-sidebar-'));
    try {
      const write = (file: string) => {
        fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        fs.writeFileSync(path.join(root, file), '# T\n');
      };
      for (const file of ['docs/index.md', 'docs/b.md', 'docs/a.mdx', 'docs/guide.md', 'docs/guide/x.md', 'docs/drafts/y.md', 'docs/_partial.md']) write(file);
      const config = resolveConfig({ route: { exclude: ['docs/drafts/**'] } }, { root });
      const routes = scanRoutes(config);
      const [section] = resolveNavigation(config, routes, new Map(routes.map((r) => [r.path, `Title of ${r.path}`]))).get('')!.sidebars;
      expect(section.items).toEqual([
        { text: 'Title of /docs/', link: '/docs/' },
        { text: 'Title of /docs/a', link: '/docs/a' },
        { text: 'Title of /docs/b', link: '/docs/b' },
        { text: 'Title of /docs/guide', link: '/docs/guide' },
        { text: 'guide', collapsible: true, collapsed: false, items: [{ text: 'Title of /docs/guide/x', link: '/docs/guide/x' }] },
      ]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
