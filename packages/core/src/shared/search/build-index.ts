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
  /**
   * Path as in `files` → a hash of its JSON (32 hex digits of sha256), when the builder made them (the
   * build's search thread, so that the main thread need not hash tens of thousands of files to tell which
   * changed).
   */
  hashes?: Record<string, string>;
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

/** Thrown by `addShard` in a strict build when two shards would share a name (see `updateSearchIndex`). */
class NameCollision extends Error {}

/**
 * Names a shard by its content: 8 hex digits of FNV-1a (short, as the entry lists every name), 16 when
 * two different shards of the build would share those 8 (then, with `strict`, throws `NameCollision`).
 * Returns the hash; adds the file to `files`.
 */
function addShard(files: Record<string, string>, name: (hash: string) => string, json: string, strict = false): string {
  let hash = fnv1a(json).toString(16).padStart(8, '0');
  if (files[name(hash)] !== undefined && files[name(hash)] !== json) {
    if (strict) throw new NameCollision();
    hash += fnv1a(`\u0001${json}`).toString(16).padStart(8, '0');
  }
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

/** Options of `buildSearchIndex` and `updateSearchIndex`. */
export interface BuildIndexOptions {
  lang: string;
  version?: string;
  layout?: IndexLayout;
  /** Counts the terms of a field's text (`countTerms`, or one that remembers its results). */
  termCounts?: TermCounter;
  /**
   * A key per page, in page order, equal for pages whose records are equal (the build's page cache
   * checksums): with them, the build returns an `IndexState` that the next build can update.
   */
  pageKeys?: string[];
}

/**
 * What a build of one locale's index keeps for the next build to update (`updateSearchIndex`), in columns
 * of strings and numbers: per page its key, path, sections, field totals and terms; per term its postings
 * row and tail as written, the row's size in the shard cut and its postings count.
 */
export interface IndexState {
  lang: string;
  version: string;
  shards: string;
  fragments: string;
  pageKeys: string[];
  paths: string[];
  /** Sections of each page. */
  sections: number[];
  /** Per page, per field (`FIELDS` order, flat) the sum of its sections' distinct terms. */
  totals: number[];
  /** Each page's distinct terms, page after page; page i has `termCounts[i]` of them. */
  pageTerms: string[];
  termCounts: number[];
  /** Beside each of `pageTerms`, a hash of the term's postings in that page (`postingsHash`). */
  termHashes: number[];
  /** Sorted terms, and per term: its row's JSON, the row's size in the shard cut, its postings, its tail's JSON ('' without). */
  terms: string[];
  rows: string[];
  sizes: number[];
  counts: number[];
  tails: string[];
}

/** An index and the state to update it from (`IndexState`), when the build had page keys. */
export interface BuiltWithState extends BuiltSearchIndex {
  state?: IndexState;
}

/** One page's postings, as a build collects them. */
interface PagePostings {
  /** Term → its postings in this page (`STRIDE` numbers each, the page's number first), in section order. */
  terms: Map<string, PostingList>;
  /** Per field, the sum of the sections' distinct terms. */
  totals: number[];
}

/**
 * FNV-1a of a page's postings of one term, without the page's number: equal hashes mean the page adds the
 * same postings to the term's row, which an update then leaves as it was.
 */
function postingsHash(list: PostingList): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < list.length; i++) {
    if (i % STRIDE === 0) continue;
    hash ^= list[i];
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The records by page (a run of records with one path). Pieces of one long section (records with one url,
 * see `MAX_RECORD_CONTENT`) are one section here: scored as one text and shown once.
 */
function pagesOf(records: SearchRecord[]): SearchRecord[][] {
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
  return pages;
}

/** Collects the postings of page number `page` (its sections), counting terms with `termCounts`. */
function postingsOf(sections: SearchRecord[], page: number, termCounts: TermCounter): PagePostings {
  const terms = new Map<string, PostingList>();
  const totals = FIELDS.map(() => 0);
  // Term frequencies of one section, per field, and their adders for `termCounts`.
  const counts = FIELDS.map(() => new Map<string, number>());
  const adders = counts.map((map) => (term: string, tf: number) => void map.set(term, tf));
  const lengths = FIELDS.map(() => 0);
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
        let list = terms.get(term);
        if (!list) terms.set(term, (list = []));
        // This section's posting is the list's last when an earlier field of it held the term.
        let at = list.length - STRIDE;
        if (at < 0 || list[at + 1] !== section) {
          at = list.length;
          list.push(page, section);
          for (let g = 0; g < F; g++) list.push(0);
          for (let g = 0; g < F; g++) list.push(lengths[g]);
        }
        list[at + 2 + f] = tf;
      }
    }
  });
  return { terms, totals };
}

/** A term's row as written: its JSON, its size in the shard cut, its postings and its tail's JSON ('' without). */
interface TermRow {
  json: string;
  size: number;
  count: number;
  tail: string;
}

/**
 * The row of `term` from its postings (in page and section order): the head postings, and the rest in a
 * tail file added to `files` (named as `addShard` names, `strict` as there).
 */
function rowOf(term: string, list: PostingList, files: Record<string, string>, tailName: (hash: string) => string, strict: boolean): TermRow {
  const count = list.length / STRIDE;
  const df = FIELDS.map(() => 0);
  const offsets: number[] = [];
  for (let at = 0; at < list.length; at += STRIDE) {
    offsets.push(at);
    for (let f = 0; f < F; f++) if (list[at + 2 + f]) df[f]++;
  }
  let head = offsets;
  let tail = '';
  let tailHash: string | undefined;
  if (count > HEAD_POSTINGS) {
    // The head: the HEAD_POSTINGS highest impacts, ties to the earlier posting. Everything above the
    // HEAD_POSTINGS-th highest impact, then postings at that impact in site order (a sort of every
    // posting by impact took most of the update of a common word's row).
    const scores = new Float64Array(count);
    for (let i = 0; i < count; i++) scores[i] = impact(list, i * STRIDE);
    const threshold = Float64Array.from(scores).sort()[count - HEAD_POSTINGS];
    let ties = HEAD_POSTINGS;
    for (const score of scores) if (score > threshold) ties--;
    const inHead = (at: number) => {
      const score = scores[at / STRIDE];
      return score > threshold || (score === threshold && ties-- > 0);
    };
    head = [];
    const rest: number[] = [];
    for (const at of offsets) (inHead(at) ? head : rest).push(at);
    tail = JSON.stringify(packPostings(list, rest, df).groups);
    tailHash = addShard(files, tailName, tail, strict);
  }
  const packed = packPostings(list, head, df);
  const row: PostingsRow = tailHash ? [term, packed.groups, tailHash] : [term, packed.groups];
  return { json: JSON.stringify(row), size: term.length + packed.size + (tailHash ? 16 : 0), count, tail };
}

/**
 * The postings a row and its tail hold, flat (`STRIDE` numbers each) in page and section order. A
 * posting's length code is known only for the fields that hold the term (0 in the others, which neither
 * the head's choice nor the packing reads).
 */
function unpackRow(row: string, tail: string): PostingList {
  const groups = [...(JSON.parse(row) as PostingsRow)[1], ...(tail ? (JSON.parse(tail) as FieldPostings[]) : [])];
  // Each posting once, by (page, section) as one number (sections of a page number far below 2^20).
  const index = new Map<number, number>();
  const ids: number[] = [];
  const values: number[] = [];
  for (const [f, , pages, sections, tfs, lens] of groups) {
    let page = 0;
    for (let i = 0; i < pages.length; i++) {
      page += pages[i];
      const id = page * 0x10_0000 + sections[i];
      let at = index.get(id);
      if (at === undefined) {
        index.set(id, (at = ids.length));
        ids.push(id);
        for (let g = 0; g < 2 * F; g++) values.push(0);
      }
      values[at * 2 * F + f] = tfs === 0 ? 1 : tfs[i];
      values[at * 2 * F + F + f] = lens[i];
    }
  }
  const order = ids.map((_, i) => i).sort((a, b) => ids[a] - ids[b]);
  const list: PostingList = [];
  for (const at of order) {
    list.push(Math.floor(ids[at] / 0x10_0000), ids[at] % 0x10_0000);
    for (let g = 0; g < 2 * F; g++) list.push(values[at * 2 * F + g]);
  }
  return list;
}

/**
 * Builds the index of one locale from its records (in site order; a page's records are consecutive and
 * start with the page's own record). With `pageKeys`, also returns the state the next build can update
 * (`updateSearchIndex`).
 */
export function buildSearchIndex(records: SearchRecord[], options: BuildIndexOptions): BuiltWithState {
  const { termCounts = countEachTerm, pageKeys } = options;
  const pages = pagesOf(records);
  const keep = pageKeys?.length === pages.length;
  // Each page's postings go into the site's as soon as they are counted (kept whole per page, a big site's
  // postings would be in memory twice); what the state needs of a page is taken first.
  const postings = new Map<string, PostingList>();
  const totals: number[][] = [];
  const pageTerms: string[][] = [];
  const hashes: number[][] = [];
  pages.forEach((sections, page) => {
    const counted = postingsOf(sections, page, termCounts);
    totals.push(counted.totals);
    if (keep) {
      pageTerms.push([...counted.terms.keys()]);
      hashes.push([...counted.terms.values()].map(postingsHash));
    }
    for (const [term, list] of counted.terms) {
      const all = postings.get(term);
      if (!all) postings.set(term, list);
      else for (const n of list) all.push(n);
    }
  });
  const terms = [...postings.keys()].sort();
  const files: Record<string, string> = {};
  const tailName = tailNamer(options);
  const rows = terms.map((term) => {
    const row = rowOf(term, postings.get(term)!, files, tailName, false);
    postings.delete(term);
    return row;
  });
  const built = assemble(pages, terms, rows, totals, files, options, false);
  return keep ? { ...built, state: stateOf(options, pages, pageKeys!, pageTerms, hashes, totals, terms, rows) } : built;
}

/**
 * The index of `records`, made by updating the one `state` was kept from (`buildSearchIndex` with
 * `pageKeys`): only the pages whose key changed are counted again, and only the rows of the terms whose
 * postings in them changed are made again. The result, the state included, is the same as `buildSearchIndex` of
 * `records` would give, byte for byte.
 * @returns undefined when the update does not apply: other options, pages added, removed or moved, more
 *   than a quarter of the pages changed, or two shards of the result would share a name (the full build
 *   then names one with 16 digits, which depends on the order the files were made in)
 */
export function updateSearchIndex(state: IndexState, records: SearchRecord[], options: BuildIndexOptions): BuiltWithState | undefined {
  const { termCounts = countEachTerm, pageKeys } = options;
  const { version = '' } = options;
  const layout = layoutOf(options);
  if (state.lang !== options.lang || state.version !== version || state.shards !== layout.shards || state.fragments !== layout.fragments) return undefined;
  const pages = pagesOf(records);
  if (!pageKeys || pageKeys.length !== pages.length || pages.length !== state.paths.length) return undefined;
  if (pages.some((sections, i) => sections[0].url.split('#')[0] !== state.paths[i])) return undefined;
  const changed: number[] = [];
  pageKeys.forEach((key, i) => key !== state.pageKeys[i] && changed.push(i));
  if (changed.length * 4 > pages.length) return undefined;

  const pageTerms: string[][] = [];
  const hashes: number[][] = [];
  let at = 0;
  for (const count of state.termCounts) {
    pageTerms.push(state.pageTerms.slice(at, at + count));
    hashes.push(state.termHashes.slice(at, (at += count)));
  }
  const totals: number[][] = pages.map((_, i) => state.totals.slice(i * F, (i + 1) * F));
  const fresh = new Map<number, PagePostings>();
  // The terms whose postings in a changed page are not what they were: only their rows are made again.
  const affected = new Set<string>();
  for (const page of changed) {
    const postings = postingsOf(pages[page], page, termCounts);
    fresh.set(page, postings);
    const before = new Map(pageTerms[page].map((term, i) => [term, hashes[page][i]]));
    const after = [...postings.terms].map(([term, list]) => [term, postingsHash(list)] as const);
    for (const [term, hash] of after) if (before.get(term) !== hash) affected.add(term);
    const now = new Set(postings.terms.keys());
    for (const term of before.keys()) if (!now.has(term)) affected.add(term);
    pageTerms[page] = after.map(([term]) => term);
    hashes[page] = after.map(([, hash]) => hash);
    totals[page] = postings.totals;
  }

  const files: Record<string, string> = {};
  const tailName = tailNamer(options);
  const byTerm = new Map(state.terms.map((term, i) => [term, i]));
  // The state's terms are sorted: the new ones are merged in (sorting 10⁵ terms again took ~40 ms).
  const added = [...affected].filter((term) => !byTerm.has(term)).sort();
  const terms: string[] = [];
  for (let i = 0, j = 0; i < state.terms.length || j < added.length; ) terms.push(j >= added.length || (i < state.terms.length && state.terms[i] < added[j]) ? state.terms[i++] : added[j++]);
  const rows: TermRow[] = [];
  const kept: string[] = [];
  try {
    for (const term of terms) {
      const i = byTerm.get(term);
      if (!affected.has(term)) {
        const row: TermRow = { json: state.rows[i!], size: state.sizes[i!], count: state.counts[i!], tail: state.tails[i!] };
        if (row.tail) addShard(files, tailName, row.tail, true);
        rows.push(row);
        kept.push(term);
        continue;
      }
      // The postings of the unchanged pages, with the changed pages' new ones merged in at their place.
      const old = i === undefined ? [] : unpackRow(state.rows[i], state.tails[i]);
      const list: PostingList = [];
      let from = 0;
      const take = (upTo: number) => {
        for (; from < old.length && old[from] < upTo; from += STRIDE) if (!fresh.has(old[from])) for (let k = 0; k < STRIDE; k++) list.push(old[from + k]);
      };
      for (const page of changed) {
        take(page);
        for (const n of fresh.get(page)!.terms.get(term) ?? []) list.push(n);
      }
      take(Infinity);
      if (!list.length) continue;
      rows.push(rowOf(term, list, files, tailName, true));
      kept.push(term);
    }
    const built = assemble(pages, kept, rows, totals, files, options, true);
    return { ...built, state: stateOf(options, pages, pageKeys, pageTerms, hashes, totals, kept, rows) };
  } catch (error) {
    if (error instanceof NameCollision) return undefined;
    throw error;
  }
}

/** The folders of a build's shards and fragments. */
function layoutOf({ lang, layout = {} }: BuildIndexOptions): Required<IndexLayout> {
  return { shards: layout.shards ?? '../assets/search/', fragments: layout.fragments ?? `search/${lang}/` };
}

function tailNamer(options: BuildIndexOptions): (hash: string) => string {
  const { shards } = layoutOf(options);
  return (hash) => `${shards}${options.lang}-t-${hash}.json`;
}

/**
 * The entry and the shard and fragment files of an index whose rows are made (`rows` of the sorted `terms`;
 * tails already in `files`).
 */
function assemble(pages: SearchRecord[][], terms: string[], rows: TermRow[], totals: number[][], files: Record<string, string>, options: BuildIndexOptions, strict: boolean): BuiltSearchIndex {
  const { lang, version = '' } = options;
  const { shards: shardDir, fragments: fragmentDir } = layoutOf(options);
  // Each page's lvl0 (the sidebar group or nav item it is under), as runs of pages: [first page, group].
  const groups: string[] = [];
  const pageGroups: [number, number][] = [];
  pages.forEach((sections, page) => {
    const lvl0 = sections[0].hierarchy.lvl0;
    let group = groups.indexOf(lvl0);
    if (group < 0) group = groups.push(lvl0) - 1;
    if (pageGroups[pageGroups.length - 1]?.[1] !== group) pageGroups.push([page, group]);
  });

  const prefix = `${shardDir}${lang}-`;
  // A shard's JSON is its items' JSON in brackets: the rows are kept as JSON, not parsed again.
  const shardList = (kind: string, shards: [first: string, json: string][][]): [string, string][] =>
    shards.map((shard, i) => {
      const hash = addShard(files, (h) => `${prefix}${kind}-${h}.json`, `[${shard.map(([, json]) => json).join(',')}]`, strict);
      // The first shard starts at '' so that every term has one.
      return [i === 0 ? '' : shard[0][0], hash];
    });
  const dictionary = terms.map((term, i) => ({ key: term, size: term.length + 8, value: [term, JSON.stringify([term, rows[i].count])] as [string, string] }));
  const dict = shardList('d', cutShards(dictionary, DICTIONARY_SHARD_CHARS));
  let post = shardList('p', cutShards(terms.map((term, i) => ({ key: term, size: rows[i].size, value: [term, rows[i].json] as [string, string] })), POSTINGS_SHARD_CHARS));
  // A big site has thousands of postings shards: the entry then lists pages of the shard list instead, so
  // it stays small whatever the site's size.
  const postDir = post.length > DIRECT_SHARDS;
  if (postDir) {
    const pagesOfList = cutShards(post.map((item) => ({ key: item[0], size: 1, value: [item[0], JSON.stringify(item)] as [string, string] })), SHARDS_PER_DIRECTORY);
    post = shardList('l', pagesOfList);
  }

  // Fragments: a few sections of one page per file.
  pages.forEach((sections, page) => {
    for (let block = 0; block * SECTIONS_PER_BLOCK < sections.length; block++) {
      const rowsOfBlock: Fragment = sections.slice(block * SECTIONS_PER_BLOCK, (block + 1) * SECTIONS_PER_BLOCK).map(fragmentRow);
      files[`${fragmentDir}${page}.${block}.json`] = JSON.stringify(rowsOfBlock);
    }
  });

  const n = pages.reduce((sum, sections) => sum + sections.length, 0);
  const sums = FIELDS.map((_, f) => totals.reduce((sum, t) => sum + t[f], 0));
  return {
    entry: { v: INDEX_FORMAT, lang, version, n, avg: sums.map((t) => (n ? t / n : 0)), shards: prefix, dict, post, ...(postDir ? { postDir } : {}), frag: fragmentDir, groups, pageGroups },
    files,
  };
}

function stateOf(options: BuildIndexOptions, pages: SearchRecord[][], pageKeys: string[], pageTerms: string[][], hashes: number[][], totals: number[][], terms: string[], rows: TermRow[]): IndexState {
  const layout = layoutOf(options);
  return {
    lang: options.lang,
    version: options.version ?? '',
    shards: layout.shards,
    fragments: layout.fragments,
    pageKeys,
    paths: pages.map((sections) => sections[0].url.split('#')[0]),
    sections: pages.map((sections) => sections.length),
    totals: flatten(totals),
    pageTerms: flatten(pageTerms),
    termCounts: pageTerms.map((t) => t.length),
    termHashes: flatten(hashes),
    terms,
    rows: rows.map((r) => r.json),
    sizes: rows.map((r) => r.size),
    counts: rows.map((r) => r.count),
    tails: rows.map((r) => r.tail),
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

/** The lists one after the other, in a loop (with `Array.prototype.flat`, making the state of 1,000 pages took ~90 ms). */
function flatten<T>(lists: T[][]): T[] {
  let length = 0;
  for (const list of lists) length += list.length;
  const out = new Array<T>(length);
  let at = 0;
  for (const list of lists) for (const item of list) out[at++] = item;
  return out;
}
