/**
 * `@docgen/plugin-sitemap`: writes `sitemap.xml` (sitemaps.org protocol 0.9) into the output folder after
 * every build, with the absolute URL of every route (never the 404 page), its last change (`<lastmod>`, from
 * front matter `lastUpdated` or the page data's `lastUpdated` that `@docgen/plugin-last-updated` sets) and,
 * for pages that exist in several locales, Google's `xhtml:link` hreflang alternates. It adds a `Sitemap:`
 * line to `robots.txt`, or writes one. More than 50,000 URLs are split into several files and an index.
 */
import fs from 'node:fs';
import path from 'node:path';
import { definePlugin, globToRegExp, routeUrl, validatePluginOptions, type DocgenPlugin, type ResolvedConfig, type RouteEntry } from '@docgen/core';
import * as z from '@docgen/core/zod';

/** The `<changefreq>` values of the protocol. */
const CHANGE_FREQUENCIES = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'] as const;

/** The protocol's limits of one sitemap file: 50,000 URLs and 50 MiB uncompressed. */
export const MAX_URLS_PER_FILE = 50_000;
export const MAX_BYTES_PER_FILE = 50 * 1024 * 1024;

const optionsSchema = z
  .object({
    /**
     * Origin of the deployed site, the base is added (`https://docs.example.com`).
     * @default the config's `siteUrl`
     */
    siteUrl: z.string().refine(isSiteUrl, { message: 'is not an http or https URL without query or fragment' }).optional(),
    /**
     * Route path patterns left out of the sitemap, matched against the route without the base and with its
     * locale prefix: `*` matches within one path segment, `**` any number of segments, `?` one character.
     * @default []
     * @example ['/drafts/**', '/zh/drafts/**', '/changelog']
     */
    exclude: z.array(z.string().refine((p) => p.startsWith('/'), { message: 'must start with / (a route pattern such as /drafts/**)' })).default(() => []),
    /** `<changefreq>` of every URL; none when not set. */
    changefreq: z.enum(CHANGE_FREQUENCIES).optional(),
    /** `<priority>` of every URL, from 0 to 1; none when not set. */
    priority: z.number().min(0).max(1).optional(),
    /** Name of the sitemap file in the output folder: a file name ending in `.xml`, no folder. @default 'sitemap.xml' */
    filename: z.string().refine(isFileName, { message: 'must be a file name ending in .xml, without a folder (sitemap.xml)' }).default('sitemap.xml'),
    /** Add the sitemap to `robots.txt`, writing one when the output has none. @default true */
    robots: z.boolean().default(true),
  })
  .strict();

/** Options of `pluginSitemap`. */
export type SitemapOptions = z.input<typeof optionsSchema>;

/** One `<url>` of a sitemap, its values ready to write (not yet XML-escaped). */
export interface SitemapEntry {
  /** Absolute URL of the page. */
  loc: string;
  /** W3C date or date and time: `2025-01-02`, `2025-01-02T08:30:00.000Z`. */
  lastmod?: string;
  changefreq?: (typeof CHANGE_FREQUENCIES)[number];
  priority?: number;
  /** The same page in other languages, itself included, and `x-default`. */
  alternates?: { hreflang: string; href: string }[];
}

/** A file to write into the output folder. */
export interface SitemapFile {
  /** File name, relative to the output folder. */
  file: string;
  content: string;
}

/**
 * Creates the plugin.
 * @throws DocgenError `[sitemap] options: …` for a wrong option
 * @example plugins: [pluginLastUpdated(), pluginSitemap({ exclude: ['/drafts/**'] })]
 */
export function pluginSitemap(options: SitemapOptions = {}): DocgenPlugin {
  const { siteUrl: siteUrlOption, exclude, changefreq, priority, filename, robots } = validatePluginOptions('sitemap', optionsSchema, options);
  const excluded = exclude.map(globToRegExp);
  let siteUrl = '';
  /** What the page data says about each route: its `<lastmod>` and whether it is a 404 page. */
  let pages = new Map<string, { lastmod?: string; notFound: boolean }>();
  return definePlugin({
    name: 'sitemap',
    beforeBuild(config) {
      // Checked before any page is compiled: a missing URL fails at once, not after the whole build.
      siteUrl = resolveSiteUrl(siteUrlOption ?? config.siteUrl);
      pages = new Map();
    },
    extendPageData(pageData) {
      const fm = pageData.frontmatter as { lastUpdated?: unknown; pageType?: unknown };
      // Front matter wins over the page data's time, as in the theme's "Last updated".
      const lastmod = w3cDate(fm.lastUpdated) ?? w3cDate((pageData as { lastUpdated?: unknown }).lastUpdated);
      pages.set(pageData.routePath, { lastmod, notFound: fm.pageType === '404' });
    },
    async afterBuild(config, { outDir, routes }) {
      const included = routes.filter((route) => {
        const page = pages.get(route.path);
        return !page?.notFound && !isNotFoundRoute(route, config) && !excluded.some((re) => re.test(route.path)) && !isDuplicate(route, config);
      });
      const entries = sitemapEntries(included, config, siteUrl, (route) => pages.get(route.path)?.lastmod);
      for (const entry of entries) {
        if (changefreq) entry.changefreq = changefreq;
        if (priority !== undefined) entry.priority = priority;
      }
      const outUrl = siteUrl + encodeURI(config.base);
      const files = sitemapFiles(entries, { filename, baseUrl: outUrl });
      for (const { file } of files) {
        // The output is new at every build: a file already there was copied from the public folder.
        if (fs.existsSync(path.join(outDir, file))) {
          throw new Error(`the output already has ${file} (from the public folder?): remove it, or set the filename option`);
        }
      }
      await Promise.all(files.map(({ file, content }) => fs.promises.writeFile(path.join(outDir, file), content)));
      if (robots) await addToRobots(path.join(outDir, 'robots.txt'), outUrl + filename);
    },
  });
}

/**
 * Whether a route repeats a page search engines should find elsewhere: a fallback page (`i18n.fallback`,
 * its canonical page is the original), or a page of an older version kept out of search engines
 * (`multiVersion.noindex`).
 */
function isDuplicate(route: RouteEntry, config: Pick<ResolvedConfig, 'multiVersion'>): boolean {
  const { noindex, default: current } = config.multiVersion;
  return route.originalFile !== undefined || (noindex && route.version !== '' && route.version !== current);
}

/**
 * The sitemap entries of `routes`, in their order: absolute URLs (with the base, `.html` without clean URLs,
 * percent-encoded), `lastmod` from `lastmodOf`, and hreflang alternates for pages of several locales (same
 * path after the locale prefix), with `x-default` on the default locale's page, as in each page's head.
 */
export function sitemapEntries(
  routes: readonly RouteEntry[],
  config: Pick<ResolvedConfig, 'base' | 'lang' | 'route' | 'resolvedLocales'>,
  siteUrl: string,
  lastmodOf: (route: RouteEntry) => string | undefined = () => undefined,
): SitemapEntry[] {
  const policy = { siteUrl, base: config.base, cleanUrls: config.route.cleanUrls };
  const url = (routePath: string) => routeUrl(routePath, policy);
  const prefixes = new Map(config.resolvedLocales.map((l) => [l.lang, l.prefix]));
  const keyOf = (route: RouteEntry) => route.path.slice((prefixes.get(route.lang) ?? '').length);
  const byKey = new Map<string, RouteEntry[]>();
  for (const route of routes) {
    const group = byKey.get(keyOf(route));
    if (group) group.push(route);
    else byKey.set(keyOf(route), [route]);
  }
  // One list of alternates per group, shared by its pages: the work stays linear in the output's size.
  const alternatesOf = new Map<RouteEntry[], SitemapEntry['alternates']>();
  for (const group of byKey.values()) {
    if (group.length < 2) continue;
    const fallback = group.find((r) => r.lang === config.lang) ?? group[0];
    alternatesOf.set(group, [...group.map((r) => ({ hreflang: r.lang, href: url(r.path) })), { hreflang: 'x-default', href: url(fallback.path) }]);
  }
  return routes.map((route) => {
    const entry: SitemapEntry = { loc: url(route.path) };
    const lastmod = lastmodOf(route);
    if (lastmod) entry.lastmod = lastmod;
    const alternates = alternatesOf.get(byKey.get(keyOf(route))!);
    if (alternates) entry.alternates = alternates;
    return entry;
  });
}

/**
 * The sitemap files of `entries`: one `filename` while they fit the protocol's limits (`maxUrls` URLs and
 * `maxBytes` bytes per file), else `<name>-1.xml`, `<name>-2.xml`… and `filename` as their sitemap index,
 * whose `<loc>`s are `baseUrl` (the absolute URL of the output folder, ending in `/`) plus the file name.
 */
export function sitemapFiles(
  entries: readonly SitemapEntry[],
  { filename = 'sitemap.xml', baseUrl, maxUrls = MAX_URLS_PER_FILE, maxBytes = MAX_BYTES_PER_FILE }: { filename?: string; baseUrl: string; maxUrls?: number; maxBytes?: number },
): SitemapFile[] {
  const head =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
  const foot = '</urlset>\n';
  const frame = Buffer.byteLength(head) + Buffer.byteLength(foot);
  const parts: { urls: string[]; lastmod?: string; lastTime: number }[] = [];
  let current: (typeof parts)[number] | undefined;
  let bytes = 0;
  for (const entry of entries) {
    const xml = urlXml(entry);
    const size = Buffer.byteLength(xml);
    if (!current || current.urls.length >= maxUrls || bytes + size > maxBytes) {
      current = { urls: [], lastTime: -Infinity };
      parts.push(current);
      bytes = frame;
    }
    current.urls.push(xml);
    bytes += size;
    const time = entry.lastmod ? Date.parse(entry.lastmod) : NaN;
    if (time > current.lastTime) [current.lastTime, current.lastmod] = [time, entry.lastmod];
  }
  if (parts.length <= 1) return [{ file: filename, content: head + (parts[0]?.urls.join('') ?? '') + foot }];
  const stem = filename.replace(/\.xml$/, '');
  const files = parts.map((part, i) => ({ file: `${stem}-${i + 1}.xml`, content: head + part.urls.join('') + foot, lastmod: part.lastmod }));
  const index =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    files
      .map(({ file, lastmod }) => `  <sitemap>\n    <loc>${escapeXml(baseUrl + file)}</loc>\n${lastmod ? `    <lastmod>${escapeXml(lastmod)}</lastmod>\n` : ''}  </sitemap>\n`)
      .join('') +
    '</sitemapindex>\n';
  return [{ file: filename, content: index }, ...files.map(({ file, content }) => ({ file, content }))];
}

/** One `<url>` element, indented, values escaped. */
function urlXml(entry: SitemapEntry): string {
  let xml = `  <url>\n    <loc>${escapeXml(entry.loc)}</loc>\n`;
  if (entry.lastmod) xml += `    <lastmod>${escapeXml(entry.lastmod)}</lastmod>\n`;
  if (entry.changefreq) xml += `    <changefreq>${entry.changefreq}</changefreq>\n`;
  if (entry.priority !== undefined) xml += `    <priority>${formatPriority(entry.priority)}</priority>\n`;
  for (const a of entry.alternates ?? []) {
    xml += `    <xhtml:link rel="alternate" hreflang="${escapeXml(a.hreflang)}" href="${escapeXml(a.href)}"/>\n`;
  }
  return `${xml}  </url>\n`;
}

/** A decimal the protocol accepts: `0.5`, `1.0`, never `1e-7`. */
function formatPriority(priority: number): string {
  return priority.toFixed(3).replace(/0+$/, '').replace(/\.$/, '.0');
}

/** Escapes the five characters XML reserves. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/**
 * A W3C date for `<lastmod>` from a front matter or page data value (a date string, a timestamp in
 * milliseconds, a `Date`): `2025-01-02` for a UTC midnight (a date written without a time), else the full
 * ISO date and time. `undefined` for a missing or invalid value.
 */
export function w3cDate(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) return undefined;
  if (value === '' || (typeof value === 'number' && !Number.isFinite(value))) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

/** The generated 404 page's route and a locale's `404.md` (`/404`, `/zh/404`): never in a sitemap. */
function isNotFoundRoute(route: RouteEntry, config: ResolvedConfig): boolean {
  const prefix = config.resolvedLocales.find((l) => l.lang === route.lang)?.prefix ?? '';
  return route.path.slice(prefix.length) === '/404';
}

/** Appends `Sitemap: <url>` to `file` unless it has that line; writes a robots.txt allowing all when none exists. */
async function addToRobots(file: string, sitemapUrl: string): Promise<void> {
  let text: string;
  try {
    text = await fs.promises.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await fs.promises.writeFile(file, `User-agent: *\nAllow: /\nSitemap: ${sitemapUrl}\n`);
    return;
  }
  const listed = text.split(/\r?\n/).some((line) => /^\s*sitemap\s*:/i.test(line) && line.slice(line.indexOf(':') + 1).trim() === sitemapUrl);
  if (listed) return;
  await fs.promises.writeFile(file, `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}Sitemap: ${sitemapUrl}\n`);
}

/** The site URL without trailing slash. @throws Error when neither the option nor the config gives one */
function resolveSiteUrl(url: string | undefined): string {
  if (!url) {
    throw new Error("a sitemap needs absolute URLs: set siteUrl in the config (siteUrl: 'https://docs.example.com') or the plugin's siteUrl option");
  }
  if (!isSiteUrl(url)) throw new Error(`siteUrl ${url} is not an http or https URL without query or fragment`);
  return url.replace(/\/+$/, '');
}

function isSiteUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !u.search && !u.hash && !url.includes('?') && !url.includes('#');
  } catch {
    return false;
  }
}

/** A plain file name: the sitemap stays in the output folder's root, where it may list every URL of the site. */
function isFileName(name: string): boolean {
  return /^[\w][\w.-]*\.xml$/.test(name) && !name.includes('..');
}

