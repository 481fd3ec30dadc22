/**
 * `@docgen/plugin-llms`: after every build, writes for AI tools (llmstxt.org) `llms.txt` (the site's title,
 * description and pages, grouped and ordered as the sidebar shows them, each linked to its Markdown),
 * `llms-full.txt` (the Markdown of all those pages in one file) and a `.md` file beside each page's HTML
 * (`guide/start.html` → `guide/start.md`). The default locale's files are at the output's root, another
 * locale's under its prefix (`zh/llms.txt`). Pages with a `.md` file get `markdownLink` in their page data,
 * from which the default theme's doc pages show a "Copy Markdown" button.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  definePlugin,
  globToRegExp,
  routeOutputFile,
  routeUrl,
  validatePluginOptions,
  type DocgenPlugin,
  type FrontMatter,
  type PageData,
  type ResolvedConfig,
  type RouteEntry,
} from '@docgen/core';
import * as z from '@docgen/core/zod';
import { llmsFullTxt, llmsSections, llmsTxt, type LlmsPage } from './llms-txt.js';
import { MarkdownCache } from './markdown-cache.js';
import { pageMarkdown, PageMarkdownError, type UrlRewrite } from './page-markdown.js';

export { llmsFullTxt, llmsSections, llmsTxt, OPTIONAL_SECTION, type LlmsPage, type LlmsSection, type LlmsTxtOptions } from './llms-txt.js';
export { pageMarkdown, PageMarkdownError, stripCustomHeadingIds, type PageMarkdownOptions, type UrlRewrite } from './page-markdown.js';

const routePattern = z.string().refine((p) => p.startsWith('/'), { message: 'must start with / (a route pattern such as /guide/**)' });

const optionsSchema = z
  .object({
    /** Write `llms.txt`, the list of pages. @default true */
    llmsTxt: z.boolean().default(true),
    /** Write `llms-full.txt`, the Markdown of every listed page in one file. @default true */
    llmsFullTxt: z.boolean().default(true),
    /** Write a `.md` file beside every page's HTML; `llms.txt` then links to them. @default true */
    mdFiles: z.boolean().default(true),
    /** Show the "Copy Markdown" button on doc pages that have a `.md` file. @default true */
    copyButton: z.boolean().default(true),
    /**
     * Route patterns of the pages to include, matched against the route without the base and with its
     * locale prefix: `*` within one path segment, `**` any number of segments, `?` one character.
     * @default every page
     * @example ['/guide/**', '/zh/guide/**']
     */
    include: z.array(routePattern).optional(),
    /**
     * Route patterns of pages to leave out, as `include` reads them.
     * @default []
     * @example ['/changelog', '/zh/changelog']
     */
    exclude: z.array(routePattern).default(() => []),
    /**
     * Languages (`lang` of the config's locales) to write files for: the default locale's at the output's
     * root, another's under its prefix (`zh/llms.txt`).
     * @default every locale
     * @example ['en']
     */
    locales: z.array(z.string().min(1)).min(1).optional(),
  })
  .strict()
  .refine((o) => o.llmsTxt || o.llmsFullTxt || o.mdFiles, {
    path: ['mdFiles'],
    message: 'cannot be false when llmsTxt and llmsFullTxt are false too: nothing would be written',
  });

/** Options of `pluginLlms`. */
export type LlmsOptions = z.input<typeof optionsSchema>;

/** What the plugin keeps of each page's data (`extendPageData`) for the files it writes. */
interface PageFacts {
  title: string;
  frontmatter: FrontMatter;
  included: boolean;
}

/**
 * Creates the plugin.
 * @throws DocgenError `[llms] options: …` for a wrong option; when building, `[llms] beforeBuild: …` for a
 *   language in `locales` that the site does not have, `[llms] afterBuild: …` for a file already in the
 *   output (from the public folder) or a page whose source does not parse
 * @example plugins: [pluginLlms({ exclude: ['/changelog'] })]
 */
export function pluginLlms(options: LlmsOptions = {}): DocgenPlugin {
  const opts = validatePluginOptions('llms', optionsSchema, options);
  const include = opts.include?.map(globToRegExp);
  const exclude = opts.exclude.map(globToRegExp);
  let langs = new Set<string>();
  let prefixes = new Map<string, string>();
  let defaultVersion = '';
  let pages = new Map<string, PageFacts>();

  /**
   * Whether a page goes into the files: its locale is written, it is not a 404 page, the patterns take it, it
   * is of the default version (on a site with versions) and no fallback page (whose original is in the files).
   */
  const isIncluded = ({ routePath, lang, frontmatter, version, translation }: PageData): boolean =>
    version === defaultVersion &&
    translation?.status !== 'fallback' &&
    langs.has(lang) &&
    frontmatter.pageType !== '404' &&
    routePath.slice((prefixes.get(lang) ?? '').length) !== '/404' &&
    (!include || include.some((re) => re.test(routePath))) &&
    !exclude.some((re) => re.test(routePath));

  return definePlugin({
    name: 'llms',
    beforeBuild(config) {
      const known = config.resolvedLocales.map((l) => l.lang);
      const unknown = (opts.locales ?? []).filter((lang) => !known.includes(lang));
      if (unknown.length) {
        throw new Error(`the locales option names ${unknown.join(', ')}, which the site does not have (its locales: ${known.join(', ')})`);
      }
      langs = new Set(opts.locales ?? known);
      prefixes = new Map(config.resolvedLocales.map((l) => [l.lang, l.prefix]));
      defaultVersion = config.multiVersion.versions.length ? config.multiVersion.default : '';
      pages = new Map();
    },
    extendPageData(pageData) {
      const included = isIncluded(pageData);
      pages.set(pageData.routePath, { title: pageData.title, frontmatter: pageData.frontmatter, included });
      if (included && opts.mdFiles && opts.copyButton) return { markdownLink: `/${routeOutputFile(pageData.routePath, '.md')}` };
    },
    async afterBuild(config, { outDir, routes, navigation, cacheDir }) {
      const urls = urlsOf(config, opts.mdFiles);
      const included = routes.filter((r) => pages.get(r.path)?.included);
      const files = new Map<string, string>();
      const markdown = new Map<string, string>();
      const rewrite = linkRewriter(config, routes, new Set(included.map((r) => r.path)), urls);
      // A page's links are rewritten from the site's routes and URL policy: they are part of every page's key.
      const cache = cacheDir ? new MarkdownCache(cacheDir) : null;
      const site = cache?.key([routes.map((r) => [r.path, r.filePath]), included.map((r) => r.path), config.siteUrl, config.base, config.route.cleanUrls, opts.mdFiles]);
      for (const route of included) {
        const facts = pages.get(route.path)!;
        const source = fs.readFileSync(route.filePath, 'utf8');
        const key = cache?.key([source, route.filePath, facts.title, facts.frontmatter, site]);
        let text = key === undefined ? undefined : cache!.get(key);
        if (text === undefined) {
          text = markdownOfPage(route, source, facts, config, rewrite(route));
          if (key !== undefined) cache!.set(key, text);
        }
        markdown.set(route.path, text);
        if (opts.mdFiles) files.set(routeOutputFile(route.path, '.md'), text);
      }
      cache?.prune();
      const written = config.resolvedLocales.filter((l) => langs.has(l.lang));
      for (const locale of written) {
        const list = new Map<string, LlmsPage>();
        for (const route of included) {
          if (route.lang !== locale.lang) continue;
          const { title, frontmatter } = pages.get(route.path)!;
          const description = typeof frontmatter.description === 'string' ? frontmatter.description : undefined;
          list.set(route.path, { routePath: route.path, title, description, url: urls.page(route.path) });
        }
        const sections = llmsSections(navigation[locale.lang] ?? { nav: [], sidebars: [] }, list);
        const dir = locale.prefix ? `${locale.prefix.slice(1)}/` : '';
        if (opts.llmsTxt) {
          const otherLanguages = written.filter((l) => l !== locale).map((l) => ({ label: l.label, url: urls.file(`${l.prefix}/llms.txt`) }));
          files.set(`${dir}llms.txt`, llmsTxt({ title: locale.title, description: locale.description, otherLanguages, sections }));
        }
        if (opts.llmsFullTxt) files.set(`${dir}llms-full.txt`, llmsFullTxt(sections, (p) => markdown.get(p.routePath)!));
      }
      // The output is new at every build: a file already there was copied from the public folder.
      for (const file of files.keys()) {
        if (fs.existsSync(path.join(outDir, file))) {
          throw new Error(`the output already has ${file} (from the public folder?): remove it, or turn off the option that writes it`);
        }
      }
      for (const [file, content] of files) {
        const abs = path.join(outDir, file);
        await fs.promises.mkdir(path.dirname(abs), { recursive: true });
        await fs.promises.writeFile(abs, content);
      }
    },
  });
}

/** URLs the files link to: absolute under the config's `siteUrl` when it has one, else from the site's root. */
function urlsOf(config: ResolvedConfig, mdFiles: boolean) {
  const policy = { siteUrl: config.siteUrl, base: config.base, cleanUrls: config.route.cleanUrls };
  /** A file of the output (`/zh/llms.txt`), encoded, with the base. */
  const file = (name: string) => (config.siteUrl ? config.siteUrl.replace(/\/+$/, '') : '') + encodeURI(config.base.replace(/\/$/, '') + name);
  return {
    file,
    /** What a page is linked by: its `.md` file when there are, else its HTML page. */
    page: (routePath: string) => (mdFiles ? file(`/${routeOutputFile(routePath, '.md')}`) : routeUrl(routePath, policy)),
    html: (routePath: string) => routeUrl(routePath, policy),
  };
}

/**
 * For each page, the rewrite of its links: a link to a page of the site (a relative `.md`/`.mdx` file or a
 * route path) goes to that page's `.md` when it has one, else to its HTML page; a root-relative link to
 * anything else (a public file) gets the base; a relative link to another file (its output name is
 * content-hashed) or to a page that is not built keeps its text only, a relative image its alt text.
 */
function linkRewriter(config: ResolvedConfig, routes: RouteEntry[], included: Set<string>, urls: ReturnType<typeof urlsOf>) {
  const byFile = new Map(routes.map((r) => [r.filePath, r.path]));
  const byPath = new Set(routes.map((r) => r.path));
  const target = (routePath: string) => (included.has(routePath) ? urls.page(routePath) : urls.html(routePath));
  return (route: RouteEntry): UrlRewrite =>
    (url) => {
      if (!url || url.startsWith('#') || /^([a-z][a-z\d+.-]*:|\/\/)/i.test(url)) return undefined;
      const cut = url.search(/[?#]/);
      const pathname = cut < 0 ? url : url.slice(0, cut);
      const suffix = cut < 0 ? '' : url.slice(cut);
      if (pathname.startsWith('/')) {
        const routePath = routeOfPath(pathname);
        return byPath.has(routePath) ? target(routePath) + suffix : urls.file(pathname) + suffix;
      }
      const file = path.resolve(path.dirname(route.filePath), decode(pathname));
      const page = byFile.get(file) ?? byFile.get(`${file}.md`) ?? byFile.get(`${file}.mdx`);
      return page === undefined ? null : target(page) + suffix;
    };
}

/** The route a root-relative URL path names: `/guide/x.md`, `/guide/x.html` → `/guide/x`; `/api/index` → `/api/`. */
function routeOfPath(pathname: string): string {
  const p = decode(pathname).replace(/\.(html|mdx?)$/, '');
  return p.endsWith('/index') ? p.slice(0, -'index'.length) : p;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // a malformed escape names no file and no route
  }
}

/**
 * The Markdown of one page (see `pageMarkdown`); a home page (`pageType: home`) gets its hero's text and
 * its features, which live in its front matter, before its body.
 * @throws Error naming the source file, line and column when the page does not parse
 */
function markdownOfPage(route: RouteEntry, source: string, facts: PageFacts, config: ResolvedConfig, rewrite: UrlRewrite): string {
  const fm = facts.frontmatter;
  try {
    return pageMarkdown(source, {
      format: route.filePath.endsWith('.md') ? 'md' : 'mdx',
      title: facts.title,
      description: typeof fm.description === 'string' ? fm.description : undefined,
      lead: fm.pageType === 'home' ? homeMarkdown(fm, rewrite) : undefined,
      rewriteUrl: rewrite,
    });
  } catch (error) {
    if (!(error instanceof PageMarkdownError)) throw error;
    const file = path.relative(config.root, route.filePath).split(path.sep).join('/');
    const at = error.line ? `:${error.line}${error.column ? `:${error.column}` : ''}` : '';
    throw new Error(`${file}${at}: the page does not parse as ${route.filePath.endsWith('.md') ? 'Markdown' : 'MDX'}: ${error.message}`);
  }
}

/** A home page's hero text and tagline as paragraphs, and its features as a list (`- **Title**: details`). */
export function homeMarkdown(fm: FrontMatter, rewrite: UrlRewrite = () => undefined): string {
  const blocks: string[] = [];
  for (const text of [fm.hero?.text, fm.hero?.tagline]) if (typeof text === 'string' && text.trim()) blocks.push(text.trim());
  const features = Array.isArray(fm.features) ? fm.features : [];
  const items = features
    .filter((f) => f && typeof f.title === 'string')
    .map((f) => {
      const link = typeof f.link === 'string' ? (rewrite(f.link, 'link') ?? f.link) : undefined;
      const title = link ? `[${f.title}](${link})` : f.title;
      return `- **${title}**${typeof f.details === 'string' && f.details.trim() ? `: ${f.details.trim()}` : ''}`;
    });
  if (items.length) blocks.push(items.join('\n'));
  return blocks.join('\n\n');
}
