/**
 * Search data shapes. Records follow DocSearch's record shape (objectID, url, type, content,
 * hierarchy.lvl0–lvl6), so the same records feed the local engine and a hosted Algolia index, and hits
 * carry Algolia's `_highlightResult` / `_snippetResult` fields, which DocSearch's dialog renders.
 */

/** `lvl1` is a page's own record, `lvl2`–`lvl6` a heading with no text under it, `content` a section with text. */
export type SearchRecordType = 'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6' | 'content';

/** DocSearch hierarchy: lvl0 the top-level section (sidebar group or nav item), lvl1 the page title, lvl2–lvl6 headings. */
export interface SearchHierarchy {
  lvl0: string;
  lvl1: string;
  lvl2: string | null;
  lvl3: string | null;
  lvl4: string | null;
  lvl5: string | null;
  lvl6: string | null;
}

/** One section of one page, in DocSearch's record shape. */
export interface SearchRecord {
  /** Unique within the site: the url. */
  objectID: string;
  /** Route with base and `#anchor` (none for the page's own record), e.g. `/guide/start/introduction#install`. */
  url: string;
  type: SearchRecordType;
  /** Text of the section; null for a heading with no text under it. */
  content: string | null;
  hierarchy: SearchHierarchy;
  /** Locale language, e.g. `zh`; Algolia filters on it (`facetFilters: ['lang:zh']`). */
  lang: string;
  /** '' until multi-version sites land. */
  version: string;
}

/** Algolia highlight result of one attribute. */
export interface HighlightResult {
  /** Escaped text with the matches wrapped in the highlight tags. */
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

/** Algolia snippet result of one attribute. */
export interface SnippetResult {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
}

type HierarchyOf<T> = { [K in keyof SearchHierarchy]?: T };

/** A search hit: a record plus the highlight and snippet fields DocSearch reads. */
export interface SearchHit extends SearchRecord {
  url_without_anchor: string;
  anchor: string | null;
  _highlightResult: { content?: HighlightResult; hierarchy: HierarchyOf<HighlightResult> };
  _snippetResult: { content?: SnippetResult; hierarchy: HierarchyOf<SnippetResult> };
}

/** The parameters of one search, as DocSearch sends them (the subset the local engine honours). */
export interface SearchParams {
  query: string;
  /** @default 20 */
  hitsPerPage?: number;
  /** `['content:10', 'hierarchy.lvl1:10', …]`: the number is the snippet length in words. */
  attributesToSnippet?: string[];
  /** @default '<mark>' */
  highlightPreTag?: string;
  /** @default '</mark>' */
  highlightPostTag?: string;
  /** @default '…' */
  snippetEllipsisText?: string;
  /** `['lang:zh']` or `[['lang:zh', 'lang:en']]`: records must match every entry (any of an inner array). */
  facetFilters?: (string | string[])[] | string;
  /**
   * docgen's own: the most hits of one lvl0 group the dialog shows (DocSearch's `maxResultsPerGroup`); the
   * local engine returns no more, so it downloads no text that would not be shown. @default no limit
   */
  maxHitsPerGroup?: number;
}

/** One result of a search, in the shape of Algolia's `results[i]`. */
export interface SearchResponse {
  hits: SearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  processingTimeMS: number;
  exhaustiveNbHits: boolean;
  query: string;
  params: string;
}
