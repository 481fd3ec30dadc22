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

/** Word segments of `text` in order, with `isWordLike` as `Intl.Segmenter` reports it. */
export function segmentWords(text: string): { segment: string; index: number; isWordLike: boolean }[] {
  if (segmenter) return Array.from(segmenter.segment(text), (s) => ({ segment: s.segment, index: s.index, isWordLike: Boolean(s.isWordLike) }));
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

/**
 * Splits text into lowercased index terms, in order, stop words left out. Used for the index (build time)
 * and for queries (browser), so both agree.
 *
 * ICU's dictionary lacks many simplified-Chinese words (Node 20's ICU 78 cuts 组件 and 文档 into single
 * characters) and browsers ship other ICU versions: so a run of single CJK characters becomes its
 * overlapping bigrams (文|档|站|点 → 文档 档站 站点), which finds the same terms whichever way a segmenter
 * cut them. A lone character stays a term of its own.
 * @example tokenize('React 组件的 themeConfig') // ['react', '组件', '件的', 'themeconfig', 'theme', 'config']
 */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  const push = (term: string) => {
    if (!STOP_WORDS.has(term)) terms.push(term);
  };
  let run = '';
  let runEnd = -1;
  const flush = () => {
    if (run.length === 1) push(run);
    for (let i = 0; i + 1 < run.length; i++) {
      const bigram = run.slice(i, i + 2);
      if (!(STOP_WORDS.has(bigram[0]) && STOP_WORDS.has(bigram[1]))) terms.push(bigram);
    }
    run = '';
  };
  for (const { segment, index, isWordLike } of segmentWords(text)) {
    if (!isWordLike) {
      if (run) flush();
      continue;
    }
    if (isCjk(segment)) {
      if ([...segment].length === 1 && (!run || index === runEnd)) {
        run += segment;
        runEnd = index + segment.length;
        continue;
      }
      if (run) flush();
      if ([...segment].length === 1) {
        run = segment;
        runEnd = index + segment.length;
      } else push(segment.toLowerCase());
      continue;
    }
    if (run) flush();
    push(segment.toLowerCase());
    // Parts of compound Latin words: dotted, dashed, snake_case, camelCase.
    const parts = segment.split(/[._\-/:@'’]+|(?<=[a-z\d])(?=[A-Z])/).filter((p) => p.length > 1);
    if (parts.length > 1) for (const part of parts) push(part.toLowerCase());
  }
  if (run) flush();
  return terms;
}
