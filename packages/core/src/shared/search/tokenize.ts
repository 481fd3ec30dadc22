/**
 * Tokenisation of page text and queries for the local search engine: the same function runs at build time
 * (Node) and in the browser, so both sides cut text into the same terms.
 *
 * Chinese and Japanese text has no spaces between words: it is cut into words by `Intl.Segmenter` (ICU's
 * dictionary-based word break, present in Node and every current browser). Latin words are lowercased and
 * also split into their parts (`docgen.config.ts` → `docgen`, `config`, `ts`; `themeConfig` → `theme`,
 * `config`), so a part finds the whole.
 */

/** CJK ideographs, kana, Hangul and CJK punctuation blocks. */
const CJK = /[\u2e80-\u2fff\u3040-\u30ff\u3100-\u312f\u31a0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;

/** Words too common to help a search; leaving them out of the index keeps it small. */
const STOP_WORDS = new Set([
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'for', 'from', 'in', 'into', 'is', 'it', 'its', 'of', 'on', 'or',
  'that', 'the', 'this', 'to', 'was', 'with', 's',
  '的', '了', '是', '在', '和', '与', '或', '及', '等', '也', '就', '都', '而', '把', '被', '这', '那', '个', '之', '于',
  '对', '将', '为', '以', '会', '可', '中', '从', '并', '其', '所', '该', '即', '到',
]);

const segmenter: Intl.Segmenter | null =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('zh', { granularity: 'word' }) : null;

/** True when `term` holds a CJK character. */
export function isCjk(term: string): boolean {
  return CJK.test(term);
}

/**
 * Longest text given to `Intl.Segmenter` at once, in UTF-16 code units. Its time grows much faster than the
 * text in V8's ICU (0.5 s for 20,000 words, 12.6 s for 40,000), so longer text is segmented in slices.
 */
export const SEGMENT_SLICE = 1000;

/**
 * Characters after which a word break always falls, whatever comes next (checked against ICU's word rules:
 * `.` `,` `;` `:` `'` `"` and the full-width forms of the first four are left out, as they can join `3.14`,
 * `don't`, `1，2`, or Hebrew letters around `"`).
 */
const BREAK_AFTER = /[\s!?()[\]{}<>/\\|。、！？（）「」『』《》【】…—]/u;
/** Characters that attach to the one before them (combining marks, joiners): never the first of a slice. */
const ATTACHED = /[\p{M}\p{Cf}]/u;
/** Ideographs and kana: a cut between two of them keeps every bigram, as `words` joins the pieces again. */
const CJK_LETTER = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u;

/**
 * Where the slice of `text` that starts at `start` ends, at most at `end`, searching back over the slice's
 * second half: after whitespace or a character in `BREAK_AFTER` (ICU breaks there whatever follows, and a
 * run of spaces stays whole, so the slices give exactly the segments of the whole text); else between two
 * CJK letters; else at `end` itself, moved off a surrogate pair's second half so no character is split.
 */
function sliceEnd(text: string, start: number, end: number): number {
  let cjkCut = -1;
  for (let i = end; i > start + SEGMENT_SLICE / 2; i--) {
    const before = text[i - 1];
    const after = text[i];
    if (BREAK_AFTER.test(before) && !/\s/.test(after) && !ATTACHED.test(after)) return i;
    if (cjkCut < 0 && CJK_LETTER.test(before) && CJK_LETTER.test(after)) cjkCut = i;
  }
  if (cjkCut > 0) return cjkCut;
  const code = text.charCodeAt(end);
  return code >= 0xdc00 && code <= 0xdfff ? end - 1 : end;
}

/**
 * Text `asciiWords` segments exactly: ASCII, with typographic quotes (‘ ’, which join as `'` does) and
 * punctuation and symbols that are never part of a word (dashes, “ ”, « », …, ×, arrows, no-break space).
 */
const ASCII = /^[\x00-\x7f\u00a0\u00a9\u00ab\u00ae\u00b0\u00b1\u00bb\u00d7\u00f7\u2010-\u2015\u2018-\u201f\u2020\u2021\u2022\u2026\u2190-\u21ff]*$/;
const WORD_CHAR = /[A-Za-z0-9_]/;
const LETTER = /[A-Za-z]/;
const DIGIT = /[0-9]/;

/**
 * `segmentWords` for text of `ASCII` characters, without `Intl.Segmenter` (several times faster, the same
 * segments): the word rules of Unicode's text segmentation (UAX #29) as they apply to these characters.
 * Letters, digits and `_` join (WB5, WB8–WB10, WB13a/b); `:` `.` `'` `‘` `’` join two letters (WB6/7);
 * `,` `;` `.` `'` `‘` `’` join two digits (WB11/12); everything else breaks. Every run is word-like but a
 * lone `_`, as ICU has it.
 */
function asciiWords(text: string): { segment: string; index: number; isWordLike: boolean }[] {
  const out: { segment: string; index: number; isWordLike: boolean }[] = [];
  let gap = 0;
  let i = 0;
  while (i < text.length) {
    if (!WORD_CHAR.test(text[i])) {
      i++;
      continue;
    }
    const start = i;
    while (i < text.length) {
      if (WORD_CHAR.test(text[i])) {
        i++;
        continue;
      }
      const mid = text[i];
      const before = text[i - 1];
      const after = text[i + 1] ?? '';
      const quote = mid === "'" || mid === '\u2018' || mid === '\u2019';
      const joinsLetters = (mid === ':' || mid === '.' || quote) && LETTER.test(before) && LETTER.test(after);
      const joinsDigits = (mid === ',' || mid === ';' || mid === '.' || quote) && DIGIT.test(before) && DIGIT.test(after);
      if (!joinsLetters && !joinsDigits) break;
      i += 2;
    }
    const segment = text.slice(start, i);
    pushGap(out, text, gap, start);
    out.push({ segment, index: start, isWordLike: segment !== '_' });
    gap = i;
  }
  pushGap(out, text, gap, text.length);
  return out;
}

/** The segments ICU gives between two words: a run of spaces (WB3d), CR LF (WB3), else each character alone. */
function pushGap(out: { segment: string; index: number; isWordLike: boolean }[], text: string, from: number, to: number): void {
  for (let i = from; i < to; ) {
    let end = i + 1;
    if (text[i] === ' ') while (end < to && text[end] === ' ') end++;
    else if (text[i] === '\r' && text[end] === '\n' && end < to) end++;
    out.push({ segment: text.slice(i, end), index: i, isWordLike: false });
    i = end;
  }
}

/**
 * Word segments of `text` in order, with `isWordLike` as `Intl.Segmenter` reports it. Text longer than
 * `SEGMENT_SLICE` is segmented slice by slice, so the work stays linear in the text's length; indices are
 * those of the whole text. Cuts fall at spaces or punctuation where ICU always breaks, so ordinary text
 * gives the same segments as one call over the whole. Only a run of more than `SEGMENT_SLICE / 2` CJK
 * letters without punctuation is cut between two of them, which may split one dictionary word: `words`
 * joins adjacent CJK segments into one run, so its bigrams stay the same.
 */
export function segmentWords(text: string): { segment: string; index: number; isWordLike: boolean }[] {
  if (ASCII.test(text)) return asciiWords(text);
  if (segmenter) {
    const out: { segment: string; index: number; isWordLike: boolean }[] = [];
    for (let start = 0; start < text.length; ) {
      const end = start + SEGMENT_SLICE >= text.length ? text.length : sliceEnd(text, start, start + SEGMENT_SLICE);
      for (const s of segmenter.segment(text.slice(start, end))) out.push({ segment: s.segment, index: start + s.index, isWordLike: Boolean(s.isWordLike) });
      start = end;
    }
    return out;
  }
  // Without Intl.Segmenter: letters/digits runs, each CJK character a word of its own.
  const out: { segment: string; index: number; isWordLike: boolean }[] = [];
  const re = /([\p{L}\p{N}_]+)|([^\p{L}\p{N}_]+)/gu;
  for (const m of text.matchAll(re)) {
    if (m[2] !== undefined) {
      out.push({ segment: m[0], index: m.index, isWordLike: false });
      continue;
    }
    let start = 0;
    const word = m[0];
    for (let i = 0; i <= word.length; i++) {
      if (i === word.length || isCjk(word[i])) {
        if (i > start) out.push({ segment: word.slice(start, i), index: m.index + start, isWordLike: true });
        if (i < word.length) out.push({ segment: word[i], index: m.index + i, isWordLike: true });
        start = i + 1;
      }
    }
  }
  return out;
}

/** A word with no separator and no camelCase part: lower case, or capitalised. */
const SIMPLE_WORD = /^[A-Z]?[a-z0-9]*$/;

/** Separators inside a Latin word: dotted, dashed, snake_case, paths, scopes. */
const SEPARATORS = /[._\-/:@'’]+/;
const CAMEL = /(?<=[a-z\d])(?=[A-Z])/;

/** The smallest parts of a compound Latin word (separators and camelCase), lowercased, each ≥ 2 characters. */
function leafParts(word: string): string[] {
  return word
    .split(SEPARATORS)
    .flatMap((p) => p.split(CAMEL))
    .filter((p) => p.length > 1)
    .map((p) => p.toLowerCase());
}

/**
 * The index terms of one Latin word: the word, then for a compound its separator parts, camelCase parts and
 * the tails that start at a separator part, so `config.ts` finds `docgen.config.ts` and `remarkPlugins`
 * finds `markdown.remarkPlugins`.
 */
function latinTerms(word: string): string[] {
  // Most words: one term, no parts.
  if (SIMPLE_WORD.test(word)) return [word.toLowerCase()];
  const out = [word.toLowerCase()];
  const pieces: { text: string; at: number }[] = [];
  for (const m of word.matchAll(/[^._\-/:@'’]+/g)) pieces.push({ text: m[0], at: m.index });
  if (pieces.length > 1) {
    for (const { text } of pieces) if (text.length > 1) out.push(text.toLowerCase());
    for (const { at } of pieces.slice(1, -1)) out.push(word.slice(at).toLowerCase());
  }
  const leaves = leafParts(word);
  if (leaves.length > 1) out.push(...leaves);
  return [...new Set(out)];
}

/** Overlapping bigrams of a CJK run (a lone character is its own term), pairs of two stop words left out. */
function bigrams(run: string): string[] {
  const chars = [...run];
  if (chars.length === 1) return [chars[0]];
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) {
    if (!(STOP_WORDS.has(chars[i]) && STOP_WORDS.has(chars[i + 1]))) out.push(chars[i] + chars[i + 1]);
  }
  return out;
}

/** Words of a text in order: Latin words, and runs of adjacent CJK words with the longer words inside them. */
function words(text: string): ({ kind: 'latin'; word: string } | { kind: 'cjk'; run: string; long: string[] })[] {
  const out: ({ kind: 'latin'; word: string } | { kind: 'cjk'; run: string; long: string[] })[] = [];
  let run: { kind: 'cjk'; run: string; long: string[] } | null = null;
  let runEnd = -1;
  for (const { segment, index, isWordLike } of segmentWords(text)) {
    if (!isWordLike) {
      run = null;
      continue;
    }
    if (isCjk(segment)) {
      if (!run || index !== runEnd) out.push((run = { kind: 'cjk', run: '', long: [] }));
      run.run += segment;
      runEnd = index + segment.length;
      if ([...segment].length >= 3) run.long.push(segment);
      continue;
    }
    run = null;
    out.push({ kind: 'latin', word: segment });
  }
  return out;
}

/**
 * Splits text into lowercased index terms, in order, stop words left out. Used for the index (build time)
 * and, through `parseQuery`, for queries (browser), so both agree.
 *
 * A run of CJK text becomes its overlapping bigrams (文档站点 → 文档 档站 站点): ICU's dictionary lacks many
 * simplified-Chinese words (Node 20's ICU cuts 组件 and 文档 into single characters) and browsers ship other
 * ICU versions, but bigrams are the same whichever way a segmenter cut the text. Words of three or more
 * characters that the segmenter found are added whole, so a query that holds them ranks higher.
 * @example tokenize('React 组件的 themeConfig') // ['react', '组件', '件的', 'themeconfig', 'theme', 'config']
 */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  const push = (term: string) => {
    if (!STOP_WORDS.has(term)) terms.push(term);
  };
  for (const w of words(text)) {
    if (w.kind === 'latin') latinTerms(w.word).forEach(push);
    else {
      bigrams(w.run).forEach(push);
      w.long.forEach(push);
    }
  }
  return terms;
}

/** English and Chinese words of a question that say nothing about the topic; dropped from queries. */
const QUESTION_WORDS = new Set(['how', 'what', 'why', 'when', 'where', 'which', 'who', 'do', 'does', 'did', 'can', 'could', 'should', 'i', 'my', 'you', 'we']);
const CJK_QUESTION_WORDS = /如何|怎么样|怎么|怎样|为什么|为何|什么|哪些|哪个|是否|能否|吗|呢|吧/g;

/**
 * One word of a query and what a record must hold to match it.
 * - `latin`: the word itself, or every one of its `parts` (a compound's smallest parts); `variants` are
 *   index terms one transposition away (`nabvar` → `navbar`), set by the engine.
 * - `cjk`: at least `need` of its `parts` (the run's bigrams), so one bigram across a word boundary that no
 *   page holds (上一页下一页 → 页下) cannot sink the query.
 */
export interface QueryUnit {
  kind: 'latin' | 'cjk';
  whole: string;
  parts: string[];
  need: number;
  /** The last word of a query that does not end in a space: the user may still be typing it. */
  prefix: boolean;
}

/** A parsed query: the units a record must match, and words that only add to a record's score. */
export interface QueryPlan {
  units: QueryUnit[];
  bonus: string[];
}

/**
 * Cuts a query into units with the same rules as `tokenize`. Stop words go, except the last word while it
 * is being typed (`in` may become `install`); question words go (`how to deploy` → `deploy`, `如何部署` →
 * `部署`) unless nothing else is left.
 */
export function parseQuery(query: string): QueryPlan {
  const typing = !/\s$/.test(query);
  const plan = (text: string, dropQuestions: boolean): QueryPlan => {
    const list = words(dropQuestions ? text.replace(CJK_QUESTION_WORDS, ' ') : text);
    const units: QueryUnit[] = [];
    const bonus: string[] = [];
    list.forEach((w, i) => {
      const last = typing && i === list.length - 1;
      if (w.kind === 'latin') {
        const whole = w.word.toLowerCase();
        if (dropQuestions && QUESTION_WORDS.has(whole)) return;
        if (STOP_WORDS.has(whole) && !last) return;
        const leaves = leafParts(w.word);
        units.push({ kind: 'latin', whole, parts: leaves.length > 1 ? leaves : [], need: 0, prefix: last });
        return;
      }
      const grams = [...new Set(bigrams(w.run))].filter((g) => !STOP_WORDS.has(g));
      if (!grams.length) return;
      const need = grams.length <= 2 ? grams.length : grams.length - Math.floor(grams.length / 3);
      units.push({ kind: 'cjk', whole: w.run, parts: grams, need, prefix: last && grams.length === 1 && [...grams[0]].length === 1 });
      bonus.push(...w.long.filter((l) => !grams.includes(l)));
    });
    return { units, bonus };
  };
  const wanted = plan(query, true);
  return wanted.units.length ? wanted : plan(query, false);
}
