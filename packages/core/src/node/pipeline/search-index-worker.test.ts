/**
 * The term memo of the search phase's worker: an index built with remembered term counts is the index
 * built without them, byte for byte; remembered counts are used instead of the tokenizer; a memo file of
 * another stamp, or damaged, is not used.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSearchIndex } from '../../shared/search/build-index.js';
import type { SearchRecord } from '../../shared/search/types.js';
import indexLocale, { TermMemo, type TermRun } from './search-index-worker.js';

function record(url: string, title: string, content: string, lang: string): SearchRecord {
  return { objectID: url, url, type: 'content', content, hierarchy: { lvl0: 'Guide', lvl1: title, lvl2: 'Section', lvl3: null, lvl4: null, lvl5: null, lvl6: null }, lang, version: '' };
}

const EN = [record('/a#x', 'Alpha', 'Install the theme with the package manager of your choice', 'en'), record('/b#y', 'Beta', 'Configure the search index and its shards', 'en')];
const ZH = [record('/zh/a#x', '开始', '使用你喜欢的包管理器安装主题和文档站点', 'zh'), record('/zh/b#y', '配置', '配置搜索索引和它的分片', 'zh')];

describe('TermMemo', () => {
  it.each([
    ['English', EN, 'en'],
    ['Chinese', ZH, 'zh'],
  ])('gives the index built without it, %s, and remembers every text', (_, records, lang) => {
    const plain = JSON.stringify(buildSearchIndex(records, { lang }));
    const first = new TermMemo();
    expect(JSON.stringify(buildSearchIndex(records, { lang, termCounts: (t, add) => first.count(t, add) }))).toBe(plain);
    expect(first.changed).toBe(true);
    const second = new TermMemo(first.used);
    expect(JSON.stringify(buildSearchIndex(records, { lang, termCounts: (t, add) => second.count(t, add) }))).toBe(plain);
    expect(second.changed).toBe(false);
  });

  it('takes remembered counts instead of tokenizing, and forgets texts no longer indexed', () => {
    const first = new TermMemo();
    buildSearchIndex(EN, { lang: 'en', termCounts: (t, add) => first.count(t, add) });
    const planted = new Map([...first.used].map(([key, [terms, counts, from, to]]): [string, TermRun] => [key, [terms.map((term) => (term === 'shards' ? 'planted' : term)), counts, from, to]]));
    const memo = new TermMemo(planted);
    const built = buildSearchIndex(EN, { lang: 'en', termCounts: (t, add) => memo.count(t, add) });
    const dictionary = Object.entries(built.files).filter(([file]) => file.includes('-d-')).map(([, json]) => json).join('');
    expect(dictionary).toContain('"planted"');
    expect(dictionary).not.toContain('"shards"');
    const fewer = new TermMemo(first.used);
    buildSearchIndex(EN.slice(0, 1), { lang: 'en', termCounts: (t, add) => fewer.count(t, add) });
    expect(fewer.changed).toBe(true);
    expect(fewer.used.size).toBeLessThan(first.used.size);
  });
});

describe('indexLocale with a memo file', () => {
  it('writes the memo, reads it back for the same stamp only, and rebuilds it when damaged', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dg-terms-')), 'terms-en.memo');
    const plain = JSON.stringify(buildSearchIndex(EN, { lang: 'en' }));
    expect(indexLocale({ records: EN, lang: 'en', memoFile: file, stamp: 'one' })).toBe(plain);
    const written = fs.statSync(file).mtimeMs;
    expect(indexLocale({ records: EN, lang: 'en', memoFile: file, stamp: 'one' })).toBe(plain);
    expect(fs.statSync(file).mtimeMs).toBe(written); // nothing new: not written again
    expect(indexLocale({ records: EN, lang: 'en', memoFile: file, stamp: 'two' })).toBe(plain);
    const restamped = fs.readFileSync(file, 'utf8');
    expect(restamped).toContain('"stamp":"two"');
    fs.writeFileSync(file, restamped.replace('"two"', '"tw0"'));
    expect(indexLocale({ records: EN, lang: 'en', memoFile: file, stamp: 'two' })).toBe(plain);
    expect(fs.readFileSync(file, 'utf8')).toBe(restamped); // the damaged file was written again whole
  });
});
