/**
 * `@docgen/plugin-rss`: RSS 2.0 and Atom 1.0 feeds of selected pages, written into the output folder after
 * every build (with the `feed` package), and a `<link rel="alternate">` to each feed in the head of every
 * page. A feed takes the pages whose route matches its `match` (a route prefix or a regular expression) and
 * the pages that name it in their front matter (`feed: blog`); its items are the newest `limit` of them, by
 * front matter `date`, else the page data's `lastUpdated` (`@docgen/plugin-last-updated`), else the file's
 * modification time. Links are absolute: the site URL, the base, the route.
 */
import fs from 'node:fs';
import path from 'node:path';
import { definePlugin, validatePluginOptions, type DocgenPlugin, type HeadTag, type PageData, type ResolvedConfig } from '@docgen/core';
import type { Feed as FeedClass } from 'feed';
import * as z from '@docgen/core/zod';

/** A file of the output folder: relative, `/` between folders, no `..`, nothing a URL would read otherwise. */
const outputFile = z.string().refine(isOutputFile, {
  message: 'must be a file path inside the output folder, such as feeds/blog.xml (relative, / between folders, no .., no spaces, #, ? or %)',
});

/** A BCP 47 language tag, as the config's `lang`. */
const languageTag = z.string().refine(
  (tag) => {
    try {
      return tag !== '' && Intl.getCanonicalLocales(tag).length === 1;
    } catch {
      return false;
    }
  },
  { message: 'is not a BCP 47 language tag (such as en, zh or pt-BR)' },
);

const feedSchema = z
  .object({
    /** Names the feed in front matter (`feed: blog`) and in its default file names. Lowercase letters, digits, hyphens. @example 'blog' */
    id: z.string().refine((id) => /^[a-z0-9-]+$/.test(id), { message: 'must hold only lowercase letters, digits and hyphens (such as blog)' }),
    /** Title of the feed, and of its links in the page head. @default the site title */
    title: z.string().min(1).optional(),
    /** Description (RSS) and subtitle (Atom) of the feed. @default the site description */
    description: z.string().optional(),
    /** Language of the feed (RSS `<language>`). @default the language of its pages when they all have one, else the site's `lang` */
    language: languageTag.optional(),
    /**
     * Pages whose route path (without the base, with the locale prefix) matches: a string starting with `/` is
     * a prefix, any other string the source of a regular expression. Absent: only the pages whose front matter
     * names the feed. @example '/blog/' @example '^/(blog|news)/\\d{4}-'
     */
    match: z.string().refine(isMatch, { message: 'is neither a route prefix (starting with /) nor a valid regular expression' }).optional(),
    /** Files written, relative to the output folder; `false` leaves a format out. @default { rss: 'feeds/<id>.xml', atom: 'feeds/<id>.atom' } */
    output: z
      .object({
        rss: z.union([outputFile, z.literal(false)]).optional(),
        atom: z.union([outputFile, z.literal(false)]).optional(),
      })
      .strict()
      .optional(),
    /** Most items in the feed, the newest ones. @default 20 */
    limit: z.number().int().positive().default(20),
  })
  .strict();

const optionsSchema = z
  .object({
    /** Origin of the deployed site (`https://docs.example.com`); the base is added. @default the config's `siteUrl` */
    siteUrl: z
      .string()
      .url({ abort: true })
      .refine((url) => /^https?:\/\//i.test(url), { message: 'must be an http(s) URL such as https://docs.example.com' })
      .optional(),
    /** The feeds, at least one. */
    feeds: z.array(feedSchema).min(1),
  })
  .strict()
  .superRefine(({ feeds }, ctx) => {
    const ids = new Map<string, number>();
    const files = new Map<string, string>();
    feeds.forEach((feed, i) => {
      const first = ids.get(feed.id);
      if (first !== undefined) {
        // Its default files are the first feed's too: the id says it all.
        ctx.addIssue({ code: 'custom', path: ['feeds', i, 'id'], message: `is the id of feeds[${first}] too` });
        return;
      }
      ids.set(feed.id, i);
      const out = outputsOf(feed);
      if (!out.rss && !out.atom) ctx.addIssue({ code: 'custom', path: ['feeds', i, 'output'], message: 'leaves out both formats: keep rss or atom' });
      for (const format of ['rss', 'atom'] as const) {
        const file = out[format];
        if (!file) continue;
        const other = files.get(file.toLowerCase());
        if (other) ctx.addIssue({ code: 'custom', path: ['feeds', i, 'output', format], message: `is the file ${file} of ${other} too` });
        else files.set(file.toLowerCase(), `feeds[${i}].output.${format}`);
      }
    });
  });

/** Options of `pluginRss`. */
export type RssOptions = z.input<typeof optionsSchema>;
/** One feed of `RssOptions.feeds`. */
export type RssFeedOptions = z.input<typeof feedSchema>;

type FeedConfig = z.output<typeof feedSchema>;

/** A feed as the plugin writes it: its options, its files and its route test. */
interface ResolvedFeed extends FeedConfig {
  files: { rss: string | null; atom: string | null };
  matches: (routePath: string) => boolean;
}

/** A page of at least one feed, as `extendPageData` saw it. */
interface FeedPage {
  /** The page data itself: other plugins may add `lastUpdated` after this one ran. */
  data: PageData;
  feeds: string[];
  /** Front matter `date`, in ms. */
  date?: number;
  /** Modification time of the source file, in ms. */
  mtime: number;
}

/**
 * Creates the plugin.
 * @throws DocgenError `[rss] options: …` for a wrong option
 * @example plugins: [pluginRss({ feeds: [{ id: 'blog', title: 'Blog', match: '/blog/' }] })]
 */
export function pluginRss(options: RssOptions): DocgenPlugin {
  const { siteUrl: siteUrlOption, feeds: feedOptions } = validatePluginOptions('rss', optionsSchema, options);
  const feeds: ResolvedFeed[] = feedOptions.map((feed) => ({ ...feed, files: outputsOf(feed), matches: matcher(feed.match) }));
  let siteUrl = '';
  let pages: FeedPage[] = [];
  /** The 404 page's route in every locale (`/404`, `/zh/404`): never an item. */
  let notFound = new Set<string>();
  return definePlugin({
    name: 'rss',
    // The links need the base and the site title, which only the resolved config knows.
    head: (config) => headTags(feeds, config.base, config.title),
    beforeBuild(config) {
      // Checked before any page is compiled: a missing URL fails at once, not after the whole build.
      const url = siteUrlOption ?? config.siteUrl;
      if (!url || !/^https?:\/\//i.test(url)) {
        throw new Error("feed links must be absolute URLs: set siteUrl in the config (siteUrl: 'https://docs.example.com') or the plugin's siteUrl option");
      }
      siteUrl = url.replace(/\/+$/, '');
      pages = [];
      notFound = new Set(config.resolvedLocales.map((locale) => `${locale.prefix}/404`));
    },
    extendPageData(pageData, { filePath }) {
      const fm = pageData.frontmatter;
      if (fm.pageType === 'home' || fm.pageType === '404' || notFound.has(pageData.routePath)) return;
      const named = namedFeeds(fm.feed, pageData._relativePath, feeds);
      if (named === false) return;
      const ids = feeds.filter((feed) => named.includes(feed.id) || feed.matches(pageData.routePath)).map((feed) => feed.id);
      if (ids.length === 0) return;
      pages.push({ data: pageData, feeds: ids, date: frontMatterDate(fm.date, pageData._relativePath), mtime: fs.statSync(filePath).mtimeMs });
    },
    async afterBuild(config, { outDir }) {
      // Loaded here: a build that turns out up to date never runs this hook, and `feed` brings an XML library.
      const { Feed } = await import('feed');
      for (const feed of feeds) {
        for (const [format, file] of Object.entries(feed.files)) {
          // The output is new at every build: a file already there was copied from the public folder.
          if (file && fs.existsSync(path.join(outDir, file))) {
            throw new Error(`the output already has ${file} (from the public folder?): remove it, or set the feed's output.${format}`);
          }
        }
      }
      for (const feed of feeds) {
        for (const format of ['rss', 'atom'] as const) {
          const file = feed.files[format];
          if (!file) continue;
          const target = path.join(outDir, file);
          const relative = path.relative(outDir, target);
          if (relative.split(path.sep)[0] === '..' || path.isAbsolute(relative)) throw new Error(`${file} is outside the output folder`);
          await fs.promises.mkdir(path.dirname(target), { recursive: true });
          await fs.promises.writeFile(target, renderFeed(Feed, feed, format, pages, config, siteUrl));
        }
      }
    },
  });
}

/**
 * The XML of `feed` in `format`, for the site `config` served at `siteUrl` (no trailing slash): its newest
 * `limit` pages of `pages`, newest first (by route for equal dates), written by `Feed` (the `feed` package's class).
 */
function renderFeed(Feed: typeof FeedClass, feed: ResolvedFeed, format: 'rss' | 'atom', pages: readonly FeedPage[], config: ResolvedConfig, siteUrl: string): string {
  const url = (routePath: string) => siteUrl + encodeURI(config.base.replace(/\/$/, '') + routePath);
  const pageUrl = (routePath: string) => url(!config.route.cleanUrls && !routePath.endsWith('/') ? `${routePath}.html` : routePath);
  const selected = pages.filter((page) => page.feeds.includes(feed.id));
  const items = selected
    .map((page) => ({ page, time: page.date ?? lastUpdated(page.data) ?? page.mtime }))
    .sort((a, b) => b.time - a.time || (a.page.data.routePath < b.page.data.routePath ? -1 : 1))
    .slice(0, feed.limit);
  const langs = new Set(selected.map((page) => page.data.lang));
  const language = feed.language ?? (langs.size === 1 ? [...langs][0] : config.lang);
  const prefix = config.resolvedLocales.find((locale) => locale.lang === language)?.prefix ?? '';
  const rss = feed.files.rss ? url(`/${feed.files.rss}`) : undefined;
  const atom = feed.files.atom ? url(`/${feed.files.atom}`) : undefined;
  const out = new Feed({
    id: (atom ?? rss)!,
    title: feed.title ?? config.title,
    description: feed.description ?? config.description,
    link: pageUrl(`${prefix}/`),
    language,
    // The newest item's date, not the build time: a build with the same pages writes the same feed.
    updated: new Date(items[0]?.time ?? Date.now()),
    generator: 'docgen',
    feedLinks: { rss, atom },
    // Atom wants an author for the feed or for every entry.
    author: { name: config.title },
  });
  for (const { page, time } of items) {
    const title = page.data.title || page.data.routePath;
    const description = page.data.frontmatter.description;
    out.addItem({
      // Titles and descriptions are plain text; an Atom title (`type="html"`) and every description (HTML in
      // RSS and Atom) are read as HTML, where `<Tabs>` in a title would be a tag.
      title: format === 'atom' ? escapeHtml(title) : title,
      link: pageUrl(page.data.routePath),
      date: new Date(time),
      ...(typeof description === 'string' && description ? { description: escapeHtml(description) } : {}),
    });
  }
  return format === 'rss' ? out.rss2() : out.atom1();
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
}

/** The files of `feed`, relative to the output folder; null for a format left out. */
function outputsOf(feed: Pick<FeedConfig, 'id' | 'output'>): { rss: string | null; atom: string | null } {
  const pick = (value: string | false | undefined, fallback: string) => (value === false ? null : (value ?? fallback));
  return { rss: pick(feed.output?.rss, `feeds/${feed.id}.xml`), atom: pick(feed.output?.atom, `feeds/${feed.id}.atom`) };
}

/** The alternate links to every feed, in option order, RSS before Atom, their hrefs with `base`. */
function headTags(feeds: readonly ResolvedFeed[], base: string, siteTitle: string): HeadTag[] {
  const tags: HeadTag[] = [];
  for (const feed of feeds) {
    const title = feed.title ?? siteTitle;
    const link = (type: string, file: string): HeadTag => [
      'link',
      { rel: 'alternate', type, ...(title ? { title } : {}), href: encodeURI(base.replace(/\/$/, '') + `/${file}`) },
    ];
    if (feed.files.rss) tags.push(link('application/rss+xml', feed.files.rss));
    if (feed.files.atom) tags.push(link('application/atom+xml', feed.files.atom));
  }
  return tags;
}

function isOutputFile(file: string): boolean {
  if (file === '' || /^[A-Za-z]:|[\\#?%\s]/.test(file)) return false;
  return file.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

function isMatch(match: string): boolean {
  if (match.startsWith('/')) return true;
  try {
    new RegExp(match);
    return match !== '';
  } catch {
    return false;
  }
}

/** The test of a feed's `match`; none matches no route. */
function matcher(match: string | undefined): (routePath: string) => boolean {
  if (match === undefined) return () => false;
  if (match.startsWith('/')) return (routePath) => routePath.startsWith(match);
  const re = new RegExp(match);
  return (routePath) => re.test(routePath);
}

/**
 * The feeds a page's front matter `feed` names (`blog`, `[blog, news]`), none when absent, or `false` for
 * `feed: false` (a page kept out of every feed).
 * @throws Error naming the page for a value of the wrong type or an id no feed has
 */
function namedFeeds(value: unknown, page: string, feeds: readonly ResolvedFeed[]): string[] | false {
  if (value === undefined || value === null) return [];
  if (value === false) return false;
  const ids = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) {
    throw new Error(`${page}: front matter feed must be a feed id, a list of feed ids or false`);
  }
  for (const id of ids) {
    if (!feeds.some((feed) => feed.id === id)) {
      throw new Error(`${page}: front matter feed names ${id}, which is not a feed of the rss plugin (${feeds.map((f) => f.id).join(', ')})`);
    }
  }
  return ids;
}

/**
 * Front matter `date` in ms: a YAML date (an ISO string once the front matter went through JSON) or an ISO
 * date string; a date and time without a time zone is UTC, as YAML reads it.
 * @throws Error naming the page for any other value
 */
function frontMatterDate(value: unknown, page: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.getTime();
  const m = typeof value === 'string' ? /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i.exec(value.trim()) : null;
  const time = m ? Date.parse(m[2] ? `${m[1]}T${m[2]}${normalZone(m[3])}` : m[1]) : NaN;
  if (Number.isNaN(time)) throw new Error(`${page}: front matter date ${JSON.stringify(value)} is not a date (write 2025-03-12 or 2025-03-12T10:00:00Z)`);
  return time;
}

/** A time zone `Date.parse` reads: `Z` for none, `+02` → `+02:00`, `+0200` → `+02:00`. */
function normalZone(zone: string | undefined): string {
  if (!zone || zone.toUpperCase() === 'Z') return 'Z';
  const digits = zone.slice(1).replace(':', '').padEnd(4, '0');
  return `${zone[0]}${digits.slice(0, 2)}:${digits.slice(2)}`;
}

/** The page data's `lastUpdated` (ms), when a plugin set one. */
function lastUpdated(data: PageData): number | undefined {
  const value = (data as { lastUpdated?: unknown }).lastUpdated;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
