/**
 * Build side of the sharded local search index (see `index-format.ts`): from one locale's records to an
 * entry file and the shard, tail and fragment files it names. Pure (no Node built-ins), so tests and the
 * benchmark can run it anywhere.
 */
import {
  FIELD_BOOST,
  FIELDS,
  HEAD_POSTINGS,
  INDEX_FORMAT,
  SECTIONS_PER_BLOCK,
  LEVELS,
  decodeLength,
  deepestLevel,
  encodeLength,
  fnv1a,
  type DictionaryShard,
  type FieldPostings,
  type Fragment,
  type FragmentRow,
  type PostingsRow,
  type SearchIndexEntry,
} from './index-format.js';
import { openSearchIndex, type LocalSearchEngine } from './engine.js';
import { tokenize } from './tokenize.js';
import type { SearchHierarchy, SearchRecord } from './types.js';

/**
 * Mean size of a postings shard, in characters of JSON (about a third of that gzip-compressed); a cut
 * falls between half and three times that.
 */
const POSTINGS_SHARD_CHARS = 3_000;
/** Mean size of a dictionary shard, in characters of JSON. */
const DICTIONARY_SHARD_CHARS = 4_000;
/** Postings shards an entry lists itself; more are listed in pages of about `SHARDS_PER_DIRECTORY`. */
const DIRECT_SHARDS = 128;
const SHARDS_PER_DIRECTORY = 64;

/** One locale's index, ready to write: the entry and every file it names, by path relative to the entry. */
export interface BuiltSearchIndex {
  entry: SearchIndexEntry;
  /** Path relative to the entry's folder (`../assets/search/en-p-1a2b3c4d5e6f.json`, `search/en/3.0.json`) → JSON. */
  files: Record<string, string>;
}

/** Where a locale's files go, relative to the entry's folder. */
export interface IndexLayout {
  /** Folder of the content-hashed shards and tails, ending in `/`. @default '../assets/search/' */
  shards?: string;
  /** Folder of the fragments, ending in `/`. @default `search/<lang>/` */
  fragments?: string;
}

/** A record's indexed fields, in `FIELDS` order: page title, own heading, headings above, text. */
export function recordFields(record: SearchRecord): string[] {
  const own = record.type === 'lvl1' ? 'lvl1' : deepestLevel(record.hierarchy);
  const ownIndex = LEVELS.indexOf(own);
  const parents = LEVELS.slice(1, ownIndex).map((l) => record.hierarchy[l]).filter(Boolean).join(' ');
  const ownText = record.hierarchy[own] ?? '';
  return [own === 'lvl1' ? ownText : '', own === 'lvl1' ? '' : ownText, parents, record.content ?? ''];
}

/** A section's display row: [url, type, content, lvl1…lvl6] with trailing nulls dropped (lvl0 is the page's, in the entry). */
export function fragmentRow(record: SearchRecord): FragmentRow {
  const row: FragmentRow = [record.url, record.type, record.content, ...LEVELS.slice(1).map((l) => record.hierarchy[l])];
  while (row.length > 5 && row[row.length - 1] === null) row.pop();
  return row;
}

/** 48-bit content hash as 12 hex digits: two FNV-1a passes with different seeds. */
function contentHash(text: string): string {
  return fnv1a(text).toString(16).padStart(8, '0') + (fnv1a(`\u0001${text}`) & 0xffff).toString(16).padStart(4, '0');
}

/** One posting while building: a section, its term frequency and field-length code per field. */
interface Posting {
  page: number;
  section: number;
  /** Term frequency per field id (0: not in that field). */
  tf: number[];
  /** Field-length code per field id. */
  len: number[];
}

/**
 * Reference field lengths for choosing a term's head postings. Fixed, not the site's means, so the choice
 * for one term never depends on other pages.
 */
const REFERENCE_LENGTH = [4, 4, 8, 120];

/** How much a section stands to score for a term: the order in which its postings enter the head. */
function impact(p: Posting, lengths: number[]): number {
  let sum = 0;
  for (let f = 0; f < FIELDS.length; f++) {
    const tf = p.tf[f];
    if (tf) sum += (FIELD_BOOST[FIELDS[f]] * tf) / (tf + 1.2 * (0.3 + (0.7 * lengths[f]) / REFERENCE_LENGTH[f]));
  }
  return sum;
}

/** Per field, the postings in `list` (sorted by page and section) in the shard's packed form. */
function packPostings(list: Posting[], df: number[] | null): FieldPostings[] {
  const out: FieldPostings[] = [];
  for (let f = 0; f < FIELDS.length; f++) {
    const pages: number[] = [];
    const sections: number[] = [];
    const tfs: number[] = [];
    const lens: number[] = [];
    let last = 0;
    for (const p of list) {
      if (!p.tf[f]) continue;
      pages.push(p.page - last);
      last = p.page;
      sections.push(p.section);
      tfs.push(p.tf[f]);
      lens.push(p.len[f]);
    }
    if (!pages.length) continue;
    out.push([f, df ? df[f] : 0, pages, sections, tfs.every((t) => t === 1) ? 0 : tfs, lens]);
  }
  return out;
}

/**
 * Cuts sorted items into shards of about `target` characters. A cut falls after an item when its hash,
 * read as a fraction, is below its share of the target, or when the shard is three times the target: cuts
 * depend only on the items near them, so a change to one item moves no cut far from it.
 */
function cutShards<T>(items: { key: string; size: number; value: T }[], target: number): T[][] {
  const shards: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const item of items) {
    current.push(item.value);
    size += item.size;
    const chance = item.size / target;
    if ((size >= target / 2 && fnv1a(item.key) / 0x1_0000_0000 < chance) || size >= target * 3) {
      shards.push(current);
      current = [];
      size = 0;
    }
  }
  if (current.length || !shards.length) shards.push(current);
  return shards;
}

/**
 * Builds the index of one locale from its records (in site order; a page's records are consecutive and
 * start with the page's own record).
 * @param records one locale's records
 */
export function buildSearchIndex(records: SearchRecord[], { lang, version = '', layout = {} }: { lang: string; version?: string; layout?: IndexLayout }): BuiltSearchIndex {
  const shardDir = layout.shards ?? '../assets/search/';
  const fragmentDir = layout.fragments ?? `search/${lang}/`;
  const files: Record<string, string> = {};

  // Pages: runs of records with the same path. Pieces of one long section (records with one url, see
  // `MAX_RECORD_CONTENT`) are one section here: scored as one text and shown once.
  const pages: SearchRecord[][] = [];
  let lastPath: string | null = null;
  for (const record of records) {
    const pagePath = record.url.split('#')[0];
    if (pagePath !== lastPath) pages.push([]);
    const sections = pages[pages.length - 1];
    const last = sections[sections.length - 1];
    if (last?.url === record.url) sections[sections.length - 1] = { ...last, content: [last.content, record.content].filter(Boolean).join(' ') || null };
    else sections.push(record);
    lastPath = pagePath;
  }
  // Each page's lvl0 (the sidebar group or nav item it is under), as runs of pages: [first page, group].
  const groups: string[] = [];
  const pageGroups: [number, number][] = [];
  pages.forEach((sections, page) => {
    const lvl0 = sections[0].hierarchy.lvl0;
    let group = groups.indexOf(lvl0);
    if (group < 0) group = groups.push(lvl0) - 1;
    if (pageGroups[pageGroups.length - 1]?.[1] !== group) pageGroups.push([page, group]);
  });

  const postings = new Map<string, Posting[]>();
  const totals = FIELDS.map(() => 0);
  pages.forEach((sections, page) => {
    sections.forEach((record, section) => {
      const tf = new Map<string, number[]>();
      const len: number[] = [];
      recordFields(record).forEach((text, f) => {
        const terms = text ? tokenize(text) : [];
        const unique = new Set(terms).size;
        len.push(encodeLength(unique));
        totals[f] += unique;
        for (const term of terms) {
          let counts = tf.get(term);
          if (!counts) tf.set(term, (counts = FIELDS.map(() => 0)));
          counts[f]++;
        }
      });
      for (const [term, counts] of tf) {
        let list = postings.get(term);
        if (!list) postings.set(term, (list = []));
        list.push({ page, section, tf: counts, len });
      }
    });
  });

  // Postings rows, heads and tails.
  const terms = [...postings.keys()].sort();
  const rows: { key: string; size: number; value: PostingsRow }[] = [];
  const dictionary: { key: string; size: number; value: [string, number] }[] = [];
  for (const term of terms) {
    const list = postings.get(term)!;
    const df = FIELDS.map((_, f) => list.filter((p) => p.tf[f]).length);
    let head = list;
    let tail: string | undefined;
    if (list.length > HEAD_POSTINGS) {
      const ranked = list
        .map((p, i) => ({ p, i, score: impact(p, p.len.map(decodeLength)) }))
        .sort((a, b) => b.score - a.score || a.i - b.i);
      const keep = new Set(ranked.slice(0, HEAD_POSTINGS).map((r) => r.i));
      head = list.filter((_, i) => keep.has(i));
      const tailJson = JSON.stringify(packPostings(list.filter((_, i) => !keep.has(i)), null));
      tail = contentHash(tailJson);
      files[`${shardDir}${lang}-t-${tail}.json`] = tailJson;
    }
    const row: PostingsRow = tail ? [term, packPostings(head, df), tail] : [term, packPostings(head, df)];
    rows.push({ key: term, size: JSON.stringify(row).length, value: row });
    dictionary.push({ key: term, size: term.length + 8, value: [term, list.length] });
  }

  const prefix = `${shardDir}${lang}-`;
  const shardList = (kind: string, shards: unknown[][], firstOf: (shard: unknown[]) => string): [string, string][] =>
    shards.map((shard, i) => {
      const json = JSON.stringify(shard);
      const hash = contentHash(json);
      files[`${prefix}${kind}-${hash}.json`] = json;
      // The first shard starts at '' so that every term has one.
      return [i === 0 ? '' : firstOf(shard), hash];
    });
  const dict = shardList('d', cutShards(dictionary, DICTIONARY_SHARD_CHARS) as DictionaryShard[], (s) => (s[0] as [string, number])[0]);
  let post = shardList('p', cutShards(rows, POSTINGS_SHARD_CHARS), (s) => (s[0] as PostingsRow)[0]);
  // A big site has thousands of postings shards: the entry then lists pages of the shard list instead, so
  // it stays small whatever the site's size.
  const postDir = post.length > DIRECT_SHARDS;
  if (postDir) {
    const pagesOfList = cutShards(post.map((item) => ({ key: item[0], size: 1, value: item })), SHARDS_PER_DIRECTORY);
    post = shardList('l', pagesOfList, (s) => (s[0] as [string, string])[0]);
  }

  // Fragments: a few sections of one page per file.
  pages.forEach((sections, page) => {
    for (let block = 0; block * SECTIONS_PER_BLOCK < sections.length; block++) {
      const rowsOfBlock: Fragment = sections.slice(block * SECTIONS_PER_BLOCK, (block + 1) * SECTIONS_PER_BLOCK).map(fragmentRow);
      files[`${fragmentDir}${page}.${block}.json`] = JSON.stringify(rowsOfBlock);
    }
  });

  const n = pages.reduce((sum, sections) => sum + sections.length, 0);
  return {
    entry: { v: INDEX_FORMAT, lang, version, n, avg: totals.map((t) => (n ? t / n : 0)), shards: prefix, dict, post, ...(postDir ? { postDir } : {}), frag: fragmentDir, groups, pageGroups },
    files,
  };
}

/**
 * Opens a built index from memory (tests, a mock search service): the files are parsed from their JSON
 * as the browser would receive them.
 * @throws (rejects, from a search) when the entry names a file the build did not make.
 */
export function openBuiltIndex(built: BuiltSearchIndex): LocalSearchEngine {
  const entry = JSON.parse(JSON.stringify(built.entry)) as SearchIndexEntry;
  return openSearchIndex(entry, async (file) => {
    const json = built.files[file];
    if (json === undefined) throw new Error(`search index file not found: ${file}`);
    return JSON.parse(json) as unknown;
  });
}
