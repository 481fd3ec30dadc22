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
import type { SearchRecord } from './types.js';

/**
 * Mean size of a postings shard, in characters of JSON (about a third of that gzip-compressed); a cut
 * falls between half and three times that.
 */
const POSTINGS_SHARD_CHARS = 2_000;
/** Mean size of a dictionary shard, in characters of JSON. */
const DICTIONARY_SHARD_CHARS = 2_000;
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

/**
 * Names a shard by its content: 8 hex digits of FNV-1a (short, as the entry lists every name), 16 when
 * two different shards of the build would share those 8. Returns the hash; adds the file to `files`.
 */
function addShard(files: Record<string, string>, name: (hash: string) => string, json: string): string {
  let hash = fnv1a(json).toString(16).padStart(8, '0');
  if (files[name(hash)] !== undefined && files[name(hash)] !== json) hash += fnv1a(`\u0001${json}`).toString(16).padStart(8, '0');
  files[name(hash)] = json;
  return hash;
}

/**
 * The postings of one term while building, flat: per section `STRIDE` numbers, [page, section, term
 * frequency per field, field-length code per field] (flat arrays of small integers keep a big site's
 * millions of postings out of the garbage collector's way).
 */
type PostingList = number[];
const F = FIELDS.length;
const STRIDE = 2 + 2 * F;

/**
 * Reference field lengths for choosing a term's head postings. Fixed, not the site's means, so the choice
 * for one term never depends on other pages.
 */
const REFERENCE_LENGTH = [4, 4, 8, 120];

/** How much the section at `at` of `list` stands to score for its term: the order in which postings enter the head. */
function impact(list: PostingList, at: number): number {
  let sum = 0;
  for (let f = 0; f < F; f++) {
    const tf = list[at + 2 + f];
    if (tf) sum += (FIELD_BOOST[FIELDS[f]] * tf) / (tf + 1.2 * (0.3 + (0.7 * decodeLength(list[at + 2 + F + f])) / REFERENCE_LENGTH[f]));
  }
  return sum;
}

/** Characters of `n` in JSON, with its comma. */
const widthOf = (n: number) => (n < 10 ? 2 : n < 100 ? 3 : n < 1000 ? 4 : String(n).length + 1);

/**
 * Per field, the postings of `list` at `offsets` (in page and section order) in the shard's packed form,
 * and its size in JSON characters (about).
 */
function packPostings(list: PostingList, offsets: number[], df: number[]): { groups: FieldPostings[]; size: number } {
  const groups: FieldPostings[] = [];
  let size = 2;
  for (let f = 0; f < F; f++) {
    const pages: number[] = [];
    const sections: number[] = [];
    const tfs: number[] = [];
    const lens: number[] = [];
    let last = 0;
    let ones = true;
    for (const at of offsets) {
      const tf = list[at + 2 + f];
      if (!tf) continue;
      pages.push(list[at] - last);
      last = list[at];
      sections.push(list[at + 1]);
      tfs.push(tf);
      if (tf !== 1) ones = false;
      lens.push(list[at + 2 + F + f]);
    }
    if (!pages.length) continue;
    groups.push([f, df[f], pages, sections, ones ? 0 : tfs, lens]);
    for (const values of [pages, sections, ones ? [] : tfs, lens]) for (const v of values) size += widthOf(v);
    size += 16;
  }
  return { groups, size };
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
 * Calls `add` with each distinct term of a field's text and its count, in order of first occurrence.
 * The build asks for it once per field of every section; a caller may give one that remembers the counts
 * of texts seen in an earlier build (the tokenizer is most of an index's build time). A callback rather
 * than a list of pairs: at 1,000 pages a locale has ~10⁵ of them, and each pair would be an allocation.
 */
export type TermCounter = (text: string, add: (term: string, count: number) => void) => void;

/** `tokenize`'s terms of `text`, counted. */
export function countTerms(text: string): [string, number][] {
  const counts = new Map<string, number>();
  for (const term of tokenize(text)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return [...counts];
}

/** `countTerms` as a `TermCounter`. */
function countEachTerm(text: string, add: (term: string, count: number) => void): void {
  for (const [term, count] of countTerms(text)) add(term, count);
}

/**
 * Builds the index of one locale from its records (in site order; a page's records are consecutive and
 * start with the page's own record).
 * @param records one locale's records
 * @param options.termCounts counts the terms of a field's text (`countTerms`, or one that remembers its results)
 */
export function buildSearchIndex(
  records: SearchRecord[],
  { lang, version = '', layout = {}, termCounts = countEachTerm }: { lang: string; version?: string; layout?: IndexLayout; termCounts?: TermCounter },
): BuiltSearchIndex {
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

  const postings = new Map<string, PostingList>();
  const totals = FIELDS.map(() => 0);
  // Term frequencies of one section, per field (reused), and their adders for `termCounts`.
  const counts = FIELDS.map(() => new Map<string, number>());
  const adders = counts.map((map) => (term: string, tf: number) => void map.set(term, tf));
  const lengths = FIELDS.map(() => 0);
  pages.forEach((sections, page) => {
    sections.forEach((record, section) => {
      recordFields(record).forEach((text, f) => {
        const map = counts[f];
        map.clear();
        if (text) termCounts(text, adders[f]);
        totals[f] += map.size;
        // MiniSearch's field length: the field's distinct terms.
        lengths[f] = encodeLength(map.size);
      });
      for (let f = 0; f < F; f++) {
        for (const [term, tf] of counts[f]) {
          let list = postings.get(term);
          if (!list) postings.set(term, (list = []));
          // This section's posting is the list's last when an earlier field of it held the term.
          let at = list.length - STRIDE;
          if (at < 0 || list[at] !== page || list[at + 1] !== section) {
            at = list.length;
            list.push(page, section);
            for (let g = 0; g < F; g++) list.push(0);
            for (let g = 0; g < F; g++) list.push(lengths[g]);
          }
          list[at + 2 + f] = tf;
        }
      }
    });
  });

  // Postings rows, heads and tails.
  const terms = [...postings.keys()].sort();
  const rows: { key: string; size: number; value: PostingsRow }[] = [];
  const dictionary: { key: string; size: number; value: [string, number] }[] = [];
  for (const term of terms) {
    const list = postings.get(term)!;
    const count = list.length / STRIDE;
    const df = FIELDS.map(() => 0);
    const offsets: number[] = [];
    for (let at = 0; at < list.length; at += STRIDE) {
      offsets.push(at);
      for (let f = 0; f < F; f++) if (list[at + 2 + f]) df[f]++;
    }
    let head = offsets;
    let tail: string | undefined;
    if (count > HEAD_POSTINGS) {
      const ranked = offsets.map((at) => ({ at, score: impact(list, at) })).sort((a, b) => b.score - a.score || a.at - b.at);
      const keep = new Set(ranked.slice(0, HEAD_POSTINGS).map((r) => r.at));
      head = offsets.filter((at) => keep.has(at));
      const tailJson = JSON.stringify(packPostings(list, offsets.filter((at) => !keep.has(at)), df).groups);
      tail = addShard(files, (hash) => `${shardDir}${lang}-t-${hash}.json`, tailJson);
    }
    const packed = packPostings(list, head, df);
    const row: PostingsRow = tail ? [term, packed.groups, tail] : [term, packed.groups];
    rows.push({ key: term, size: term.length + packed.size + (tail ? 16 : 0), value: row });
    dictionary.push({ key: term, size: term.length + 8, value: [term, count] });
  }

  const prefix = `${shardDir}${lang}-`;
  const shardList = (kind: string, shards: unknown[][], firstOf: (shard: unknown[]) => string): [string, string][] =>
    shards.map((shard, i) => {
      const hash = addShard(files, (h) => `${prefix}${kind}-${h}.json`, JSON.stringify(shard));
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
