/**
 * Types shared by the Node side and the browser runtime: page record, TOC entry, route entry, sidebar item
 * and the site data (see the runtime API page of the docs).
 */

/** One heading of a page's table of contents (depth 2–4, charIndex -1 when unknown). */
export interface TocItem {
  /** Plain text of the heading, markup removed. */
  text: string;
  /** The heading's `id` attribute (github-slugger, unique within the page). */
  id: string;
  /** Heading level, 2 to 4. */
  depth: number;
  /** Offset of the heading in the page's source, in UTF-16 code units; -1 when unknown. */
  charIndex: number;
}

/** Front matter of a page: free-form YAML, with the keys the theme reads typed. */
export interface FrontMatter {
  title?: string;
  description?: string;
  titleSuffix?: string;
  pageType?: 'doc' | 'home' | 'custom' | 'blank' | '404';
  overview?: boolean;
  sidebar?: boolean;
  outline?: boolean;
  navbar?: boolean;
  footer?: boolean;
  hero?: HomeHero;
  features?: HomeFeature[];
  [key: string]: unknown;
}

/** Hero block of a home page. */
export interface HomeHero {
  name?: string;
  text?: string;
  tagline?: string;
  image?: { src: string; alt: string };
  actions?: { theme: 'brand' | 'alt'; text: string; link: string }[];
}

/** One feature card of a home page. */
export interface HomeFeature {
  title: string;
  details: string;
  icon?: string;
  link?: string;
}

/** The page record, computed once when the page compiles and exported by its module. */
export interface PageData {
  title: string;
  /** Route path with the base removed, e.g. `/guide/start/introduction` or `/zh/api/`. */
  routePath: string;
  lang: string;
  toc: TocItem[];
  frontmatter: FrontMatter;
  /** The version the page belongs to (`multiVersion.versions`); '' on a site without versions. */
  version: string;
  /** Source path relative to the docs root, POSIX separators, e.g. `en/guide/start/introduction.mdx`. */
  _relativePath: string;
  /**
   * On a site with versions: version → the route path the version menu opens from this page, the same page
   * in that version, else its nearest parent section there, else that version's home (same language).
   */
  versionLinks?: Record<string, string>;
  /** How the page stands to its original in the default language; absent for an original or an up-to-date translation. */
  translation?: TranslationState;
}

/**
 * A page that is not (or no longer) a faithful translation. `fallback`: the locale has no translation, the
 * page shows the default language's content (`i18n.fallback`). `stale`: the original changed since the
 * translation recorded it (front matter `translatedFrom`, `docgen i18n mark`).
 */
export interface TranslationState {
  status: 'fallback' | 'stale';
  /** Route path of the original (default-language) page. */
  original: string;
  /** Path of the translation's source file relative to the docs root (to be created for `fallback`), e.g. `zh/guide/x.md`. */
  file: string;
}

/** A top navigation item: a link, or a menu of links when `items` is given. */
export interface NavItem {
  text: string;
  link?: string;
  /** Regular expression (source) matched against the route path to mark the item active. */
  activeMatch?: string;
  items?: NavItem[];
}

/** Sidebar link (text, link, collapsible, collapsed). */
export interface SidebarItem {
  text: string;
  link?: string;
  collapsible?: boolean;
  collapsed?: boolean;
  items?: SidebarItem[];
}

/** A sidebar section: the items shown on every route under one path prefix. */
export interface SidebarSection {
  /** Route prefix the section applies to, e.g. `/guide/` or `/zh/guide/`. */
  prefix: string;
  items: SidebarItem[];
}

/**
 * One group of an overview page (`overview: true`): the pages of a sidebar group with their h2 headings.
 * Computed at build time and shipped only with the overview page's chunk.
 */
export interface OverviewGroup {
  /** The sidebar group's label; '' for pages outside any group. */
  title: string;
  pages: { title: string; link: string; headings: { text: string; id: string }[] }[];
}

/** Per-locale site data the browser receives (no per-page data: that grows with the site). */
export interface LocaleData {
  lang: string;
  label: string;
  /**
   * Route prefix of the locale: '' for the default locale, `/zh` otherwise; on a site with versions, other
   * versions' locales are prefixed with the version (`/1.x`, `/1.x/zh`).
   */
  prefix: string;
  /** The version whose locale this is; '' on a site without versions. */
  version: string;
  title: string;
  description: string;
  nav: NavItem[];
  editLink?: { text: string; pattern: string };
  /** Overrides of the theme's UI strings for this locale (`key → text`). */
  strings: Record<string, string>;
  /** The theme's keys of this locale (`themeConfig.locales[lang]` without `nav` and `sidebar`), such as the default theme's `landing`. */
  themeConfig: Record<string, unknown>;
}

/**
 * Site data: what every page's runtime may read, in the entry chunk as the `docgen:site-data`
 * module. Its size depends on the config only, never on the number of pages.
 */
export interface SiteData {
  title: string;
  description: string;
  base: string;
  lang: string;
  icon: string;
  logo: string | { light: string; dark: string };
  logoText: string;
  cleanUrls: boolean;
  /** Locales of every version, the default version's first (one per version × language). */
  locales: LocaleData[];
  /**
   * The theme's keys: the config's `themeConfig` without `nav`, `sidebar` and `locales`, as the theme's schema
   * left them (the default theme reads them with its `useThemeConfig()`).
   */
  themeConfig: Record<string, unknown>;
  markdown: {
    showLineNumbers: boolean;
    defaultWrapCode: boolean;
    /** The configured highlighter themes (`markdown.shiki`), for code highlighted in the browser; unset: the build's defaults (github-light-default, github-dark-default). */
    shiki?: { lightTheme?: string; darkTheme?: string };
  };
  /** Search settings the dialog needs; false when search is off. */
  search: SearchSettings | false;
  /**
   * Versions of the site: the default one and all, in menu order (`versions` empty on a site without
   * versions), and what a search finds (`multiVersion.search`; absent: `'version'`).
   */
  multiVersion: { default: string; versions: string[]; search?: 'version' | 'all' };
}

/**
 * What the HTML of a page tells the client entry, as JSON in `<script id="__DG_PAGE__">`:
 * where the current page's chunk is and where the locale's route manifest can be fetched.
 */
export interface PageBootData {
  /** Route path with the base removed. */
  routePath: string;
  /** URL of the page's chunk (with base). */
  chunk: string;
  /**
   * URL of the app entry (with base) the page was built with: a route table naming another (the site was
   * built again since the page loaded) makes navigation load the next page whole.
   */
  app: string;
  /** URL of the locale's route manifest JSON (with base), fetched only when navigating. */
  manifest: string;
  /** Locale prefix → route manifest URL (with base), for links into other locales. */
  manifests: Record<string, string>;
  /** Locale prefix → URL (with base) of the local search index; absent when the site has no local search. */
  searchIndexes?: Record<string, string>;
}

/**
 * A locale's route manifest (route table), fetched lazily by the client: the URL of the app entry it goes
 * with, and route path → [chunk URL (with base), source path relative to the site root]. Kept out of HTML
 * and the entry chunk so both stay the same size whatever the site's size.
 */
export interface RouteManifest {
  app: string;
  routes: Record<string, [chunk: string, filePath: string]>;
}

/**
 * Search settings in the browser. `local`: the index URL of each locale comes with the page's boot data.
 * `algolia`: DocSearch queries the hosted index (the API key is a public, search-only key).
 */
export interface SearchSettings {
  provider: 'local' | 'algolia';
  appId?: string;
  apiKey?: string;
  indexName?: string;
  searchParameters?: Record<string, unknown>;
  insights: boolean;
  hosts?: string[];
  /** Link under "No results", `{query}` replaced by the URL-encoded query. */
  missingResultsUrl?: string;
}
