/**
 * Tokenisation of mixed Chinese/English text: the exact terms the index and the queries are cut into.
 * CJK runs become overlapping bigrams, so the lists below hold whichever way a segmenter cuts them.
 */
import { describe, expect, it } from 'vitest';
import { isCjk, SEGMENT_SLICE, segmentWords, tokenize } from './tokenize.js';

describe('tokenize', () => {
  const cases: [string, string[]][] = [
    // Latin words lowercased; CJK word whole.
    ['React 组件', ['react', '组件']],
    // A dotted file name: the whole word, its parts and its tail from the second part on.
    ['使用 docgen.config.ts 配置站点', ['使用', 'docgen.config.ts', 'docgen', 'config', 'ts', 'config.ts', '配置', '置站', '站点']],
    // A dotted camelCase word: the separator part whole, so `remarkPlugins` finds it.
    ['markdown.remarkPlugins', ['markdown.remarkplugins', 'markdown', 'remarkplugins', 'remark', 'plugins']],
    // camelCase: the whole word and its parts.
    ['themeConfig', ['themeconfig', 'theme', 'config']],
    ['useI18n', ['usei18n', 'use', 'i18n']],
    ['GitHub Pages', ['github', 'git', 'hub', 'pages']],
    // Dashed, snake_case and scoped package names.
    ['my-plugin snake_case @docgen/core', ['my', 'plugin', 'snake_case', 'snake', 'case', 'docgen', 'core']],
    // English stop words dropped.
    ['The configuration of the site is in a file', ['configuration', 'site', 'file']],
    ['it is', []],
    // Full-width punctuation separates words and never joins characters across it into a bigram.
    ['组件，文档。配置！', ['组件', '文档', '配置']],
    ['「文档」', ['文档']],
    ['搜索：本地索引', ['搜索', '本地', '地索', '索引']],
    // Numbers are terms; a version number stays whole.
    ['version 2.0 and 404 pages', ['version', '2.0', '404', 'pages']],
    // A run of CJK text: its overlapping bigrams, however the segmenter cut it.
    ['文档站点', ['文档', '档站', '站点']],
    // No space between Latin and Chinese.
    ['React组件的 themeConfig', ['react', '组件', '件的', 'themeconfig', 'theme', 'config']],
    ['Markdown和MDX', ['markdown', 'mdx']],
    // Chinese stop words dropped alone or in a pair of two; a bigram with one stop word stays.
    ['在 docgen 中使用 React 组件', ['docgen', '中使', '使用', 'react', '组件']],
    ['的的', []],
    ['中', []],
    // Japanese: bigrams, then the segmenter's words of three or more characters whole.
    ['ドキュメントを書く', ['ドキ', 'キュ', 'ュメ', 'メン', 'ント', 'トを', 'を書', '書く', 'ドキュメント']],
    ['オーバービュー ページ', ['オー', 'ーバ', 'バー', 'ービ', 'ビュ', 'ュー', 'オーバービュー', 'ペー', 'ージ', 'ページ']],
    // Korean: the same rule.
    ['한국어 문서', ['한국', '국어', '한국어', '문서']],
    // Nothing to search.
    ['', []],
    ['   ', []],
    ['，。！？', []],
  ];

  it.each(cases)('%j → %j', (text, terms) => {
    expect(tokenize(text)).toEqual(terms);
  });

  it('cuts a text and a query of the same words into the same terms', () => {
    // The page says it inside a sentence, the user types the words alone.
    const page = tokenize('在文档站点中配置侧边栏。');
    for (const query of ['文档', '站点', '侧边栏', '配置']) {
      for (const term of tokenize(query)) expect(page, `${query} → ${term}`).toContain(term);
    }
  });

  it('lowercases Latin text, also inside CJK text', () => {
    expect(tokenize('DocGen 的 CLI')).toEqual(['docgen', 'doc', 'gen', 'cli']);
  });
});

describe('isCjk', () => {
  it.each([
    ['组件', true],
    ['文', true],
    ['カタカナ', true],
    ['ひらがな', true],
    ['한국어', true],
    ['React 组件', true],
    ['react', false],
    ['2.0', false],
    ['', false],
  ])('%j → %s', (term, expected) => {
    expect(isCjk(term)).toBe(expected);
  });
});

describe('segmentWords', () => {
  it('gives every segment with its offset, marking words', () => {
    const text = 'Use docgen, 配置站点';
    const segments = segmentWords(text);
    // The segments put back together are the text, and each sits at its offset.
    expect(segments.map((s) => s.segment).join('')).toBe(text);
    for (const s of segments) expect(text.slice(s.index, s.index + s.segment.length)).toBe(s.segment);
    const words = segments.filter((s) => s.isWordLike).map((s) => s.segment);
    expect(words.slice(0, 2)).toEqual(['Use', 'docgen']);
    expect(words.slice(2).join('')).toBe('配置站点');
    expect(segments.filter((s) => !s.isWordLike).map((s) => s.segment).join('')).toBe(' , ');
  });
});

describe('segmentWords on long text', () => {
  const whole = (text: string) =>
    Array.from(new Intl.Segmenter('zh', { granularity: 'word' }).segment(text), (s) => ({ segment: s.segment, index: s.index, isWordLike: Boolean(s.isWordLike) }));

  it('cuts text longer than a slice at spaces or punctuation, giving the segments of the whole text', () => {
    const en = 'The build writes into a temporary folder, then swaps it in; a failed build leaves the previous output intact. '.repeat(80);
    const zh = '构建先写入临时文件夹，最后再替换进来，因此构建失败时上一次的输出保持不变。搜索索引按语言分别生成。'.repeat(80);
    const mixed = `${en}${zh}docgen.config.ts 里的 themeConfig 设置。`.repeat(2);
    for (const text of [en, zh, mixed]) {
      expect(text.length).toBeGreaterThan(SEGMENT_SLICE * 2);
      expect(segmentWords(text)).toEqual(whole(text));
    }
  });

  it('keeps words with inner punctuation whole wherever a slice would end (docgen.config.ts, don\'t, 3.14, 1，2)', () => {
    // Every offset of the sentence falls near a slice end in one of the repeats.
    const sentence = "Set docgen.config.ts's themeConfig.footer.message, don't use 3.14 or e.g. 1,000; 见 1，2：a：b 和 (x/y) 配置！";
    for (let shift = 0; shift < sentence.length; shift++) {
      const text = 'x'.repeat(shift) + ` ${sentence}`.repeat(Math.ceil((SEGMENT_SLICE * 3) / sentence.length));
      expect(segmentWords(text)).toEqual(whole(text));
    }
  });

  it('segments text of ASCII and common punctuation as Intl.Segmenter does, without it', () => {
    const icu = new Intl.Segmenter('zh', { granularity: 'word' });
    const alphabet = "\r\t  ab1_.:',; -\n9Z\"()/@#\u2019\u2018\u2014\u2026\u00a0\u00d7\u2192\u201c";
    let state = 7;
    for (let n = 0; n < 20000; n++) {
      let text = '';
      for (let length = 1 + (n % 30); text.length < length; ) {
        state ^= state << 13;
        state ^= state >>> 17;
        state ^= state << 5;
        text += alphabet[(state >>> 0) % alphabet.length];
      }
      const expected = [...icu.segment(text)].map((s) => ({ segment: s.segment, index: s.index, isWordLike: Boolean(s.isWordLike) }));
      expect(segmentWords(text), JSON.stringify(text)).toEqual(expected);
    }
  });

  it('cuts a long CJK run without punctuation between two characters, keeping its bigrams', () => {
    const run = '构建先写入临时文件夹最后再替换进来因此构建失败时上一次输出保持不变'.repeat(100); // no stop word
    expect(segmentWords(run).map((s) => s.segment).join('')).toBe(run);
    const pairs = [...run].slice(1).map((c, i) => run[i] + c);
    expect(tokenize(run).filter((t) => t.length === 2)).toEqual(pairs);
  });

  it('covers text without any break character and never splits a surrogate pair', () => {
    const text = `${'a'.repeat(SEGMENT_SLICE - 1)}😀${'b'.repeat(SEGMENT_SLICE * 2)}`;
    const segments = segmentWords(text);
    expect(segments.map((s) => s.segment).join('')).toBe(text);
    expect(segments.every((s) => text.startsWith(s.segment, s.index))).toBe(true);
    expect(segments.some((s) => s.segment.includes('😀'))).toBe(true);
  });
});
