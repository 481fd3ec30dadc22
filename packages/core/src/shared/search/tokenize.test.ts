/**
 * Tokenisation of mixed Chinese/English text: the exact terms the index and the queries are cut into.
 * Chinese runs that the segmenter cut into single characters become overlapping bigrams, so the lists
 * below hold whichever way a segmenter cuts them (the point of the bigrams).
 */
import { describe, expect, it } from 'vitest';
import { isCjk, segmentWords, tokenize } from './tokenize.js';

describe('tokenize', () => {
  const cases: [string, string[]][] = [
    // Latin words lowercased; CJK word whole.
    ['React 组件', ['react', '组件']],
    // A dotted file name: the whole word and its parts.
    ['使用 docgen.config.ts 配置站点', ['使用', 'docgen.config.ts', 'docgen', 'config', 'ts', '配置', '站点']],
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
    ['搜索：本地索引', ['搜索', '本地', '索引']],
    // Numbers are terms; a version number stays whole.
    ['version 2.0 and 404 pages', ['version', '2.0', '404', 'pages']],
    // A run of single characters: its overlapping bigrams.
    ['文档站点', ['文档', '档站', '站点']],
    // No space between Latin and Chinese.
    ['React组件的 themeConfig', ['react', '组件', '件的', 'themeconfig', 'theme', 'config']],
    ['Markdown和MDX', ['markdown', 'mdx']],
    // Chinese stop words dropped, alone or in a pair.
    ['在 docgen 中使用 React 组件', ['docgen', '使用', 'react', '组件']],
    ['的的', []],
    ['中', []],
    // Japanese: kana words and the particle kept.
    ['ドキュメントを書く', ['ドキュメント', 'を', '書く']],
    ['オーバービュー ページ', ['オーバービュー', 'ページ']],
    // Korean words whole.
    ['한국어 문서', ['한국어', '문서']],
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
