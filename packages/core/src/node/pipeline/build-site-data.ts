/**
 * Phase: navigation (nav and sidebars, from the config or `_nav.json` / `_meta.json`), the site data every
 * page gets, and each routed page's page data with its sidebar section and, on an overview page, the
 * overview of that section.
 */
import type { ResolvedConfig } from '../../config/index.js';
import type { LocaleData, OverviewGroup, PageData, SidebarItem, SidebarSection, SiteData } from '../../shared/types.js';
import type { CompiledPage } from '../markdown/compile-page.js';
import { resolveNavigation, sidebarFor } from '../nav/resolve-nav-sidebar.js';
import type { RouteEntry } from '../routes/scan-routes.js';
import type { BuildContext, PageEntry } from './context.js';
import type { I18nSource } from '../plugins/plugin.js';

/**
 * Sets `ctx.navigation`, `ctx.siteData`, `ctx.sidebars` and `ctx.pages`; plugins extend each page's data
 * (`extendPageData`).
 * @throws DocgenError for a `_meta.json` / `_nav.json` that is invalid or names a page that is not built,
 *   and `[plugin] extendPageData: …` for a hook that fails
 */
export async function buildSiteData(ctx: BuildContext): Promise<void> {
  const { config, routes, compiled } = ctx;
  const titles = new Map(routes.map((r) => [r.path, compiled.get(r.filePath)!.title]));
  const navigation = resolveNavigation(config, routes, titles);
  await ctx.plugins.extendNavigation(config, navigation);
  const sidebars = [...navigation.values()].flatMap((n) => n.sidebars);
  const pages = new Map<string, PageEntry>();
  const routeByPath = new Map(routes.map((r) => [r.path, r]));
  for (const route of routes) {
    const page = compiled.get(route.filePath)!;
    const section = sidebarFor(navigation.get(route.lang)?.sidebars ?? [], route.path);
    const hideSidebar = page.frontmatter.sidebar === false || (page.frontmatter.pageType && page.frontmatter.pageType !== 'doc');
    const pageData = await pageDataOf(ctx, route, page);
    pages.set(route.filePath, {
      pageData,
      sidebar: section && !hideSidebar ? sidebars.indexOf(section) : -1,
      overview: page.frontmatter.overview === true ? overviewOf(section, route.path, routeByPath, compiled) : undefined,
    });
  }
  ctx.navigation = navigation;
  ctx.siteData = createSiteData(config, navigation, await ctx.plugins.i18nSource());
  ctx.sidebars = sidebars;
  ctx.pages = pages;
  ctx.timings.mark('site data');
}

/**
 * The page data of a routed page, extended by the plugins (`extendPageData`).
 * @throws `[plugin] extendPageData: …` for a hook that fails
 */
export async function pageDataOf(ctx: BuildContext, route: RouteEntry, page: CompiledPage): Promise<PageData> {
  // A copy of what the cache holds: plugins change the page data in place.
  const pageData: PageData = {
    title: page.title,
    routePath: route.path,
    lang: route.lang,
    toc: page.toc,
    frontmatter: structuredClone(page.frontmatter),
    version: route.version,
    _relativePath: route.relativePath,
  };
  await ctx.plugins.extendPageData(pageData, route.filePath);
  return pageData;
}

/**
 * The data of an overview page: the pages of its sidebar section, grouped as in the sidebar, each with its
 * h2 headings. External links and the overview page itself are left out.
 */
function overviewOf(
  section: SidebarSection | null,
  self: string,
  routeByPath: Map<string, RouteEntry>,
  compiled: Map<string, CompiledPage>,
): OverviewGroup[] {
  if (!section) return [];
  const pageOf = (item: SidebarItem) => {
    const route = item.link ? routeByPath.get(item.link) : undefined;
    if (!route || route.path === self) return [];
    const page = compiled.get(route.filePath)!;
    return [{ title: item.text, link: route.path, headings: page.toc.filter((t) => t.depth === 2).map(({ text, id }) => ({ text, id })) }];
  };
  const flatten = (items: SidebarItem[]): SidebarItem[] => items.flatMap((i) => (i.items ? flatten(i.items) : [i]));
  const groups: OverviewGroup[] = [];
  const loose: OverviewGroup = { title: '', pages: [] };
  for (const item of section.items) {
    if (item.items) groups.push({ title: item.text, pages: flatten(item.items).flatMap(pageOf) });
    else loose.pages.push(...pageOf(item));
  }
  return [...(loose.pages.length ? [loose] : []), ...groups.filter((g) => g.pages.length)];
}

function createSiteData(config: ResolvedConfig, navigation: ReturnType<typeof resolveNavigation>, i18nSource: I18nSource): SiteData {
  const pluginStrings = (lang: string) => {
    const strings: Record<string, string> = {};
    for (const [key, byLang] of Object.entries(i18nSource)) if (byLang[lang] !== undefined) strings[key] = byLang[lang];
    return strings;
  };
  const locales: LocaleData[] = config.resolvedLocales.map((l) => ({
    lang: l.lang,
    label: l.label,
    prefix: l.prefix,
    title: l.title,
    description: l.description,
    nav: navigation.get(l.lang)?.nav ?? [],
    editLink: l.editLink,
    // The plugins' strings (`i18nSource`), then the locale's own from the config, which win.
    strings: { ...pluginStrings(l.lang), ...l.strings },
    themeConfig: localeThemeKeys(config.themeConfig.locales[l.lang]),
  }));
  const { nav: _nav, sidebar: _sidebar, locales: _locales, ...themeConfig } = config.themeConfig;
  return {
    title: config.title,
    description: config.description,
    base: config.base,
    lang: config.lang,
    icon: config.icon,
    logo: config.logo,
    logoText: config.logoText,
    cleanUrls: config.route.cleanUrls,
    locales,
    themeConfig,
    markdown: {
      showLineNumbers: config.markdown.showLineNumbers,
      defaultWrapCode: config.markdown.defaultWrapCode,
      shiki: { lightTheme: config.markdown.shiki.lightTheme, darkTheme: config.markdown.shiki.darkTheme },
    },
    multiVersion: config.multiVersion,
    search: config.search && {
      provider: config.search.provider,
      appId: config.search.appId,
      apiKey: config.search.apiKey,
      indexName: config.search.indexName,
      searchParameters: config.search.searchParameters,
      insights: config.search.insights,
      hosts: config.search.hosts,
      missingResultsUrl: config.search.missingResultsUrl,
    },
  };
}

/** A locale's theme keys: what `themeConfig.locales[lang]` holds besides docgen's `nav` and `sidebar`. */
function localeThemeKeys(locale: Record<string, unknown> | undefined): Record<string, unknown> {
  const { nav: _nav, sidebar: _sidebar, ...rest } = locale ?? {};
  return rest;
}
