/**
 * The local search engine over a sharded index (see `index-format.ts`): BM25 with prefix and typo
 * matching, downloading only the shards a query's terms fall in and the display text of the hits it
 * returns. It answers in the shape of Algolia's search response, so DocSearch's dialog renders its hits as
 * it renders Algolia's. The same code runs in Node (build checks, tests, benchmark) and in the browser.
 *
 * Scoring is MiniSearch's (the library this engine replaced), computed from the shards: each query term
 * scores its exact index term, its prefix expansions (weight 0.6, falling with the letters added) and its
 * typo variants (weight 0.3), field by field with `FIELD_BOOST`; a section's score is the sum, times the
 * number of query terms it matched.
 */
import {
  FIELDS,
  FIELD_BOOST,
  BM25,
  INDEX_FORMAT,
  LEVELS,
  SECTIONS_PER_BLOCK,
  decodeLength,
  deepestLevel,
  shardOf,
  type DictionaryShard,
  type FieldPostings,
  type Fragment,
  type PostingsShard,
  type SearchIndexEntry,
} from './index-format.js';
import { isCjk, parseQuery, segmentWords, type QueryPlan, type QueryUnit } from './tokenize.js';
import type { HighlightResult, SearchHierarchy, SearchHit, SearchParams, SearchRecord, SearchRecordType, SearchResponse, SnippetResult } from './types.js';

/** A page shows its own record plus at most this many of its sections, so one page cannot fill a group. */
const SECTIONS_PER_PAGE = 3;
/** Weight of an index term one transposition away from a query word, as of a typo. */
const TRANSPOSITION_WEIGHT = 0.3;
/** Weights of a prefix expansion and of a typo variant, before their distance discount. */
const PREFIX_WEIGHT = 0.6;
const FUZZY_WEIGHT = 0.3;
/**
 * Prefix expansions looked up per query word, the most frequent first: a short prefix being typed
 * (`c`, `co`) would otherwise fetch the postings of hundreds of terms. One letter gets fewer, all from one
 * postings shard.
 */
const PREFIX_EXPANSIONS = 40;
const ONE_LETTER_EXPANSIONS = 8;
/**
 * Letters a typo variant shares with the query word from the start: a typo in the first letter is never
 * corrected, and the dictionary range read for typos is one letter's. For a word the site holds often
 * (`KNOWN_FREQUENCY`), two letters: it is most likely spelt right, and the range read is much smaller.
 */
const FUZZY_PREFIX = 1;
const KNOWN_FUZZY_PREFIX = 2;
/**
 * Sections a term must occur in for a query word to count as spelled right (no typo variants looked for):
 * a misspelling found once or twice in the text (a page about typos) still gets corrected.
 */
const KNOWN_FREQUENCY = 3;
/** A record key: page * PAGE_SPAN + section. */
const PAGE_SPAN = 65536;

/**
 * Reads a file of the index by its path relative to the entry (the browser fetches it relative to the
 * entry's URL; Node reads it from disk or memory).
 * @throws (rejects) when the file cannot be read: the search that needed it fails.
 */
export type IndexFileLoader = (file: string) => Promise<unknown>;

/** An open index: searches one locale. */
export interface LocalSearchEngine {
  readonly lang: string;
  readonly version: string;
  /**
   * Runs one search, downloading what it needs; rejects only when a file cannot be loaded.
   * @param superseded asked once the hits are ranked, before their display text is downloaded: when it
   *   returns true (a newer query came while this one waited for shards), the search resolves to
   *   `undefined` instead, and downloads nothing more.
   */
  search(params: SearchParams): Promise<SearchResponse>;
  search(params: SearchParams, superseded: () => boolean): Promise<SearchResponse | undefined>;
}

/**
 * Typos allowed in a Latin query word: none below 4 characters, 1 up to 7, 2 from 8 (Algolia's
 * `minWordSizefor1Typo` and `minWordSizefor2Typos` defaults). CJK bigrams match exactly.
 */
function typos(term: string): number {
  return isCjk(term) || term.length < 4 ? 0 : term.length >= 8 ? 2 : 1;
}

/** Levenshtein distance of `a` and `b` when it is at most `max`, else `max + 1`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, row[j]);
    }
    if (best > max) return max + 1;
    prev = row;
  }
  return prev[b.length];
}

/** The postings of one term, decoded: per field, parallel arrays of record keys, frequencies and lengths. */
interface TermPostings {
  fields: { field: number; df: number; keys: number[]; tfs: number[]; lengths: number[] }[];
  tail?: string;
}

function decodeFields(groups: FieldPostings[], into: TermPostings['fields'] = []): TermPostings['fields'] {
  for (const [field, df, pages, sections, tfs, codes] of groups) {
    let target = into.find((f) => f.field === field);
    if (!target) into.push((target = { field, df, keys: [], tfs: [], lengths: [] }));
    let page = 0;
    pages.forEach((delta, i) => {
      page += delta;
      target.keys.push(page * PAGE_SPAN + sections[i]);
      target.tfs.push(tfs ? tfs[i] : 1);
      target.lengths.push(decodeLength(codes[i]));
    });
  }
  return into;
}

/** One section shown as a hit: what it matched, for highlighting. */
interface Scored {
  id: number;
  score: number;
  /** Index terms matched. */
  terms: string[];
  /** Query terms matched. */
  queryTerms: string[];
}

/**
 * Every section a search scored, in parallel arrays by slot (a big site scores tens of thousands of
 * sections for one query: no object per section). The index terms a slot matched form a linked list in
 * `matchTerm` / `matchNext`, starting at `firstMatch[slot]`.
 */
interface Scores {
  keys: number[];
  /** Summed weighted BM25 of the slot's matches. */
  sums: number[];
  /** Bit i: query term i matched. */
  masks: number[];
  /** The most important field any term matched in, as its position in `FIELDS`. */
  best: number[];
  firstMatch: number[];
  matchTerm: number[];
  matchNext: number[];
}

/** Number of bits set. */
function bitCount(n: number): number {
  let count = 0;
  for (let v = n >>> 0; v; v &= v - 1) count++;
  return count;
}

/**
 * Opens an index from its entry; files are loaded through `load` when a search first needs them, and kept.
 * @throws Error when the entry is of another format version.
 */
export function openSearchIndex(entry: SearchIndexEntry, load: IndexFileLoader): LocalSearchEngine {
  if (entry?.v !== INDEX_FORMAT) throw new Error(`Unsupported search index format ${String(entry?.v)}; rebuild the site`);
  const files = new Map<string, Promise<unknown>>();
  const file = <T>(name: string): Promise<T> => {
    let promise = files.get(name);
    if (!promise) {
      // A failed download is forgotten, so the next search tries again.
      promise = load(name).catch((error: unknown) => {
        files.delete(name);
        throw error;
      });
      files.set(name, promise);
    }
    return promise as Promise<T>;
  };
  const shardFile = (kind: string, hash: string) => `${entry.shards}${kind}-${hash}.json`;
  /** The postings shard whose range holds `term`: its hash, and the first term of the next shard (null for the last). */
  async function postingsShardOf(term: string): Promise<{ id: string; end: string | null }> {
    const top = shardOf(entry.post, term);
    const end = entry.post[top + 1]?.[0] ?? null;
    if (!entry.postDir) return { id: entry.post[top][1], end };
    const list = await file<[string, string][]>(shardFile('l', entry.post[top][1]));
    const i = shardOf(list, term);
    return { id: list[i][1], end: list[i + 1]?.[0] ?? end };
  }
  const postingsShardId = async (term: string) => (await postingsShardOf(term)).id;
  const postingsShards = new Map<string, Promise<Map<string, TermPostings>>>();
  const postingsShard = async (term: string) => {
    const id = await postingsShardId(term);
    let shard = postingsShards.get(id);
    if (!shard) {
      shard = file<PostingsShard>(shardFile('p', id)).then((rows) => new Map(rows.map(([t, groups, tail]) => [t, { fields: decodeFields(groups), tail }])));
      shard.catch(() => postingsShards.delete(id));
      postingsShards.set(id, shard);
    }
    return shard;
  };
  const loadedTails = new Set<string>();

  /** Dictionary terms in [from, to], with their frequencies. */
  async function dictionaryRange(from: string, to: string): Promise<[string, number][]> {
    const first = shardOf(entry.dict, from);
    const last = shardOf(entry.dict, to);
    const shards = await Promise.all(entry.dict.slice(first, last + 1).map(([, hash]) => file<DictionaryShard>(shardFile('d', hash))));
    return shards.flat().filter(([term]) => term >= from && term <= to);
  }

  /** The postings of `terms` (absent terms are left out), with their tails when `withTails`. */
  async function postingsOf(terms: Iterable<string>, withTails: boolean): Promise<Map<string, TermPostings>> {
    const out = new Map<string, TermPostings>();
    await Promise.all(
      [...terms].map(async (term) => {
        const found = (await postingsShard(term)).get(term);
        if (!found) return;
        if (withTails && found.tail && !loadedTails.has(found.tail)) {
          const tail = found.tail;
          decodeFields(await file<FieldPostings[]>(shardFile('t', tail)), found.fields);
          loadedTails.add(tail);
        }
        out.set(term, found);
      }),
    );
    return out;
  }

  /** Index in `entry.groups` of the lvl0 of `page`. */
  function groupOf(page: number): number {
    let lo = 0;
    let hi = entry.pageGroups.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (entry.pageGroups[mid][0] <= page) lo = mid;
      else hi = mid - 1;
    }
    return entry.pageGroups[lo]?.[1] ?? 0;
  }

  async function hasTerm(term: string, orPrefix: boolean): Promise<boolean> {
    const found = (await postingsShard(term)).get(term);
    if (found && Math.max(...found.fields.map((f) => f.df)) >= KNOWN_FREQUENCY) return true;
    return orPrefix && (await dictionaryRange(term, `${term}\uffff`)).some(([t, df]) => t !== term && t.startsWith(term) && df >= KNOWN_FREQUENCY);
  }

  const fragment = (page: number, block: number) => file<Fragment>(`${entry.frag}${page}.${block}.json`);
  async function recordOf(key: number): Promise<SearchRecord | undefined> {
    const page = Math.floor(key / PAGE_SPAN);
    const section = key % PAGE_SPAN;
    const row = (await fragment(page, Math.floor(section / SECTIONS_PER_BLOCK)))[section % SECTIONS_PER_BLOCK];
    if (!row) return undefined;
    const [url, type, content, ...levels] = row as [string, SearchRecordType, string | null, ...(string | null)[]];
    const hierarchy = Object.fromEntries(LEVELS.map((l, i) => [l, i === 0 ? entry.groups[groupOf(page)] : (levels[i - 1] ?? null)])) as unknown as SearchHierarchy;
    return { objectID: url, url, type, content, hierarchy, lang: entry.lang, version: entry.version };
  }

  return {
    lang: entry.lang,
    version: entry.version,
    search: ((params: SearchParams, superseded?: () => boolean) => runSearch({ entry, dictionaryRange, postingsOf, postingsShardOf, hasTerm, groupOf, recordOf }, params, superseded)) as LocalSearchEngine['search'],
  };
}

/** What a search reads from an open index. */
interface Index {
  entry: SearchIndexEntry;
  dictionaryRange(from: string, to: string): Promise<[string, number][]>;
  postingsOf(terms: Iterable<string>, withTails: boolean): Promise<Map<string, TermPostings>>;
  /** The postings shard whose range holds `term`: its hash, and the first term of the next shard (null for the last). */
  postingsShardOf(term: string): Promise<{ id: string; end: string | null }>;
  /** Index in the entry's `groups` of a page's lvl0. */
  groupOf(page: number): number;
  /** Whether `term`, or with `orPrefix` a term that starts with it, occurs in `KNOWN_FREQUENCY` sections or more. */
  hasTerm(term: string, orPrefix: boolean): Promise<boolean>;
  recordOf(key: number): Promise<SearchRecord | undefined>;
}

/** One query term and how it may match: exact always, prefix and typos as allowed. */
interface TermQuery {
  term: string;
  prefix: boolean;
  fuzzy: number;
  /** Letters a typo variant must share with `term` from its start. */
  fuzzyPrefix: number;
  boost: number;
}

/** An index term a query term stands for, with its weight. */
interface Derived {
  source: string;
  term: string;
  weight: number;
  boost: number;
}

/**
 * The index terms each query term stands for: itself, its prefix expansions and its typo variants, with
 * MiniSearch's weights (a term both prefix and typo counts as prefix).
 */
async function deriveTerms(index: Index, queries: TermQuery[]): Promise<Derived[]> {
  const out: Derived[] = [];
  await Promise.all(
    queries.map(async (q) => {
      out.push({ source: q.term, term: q.term, weight: 1, boost: q.boost });
      const prefixed = new Set<string>();
      if (q.prefix) {
        const oneLetter = [...q.term].length === 1;
        const limit = oneLetter ? ONE_LETTER_EXPANSIONS : PREFIX_EXPANSIONS;
        const range = (await index.dictionaryRange(q.term, `${q.term}\uffff`)).filter(([t]) => t !== q.term && t.startsWith(q.term));
        // A letter's terms fill many shards: only those in the postings shard of its first term count.
        const end = oneLetter && range.length ? (await index.postingsShardOf(range[0][0])).end : null;
        const expansions = range
          .filter(([t]) => end === null || t < end)
          .sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)
          .slice(0, limit);
        for (const [t] of expansions) {
          prefixed.add(t);
          const distance = t.length - q.term.length;
          out.push({ source: q.term, term: t, weight: (PREFIX_WEIGHT * t.length) / (t.length + 0.3 * distance), boost: q.boost });
        }
      }
      if (q.fuzzy) {
        const start = q.term.slice(0, q.fuzzyPrefix);
        for (const [t] of await index.dictionaryRange(start, `${start}\uffff`)) {
          if (t === q.term || prefixed.has(t)) continue;
          const distance = editDistance(q.term, t, q.fuzzy);
          if (distance <= q.fuzzy) out.push({ source: q.term, term: t, weight: (FUZZY_WEIGHT * t.length) / (t.length + distance), boost: q.boost });
        }
      }
    }),
  );
  return out;
}

/**
 * Scores every section the derived terms occur in (in `fields` only), as MiniSearch's OR query does; the
 * bit of a derived term's query term is its position in `sources` (the first 31 count).
 */
function score(index: Index, derived: Derived[], sources: Map<string, number>, postings: Map<string, TermPostings>, fields: number[]): Scores {
  const slotOf = new Map<number, number>();
  const out: Scores = { keys: [], sums: [], masks: [], best: [], firstMatch: [], matchTerm: [], matchNext: [] };
  const { k, b, d: floor } = BM25;
  derived.forEach((d, term) => {
    const found = postings.get(d.term);
    if (!found) return;
    const position = sources.get(d.source) ?? 31;
    const bit = position < 31 ? 1 << position : 0;
    for (const group of found.fields) {
      if (!fields.includes(group.field)) continue;
      const scale = d.weight * d.boost * FIELD_BOOST[FIELDS[group.field]];
      // bm25() of index-format.ts, with what is the same for the whole group taken out of the loop.
      const n = index.entry.n;
      const idf = Math.log(1 + (n - group.df + 0.5) / (group.df + 0.5));
      const base = k * (1 - b);
      const perLength = (k * b) / (index.entry.avg[group.field] || 1);
      const { keys, tfs, lengths } = group;
      for (let i = 0; i < keys.length; i++) {
        const tf = tfs[i];
        const value = scale * idf * (floor + (tf * (k + 1)) / (tf + base + perLength * lengths[i]));
        let slot = slotOf.get(keys[i]);
        if (slot === undefined) {
          slot = out.keys.length;
          slotOf.set(keys[i], slot);
          out.keys.push(keys[i]);
          out.sums.push(0);
          out.masks.push(0);
          out.best.push(FIELDS.length);
          out.firstMatch.push(-1);
        }
        out.sums[slot] += value;
        out.masks[slot] |= bit;
        if (group.field < out.best[slot]) out.best[slot] = group.field;
        out.matchNext.push(out.firstMatch[slot]);
        out.firstMatch[slot] = out.matchTerm.length;
        out.matchTerm.push(term);
      }
    }
  });
  return out;
}

/**
 * Index terms one transposition of adjacent letters away from `word` (`nabvar` → `navbar`): Levenshtein
 * distance counts a transposition as two edits, more than a 4–7 letter word is allowed.
 */
async function transpositions(index: Index, word: string, prefix: number): Promise<string[]> {
  if (word.length < 4 || isCjk(word)) return [];
  const start = word.slice(0, prefix);
  const vocabulary = new Set((await index.dictionaryRange(start, `${start}\uffff`)).map(([t]) => t));
  const out: string[] = [];
  for (let i = 0; i + 1 < word.length; i++) {
    if (word[i] === word[i + 1]) continue;
    const swapped = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    if (vocabulary.has(swapped)) out.push(swapped);
  }
  return out;
}

/** The query terms that can satisfy `unit`. */
function unitTerms(unit: QueryUnit, variants: Map<QueryUnit, string[]>): string[] {
  return unit.kind === 'latin' ? [unit.whole, ...unit.parts, ...(variants.get(unit) ?? [])] : unit.parts;
}

/**
 * Whether a section satisfies `unit`, from the query terms it matched (`mask`, bits by position in
 * `sources`).
 */
function unitTest(unit: QueryUnit, sources: Map<string, number>, variants: Map<QueryUnit, string[]>): (mask: number) => boolean {
  const bitOf = (term: string) => {
    const position = sources.get(term) ?? 31;
    return position < 31 ? 1 << position : 0;
  };
  const parts = unit.parts.reduce((m, p) => m | bitOf(p), 0);
  if (unit.kind === 'cjk') return (mask) => bitCount(mask & parts) >= unit.need;
  const whole = bitOf(unit.whole);
  const anyVariant = (variants.get(unit) ?? []).reduce((m, v) => m | bitOf(v), 0);
  return (mask) => (mask & whole) !== 0 || (parts !== 0 && (mask & parts) === parts) || (mask & anyVariant) !== 0;
}

/** The sections a search matched, best first, and the match details of one on demand. */
interface Ranked {
  /** Sections matched in all. */
  total: number;
  /**
   * Record keys, best first, of the sections a page of hits can show: of the `wanted` pages whose best
   * section ranks first, each page's own record and its `SECTIONS_PER_PAGE` best sections. The grouping
   * of `runSearch` picks the same ones from this list as from all matched sections, without sorting them all.
   */
  ids: number[];
  /** What the section at rank `i` matched (built only for the hits shown). */
  detail(i: number): Scored;
}

/**
 * Runs the plan as one OR query, then keeps the records that satisfy every unit; when no record does, those
 * that satisfy the most units (as Algolia's `removeWordsIfNoResults`), so a stray word does not empty the
 * list. The postings' tails are fetched when the heads give fewer than `wanted` such records.
 */
async function matchPlan(index: Index, plan: QueryPlan, wanted: number): Promise<Ranked> {
  const prefixTerms = new Set<string>();
  for (const unit of plan.units) {
    if (!unit.prefix) continue;
    prefixTerms.add(unit.whole);
    if (unit.parts.length) prefixTerms.add(unit.parts[unit.parts.length - 1]);
  }
  // A word the index holds in a few sections (or, while it is being typed, a word it starts) is most likely
  // spelt right: its typo variants must share two letters with it, so the dictionary range read for them
  // is small.
  const known = new Set<string>();
  const latin = [...new Set(plan.units.flatMap((u) => (u.kind === 'latin' ? [u.whole, ...u.parts] : [])))].filter((t) => typos(t));
  await Promise.all(latin.map(async (t) => (await index.hasTerm(t, prefixTerms.has(t))) && known.add(t)));
  const variants = new Map<QueryUnit, string[]>();
  const fuzzyPrefix = (term: string) => (known.has(term) ? KNOWN_FUZZY_PREFIX : FUZZY_PREFIX);
  await Promise.all(plan.units.map(async (unit) => unit.kind === 'latin' && variants.set(unit, await transpositions(index, unit.whole, fuzzyPrefix(unit.whole)))));
  const weak = new Set<string>();
  const terms = new Set<string>();
  for (const unit of plan.units) {
    for (const term of unitTerms(unit, variants)) terms.add(term);
    for (const v of variants.get(unit) ?? []) weak.add(v);
  }
  for (const term of plan.bonus) terms.add(term);
  // A one-character query being typed matches too much text to rank usefully: it looks in titles and
  // headings only, which also keeps the first keystroke fast.
  const only = plan.units.length === 1 ? plan.units[0] : null;
  const short = only?.prefix && [...only.whole].length === 1;
  const fields = short ? [0, 1, 2] : FIELDS.map((_, i) => i);
  const queries: TermQuery[] = [...terms].map((term) => ({
    term,
    prefix: prefixTerms.has(term),
    fuzzy: weak.has(term) ? 0 : typos(term),
    fuzzyPrefix: fuzzyPrefix(term),
    boost: weak.has(term) ? TRANSPOSITION_WEIGHT : 1,
  }));
  const derived = await deriveTerms(index, queries);
  const simple = only && (only.kind === 'cjk' ? only.need === 1 && only.parts.length === 1 : !only.parts.length && !variants.get(only)?.length);
  const names = [...terms];
  const sources = new Map(names.map((term, i) => [term, i]));
  const tests = plan.units.map((unit) => unitTest(unit, sources, variants));

  const rank = (postings: Map<string, TermPostings>): { ranked: Ranked; complete: number } => {
    const scores = score(index, derived, sources, postings, fields);
    const total = scores.keys.length;
    const final = scores.sums.map((sum, slot) => sum * (bitCount(scores.masks[slot]) || 1));
    let kept: number[] = [];
    let complete = 0;
    if (simple) {
      // One word with one term: every result matched it.
      kept = Array.from({ length: total }, (_, slot) => slot);
      complete = total;
    } else {
      const counts = scores.masks.map((mask) => tests.reduce((n, test) => n + (test(mask) ? 1 : 0), 0));
      const best = counts.reduce((m, c) => Math.max(m, c), 0);
      if (best) for (let slot = 0; slot < total; slot++) if (counts[slot] === best) kept.push(slot);
      complete = best === plan.units.length ? kept.length : 0;
    }
    // Algolia's order of criteria after matched words: the best attribute a word matched in, then relevance.
    const before = (x: number, y: number) => scores.best[x] - scores.best[y] || final[y] - final[x] || scores.keys[x] - scores.keys[y];
    const pages = new Map<number, { top: number; own: number; sections: number[] }>();
    for (const slot of kept) {
      const key = scores.keys[slot];
      const pageKey = key - (key % PAGE_SPAN);
      let page = pages.get(pageKey);
      if (!page) pages.set(pageKey, (page = { top: slot, own: -1, sections: [] }));
      else if (before(slot, page.top) < 0) page.top = slot;
      if (key === pageKey) page.own = slot;
      else {
        const sections = page.sections;
        let at = sections.length;
        while (at > 0 && before(slot, sections[at - 1]) < 0) at--;
        if (at < SECTIONS_PER_PAGE) sections.splice(at, 0, slot);
        if (sections.length > SECTIONS_PER_PAGE) sections.pop();
      }
    }
    const shown = [...pages.values()]
      .sort((a, b) => before(a.top, b.top))
      .slice(0, wanted)
      .flatMap((page) => (page.own >= 0 ? [page.own, ...page.sections] : page.sections))
      .sort(before);
    const ranked: Ranked = {
      total: kept.length,
      ids: shown.map((slot) => scores.keys[slot]),
      detail(i) {
        const slot = shown[i];
        const matched = new Set<string>();
        for (let m = scores.firstMatch[slot]; m >= 0; m = scores.matchNext[m]) matched.add(derived[scores.matchTerm[m]].term);
        return { id: scores.keys[slot], score: final[slot], terms: [...matched], queryTerms: names.filter((_, bit) => bit < 31 && (scores.masks[slot] & (1 << bit)) !== 0) };
      },
    };
    return { ranked, complete };
  };
  const termNames = derived.map((d) => d.term);
  const heads = await index.postingsOf(termNames, false);
  const first = rank(heads);
  const tails = [...heads.values()].some((p) => p.tail);
  if (!tails || first.complete >= wanted) return first.ranked;
  return rank(await index.postingsOf(termNames, true)).ranked;
}

function matchesFilters(record: Pick<SearchRecord, 'lang' | 'version'> & Partial<SearchRecord>, filters: SearchParams['facetFilters']): boolean {
  if (!filters) return true;
  const list = typeof filters === 'string' ? [filters] : filters;
  const test = (f: string) => {
    const negate = f.startsWith('-');
    const [attr, ...rest] = (negate ? f.slice(1) : f).split(':');
    const ok = String((record as unknown as Record<string, unknown>)[attr] ?? '') === rest.join(':');
    return negate ? !ok : ok;
  };
  return list.every((f) => (Array.isArray(f) ? f.some(test) : test(f)));
}

/** Whether every facet filter names an attribute the whole index shares (`lang`, `version`). */
function indexWideFilters(filters: SearchParams['facetFilters']): boolean {
  const list = (typeof filters === 'string' ? [filters] : (filters ?? [])).flat();
  return list.every((f) => /^-?(lang|version):/.test(f));
}

async function runSearch(index: Index, params: SearchParams, superseded?: () => boolean): Promise<SearchResponse | undefined> {
  const started = Date.now();
  const hitsPerPage = params.hitsPerPage ?? 20;
  const plan = parseQuery(params.query ?? '');
  const queryTerms = [...new Set(plan.units.flatMap((u) => (u.kind === 'latin' ? [u.whole] : u.parts)))];
  const empty: SearchResponse = {
    hits: [],
    nbHits: 0,
    page: 0,
    nbPages: 0,
    hitsPerPage,
    processingTimeMS: 0,
    exhaustiveNbHits: true,
    query: params.query ?? '',
    params: '',
  };
  if (!queryTerms.length) return empty;
  const indexWide = indexWideFilters(params.facetFilters);
  if (indexWide && !matchesFilters({ lang: index.entry.lang, version: index.entry.version }, params.facetFilters)) return empty;

  const results = await matchPlan(index, plan, hitsPerPage);

  // Pages in the order of their best hit; under each, the page's own record (section 0), then its best
  // sections. The dialog shows at most `maxHitsPerGroup` hits of one lvl0 group and `hitsPerPage` in all:
  // only those are chosen, so only their display text is downloaded.
  const byPage = new Map<number, { page?: Scored; sections: Scored[] }>();
  results.ids.forEach((id, rank) => {
    const pageKey = id - (id % PAGE_SPAN);
    let entry = byPage.get(pageKey);
    if (!entry) {
      if (byPage.size >= hitsPerPage) return;
      byPage.set(pageKey, (entry = { sections: [] }));
    }
    if (id === pageKey) entry.page = results.detail(rank);
    else if (entry.sections.length < SECTIONS_PER_PAGE) entry.sections.push(results.detail(rank));
  });
  const perGroup = params.maxHitsPerGroup ?? Infinity;
  const groupCounts = new Map<number, number>();
  const chosen: { key: number; result?: Scored }[] = [];
  for (const [pageKey, entry] of byPage) {
    const group = index.groupOf(pageKey / PAGE_SPAN);
    for (const hit of [{ key: pageKey, result: entry.page }, ...entry.sections.map((r) => ({ key: r.id, result: r }))]) {
      const count = groupCounts.get(group) ?? 0;
      if (chosen.length >= hitsPerPage || count >= perGroup) break;
      groupCounts.set(group, count + 1);
      chosen.push(hit);
    }
    if (chosen.length >= hitsPerPage) break;
  }

  if (superseded?.()) return undefined;
  // A page's own record that matched nothing shows only the page's title: taken from a section of the
  // page that is shown anyway, when there is one, instead of downloading the page's first fragment.
  const shownSections = new Map<number, number>();
  for (const { key } of chosen) if (key % PAGE_SPAN && !shownSections.has(key - (key % PAGE_SPAN))) shownSections.set(key - (key % PAGE_SPAN), key);
  const records = await Promise.all(
    chosen.map(async ({ key, result }) => {
      const section = shownSections.get(key);
      if (result || section === undefined) return index.recordOf(key);
      const other = await index.recordOf(section);
      return other && pageRecordOf(other);
    }),
  );
  const snippetLengths = parseSnippetLengths(params.attributesToSnippet);
  const tags = {
    pre: params.highlightPreTag ?? '<mark>',
    post: params.highlightPostTag ?? '</mark>',
    ellipsis: params.snippetEllipsisText ?? '…',
  };
  const hits: SearchHit[] = [];
  chosen.forEach(({ result }, i) => {
    const record = records[i];
    if (record && (indexWide || matchesFilters(record, params.facetFilters))) hits.push(toHit(record, result ? marked(result) : [], queryTerms, snippetLengths, tags));
  });
  return {
    ...empty,
    hits,
    nbHits: results.total,
    nbPages: Math.ceil(results.total / hitsPerPage),
    processingTimeMS: Date.now() - started,
  };
}

/** The page's own record as far as a section of it tells: url, title, lvl0; no text. */
function pageRecordOf(section: SearchRecord): SearchRecord {
  const url = section.url.split('#')[0];
  const hierarchy = { ...section.hierarchy, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
  return { ...section, objectID: url, url, type: 'lvl1', content: null, hierarchy };
}

/**
 * The terms to highlight in a hit: the Latin index terms it matched (a prefix or typo match marks the whole
 * word), and the CJK query bigrams it matched (an index term may run past what was typed).
 */
function marked(result: Scored): string[] {
  return [...result.terms.filter((t) => !isCjk(t)), ...result.queryTerms.filter((t) => isCjk(t))];
}

function parseSnippetLengths(list: string[] | undefined): Map<string, number> {
  const out = new Map<string, number>();
  for (const entry of list ?? ['content:10']) {
    const [attr, n] = entry.split(':');
    out.set(attr, Number(n) || 10);
  }
  return out;
}

interface Tags {
  pre: string;
  post: string;
  ellipsis: string;
}

function toHit(record: SearchRecord, matched: string[], queryTerms: string[], snippets: Map<string, number>, tags: Tags): SearchHit {
  const terms = [...new Set(matched)].sort((a, b) => b.length - a.length);
  const [path, anchor] = record.url.split('#');
  const highlight: SearchHit['_highlightResult'] = { hierarchy: {} };
  const snippet: SearchHit['_snippetResult'] = { hierarchy: {} };
  for (const level of LEVELS) {
    const text = record.hierarchy[level];
    if (text === null) continue;
    const ranges = matchRanges(text, terms);
    highlight.hierarchy[level] = highlightResult(text, ranges, queryTerms, tags);
    const length = snippets.get(`hierarchy.${level}`);
    if (length) snippet.hierarchy[level] = snippetResult(text, ranges, length, tags);
  }
  let type = record.type;
  if (record.content !== null) {
    const ranges = matchRanges(record.content, terms);
    highlight.content = highlightResult(record.content, ranges, queryTerms, tags);
    snippet.content = snippetResult(record.content, ranges, snippets.get('content') ?? 10, tags);
    // A section found by its heading alone shows as that heading, not as an unrelated piece of its text.
    if (type === 'content' && !ranges.length && terms.length) type = deepestLevel(record.hierarchy);
  }
  return { ...record, type, url_without_anchor: path, anchor: anchor ?? null, _highlightResult: highlight, _snippetResult: snippet };
}

/**
 * Where `terms` occur in `text`, merged, sorted `[start, end)` ranges. Latin terms match at a word start (or
 * a camelCase or dotted part's start); CJK terms anywhere.
 */
export function matchRanges(text: string, terms: string[]): [number, number][] {
  if (!terms.length || !text) return [];
  const lower = text.toLowerCase();
  const sameLength = lower.length === text.length;
  const ranges: [number, number][] = [];
  for (const term of terms) {
    if (!term) continue;
    for (let i = lower.indexOf(term); i !== -1; i = lower.indexOf(term, i + term.length)) {
      if (!sameLength) break;
      if (isCjk(term) || isWordStart(text, i)) ranges.push([i, i + term.length]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

function isWordStart(text: string, i: number): boolean {
  if (i === 0) return true;
  const prev = text[i - 1];
  if (!/[\p{L}\p{N}]/u.test(prev)) return true;
  return /[a-z\d]/.test(prev) && /[A-Z]/.test(text[i]);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** HTML-escapes `text`. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Escaped `text[from, to)` with `ranges` wrapped in the tags (ranges are clipped to the slice). */
function markUp(text: string, ranges: [number, number][], tags: Tags, from = 0, to = text.length): string {
  let out = '';
  let at = from;
  for (const [s, e] of ranges) {
    const start = Math.max(s, from);
    const end = Math.min(e, to);
    if (end <= start) continue;
    out += escapeHtml(text.slice(at, start)) + tags.pre + escapeHtml(text.slice(start, end)) + tags.post;
    at = end;
  }
  return out + escapeHtml(text.slice(at, to));
}

function matchLevelOf(text: string, ranges: [number, number][], queryTerms: string[]): { level: HighlightResult['matchLevel']; words: string[] } {
  if (!ranges.length) return { level: 'none', words: [] };
  const lower = text.toLowerCase();
  const words = queryTerms.filter((q) => lower.includes(q));
  return { level: words.length >= queryTerms.length ? 'full' : 'partial', words: words.length ? words : queryTerms.slice(0, 1) };
}

function highlightResult(text: string, ranges: [number, number][], queryTerms: string[], tags: Tags): HighlightResult {
  const { level, words } = matchLevelOf(text, ranges, queryTerms);
  const covered = ranges.reduce((n, [s, e]) => n + text.slice(s, e).replace(/\s/g, '').length, 0);
  return { value: markUp(text, ranges, tags), matchLevel: level, matchedWords: words, fullyHighlighted: covered >= text.replace(/\s/g, '').length };
}

/**
 * A window of `length` words around the first match (a third of the window before it), with the ellipsis
 * where text was cut. CJK words are counted as the segmenter cuts them.
 */
function snippetResult(text: string, ranges: [number, number][], length: number, tags: Tags): SnippetResult {
  // A lone CJK character counts as half a word (ICU often cuts Chinese into characters).
  const words: { index: number; segment: string }[] = [];
  for (const w of segmentWords(text)) {
    if (!w.isWordLike) continue;
    const last = words[words.length - 1];
    if (w.segment.length === 1 && isCjk(w.segment) && last && last.segment.length === 1 && isCjk(last.segment) && last.index + 1 === w.index) {
      words[words.length - 1] = { index: last.index, segment: last.segment + w.segment };
    } else words.push({ index: w.index, segment: w.segment });
  }
  const level: SnippetResult['matchLevel'] = ranges.length ? 'full' : 'none';
  if (words.length <= length) return { value: markUp(text, ranges, tags), matchLevel: level };
  const first = ranges.length ? Math.max(0, words.findIndex((w) => w.index + w.segment.length > ranges[0][0])) : 0;
  let start = Math.max(0, first - Math.floor(length / 3));
  start = Math.min(start, words.length - length);
  const end = start + length - 1;
  const from = start === 0 ? 0 : words[start].index;
  const to = end >= words.length - 1 ? text.length : words[end].index + words[end].segment.length;
  const value = (from > 0 ? tags.ellipsis : '') + markUp(text, ranges, tags, from, to).trim() + (to < text.length ? tags.ellipsis : '');
  return { value, matchLevel: level };
}
