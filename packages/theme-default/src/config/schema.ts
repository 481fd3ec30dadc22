/**
 * The default theme's own config: the keys of `themeConfig` it reads (social links, navbar hiding, appearance
 * animation, footer, banner, image zoom, landing section, ecosystem menu). docgen validates the keys it
 * needs itself (`nav`, `sidebar`, `locales[lang].nav` and `.sidebar`) and hands `themeConfig` to this schema;
 * one schema gives the type a user writes and the type the theme reads. Pure zod: no React, no DOM, so the
 * build can load it in Node.
 */
import * as z from 'zod';

/**
 * An external link of the landing section or the ecosystem menu: an absolute http(s) URL of at most 2048
 * characters (URLs over 2048 characters are rejected).
 */
const externalUrl = z
  .string()
  .max(2048)
  // A string that is no URL at all gets only this message, not the http(s) one as well.
  .url({ abort: true })
  .refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL such as https://example.com/');

/** One tool card of the landing section (name, desc, logo, url, urlText). */
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
 * One link of the ecosystem menu (name, desc, descEn, logo, url, optional logoScale). `desc` and
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

/** A group of the ecosystem menu (title, titleEn, links); `title` on Chinese pages, else `titleEn`. */
const ecosystemGroup = z
  .object({
    /** Heading of the group on Chinese pages. */
    title: z.string().min(1),
    /** Heading of the group on every other page. */
    titleEn: z.string().min(1),
    links: z.array(ecosystemLink).min(1),
  })
  .strict();


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
 * The top banner: a message with a link above the navbar and a close icon; once
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

/** Options passed to medium-zoom; absent keys take medium-zoom's defaults. */
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
 * Image zoom with medium-zoom: `false` turns it off; `true`, absent or an object turns it on.
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

/** A locale's theme keys (`themeConfig.locales[lang]`): its landing section; docgen's `nav` and `sidebar` pass through. */
const localeThemeConfig = z
  .object({
    /** Landing section of this locale's home page (same shape as `themeConfig.landing`). */
    landing: landing.optional(),
  })
  .passthrough();

/** The default theme's `themeConfig`, without docgen's own keys (which pass through). */
export const themeConfigSchema = z
  .object({
    /** Per-locale theme keys, keyed by `lang`. */
    locales: z.record(z.string(), localeThemeConfig).default(() => ({})),
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
  // A custom theme that extends this one reads keys of its own: keep what this schema does not know.
  .passthrough();

/** The default theme's `themeConfig` as a user writes it. */
export type ThemeUserConfig = z.input<typeof themeConfigSchema>;
/** The default theme's `themeConfig` as the theme reads it, defaults filled. */
export type ThemeConfig = z.output<typeof themeConfigSchema>;
/** A link icon of the navbar (`themeConfig.socialLinks[]`). */
export type SocialLink = z.output<typeof socialLink>;
/** The top banner (`themeConfig.banner`). */
export type BannerConfig = z.output<typeof banner>;
/** Image zoom settings (`themeConfig.mediumZoom` as an object); options go to medium-zoom as they are. */
export type MediumZoomConfig = Exclude<z.output<typeof mediumZoom>, boolean>;
/** A landing section (`themeConfig.landing`, `themeConfig.locales[lang].landing`). */
export type Landing = z.output<typeof landing>;
/** One tool card of a landing section. */
export type LandingTool = z.output<typeof landingTool>;
/** A group of the ecosystem menu. */
export type EcosystemGroup = z.output<typeof ecosystemGroup>;
/** One link of the ecosystem menu. */
export type EcosystemLink = z.output<typeof ecosystemLink>;
