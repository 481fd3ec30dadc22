/**
 * The sharded local search index: its file shapes and the arithmetic both sides share (field weights,
 * BM25, field-length codes, shard boundaries). One locale's index is
 * - an **entry** (`docgen-data/search-<lang>.json`, at a stable URL, revalidated): counts, field lengths,
 *   and where the term ranges of the dictionary and postings shards start;
 * - **dictionary shards** (terms and their document frequency, no postings): read for prefix and typo
 *   matching, so a query learns which index terms it may mean before it downloads any postings;
 * - **postings shards**: for each term, per field, the sections it occurs in, with term frequency and a
 *   field-length code. A very common term keeps its highest-impact postings in the shard and the rest in
 *   a **tail** file, fetched only when a query needs more than the heads give;
 * - **fragments** (`docgen-data/search/<lang>/<page>.<block>.json`): the display text of
 *   `SECTIONS_PER_BLOCK` sections of one page (url, type, content, hierarchy), fetched only for the hits
 *   shown; at stable URLs, revalidated (a content hash would have to be listed in a file that grows with
 *   the site).
 * - a big site's entry lists pages of its postings shard list (kind `l`) instead of the shards.
 * Shards and tails are named by a hash of their content and are cacheable forever. Their term ranges end
 * where a term's hash says (content-defined cuts), so an edited page changes only the shards that hold its
 * changed terms; pages added or removed renumber the pages after them.
 */
import type { SearchHierarchy, SearchRecordType } from './types.js';

/** DocSearch hierarchy levels, in order. */
export const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

/** The deepest heading level a record has, e.g. `lvl3`. */
export function deepestLevel(h: SearchHierarchy): (typeof LEVELS)[number] {
  for (let i = 6; i >= 1; i--) if (h[LEVELS[i]]) return LEVELS[i];
  return 'lvl1';
}

/** Format version of the entry; a loader refuses other versions. */
export const INDEX_FORMAT = 2;

/** Indexed fields, most important first; a field's id is its position. */
export const FIELDS = ['title', 'heading', 'parents', 'content'] as const;
export type FieldName = (typeof FIELDS)[number];

/**
 * Field weights. A page title outweighs a section heading, which outweighs the headings above a section
 * and the text: the order of DocSearch's searchable attributes (lvl1, lvl2…, content).
 */
export const FIELD_BOOST: Record<FieldName, number> = { title: 6, heading: 3, parents: 1.2, content: 1 };

/** BM25 parameters (k1, b, and the floor d of BM25+). */
export const BM25 = { k: 1.2, b: 0.7, d: 0.5 };

/** Sections per fragment file: one, so a hit downloads its own text and nothing else. */
export const SECTIONS_PER_BLOCK = 1;

/**
 * Postings kept in a term's shard; the rest (lower impact) go to its tail. A single word then costs a
 * bounded download at any site size, and 200 sections fill the 20 hits a dialog shows many times over.
 */
export const HEAD_POSTINGS = 200;

/**
 * The BM25+ score of one term in one field of one section.
 * @param tf term frequency in the field
 * @param df sections whose field holds the term
 * @param n sections in the index
 * @param length the field's length in terms; `average` the mean over all sections
 */
export function bm25(tf: number, df: number, n: number, length: number, average: number): number {
  const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
  return idf * (BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * (1 - BM25.b + (BM25.b * length) / (average || 1))));
}

/**
 * A field length as a small code (exact up to 16, then steps of 8 %), so a posting stores two digits, not
 * four; `decodeLength` gives back a length within 4 % of the original.
 */
export function encodeLength(length: number): number {
  return length <= 16 ? length : 16 + Math.round(Math.log(length / 16) / Math.log(1.08));
}

/** The length a code of `encodeLength` stands for. */
export function decodeLength(code: number): number {
  return code <= 16 ? code : 16 * 1.08 ** (code - 16);
}

/** 32-bit FNV-1a hash of a string's UTF-16 code units. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * Index of the shard whose range holds `term`: the last shard whose first term is ≤ `term` (shards are
 * sorted by first term, and the first one starts at '').
 */
export function shardOf(starts: readonly (readonly [string, string])[], term: string): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid][0] <= term) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The entry file of one locale's index. */
export interface SearchIndexEntry {
  v: typeof INDEX_FORMAT;
  lang: string;
  version: string;
  /** Sections (records) in the index: BM25's document count. */
  n: number;
  /** Mean length of each field over all sections, in `FIELDS` order. */
  avg: number[];
  /**
   * Where the shards are, relative to the entry: a shard of kind `k` (`d` dictionary, `p` postings, `t`
   * tail, `l` page of the postings shard list) with content hash `h` is `${shards}k-h.json`.
   */
  shards: string;
  /** Dictionary shards: [first term, hash], sorted; the first starts at ''. */
  dict: [string, string][];
  /** Postings shards likewise or, with `postDir`, pages (kind `l`) of that list, each a `[string, string][]`. */
  post: [string, string][];
  postDir?: true;
  /** Folder of the fragments, relative to the entry, ending in `/`. */
  frag: string;
  /** The lvl0 values (sidebar groups, nav items) of the pages. */
  groups: string[];
  /** Each page's lvl0 as runs: [first page of the run, index in `groups`], by page. */
  pageGroups: [number, number][];
}

/** A dictionary shard: sorted terms, each with the number of sections that hold it (any field). */
export type DictionaryShard = [string, number][];

/**
 * The postings of one term in one field: [field id, document frequency (all postings, head and tail),
 * page deltas, section numbers, term frequencies (0 when all are 1), length codes]. Pages are numbered in
 * site order; within a page, sections from 0 (the page's own record).
 */
export type FieldPostings = [number, number, number[], number[], number[] | 0, number[]];

/** One term of a postings shard: the term, its fields' postings, and its tail's hash when it has one. */
export type PostingsRow = [string, FieldPostings[], string?];

/** A postings shard: rows sorted by term. A tail file is a `FieldPostings[]`. */
export type PostingsShard = PostingsRow[];

/** One section's display text: [url, type, content, lvl1, lvl2…] with trailing nulls dropped. */
export type FragmentRow = (string | null)[];

/** A fragment file: the rows of sections `block * SECTIONS_PER_BLOCK` onwards of one page. */
export type Fragment = FragmentRow[];

/** Kind of a record's row, as `FragmentRow[1]` holds it. */
export type FragmentType = SearchRecordType;
