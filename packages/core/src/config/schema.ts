/**
 * The config schema: one zod schema gives both the type users write (`UserConfig`, everything optional)
 * and the resolved type the build reads (`ResolvedConfig`, defaults filled). Defaults follow the
 * specification's §1 and §3 (lang en, base /, ssg on, clean URLs, no extra versions, navbar hidden
 * automatically, appearance animation off, markdown showLineNumbers/defaultWrapCode false, shiki {}).
 */
import { z } from 'zod';

/**
 * Search options. `local` (default): an index per locale built at build time, fetched when the dialog is
 * about to open. `algolia`: DocSearch against a hosted index (appId, apiKey and indexName required).
 */
const search = z
  .object({
    provider: z.enum(['local', 'algolia']).default('local'),
    /** Algolia application id. */
    appId: z.string().min(1).optional(),
    /** Algolia search-only API key (public). */
    apiKey: z.string().min(1).optional(),
    indexName: z.string().min(1).optional(),
    /**
     * Extra Algolia search parameters, sent with every query. A `facetFilters` here is added to docgen's
     * per-locale `lang:<lang>` filter; any other key replaces DocSearch's value.
     */
    searchParameters: z.record(z.string(), z.unknown()).optional(),
    /** Send Algolia Insights view and click events. @default false */
    insights: z.boolean().default(false),
    /**
     * Hosts of an Algolia-compatible service (`https://search.example.com`), tried in order, instead of
     * Algolia's own; for a proxy or a self-hosted, API-compatible server.
     */
    hosts: z
      .array(
        z
          .string()
          .url()
          .refine((u) => /^https?:\/\/[^/?#]+\/?$/.test(u), 'must be an http(s) origin such as https://search.example.com, without a path'),
      )
      .min(1)
      .optional(),
    /** Link under "No results": `{query}` is replaced by the query, URL-encoded. */
    missingResultsUrl: z.string().min(1).optional(),
    /** Also write every locale's records, as one JSON array, to this path (relative to the site root). */
    recordsFile: z.string().min(1).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.provider !== 'algolia') return;
    for (const key of ['appId', 'apiKey', 'indexName'] as const) {
      if (!value[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when provider is algolia' });
    }
  });

const navItem: z.ZodType<NavItemInput> = z.lazy(() =>
  z.object({
    text: z.string().min(1),
    link: z.string().min(1).optional(),
    activeMatch: z.string().optional(),
    items: z.array(navItem).optional(),
  }),
);
interface NavItemInput {
  text: string;
  link?: string;
  activeMatch?: string;
  items?: NavItemInput[];
}

const sidebarItem: z.ZodType<SidebarItemInput> = z.lazy(() =>
  z.object({
    text: z.string().min(1),
    link: z.string().optional(),
    collapsible: z.boolean().optional(),
    collapsed: z.boolean().optional(),
    items: z.array(sidebarItem).optional(),
  }),
);
interface SidebarItemInput {
  text: string;
  link?: string;
  collapsible?: boolean;
  collapsed?: boolean;
  items?: SidebarItemInput[];
}

/** Sidebar: route prefix (full path, locale prefix included, e.g. `/zh/guide/`) → items. */
const sidebar = z.record(z.string(), z.array(sidebarItem));

const localeTheme = z.object({
  /** Top navigation of this locale. When absent, `_nav.json` in the locale folder is read. */
  nav: z.array(navItem).optional(),
  /** Sidebars of this locale. When absent, `_meta.json` files in the locale folder are read. */
  sidebar: sidebar.optional(),
});

const editLink = z.object({
  /** Link text, e.g. `Edit this page on GitHub`. */
  text: z.string().min(1),
  /** URL with `:path` replaced by the page's source path relative to the docs root, e.g. `https://github.com/org/repo/edit/main/docs/:path`. */
  pattern: z.string().min(1),
});

const locale = z.object({
  /** Language code; `lang` of the site must name one of the locales. @example 'zh' */
  lang: z.string().min(1),
  /** Name shown in the language menu. @example '简体中文' */
  label: z.string().min(1),
  /** Site title for this locale; defaults to the site's `title`. */
  title: z.string().optional(),
  /** Site description for this locale; defaults to the site's `description`. */
  description: z.string().optional(),
  /** Edit-this-page link of this locale. */
  editLink: editLink.optional(),
  /** Overrides of the theme's UI strings, by key. @example { 'outline.title': 'Contents' } */
  strings: z.record(z.string(), z.string()).default(() => ({})),
});

const socialLink = z.object({
  icon: z.string().min(1),
  link: z.string().min(1),
  ariaLabel: z.string().optional(),
});

const themeConfig = z
  .object({
    /** Top navigation of the default locale (or of a single-locale site). */
    nav: z.array(navItem).optional(),
    /** Sidebars of the default locale, keyed by route prefix. */
    sidebar: sidebar.optional(),
    /** Per-locale nav and sidebar, keyed by `lang`. */
    locales: z.record(z.string(), localeTheme).default(() => ({})),
    /** Links shown as icons at the end of the navbar. @default [] */
    socialLinks: z.array(socialLink).default(() => []),
    /** `auto` hides the navbar while scrolling down and shows it on scroll up. @default 'auto' */
    hideNavbar: z.enum(['auto', 'always', 'never']).default('auto'),
    /** Animate the switch between light and dark. @default false */
    enableAppearanceAnimation: z.boolean().default(false),
    /** Footer message (HTML allowed). */
    footer: z.object({ message: z.string().optional() }).optional(),
  })
  // Custom themes read keys of their own: keep what docgen does not know.
  .passthrough();

const markdown = z
  .object({
    /** Show line numbers in code blocks unless a block says otherwise. @default false */
    showLineNumbers: z.boolean().default(false),
    /** Wrap long lines in code blocks unless a block says otherwise. @default false */
    defaultWrapCode: z.boolean().default(false),
    /** Options of the build-time highlighter (shiki). @default {} */
    shiki: z
      .object({
        /** Theme for light mode. @default 'github-light-default' */
        lightTheme: z.string().optional(),
        /** Theme for dark mode. @default 'github-dark-default' */
        darkTheme: z.string().optional(),
        /** Languages loaded up front in addition to those met in code blocks. */
        langs: z.array(z.string()).optional(),
      })
      .default(() => ({})),
    /** Extra remark plugins, run after docgen's own; a path or package name with options, so workers can load them. */
    remarkPlugins: z.array(z.union([z.string(), z.tuple([z.string(), z.unknown()])])).default(() => []),
    /** Extra rehype plugins, run after docgen's own; a path or package name with options. */
    rehypePlugins: z.array(z.union([z.string(), z.tuple([z.string(), z.unknown()])])).default(() => []),
  })
  .strict();

export const configSchema = z
  .object({
    /** Site title, used as the title suffix of every page. @default 'docgen' */
    title: z.string().default('docgen'),
    /** Site description, the default meta description. @default '' */
    description: z.string().default(''),
    /** Favicon URL (a file in `public/` or an absolute URL). @example '/favicon.svg' */
    icon: z.string().default(''),
    /** Logo in the navbar; one URL, or one per colour mode. */
    logo: z.union([z.string(), z.object({ light: z.string(), dark: z.string() })]).default(''),
    /** Text beside the logo. @default '' */
    logoText: z.string().default(''),
    /** URL path the site is served under. @default '/' @example '/docs/' */
    base: z.string().default('/'),
    /** Default language; its pages have no route prefix. Must be one of `locales[].lang`. @default 'en' */
    lang: z.string().min(1).default('en'),
    /** Absolute origin of the deployed site, for canonical links. @example 'https://docgen.dev' */
    siteUrl: z.string().url().optional(),
    /** Locales; each has its own folder `<root>/<lang>/`. A site without locales keeps its pages in `<root>/`. @default [] */
    locales: z.array(locale).default(() => []),
    /** Output folder, relative to the root. @default 'dist' */
    outDir: z.string().min(1).default('dist'),
    /** Folder copied as is to the output, relative to the root. @default 'public' */
    publicDir: z.string().min(1).default('public'),
    /** Folder of a custom theme (its `index.tsx` replaces `@theme`), relative to the root. @default 'theme' */
    themeDir: z.string().min(1).default('theme'),
    /** Route options. */
    route: z
      .object({
        /** Links and files without `.html`. @default true */
        cleanUrls: z.boolean().default(true),
        /** Glob-like patterns (`*`, `**`) of files, relative to the root, that are not routes. @default [] */
        exclude: z.array(z.string()).default(() => []),
        /** Files and folders starting with `_` are fragments: importable, not routed. @default true */
        excludeFragments: z.boolean().default(true),
      })
      .strict()
      .default(() => ({ cleanUrls: true, exclude: [], excludeFragments: true })),
    /** Render every route to HTML at build time. @default true */
    ssg: z.boolean().default(true),
    /** Versions of the docs. @default { default: '', versions: [] } */
    multiVersion: z
      .object({ default: z.string(), versions: z.array(z.string()) })
      .strict()
      .default(() => ({ default: '', versions: [] })),
    /** Search; `false` turns it off. @default { provider: 'local' } */
    search: z.union([z.literal(false), search]).default(() => ({ provider: 'local' as const, insights: false })),
    markdown: markdown.default(() => ({ showLineNumbers: false, defaultWrapCode: false, shiki: {}, remarkPlugins: [], rehypePlugins: [] })),
    themeConfig: themeConfig.default(() => ({ locales: {}, socialLinks: [], hideNavbar: 'auto' as const, enableAppearanceAnimation: false })),
  })
  .strict();

// Defaults are functions so every resolved config owns its arrays and objects.

/** What a user writes in `docgen.config.ts`: every field optional. */
export type UserConfig = z.input<typeof configSchema>;
/** The config after validation, defaults filled. */
export type SiteConfig = z.output<typeof configSchema>;

/** Typed identity helper for `docgen.config.ts`. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}
