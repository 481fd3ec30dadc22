/**
 * The config schema: one zod schema gives both the type users write (`UserConfig`, everything optional)
 * and the resolved type the build reads (`ResolvedConfig`, defaults filled). Defaults, as the config
 * pages of the docs list them: lang en, base /, ssg on, clean URLs, no extra versions, navbar hidden
 * automatically, appearance animation off, markdown showLineNumbers/defaultWrapCode false, shiki {}.
 */
import * as z from 'zod';
import { themeConfigSchema, type ThemeConfig, type ThemeUserConfig } from '@docgen/theme-default/config';
import type { DocgenPlugin } from '../node/plugins/plugin.js';

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

/** One nav item, as the config and `extendNavigation` give it. */
export const navItem: z.ZodType<NavItemInput> = z.lazy(() =>
  z.object({
    text: z.string().min(1),
    link: z.string().min(1).optional(),
    activeMatch: z.string().optional(),
    items: z.array(navItem).optional(),
  }),
);
/** A nav item as the config gives it: `text`, and a `link` or sub-`items`. */
export interface NavItemInput {
  text: string;
  link?: string;
  activeMatch?: string;
  items?: NavItemInput[];
}

/** One sidebar item, as the config and `extendNavigation` give it. */
export const sidebarItem: z.ZodType<SidebarItemInput> = z.lazy(() =>
  z.object({
    text: z.string().min(1),
    link: z.string().optional(),
    collapsible: z.boolean().optional(),
    collapsed: z.boolean().optional(),
    items: z.array(sidebarItem).optional(),
  }),
);
/** A sidebar item as the config gives it: `text`, and a `link` or sub-`items` (a group). */
export interface SidebarItemInput {
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
})
  // The theme's per-locale keys (the default theme's `landing`) are its schema's to check.
  .passthrough();

const editLink = z.object({
  /** Link text, e.g. `Edit this page on GitHub`. */
  text: z.string().min(1),
  /** URL with `:path` replaced by the page's source path relative to the docs root, e.g. `https://github.com/org/repo/edit/main/docs/:path`. */
  pattern: z.string().min(1),
});

/**
 * A BCP 47 language tag (`en`, `zh`, `pt-BR`, `zh-Hans`), checked with `Intl.getCanonicalLocales`: it names
 * a folder of the site and a URL prefix, so nothing else (`../x`, `a/b`) may pass.
 */
const languageTag = z
  .string()
  .min(1)
  .refine(
    (tag) => {
      if (tag === '') return true; // reported by min(1)
      try {
        return Intl.getCanonicalLocales(tag).length === 1;
      } catch {
        return false; // RangeError: not a well-formed tag
      }
    },
    { message: 'is not a BCP 47 language tag (such as en, zh or pt-BR)' },
  );

/**
 * A version's name (`2.x`, `v1`, `1.0`): it names a folder of the site and a URL prefix, so it holds letters,
 * digits, `.`, `_` and `-` only, and is not `.` or `..`.
 */
const versionName = z
  .string()
  .refine((v) => /^[\w.-]+$/.test(v), { message: 'must hold only letters, digits, ".", "_" and "-" (it names a folder and a URL prefix)' })
  .refine((v) => v !== '.' && v !== '..', { message: 'cannot be "." or ".."' });

const locale = z.object({
  /** Language code (BCP 47); `lang` of the site must name one of the locales. @example 'zh' */
  lang: languageTag,
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

// Here rather than beside the plugin hooks that also take head tags: the plugin module imports this one.
const headAttributes = z.record(z.string().regex(/^[a-zA-Z_:][-a-zA-Z0-9_:.]*$/, 'is not an attribute name'), z.union([z.string(), z.literal(true)]));
/** A head tag: `[name, attributes]` or, for `script`, `style` and `noscript`, `[name, attributes, content]`. */
export const headTagSchema = z.union([
  z.tuple([z.enum(['meta', 'link', 'base']), headAttributes]),
  z.tuple([z.enum(['script', 'style', 'noscript']), headAttributes]),
  z.tuple([z.enum(['script', 'style', 'noscript']), headAttributes, z.string()]),
]);

/**
 * `themeConfig`: docgen reads `nav`, `sidebar` and the per-locale `nav` and `sidebar`; everything else
 * belongs to the theme, whose own schema (`@docgen/theme-default/config`) checks it next.
 */
const coreThemeConfig = z
  .object({
    /** Top navigation of the default locale (or of a single-locale site). */
    nav: z.array(navItem).optional(),
    /** Sidebars of the default locale, keyed by route prefix. */
    sidebar: sidebar.optional(),
    /** Per-locale nav and sidebar (and the theme's per-locale keys), keyed by `lang`. */
    locales: z.record(z.string(), localeTheme).default(() => ({})),
  })
  .passthrough();

// The theme's schema reads the whole object; its input type knows only its own keys, hence the cast.
const themeConfig = coreThemeConfig.pipe(themeConfigSchema as unknown as z.ZodType<ThemeConfig, z.output<typeof coreThemeConfig>>);

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
        /**
         * Shiki transformers run on every code block after docgen's own (diff, highlight and focus notation,
         * `{1,3-4}` line ranges): a module path (relative to the root) or package name whose default export is
         * a transformer object or a function of the options that returns one, with options as `[module, options]`.
         * Given as modules, not objects, because code blocks are highlighted in worker threads.
         * @default []
         * @example ['./shiki/word-wrap-marker.mjs', ['shiki-transformer-x', { lines: true }]]
         */
        transformers: z.array(z.union([z.string().min(1), z.tuple([z.string().min(1), z.unknown()])])).optional(),
      })
      .strict()
      .default(() => ({})),
    /** Extra remark plugins, run after docgen's own; a path or package name with options, so workers can load them. */
    remarkPlugins: z.array(z.union([z.string(), z.tuple([z.string(), z.unknown()])])).default(() => []),
    /** Extra rehype plugins, run after docgen's own; a path or package name with options. */
    rehypePlugins: z.array(z.union([z.string(), z.tuple([z.string(), z.unknown()])])).default(() => []),
    /**
     * Dead links: relative links to missing files, links to missing anchors (`./page.md#nope`, `#nope`),
     * root-relative links to no route or public file (`/guide/nope`), links to pages left out by
     * `route.exclude` or to fragments. `true` fails the build, `'warn'` prints warnings, `false` checks
     * nothing. Anchors are heading ids and literal `id`/`name` attributes, those of imported fragments
     * included; ids that components create while rendering are not known (use `'warn'` for such links).
     * @default true
     * @example 'warn'
     */
    checkDeadLinks: z.union([z.boolean(), z.literal('warn')]).default(true),
    /**
     * Sanitise the HTML of `.md` pages with rehype-sanitize (GitHub's rules: no scripts, no event
     * handlers, no inline styles, no forms), for sites that publish pages written by others; docgen's own
     * output (heading ids and anchors, containers, highlighted code, task lists, lazy images) stays.
     * `.mdx` pages are refused then (an error at their first line): they run code, which no sanitiser can
     * make safe. Off, raw HTML in pages is trusted and runs as written.
     * @default false
     * @example true
     */
    sanitize: z.boolean().default(false),
  })
  .strict();

export const configSchema = z
  .object({
    /**
     * Plugins (see the Plugin API page), run in the order listed; `enforce: 'pre'` ones first, `'post'` ones
     * last. Each is checked for its shape (`plugins[i] (name): …`) before any hook runs.
     * @default []
     * @example plugins: [pluginLastUpdated(), myPlugin({ greeting: 'hi' })]
     */
    plugins: z
      .array(z.custom<DocgenPlugin>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), { message: 'is not a plugin object' }))
      .default(() => []),
    /**
     * Extra tags in the `<head>` of every page: `[name, attributes]`, or `[name, attributes, content]` for
     * `script`, `style` and `noscript`. Allowed names: meta, link, base, script, style, noscript.
     * @default []
     * @example head: [['meta', { name: 'theme-color', content: '#0b6bcb' }], ['script', { defer: true, src: '/stats.js' }]]
     */
    head: z.array(headTagSchema).default(() => []),
    /**
     * A stylesheet loaded on every page, after the theme's: a path relative to the root (it may `@import`
     * a package's CSS).
     * @example 'styles/custom.css'
     */
    globalStyles: z.string().min(1).optional(),
    /**
     * Components rendered on every page after the layout (a chat button, an analytics consent bar): module
     * paths relative to the root whose default export is the component, with props as `[path, props]`.
     * @default []
     * @example ['components/Feedback.tsx', ['components/Notice.tsx', { text: 'Beta' }]]
     */
    globalUIComponents: z.array(z.union([z.string().min(1), z.tuple([z.string().min(1), z.record(z.string(), z.unknown())])])).default(() => []),
    /**
     * Import aliases for MDX pages, components and theme code: a package-style name or prefix → a path
     * relative to the root (starting with `.`), an absolute path, or a package name. `'@components'` then
     * matches `@components` and `@components/…`.
     * @default {}
     * @example { '@components': './components', '@site': '.' }
     */
    alias: z.record(z.string().min(1), z.string().min(1)).default(() => ({})),
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
    lang: languageTag.default('en'),
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
        /**
         * Glob-like patterns (`*` within a name, `**` any folders, `?` one character) of page files, relative to
         * the root, that are routes: a page file that matches none is not built. `exclude` and fragments still
         * leave files out. @default ['**'] @example ['en/guide/**', 'zh/guide/**', 'en/index.md', 'zh/index.md']
         */
        include: z.array(z.string().min(1)).default(() => ['**']),
        /**
         * Extensions of the files that are pages. `.md` and `.mdx` pages are Markdown and MDX; `.tsx` and `.jsx`
         * pages are React components (default export: the content; `export const frontmatter = { title }` of
         * plain values: the page data). With component pages on, keep other components in `_` folders.
         * @default ['.md', '.mdx']
         * @example ['.md', '.mdx', '.tsx']
         */
        extensions: z.array(z.enum(['.md', '.mdx', '.tsx', '.jsx'])).min(1).default(() => ['.md' as const, '.mdx' as const]),
        /** Glob-like patterns (`*`, `**`) of files, relative to the root, that are not routes. @default [] */
        exclude: z.array(z.string()).default(() => []),
        /** Files and folders starting with `_` are fragments: importable, not routed. @default true */
        excludeFragments: z.boolean().default(true),
      })
      .strict()
      .default(() => ({ cleanUrls: true, include: ['**'], extensions: ['.md' as const, '.mdx' as const], exclude: [], excludeFragments: true })),
    /** Render every route to HTML at build time. @default true */
    ssg: z.boolean().default(true),
    /**
     * Time limit of one page's compile and of its server render, in milliseconds: a page over it fails the
     * build, named (an MDX expression that never returns must not hang CI). @default 30000
     * @example 120000
     */
    pageTimeout: z.number().int().positive().default(30_000),
    /**
     * Versions of the docs: one site with a folder per version, `<root>/<version>/<lang>/…` (or
     * `<root>/<version>/…` without locales). The default version is served without a URL prefix, the others
     * under `/<version>/`; the default version's pages may also stay where a site without versions keeps
     * them (`<root>/<lang>/…`) when `<root>/<default>/` does not exist. No versions: `versions` empty.
     * @default { default: '', versions: [] }
     * @example { default: '2.x', versions: ['2.x', '1.x'] }
     */
    multiVersion: z
      .object({
        /** The version readers get without a prefix; one of `versions`. */
        default: z.string(),
        /** Every version, in the order the version menu lists them. */
        versions: z.array(versionName),
        /**
         * Pages of versions other than the default get `<meta name="robots" content="noindex">` and a
         * canonical link to the same page of the default version (when it has one), so search engines list
         * the current docs. @default true
         */
        noindex: z.boolean().default(true),
        /**
         * What the local search of a version finds: `'version'`, the pages of the version being read;
         * `'all'`, the pages of every version (of the same language). @default 'version'
         */
        search: z.enum(['version', 'all']).default('version'),
      })
      .strict()
      .default(() => ({ default: '', versions: [], noindex: true, search: 'version' as const })),
    /** Internationalisation beyond the locales themselves. */
    i18n: z
      .object({
        /**
         * A page of the default language that another locale lacks is built in that locale's URL space with
         * the default language's content, the locale's UI and a notice that it is not translated yet; the
         * language menu never leads to a 404. @default false
         */
        fallback: z.boolean().default(false),
        /**
         * A translated page whose front matter `translatedFrom` (written by `docgen i18n mark`) no longer
         * matches its original gets a notice that the original has changed, and the build a warning.
         * @default true
         */
        staleNotice: z.boolean().default(true),
      })
      .strict()
      .default(() => ({ fallback: false, staleNotice: true })),
    /** Search; `false` turns it off. @default { provider: 'local' } */
    search: z.union([z.literal(false), search]).default(() => ({ provider: 'local' as const, insights: false })),
    markdown: markdown.default(() => ({
      showLineNumbers: false,
      defaultWrapCode: false,
      shiki: {},
      remarkPlugins: [],
      rehypePlugins: [],
      checkDeadLinks: true as const,
      sanitize: false,
    })),
    themeConfig: themeConfig.default(() => ({ locales: {}, socialLinks: [], hideNavbar: 'auto' as const, enableAppearanceAnimation: false })),
  })
  .strict();

// Defaults are functions so every resolved config owns its arrays and objects.

/** What a user writes in `docgen.config.ts`: every field optional. */
export type UserConfig = Omit<z.input<typeof configSchema>, 'themeConfig'> & {
  /** docgen's `nav` and `sidebar` keys and the default theme's (or a custom theme's own, which pass through). */
  themeConfig?: z.input<typeof coreThemeConfig> & ThemeUserConfig;
};
/** The config after validation, defaults filled. */
export type SiteConfig = Omit<z.output<typeof configSchema>, 'themeConfig'> & {
  themeConfig: z.output<typeof coreThemeConfig> & ThemeConfig;
};

/** Typed identity helper for `docgen.config.ts`. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}
