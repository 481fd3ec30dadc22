/**
 * The config schema: one zod schema gives both the type users write (`UserConfig`, everything optional)
 * and the resolved type the build reads (`ResolvedConfig`, defaults filled). Defaults follow the
 * specification's §1 and §3 (lang en, base /, ssg on, clean URLs, no extra versions, navbar hidden
 * automatically, appearance animation off, markdown showLineNumbers/defaultWrapCode false, shiki {}).
 */
import { z } from 'zod';
import { headTagSchema, type DocgenPlugin } from '../node/plugins/plugin.js';

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

/**
 * An external link of the landing section or the ecosystem menu: an absolute http(s) URL of at most 2048
 * characters (spec §5: URLs over 2048 characters are rejected).
 */
const externalUrl = z
  .string()
  .max(2048)
  // A string that is no URL at all gets only this message, not the http(s) one as well.
  .url({ abort: true })
  .refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL such as https://example.com/');

/** One tool card of the landing section (spec §3: name, desc, logo, url, urlText). */
const landingTool = z
  .object({
    /** Name of the tool, the card's heading. @example 'Quarry' */
    name: z.string().min(1),
    /** One or two sentences under the name. */
    desc: z.string().min(1),
    /** Logo: a file of the public folder (docgen adds the `base`) or an absolute URL; drawn 48 × 48 px. @example '/ecosystem/quarry.svg' */
    logo: z.string().min(1),
    /** External link of the card; opens in a new tab. @example 'https://example.com/quarry' */
    url: externalUrl,
    /** Text of the link, e.g. the tool's domain. @example 'quarry.example.com' */
    urlText: z.string().min(1),
  })
  .strict();

/**
 * Landing section of the home page: a title, a one-line tagline and a grid of tool cards, shown after the
 * feature cards. `themeConfig.landing` is the default locale's; `themeConfig.locales[lang].landing` another
 * locale's (like `nav`, there is no fallback between languages).
 */
const landing = z
  .object({
    /** Heading of the section. @example 'The Quarry toolchain' */
    title: z.string().min(1),
    /** One line under the heading. */
    tagline: z.string().min(1),
    /** Tool cards, in order; the grid has three columns on wide screens. */
    tools: z.array(landingTool).min(1),
  })
  .strict();

/**
 * One link of the ecosystem menu (spec §3: name, desc, descEn, logo, url, optional logoScale). `desc` and
 * `url` are shown on Chinese pages, `descEn` and `urlEn` (when given, else `url`) on the others.
 */
const ecosystemLink = z
  .object({
    /** Name of the project. */
    name: z.string().min(1),
    /** Description on Chinese pages. */
    desc: z.string().min(1),
    /** Description on every other page. */
    descEn: z.string().min(1),
    /** Logo: a file of the public folder (docgen adds the `base`) or an absolute URL; drawn 32 × 32 px. */
    logo: z.string().min(1),
    /** Link; opens in a new tab. */
    url: externalUrl,
    /** Link on non-Chinese pages, when it differs from `url`. @default url */
    urlEn: externalUrl.optional(),
    /** Scale of the logo inside its 32 px box, for logos with much or little padding. @default 1 */
    logoScale: z.number().min(0.1).max(3).optional(),
  })
  .strict();

/** A group of the ecosystem menu (spec §3: title, titleEn, links); `title` on Chinese pages, else `titleEn`. */
const ecosystemGroup = z
  .object({
    /** Heading of the group on Chinese pages. */
    title: z.string().min(1),
    /** Heading of the group on every other page. */
    titleEn: z.string().min(1),
    links: z.array(ecosystemLink).min(1),
  })
  .strict();

const localeTheme = z.object({
  /** Top navigation of this locale. When absent, `_nav.json` in the locale folder is read. */
  nav: z.array(navItem).optional(),
  /** Sidebars of this locale. When absent, `_meta.json` files in the locale folder are read. */
  sidebar: sidebar.optional(),
  /** Landing section of this locale's home page (same shape as `themeConfig.landing`). */
  landing: landing.optional(),
});

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

const socialLink = z.object({
  icon: z.string().min(1),
  link: z.string().min(1),
  ariaLabel: z.string().optional(),
});

/**
 * A non-blank string, or one per locale keyed by `lang` (at least one); `what` names it in errors. Checked
 * by hand rather than as a union, so each mistake gets its own message instead of "not a valid value".
 */
const perLocaleText = (what: string) =>
  z.custom<string | Record<string, string>>(() => true).superRefine((value, ctx) => {
    const issue = (message: string, path: string[] = []) => ctx.addIssue({ code: 'custom', message, path });
    if (value === undefined) return issue('is required');
    if (typeof value === 'string') return value.trim() === '' ? issue('cannot be empty') : undefined;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return issue('must be a string or an object of strings by language');
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return issue(`needs ${what} for at least one language`);
    for (const [lang, text] of entries) {
      if (typeof text !== 'string') issue('is not a string', [lang]);
      else if (text.trim() === '') issue('cannot be empty', [lang]);
    }
  });

/**
 * The top banner (spec §2, §3 Banner, §4): a message with a link above the navbar and a close icon; once
 * closed, `localStorage[storageKey]` is `'true'` and the banner stays hidden while that key exists.
 */
const banner = z
  .object({
    /**
     * Link target of the message: a route path (the base is added) or an absolute URL; one, or one per
     * locale keyed by `lang` (same fallback as `message`). @example { en: '/guide/', zh: '/zh/guide/' }
     */
    href: perLocaleText('a link'),
    /**
     * Text of the banner (plain text): one string, or one per locale keyed by `lang`; a locale without its
     * own text shows the default language's (or else the first) one. @example { en: 'docgen 1.0 is out', zh: 'docgen 1.0 发布了' }
     */
    message: perLocaleText('a text'),
    /** Local-storage key set to `'true'` when the reader closes the banner; a new key shows a new banner to everyone. @default 'dg-banner-dismissed' */
    storageKey: z.string().min(1).default('dg-banner-dismissed'),
    /** Show the banner; `false` keeps the config but shows nothing. @default true */
    display: z.boolean().default(true),
    /** Extra class on the banner element, for your own CSS. @example 'my-banner' */
    customClass: z.string().optional(),
  })
  .strict();

/** Options passed to medium-zoom (spec §3 image zoom options); absent keys take medium-zoom's defaults. */
const mediumZoomOptions = z
  .object({
    /** Space around the zoomed image, in px. @default 0 */
    margin: z.number().min(0).optional(),
    /** CSS background of the overlay; `'var(--dg-c-bg)'` follows light and dark mode. @default '#fff' */
    background: z.string().min(1).optional(),
    /** Scroll distance in px that closes the zoom. @default 40 */
    scrollOffset: z.number().min(0).optional(),
    /** Area to zoom into: a CSS selector, or a box in px (`width`, `height`, `top`, `right`, `bottom`, `left`). @default the viewport */
    container: z
      .union([
        z.string().min(1),
        z
          .object({
            width: z.number().optional(),
            height: z.number().optional(),
            top: z.number().optional(),
            right: z.number().optional(),
            bottom: z.number().optional(),
            left: z.number().optional(),
          })
          .strict(),
      ])
      .optional(),
    /** CSS selector of a `<template>` whose content is shown behind the zoomed image. @example '#zoom-template' */
    template: z.string().min(1).optional(),
  })
  .strict();

/**
 * Image zoom with medium-zoom (spec §2, §4): `false` turns it off; `true`, absent or an object turns it on.
 * Images with class `no-zoom`, attribute `data-no-zoom` or inside a link are never zoomable.
 */
const mediumZoom = z.union([
  z.boolean(),
  z
    .object({
      /** CSS selector of the zoomable images. An invalid one is reported in the browser console by medium-zoom. @default '.dg-doc-content img' */
      selector: z.string().min(1).optional(),
      options: mediumZoomOptions.optional(),
    })
    .strict(),
]);

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
    /** Dismissible banner above the navbar. Absent: no banner. @example { href: '/blog/v1', message: { en: 'v1 is out', zh: 'v1 发布了' }, storageKey: 'banner-v1' } */
    banner: banner.optional(),
    /** Image zoom of content images. @default { selector: '.dg-doc-content img' } @example { options: { background: 'var(--dg-c-bg)' } } */
    mediumZoom: mediumZoom.optional(),
    /**
     * Landing section of the default locale's home page, after the feature cards; other locales set theirs
     * in `locales[lang].landing`. Absent: no section.
     * @example { title: 'The toolchain', tagline: 'One family of tools', tools: [{ name, desc, logo, url, urlText }] }
     */
    landing: landing.optional(),
    /**
     * Groups of the ecosystem menu, a grid icon in the navbar that opens a popover of links. Absent or
     * empty: no icon. @example [{ title: '生态', titleEn: 'Ecosystem', links: [{ name, desc, descEn, logo, url }] }]
     */
    ecosystem: z.array(ecosystemGroup).optional(),
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
     * A stylesheet loaded on every page, after the theme's: a path relative to the root, or a package's CSS.
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
        /** Glob-like patterns (`*`, `**`) of files, relative to the root, that are not routes. @default [] */
        exclude: z.array(z.string()).default(() => []),
        /** Files and folders starting with `_` are fragments: importable, not routed. @default true */
        excludeFragments: z.boolean().default(true),
      })
      .strict()
      .default(() => ({ cleanUrls: true, include: ['**'], exclude: [], excludeFragments: true })),
    /** Render every route to HTML at build time. @default true */
    ssg: z.boolean().default(true),
    /**
     * Time limit of one page's compile and of its server render, in milliseconds: a page over it fails the
     * build, named (an MDX expression that never returns must not hang CI). @default 30000
     * @example 120000
     */
    pageTimeout: z.number().int().positive().default(30_000),
    /** Versions of the docs. @default { default: '', versions: [] } */
    multiVersion: z
      .object({ default: z.string(), versions: z.array(z.string()) })
      .strict()
      .default(() => ({ default: '', versions: [] })),
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
export type UserConfig = z.input<typeof configSchema>;
/** The config after validation, defaults filled. */
export type SiteConfig = z.output<typeof configSchema>;

/** Typed identity helper for `docgen.config.ts`. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}
