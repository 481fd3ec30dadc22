/**
 * Runtime hooks for themes and MDX components. SSR-safe: they read React context only.
 */
import { useContext, useMemo } from 'react';
import { localePrefixOf } from '../shared/route-path.js';
import { linkHref } from '../shared/url-policy.js';
import type { LocaleData, OverviewGroup, PageData, SidebarSection, SiteData } from '../shared/types.js';
import { RuntimeContext, type RuntimeState } from './context.js';

function useRuntime(): RuntimeState {
  const state = useContext(RuntimeContext);
  if (!state) throw new Error('docgen runtime hooks must be used inside the docgen app');
  return state;
}

/** The page record of the page on screen, or null on the 404 page. */
export function usePageData(): PageData | null {
  return useRuntime().page?.pageData ?? null;
}

/** The site data: title, base, locales with their nav, theme config. Same on every page. */
export function useSiteData(): SiteData {
  return useRuntime().site;
}

/**
 * A function that turns a link from config or theme data (`/guide/x#usage`, `/logo.svg`, `https://…`) into
 * its `href` on this site: base added and, with `route.cleanUrls: false`, `.html` on route links, as links
 * in compiled Markdown get them. See `linkHref` in `@docgen/core/shared`.
 */
export function useLinkHref(): (link: string) => string {
  const { base, cleanUrls } = useRuntime().site;
  return useMemo(() => (link: string) => linkHref(link, { base, cleanUrls }), [base, cleanUrls]);
}

/** The sidebar section of the page on screen, or null when the route has none. */
export function useSidebar(): SidebarSection | null {
  return useRuntime().page?.sidebar ?? null;
}

/** Groups of the overview page on screen (front matter `overview: true`), or null on other pages. */
export function useOverviewGroups(): OverviewGroup[] | null {
  return useRuntime().page?.overview ?? null;
}

/** Route path (base removed) of the location on screen, e.g. `/zh/guide/x`. */
export function useRoutePath(): string {
  return useRuntime().routePath;
}

/**
 * The locale `page` belongs to: the one of its language and version (a language has one locale per
 * version), else the first. Without a page (404), the locale of `routePath` by its longest locale prefix.
 */
export function localeOf(site: SiteData, page: PageData | null | undefined, routePath: string): LocaleData {
  if (page) return site.locales.find((l) => l.lang === page.lang && l.version === page.version) ?? site.locales[0];
  const prefix = localePrefixOf(routePath, site.locales.map((l) => l.prefix));
  return site.locales.find((l) => l.prefix === prefix) ?? site.locales[0];
}

/** The locale of the page on screen, by its language and version (by route prefix when no page is loaded). */
export function useLocale(): LocaleData {
  const { site, page, routePath } = useRuntime();
  return useMemo(() => localeOf(site, page?.pageData, routePath), [site, page, routePath]);
}

/** Language code of the page on screen, e.g. `en`. */
export function useLang(): string {
  return useLocale().lang;
}

/** Version of the page on screen (by route prefix on the 404 page); '' on a site without versions. */
export function useVersion(): string {
  return useLocale().version;
}
