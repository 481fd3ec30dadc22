/**
 * Test harness: renders theme components on the server, inside the runtime context and router the
 * docgen app provides, so tests assert on the HTML a built page would contain.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from '@docgen/core/runtime';
import { RuntimeContext, withBase, type PageData, type RuntimeState, type SiteData } from '@docgen/core/runtime';

/** What `renderWithRuntime` puts on screen besides the node. */
export interface RenderOptions {
  /** Route path with the base removed. @default '/' */
  routePath?: string;
  /** Fields of the page record on screen, completed by `testPageData`; omitted or null renders as the 404 page. */
  pageData?: Partial<PageData> | null;
  /** Fields of the site data, completed by `testSiteData`. */
  siteData?: Partial<SiteData>;
}

/** A complete site data object: one English locale at the root, base `/`, `overrides` applied on top. */
export function testSiteData(overrides: Partial<SiteData> = {}): SiteData {
  return {
    title: 'Test',
    description: 'A test site',
    base: '/',
    lang: 'en',
    icon: '',
    logo: '',
    logoText: '',
    cleanUrls: true,
    search: false,
    locales: [{ lang: 'en', label: 'English', prefix: '', version: '', title: 'Test', description: 'A test site', nav: [], strings: {}, themeConfig: {} }],
    themeConfig: { socialLinks: [], hideNavbar: 'never', enableAppearanceAnimation: false },
    markdown: { showLineNumbers: false, defaultWrapCode: false },
    multiVersion: { default: '', versions: [] },
    ...overrides,
  };
}

/**
 * A site with versions: `2.x` (the default) and `1.x`, each in English (the default language) and Chinese,
 * with the locale prefixes docgen gives them (`''`, `/zh`, `/1.x`, `/1.x/zh`); `overrides` applied on top.
 */
export function testVersionedSiteData(overrides: Partial<SiteData> = {}): SiteData {
  const locale = (lang: string, label: string, prefix: string, version: string) => ({ lang, label, prefix, version, title: 'Test', description: '', nav: [], strings: {}, themeConfig: {} });
  return testSiteData({
    locales: [locale('en', 'English', '', '2.x'), locale('zh', '简体中文', '/zh', '2.x'), locale('en', 'English', '/1.x', '1.x'), locale('zh', '简体中文', '/1.x/zh', '1.x')],
    multiVersion: { default: '2.x', versions: ['2.x', '1.x'] },
    ...overrides,
  });
}

/** A complete page record for `routePath`, `overrides` applied on top. */
export function testPageData(routePath: string, overrides: Partial<PageData> = {}): PageData {
  return {
    title: 'Test page',
    routePath,
    lang: 'en',
    toc: [],
    frontmatter: {},
    version: '',
    _relativePath: 'index.mdx',
    ...overrides,
  };
}

/** Server-renders `node` as it would render on a page of a docgen site; returns the HTML. */
export function renderWithRuntime(node: ReactNode, { routePath = '/', pageData, siteData }: RenderOptions = {}): string {
  const site = testSiteData(siteData);
  const page = pageData ? { default: () => null, pageData: testPageData(routePath, pageData), sidebar: null } : null;
  const state: RuntimeState = { site, page, routePath };
  // Same router setup as the server entry: the location carries the base, the basename removes it.
  const basename = site.base === '/' ? undefined : site.base.replace(/\/$/, '');
  return renderToString(
    <StaticRouter location={withBase(routePath, site.base)} basename={basename}>
      <RuntimeContext.Provider value={state}>{node}</RuntimeContext.Provider>
    </StaticRouter>,
  );
}
