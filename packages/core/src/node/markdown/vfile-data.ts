/**
 * What the compile pipeline records on each VFile (`file.data`): computed once while the page compiles,
 * then exported from the page module and read by SSR, the client and the search records.
 */
import type { FrontMatter, TocItem } from '../../shared/types.js';
import type { SearchSection } from './rehype-search-sections.js';
import type { SourceInsertion } from './source-lines.js';

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
  }
}

export {};
