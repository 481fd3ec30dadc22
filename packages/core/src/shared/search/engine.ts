/**
 * The local search engine: a MiniSearch index (BM25, prefix and typo-tolerant matching) over the search
 * records of one locale, built at build time and loaded in the browser when the search dialog is about to
 * open. It answers in the shape of Algolia's search response, so DocSearch's dialog renders its hits as it
 * renders Algolia's. The same code runs in Node (build, tests, benchmark) and in the browser.
 */
import MiniSearch, { type Options, type Query, type SearchResult } from 'minisearch';
import { isCjk, parseQuery, segmentWords, tokenize, type QueryPlan, type QueryUnit } from './tokenize.js';
import type {
  HighlightResult,
  SearchHierarchy,
  SearchHit,
  SearchParams,
  SearchRecord,
  SearchRecordType,
  SearchResponse,
  SerializedSearchIndex,
  SnippetResult,
} from './types.js';

const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
/** A page shows its own record plus at most this many of its sections, so one page cannot fill a group. */
const SECTIONS_PER_PAGE = 3;
/**
 * Field weights. A page title outweighs a section heading, which outweighs the headings above a section
 * and the text: the order of DocSearch's searchable attributes (lvl1, lvl2…, content), so a page named
 * after the query comes before a page with a section of that name.
 */
const FIELD_BOOST = { title: 6, heading: 3, parents: 1.2, content: 1 };

/** Weight of an index term one transposition away from a query word, as of a typo. */
const TRANSPOSITION_WEIGHT = 0.3;

interface IndexedDocument {
  id: number;
  /** The page title, in the page's own record only. */
  title: string;
  /** A section's own heading. */
  heading: string;
  /** Page title and the headings above this one. */
  parents: string;
  content: string;
}

/** Indexed fields, most important first. */
const FIELDS = ['title', 'heading', 'parents', 'content'] as const;

const MINISEARCH_OPTIONS: Options<IndexedDocument> = {
  fields: [...FIELDS],
  storeFields: [],
  tokenize,
  // tokenize() already lowercases and drops stop words.
  processTerm: (term) => term,
  searchOptions: {
    tokenize: (text) => [text],
    processTerm: (term) => term,
  },
};

/**
 * Typos allowed in a Latin query word: none below 4 characters, 1 up to 7, 2 from 8 (Algolia's
 * `minWordSizefor1Typo` and `minWordSizefor2Typos` defaults). CJK bigrams match exactly.
 */
function typos(term: string): number | false {
  return isCjk(term) || term.length < 4 ? false : term.length >= 8 ? 2 : 1;
}

/** The deepest heading level a record has, e.g. `lvl3`. */
function deepestLevel(h: SearchHierarchy): (typeof LEVELS)[number] {
  for (let i = 6; i >= 1; i--) if (h[LEVELS[i]]) return LEVELS[i];
  return 'lvl1';
}

function toDocument(record: SearchRecord, id: number): IndexedDocument {
  const own = record.type === 'lvl1' ? 'lvl1' : deepestLevel(record.hierarchy);
  const ownIndex = LEVELS.indexOf(own);
  const parents = LEVELS.slice(1, ownIndex).map((l) => record.hierarchy[l]).filter(Boolean).join(' ');
  const ownText = record.hierarchy[own] ?? '';
  return { id, title: own === 'lvl1' ? ownText : '', heading: own === 'lvl1' ? '' : ownText, parents, content: record.content ?? '' };
}

/**
 * Builds the index file of one locale from its records (build time).
 * @param records one locale's records, in site order
 */
export function buildSearchIndex(records: SearchRecord[], { lang, version = '' }: { lang: string; version?: string }): SerializedSearchIndex {
  const mini = new MiniSearch<IndexedDocument>(MINISEARCH_OPTIONS);
  mini.addAll(records.map(toDocument));
  return {
    v: 1,
    lang,
    version,
    records: records.map((r) => {
      const row: (string | null)[] = [r.url, r.type, r.content, ...LEVELS.map((l) => r.hierarchy[l])];
      while (row.length > 5 && row[row.length - 1] === null) row.pop();
      return row;
    }),
    index: packIndex(mini.toJSON() as unknown as PlainIndex),
  };
}

/** `MiniSearch#toJSON()` as far as packing needs it. */
interface PlainIndex {
  documentCount: number;
  nextId: number;
  documentIds: Record<string, number>;
  fieldIds: Record<string, number>;
  fieldLength: Record<string, number[]>;
  averageFieldLength: number[];
  storedFields: Record<string, unknown>;
  dirtCount?: number;
  index: [string, Record<string, Record<string, number>>][];
  serializationVersion: number;
}

/**
 * The index in a compact form: postings as delta-coded document ids, term frequencies only where one is
 * not 1, field lengths as one flat array. About half of MiniSearch's own JSON, before and after gzip.
 * Document ids equal their positions (records are added once, never removed).
 */
interface PackedIndex {
  /** Fields in id order. */
  fields: string[];
  /** Per document, the length of each field, flattened. */
  lengths: number[];
  averages: number[];
  /** term, then per field: field id, delta-coded document ids, frequencies (0 when all are 1). */
  terms: (string | number | number[])[][];
}

function packIndex(js: PlainIndex): PackedIndex {
  const fields = Object.entries(js.fieldIds).sort((a, b) => a[1] - b[1]).map(([f]) => f);
  const lengths: number[] = [];
  for (let id = 0; id < js.documentCount; id++) lengths.push(...(js.fieldLength[id] ?? fields.map(() => 0)));
  const terms = js.index.map(([term, byField]) => {
    const row: (string | number | number[])[] = [term];
    for (const [fieldId, postings] of Object.entries(byField)) {
      const ids = Object.keys(postings).map(Number).sort((a, b) => a - b);
      const freqs = ids.map((id) => postings[id]);
      row.push(Number(fieldId), ids.map((id, i) => id - (i ? ids[i - 1] : 0)), freqs.every((f) => f === 1) ? 0 : freqs);
    }
    return row;
  });
  return { fields, lengths, averages: js.averageFieldLength, terms };
}

function unpackIndex(packed: PackedIndex, count: number): PlainIndex {
  const width = packed.fields.length;
  const documentIds: Record<string, number> = {};
  const fieldLength: Record<string, number[]> = {};
  for (let id = 0; id < count; id++) {
    documentIds[id] = id;
    fieldLength[id] = packed.lengths.slice(id * width, id * width + width);
  }
  const index = packed.terms.map(([term, ...rest]) => {
    const byField: Record<string, Record<string, number>> = {};
    for (let i = 0; i < rest.length; i += 3) {
      const deltas = rest[i + 1] as number[];
      const freqs = rest[i + 2] as number[] | 0;
      const postings: Record<string, number> = {};
      let id = 0;
      deltas.forEach((d, j) => {
        id += d;
        postings[id] = freqs ? freqs[j] : 1;
      });
      byField[rest[i] as number] = postings;
    }
    return [term as string, byField] as [string, Record<string, Record<string, number>>];
  });
  return {
    documentCount: count,
    nextId: count,
    documentIds,
    fieldIds: Object.fromEntries(packed.fields.map((f, i) => [f, i])),
    fieldLength,
    averageFieldLength: packed.averages,
    storedFields: {},
    dirtCount: 0,
    index,
    serializationVersion: 2,
  };
}

/** A loaded index: searches one locale's records. */
export interface LocalSearchEngine {
  readonly records: SearchRecord[];
  /** Runs one search; never throws for any query text. */
  search(params: SearchParams): SearchResponse;
}

/**
 * Loads an index file made by `buildSearchIndex`.
 * @throws Error when the file is of another format version.
 */
export function loadSearchIndex(data: SerializedSearchIndex): LocalSearchEngine {
  if (data?.v !== 1) throw new Error(`Unsupported search index format ${String(data?.v)}; rebuild the site`);
  const records: SearchRecord[] = data.records.map((row) => {
    const [url, type, content, ...levels] = row as [string, SearchRecordType, string | null, ...(string | null)[]];
    const hierarchy = Object.fromEntries(LEVELS.map((l, i) => [l, levels[i] ?? null])) as unknown as SearchHierarchy;
    return { objectID: url, url, type, content, hierarchy, lang: data.lang, version: data.version };
  });
  const packed = data.index as PackedIndex;
  const vocabulary = new Set(packed.terms.map(([term]) => term as string));
  const mini = MiniSearch.loadJS<IndexedDocument>(unpackIndex(packed, records.length) as never, MINISEARCH_OPTIONS);
  // Each record's page record (its lvl1), or -1: grouping hits by page then needs no URL parsing.
  const pageIds = new Map<string, number>();
  records.forEach((r, id) => {
    if (r.type === 'lvl1') pageIds.set(r.url, id);
  });
  const pageOf = Int32Array.from(records, (r) => pageIds.get(r.url.split('#')[0]) ?? -1);
  return {
    records,
    search: (params) => runSearch({ mini, vocabulary, records, pageOf }, params),
  };
}

/**
 * Index terms one transposition of adjacent letters away from `word` (`nabvar` → `navbar`): Levenshtein
 * distance counts a transposition as two edits, more than a 4–7 letter word is allowed.
 */
function transpositions(word: string, vocabulary: Set<string>): string[] {
  if (word.length < 4 || isCjk(word)) return [];
  const out: string[] = [];
  for (let i = 0; i + 1 < word.length; i++) {
    if (word[i] === word[i + 1]) continue;
    const swapped = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    if (vocabulary.has(swapped)) out.push(swapped);
  }
  return out;
}

/** The most important field any query term matched in, as its position in `MINISEARCH_OPTIONS.fields`. */
function bestField(result: SearchResult): number {
  let best: number = FIELDS.length;
  for (const fields of Object.values(result.match)) for (const f of fields) best = Math.min(best, FIELDS.indexOf(f as (typeof FIELDS)[number]));
  return best;
}

/** The query terms that can satisfy `unit`. */
function unitTerms(unit: QueryUnit, variants: Map<QueryUnit, string[]>): string[] {
  return unit.kind === 'latin' ? [unit.whole, ...unit.parts, ...(variants.get(unit) ?? [])] : unit.parts;
}

/** Whether a record whose matched query terms are `matched` satisfies `unit`. */
function satisfies(unit: QueryUnit, matched: Set<string>, variants: Map<QueryUnit, string[]>): boolean {
  if (unit.kind === 'cjk') return unit.parts.filter((p) => matched.has(p)).length >= unit.need;
  if (matched.has(unit.whole)) return true;
  if (unit.parts.length && unit.parts.every((p) => matched.has(p))) return true;
  return (variants.get(unit) ?? []).some((v) => matched.has(v));
}

/**
 * Runs the plan as one OR query, then keeps the records that satisfy every unit; when no record does, those
 * that satisfy the most units (as Algolia's `removeWordsIfNoResults`), so a stray word does not empty the
 * list. MiniSearch multiplies a record's score by the number of query terms it matched.
 */
function matchPlan(mini: MiniSearch<IndexedDocument>, vocabulary: Set<string>, plan: QueryPlan): SearchResult[] {
  const variants = new Map<QueryUnit, string[]>();
  for (const unit of plan.units) if (unit.kind === 'latin') variants.set(unit, transpositions(unit.whole, vocabulary));
  const prefixTerms = new Set<string>();
  const weak = new Set<string>();
  const terms = new Set<string>();
  for (const unit of plan.units) {
    for (const term of unitTerms(unit, variants)) terms.add(term);
    if (unit.prefix) {
      prefixTerms.add(unit.whole);
      if (unit.parts.length) prefixTerms.add(unit.parts[unit.parts.length - 1]);
    }
    for (const v of variants.get(unit) ?? []) weak.add(v);
  }
  for (const term of plan.bonus) terms.add(term);
  // A one-character query being typed matches too much text to rank usefully: it looks in titles and
  // headings only, which also keeps the first keystroke fast.
  const only = plan.units.length === 1 ? plan.units[0] : null;
  const short = only?.prefix && [...only.whole].length === 1;
  const results = mini.search(
    { combineWith: 'OR', queries: [...terms] },
    {
      ...(short ? { fields: ['title', 'heading', 'parents'] } : {}),
      boost: FIELD_BOOST,
      prefix: (term) => prefixTerms.has(term),
      fuzzy: (term) => (weak.has(term) ? false : typos(term)),
      boostTerm: (term) => (weak.has(term) ? TRANSPOSITION_WEIGHT : 1),
      weights: { fuzzy: 0.3, prefix: 0.6 },
    },
  );
  const simple = only && (only.kind === 'cjk' ? only.need === 1 && only.parts.length === 1 : !only.parts.length && !variants.get(only)?.length);
  // One word with one term: every result matched it.
  if (simple) return byAttribute(results);
  let best = 0;
  const scored = results.map((r) => {
    const matched = new Set(r.queryTerms);
    const count = plan.units.filter((u) => satisfies(u, matched, variants)).length;
    best = Math.max(best, count);
    return { r, count };
  });
  if (!best) return [];
  return byAttribute(scored.filter((s) => s.count === best).map((s) => s.r));
}

/** Algolia's order of criteria after matched words: the best attribute a word matched in, then relevance. */
function byAttribute(results: SearchResult[]): SearchResult[] {
  return results
    .map((r) => ({ r, attribute: bestField(r) }))
    .sort((a, b) => a.attribute - b.attribute || b.r.score - a.r.score)
    .map((s) => s.r);
}

function matchesFilters(record: SearchRecord, filters: SearchParams['facetFilters']): boolean {
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

/** A loaded index and what `loadSearchIndex` derived from it. */
interface Loaded {
  mini: MiniSearch<IndexedDocument>;
  vocabulary: Set<string>;
  records: SearchRecord[];
  /** Record id → id of its page's lvl1 record, or -1. */
  pageOf: Int32Array;
}

function runSearch({ mini, vocabulary, records, pageOf }: Loaded, params: SearchParams): SearchResponse {
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

  const results = matchPlan(mini, vocabulary, plan).filter((r) => matchesFilters(records[r.id as number], params.facetFilters));

  // Pages in the order of their best hit; under each, the page's own record, then its best sections. No
  // more pages than hits are shown.
  const byPage = new Map<number, { pageId: number; page?: SearchResult; sections: SearchResult[] }>();
  for (const r of results) {
    const id = r.id as number;
    const pageId = pageOf[id];
    const key = pageId === -1 ? -1 - id : pageId;
    let entry = byPage.get(key);
    if (!entry) {
      if (byPage.size >= hitsPerPage) continue;
      byPage.set(key, (entry = { pageId, sections: [] }));
    }
    if (id === pageId) entry.page = r;
    else if (entry.sections.length < SECTIONS_PER_PAGE) {
      // Pieces of one long section share its url: the best one stands for all.
      const url = records[id].url;
      if (url !== records[pageId]?.url && !entry.sections.some((s) => records[s.id as number].url === url)) entry.sections.push(r);
    }
  }

  const snippetLengths = parseSnippetLengths(params.attributesToSnippet);
  const tags = {
    pre: params.highlightPreTag ?? '<mark>',
    post: params.highlightPostTag ?? '</mark>',
    ellipsis: params.snippetEllipsisText ?? '…',
  };
  const hits: SearchHit[] = [];
  for (const entry of byPage.values()) {
    if (hits.length >= hitsPerPage) break;
    const pageId = entry.pageId;
    if (pageId !== -1) hits.push(toHit(records[pageId], entry.page ? marked(entry.page) : [], queryTerms, snippetLengths, tags));
    for (const section of entry.sections) {
      if (hits.length >= hitsPerPage) break;
      hits.push(toHit(records[section.id as number], marked(section), queryTerms, snippetLengths, tags));
    }
  }
  return {
    ...empty,
    hits,
    nbHits: results.length,
    nbPages: Math.ceil(results.length / hitsPerPage),
    processingTimeMS: Date.now() - started,
  };
}

/**
 * The terms to highlight in a hit: the Latin index terms it matched (a prefix or typo match marks the whole
 * word), and the CJK query bigrams it matched (an index term may run past what was typed).
 */
function marked(result: SearchResult): string[] {
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
