/** What compiling a page gives: the shape shared by the Markdown/MDX compiler and the component-page compiler. */
import type { SourceLocation } from '../../shared/errors.js';
import type { FrontMatter, TocItem } from '../../shared/types.js';
import type { SearchSection } from './rehype-search-sections.js';
import type { PageAsset, PageLink } from './vfile-data.js';

/** The result of compiling one page: everything later steps need, serializable. */
export interface CompiledPage {
  /** ES module source: `export default function MDXContent(props)`, importing `react/jsx-runtime`. */
  code: string;
  title: string;
  toc: TocItem[];
  frontmatter: FrontMatter;
  assets: PageAsset[];
  /** Absolute paths of files whose existence or content the output depends on. */
  dependencies: string[];
  /** The page's text split at its headings, for the search records. */
  sections: SearchSection[];
  /** Links to pages and anchors, for the site-wide dead-link check. */
  links: PageLink[];
  /** Every anchor (`id`) of the page. */
  anchors: string[];
  /** `.md`/`.mdx` files the page imports by path (absolute): their anchors render on this page too. */
  fragmentImports: string[];
  /** Problems that do not stop the build (a typo-close front matter key, a page without a title, a large page). */
  warnings: PageWarning[];
}

/** A warning about one page, with its place when known. */
export interface PageWarning {
  message: string;
  location?: SourceLocation;
}

