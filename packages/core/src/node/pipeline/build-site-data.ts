/**
 * Phase: navigation (nav and sidebars, from the config or `_nav.json` / `_meta.json`), the site data every
 * page gets, and each routed page's page data with its sidebar section and, on an overview page, the
 * overview of that section.
 */
import type { ResolvedConfig } from '../../config/index.js';
import path from 'node:path';
import type { LocaleData, OverviewGroup, PageData, SidebarItem, SidebarSection, SiteData, TranslationState } from '../../shared/types.js';
import type { CompiledPage } from '../markdown/compile-page.js';
import { resolveNavigation, sidebarFor, type LocaleNavigation } from '../nav/resolve-nav-sidebar.js';
import { localeOfRoute, sourceFileOf, translationFileOf, type RouteEntry } from '../routes/scan-routes.js';
import type { BuildContext, PageEntry } from './context.js';
import { staleTranslations } from '../i18n/translations.js';
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
  const navigation = resolveNavigation(config, routes, titles, (message) => ctx.warnings.push(message));
  await ctx.plugins.extendNavigation(config, navigation);
  ctx.navigation = navigation;
  const stale = staleTranslations(config, routes, (route) => {
    const recorded = compiled.get(route.filePath)?.frontmatter.translatedFrom;
    return typeof recorded === 'string' ? recorded : undefined;
  });
  for (const [file, { original }] of stale) {
    const rel = routeIndex(routes).byFile.get(file)!.relativePath;
    ctx.warnings.push(`${rel}: its original ${original.relativePath} changed since it was translated (translatedFrom); once updated, run docgen i18n mark ${rel}`);
  }
  ctx.staleTranslations = config.i18n.staleNotice ? stale : new Map();
  const sidebars = [...navigation.values()].flatMap((n) => n.sidebars);
  const pages = new Map<string, PageEntry>();
  const routeByPath = new Map(routes.map((r) => [r.path, r]));
  for (const route of routes) {
    const page = compiled.get(route.filePath)!;
    const section = sidebarFor(navigation.get(localeOfRoute(config, route).prefix)?.sidebars ?? [], route.path);
    const hideSidebar = page.frontmatter.sidebar === false || (page.frontmatter.pageType && page.frontmatter.pageType !== 'doc');
    const pageData = await pageDataOf(ctx, route, page);
    pages.set(route.filePath, {
      pageData,
      sidebar: section && !hideSidebar ? sidebars.indexOf(section) : -1,
      overview: page.frontmatter.overview === true ? overviewOf(section, route.path, routeByPath, compiled) : undefined,
    });
  }
  ctx.siteData = createSiteData(config, routes, navigation, await ctx.plugins.i18nSource());
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
  if (ctx.config.multiVersion.versions.length) pageData.versionLinks = versionLinksOf(ctx, route);
  const translation = translationOf(ctx, route);
  if (translation) pageData.translation = translation;
  await ctx.plugins.extendPageData(pageData, sourceFileOf(route));
  return pageData;
}

/** Route paths and routes by source file of a route list, made once per list. */
const routeIndexes = new WeakMap<RouteEntry[], { paths: Set<string>; byFile: Map<string, RouteEntry>; firstOf: Map<string, string> }>();
function routeIndex(routes: RouteEntry[]) {
  let index = routeIndexes.get(routes);
  if (!index) {
    // `<version>\0<lang>` → the first route of that locale in the list.
    const firstOf = new Map<string, string>();
    for (const r of routes) if (!firstOf.has(`${r.version}\0${r.lang}`)) firstOf.set(`${r.version}\0${r.lang}`, r.path);
    index = { paths: new Set(routes.map((r) => r.path)), byFile: new Map(routes.map((r) => [r.filePath, r])), firstOf };
    routeIndexes.set(routes, index);
  }
  return index;
}

/**
 * Version → where the version menu leads from `route`: the same page in that version (same language,
 * else the version's default language); else the nearest parent section with a page there (its index
 * page, else its first page in the sidebar); else the version's home. Never a route that is not built.
 */
export function versionLinksOf(ctx: BuildContext, route: RouteEntry): Record<string, string> {
  const { config } = ctx;
  const { paths, firstOf } = routeIndex(ctx.routes);
  const own = localeOfRoute(config, route);
  const rest = route.path.slice(own.prefix.length) || '/';
  const links: Record<string, string> = {};
  for (const version of config.multiVersion.versions) {
    // The reader's language, when the version has pages in it; else the version's default language.
    const lang = firstOf.has(`${version}\0${route.lang}`) ? route.lang : config.lang;
    const locale = config.contentLocales.find((l) => l.version === version && l.lang === lang)!;
    const home = paths.has(`${locale.prefix}/`) ? `${locale.prefix}/` : (firstOf.get(`${version}\0${lang}`) ?? `${locale.prefix}/`);
    links[version] = nearestRoute(locale.prefix, rest, paths, ctx.navigation?.get(locale.prefix)?.sidebars ?? [], home);
  }
  return links;
}

/** `prefix + rest` when it is a route, else the nearest parent folder of `rest` with a page, else `home`. */
function nearestRoute(prefix: string, rest: string, paths: Set<string>, sidebars: SidebarSection[], home: string): string {
  if (paths.has(prefix + rest)) return prefix + rest;
  const segments = rest.split('/').filter(Boolean);
  if (!rest.endsWith('/')) segments.pop();
  for (let n = segments.length; n > 0; n--) {
    const folder = `${prefix}/${segments.slice(0, n).join('/')}/`;
    if (paths.has(folder)) return folder;
    const first = firstLinkUnder(sidebarFor(sidebars, folder)?.items ?? [], folder, paths);
    if (first) return first;
  }
  return home;
}

function firstLinkUnder(items: SidebarItem[], folder: string, paths: Set<string>): string | undefined {
  for (const item of items) {
    if (item.link?.startsWith(folder) && paths.has(item.link)) return item.link;
    const inner = item.items && firstLinkUnder(item.items, folder, paths);
    if (inner) return inner;
  }
  return undefined;
}

/** A fallback page's or a stale translation's state (`PageData.translation`); undefined for any other page. */
function translationOf(ctx: BuildContext, route: RouteEntry): TranslationState | undefined {
  if (route.originalFile) {
    const original = routeIndex(ctx.routes).byFile.get(route.originalFile);
    const file = path.relative(ctx.config.root, translationFileOf(ctx.config, route)!).split(path.sep).join('/');
    return original && { status: 'fallback', original: original.path, file };
  }
  const stale = ctx.staleTranslations?.get(route.filePath);
  return stale && { status: 'stale', original: stale.original.path, file: route.relativePath };
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

function createSiteData(config: ResolvedConfig, routes: RouteEntry[], navigation: ReturnType<typeof resolveNavigation>, i18nSource: I18nSource): SiteData {
  const pluginStrings = (lang: string) => {
    const strings: Record<string, string> = {};
    for (const [key, byLang] of Object.entries(i18nSource)) if (byLang[lang] !== undefined) strings[key] = byLang[lang];
    return strings;
  };
  // Another version's language without pages is left out: the language menu never leads to a 404.
  const { firstOf } = routeIndex(routes);
  const shown = config.contentLocales.filter((l) => config.resolvedLocales.includes(l) || firstOf.has(`${l.version}\0${l.lang}`));
  const locales: LocaleData[] = shown.map((l) => ({
    lang: l.lang,
    label: l.label,
    prefix: l.prefix,
    version: l.version,
    title: l.title,
    description: l.description,
    nav: navigation.get(l.prefix)?.nav ?? [],
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
    multiVersion: { default: config.multiVersion.default, versions: config.multiVersion.versions, search: config.multiVersion.search },
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

/** The default version's navigation by language code, as `afterBuild` gets it. */
export function navigationByLang(config: ResolvedConfig, navigation: Map<string, LocaleNavigation>): Record<string, LocaleNavigation> {
  return Object.fromEntries(config.resolvedLocales.flatMap((l) => (navigation.has(l.prefix) ? [[l.lang, navigation.get(l.prefix)!]] : [])));
}

/** A locale's theme keys: what `themeConfig.locales[lang]` holds besides docgen's `nav` and `sidebar`. */
function localeThemeKeys(locale: Record<string, unknown> | undefined): Record<string, unknown> {
  const { nav: _nav, sidebar: _sidebar, ...rest } = locale ?? {};
  return rest;
}
