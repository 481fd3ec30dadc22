/**
 * What the compile pipeline records on each VFile (`file.data`): computed once while the page compiles,
 * then exported from the page module and read by SSR, the client and the search records.
 */
import type { FrontMatter, TocItem } from '../../shared/types.js';
import type { SearchSection } from './rehype-search-sections.js';
import type { SourceInsertion } from './source-lines.js';
import type { HighlightMemo } from './rehype-shiki.js';

/** A link of a page to a route (and maybe an anchor), with its place in the source. */
export interface PageLink {
  /** The URL as written. */
  url: string;
  /** Route path it leads to (without base), e.g. `/guide/x`; for a root-relative link, the path as written. */
  route: string;
  /** Decoded anchor without `#`, when the link has one. */
  anchor?: string;
  /** Written as a root-relative URL (`/guide/x`): may also name a file of the public folder. */
  rootRelative?: boolean;
  /** The page file a relative link names. */
  file?: string;
  line: number;
  column: number;
}

/** An asset a page references, copied to the output under a content-hashed name. */
export interface PageAsset {
  /** Absolute source path. */
  from: string;
  /** Output path relative to the output folder, e.g. `assets/shot-3f2a1b9c.png`. */
  to: string;
}

declare module 'vfile' {
  interface DataMap {
    frontmatter: FrontMatter;
    /** Page title: front matter `title`, else the text of the first h1. */
    title: string;
    toc: TocItem[];
    assets: PageAsset[];
    /** Absolute paths of files whose existence this page's output depends on (link targets). */
    dependencies: string[];
    /** Characters the pre-parse rewrites added, per pass, to map offsets back to the file. */
    sourceInsertions: SourceInsertion[][];
    /** The page's text split at its headings (rehype-search-sections). */
    searchSections: SearchSection[];
    /** Links to pages and anchors, for the site-wide dead-link check (remark-links). */
    links: PageLink[];
    /** Every `id` in the page's HTML: heading ids and `id`/`name` attributes (rehype-url-checks). */
    anchors: string[];
    /** `.md`/`.mdx` files the page imports by path, absolute (rehype-url-checks). */
    fragmentImports: string[];
    /**
     * The site root (absolute), for remark and rehype plugins that resolve paths of the site's config:
     * a plugin gets only its options and the page's path otherwise.
     */
    root: string;
    /**
     * The language of the page's locale (`lang` of the locale whose folder holds the page, e.g. `zh`), for
     * plugins that write text in the page's language; undefined when the compiler was not told the locales' languages.
     */
    lang?: string;
    /** Code blocks of the page's last compile, and receives this compile's (rehype-shiki). */
    highlights?: HighlightMemo;
  }
}

export {};
