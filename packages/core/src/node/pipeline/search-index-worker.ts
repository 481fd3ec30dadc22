/**
 * Worker-thread side of the search phase: builds one locale's local index, so that the main thread stays
 * free for the bundler's plugin calls while it runs. With a memo file, the term counts of every field text
 * are remembered from one full build to the next (`TermMemo`): the tokenizer then runs only on the text that
 * changed. With a state file and the pages' keys, the index is updated from the last build's state
 * (`updateSearchIndex`): only the pages whose key changed are counted, and only their terms' rows made.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import * as z from 'zod';
import { column, isNumber, isString } from './columns.js';
import { buildSearchIndex, countTerms, updateSearchIndex, type BuildIndexOptions, type IndexState } from '../../shared/search/build-index.js';
import type { SearchRecord } from '../../shared/search/types.js';
import { readChecked, writeChecked } from './page-cache.js';
import { contentHash } from './update-output.js';

/** One locale's records and language. */
export interface IndexTask {
  records: SearchRecord[];
  lang: string;
  /** Where the index's fragments go, relative to its entry (`fragmentLayout`); default `search/<lang>/`. */
  fragments?: string;
  /** The locale's term memo in the cache (absent with the cache off). */
  memoFile?: string;
  /** What the memo's counts depend on besides the text (docgen's code, the index format): a memo of another stamp is not used. */
  stamp?: string;
  /** A key per page, in page order, equal for equal records (`BuildIndexOptions.pageKeys`). */
  pageKeys?: string[];
  /** The locale's index state in the cache (absent with the cache off): read to update the index, written for the next build. */
  stateFile?: string;
}

/**
 * A memo file, in columns (arrays of strings and numbers parse and check ~10× faster than one small array
 * per text): text i has `sizes[i]` terms, which follow those of the texts before it in `terms` and `counts`.
 */
const memoSchema = z
  .object({ stamp: z.string(), keys: column(isString), sizes: column(isCount), terms: column(isString), counts: column(isNumber) })
  .refine((m) => m.sizes.length === m.keys.length && m.counts.length === m.terms.length && m.sizes.reduce((a, b) => a + b, 0) === m.terms.length);
type MemoFile = z.infer<typeof memoSchema>;

function isCount(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0;
}

/** The locale's index (`buildSearchIndex`, or `updateSearchIndex` of its state file), serialized as one JSON text. */
export default function indexLocale(task: IndexTask): string {
  const options: BuildIndexOptions = { lang: task.lang, layout: { fragments: task.fragments }, pageKeys: task.pageKeys };
  const stamp = task.stamp ?? '';
  const last = task.stateFile && task.pageKeys ? readIndexState(task.stateFile, stamp) : undefined;
  // An update counts only the changed pages' texts, without the memo: the memo would then be written
  // again with those texts alone, and the next full build would count every other text again.
  let built = last && updateSearchIndex(last, task.records, options);
  if (!built) {
    const memo = task.memoFile ? new TermMemo(readMemo(task.memoFile, stamp)) : undefined;
    if (memo) options.termCounts = (text, add) => memo.count(text, add);
    built = buildSearchIndex(task.records, options);
    if (memo?.changed) writeChecked(task.memoFile!, memoFile(stamp, memo.used));
  }
  const { entry, files, state } = built;
  if (task.stateFile) {
    if (state) writeChecked(task.stateFile, { stamp, ...state } satisfies StateFile);
    else fs.rmSync(task.stateFile, { force: true });
  }
  const hashes: Record<string, string> = {};
  for (const name in files) hashes[name] = contentHash(files[name]);
  return JSON.stringify({ entry, files, hashes });
}

/** A state file: the state and the stamp it was made under. */
type StateFile = IndexState & { stamp: string };

const STATE_STRINGS = ['lang', 'version', 'shards', 'fragments', 'stamp'] as const;
const STATE_STRING_COLUMNS = ['pageKeys', 'paths', 'pageTerms', 'terms', 'rows', 'tails'] as const;
const STATE_NUMBER_COLUMNS = ['sections', 'totals', 'termCounts', 'termHashes', 'sizes', 'counts'] as const;

/** Whether `value` has the fields and column kinds of a state file (the checksum proves docgen wrote it). */
function isStateFile(value: unknown): value is StateFile {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Record<string, unknown>;
  return (
    STATE_STRINGS.every((name) => typeof state[name] === 'string') &&
    STATE_STRING_COLUMNS.every((name) => Array.isArray(state[name]) && (state[name] as unknown[]).every(isString)) &&
    STATE_NUMBER_COLUMNS.every((name) => Array.isArray(state[name]) && (state[name] as unknown[]).every(isNumber))
  );
}

/** The index state of `stamp` in `file`; undefined when it is missing, damaged or of another stamp. */
function readIndexState(file: string, stamp: string): IndexState | undefined {
  const state = readChecked(file, (json) => (isStateFile(json) ? json : undefined));
  return state && state.stamp === stamp ? state : undefined;
}

/**
 * The counts of one text: terms `terms[from]`…`terms[to - 1]` with `counts[i]` each. A memo file's texts
 * share its two columns, so that reading it makes one small array per text, not one per term.
 */
export type TermRun = readonly [terms: readonly string[], counts: readonly number[], from: number, to: number];

/**
 * Term counts by a hash of the field text: those of the last build (`previous`), and those asked for in
 * this one (`used`), which the memo file keeps for the next.
 */
export class TermMemo {
  readonly used = new Map<string, TermRun>();
  private fresh = false;

  constructor(private readonly previous: ReadonlyMap<string, TermRun> = new Map()) {}

  /** `countTerms(text)`, remembered, given to `add` term by term (a `TermCounter`). */
  count(text: string, add: (term: string, count: number) => void): void {
    const key = crypto.hash('sha256', text, 'base64url').slice(0, 24);
    let run = this.used.get(key) ?? this.previous.get(key);
    if (!run) {
      const pairs = countTerms(text);
      run = [pairs.map(([term]) => term), pairs.map(([, n]) => n), 0, pairs.length];
      this.fresh = true;
    }
    this.used.set(key, run);
    const [terms, counts, from, to] = run;
    for (let i = from; i < to; i++) add(terms[i], counts[i]);
  }

  /** True when this build counted a text the last did not, or no longer has one it had. */
  get changed(): boolean {
    return this.fresh || this.used.size !== this.previous.size;
  }
}

/** The counts of a memo file of `stamp`; none when it is missing, damaged or of another stamp. */
function readMemo(file: string, stamp: string): Map<string, TermRun> {
  const memo = readChecked(file, (json) => memoSchema.safeParse(json).data);
  const runs = new Map<string, TermRun>();
  if (!memo || memo.stamp !== stamp) return runs;
  let at = 0;
  memo.keys.forEach((key, i) => {
    runs.set(key, [memo.terms, memo.counts, at, (at += memo.sizes[i])]);
  });
  return runs;
}

/** The memo file of `runs`, in columns. */
function memoFile(stamp: string, runs: ReadonlyMap<string, TermRun>): MemoFile {
  const file: MemoFile = { stamp, keys: [], sizes: [], terms: [], counts: [] };
  for (const [key, [terms, counts, from, to]] of runs) {
    file.keys.push(key);
    file.sizes.push(to - from);
    for (let i = from; i < to; i++) {
      file.terms.push(terms[i]);
      file.counts.push(counts[i]);
    }
  }
  return file;
}
