/**
 * The term memo of the search phase's worker: an index built with remembered term counts is the index
 * built without them, byte for byte; remembered counts are used instead of the tokenizer; a memo file of
 * another stamp, or damaged, is not used.
 */
import crypto from 'node:crypto';
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

/** The entry and files of the worker's JSON, as one JSON text (without the files' hashes, checked on their own). */
function indexOnly(json: string): string {
  const { entry, files, hashes } = JSON.parse(json) as { entry: unknown; files: Record<string, string>; hashes: Record<string, string> };
  for (const [name, data] of Object.entries(files)) expect(hashes[name]).toBe(crypto.createHash('sha256').update(data).digest('hex').slice(0, 32));
  return JSON.stringify({ entry, files });
}

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
    expect(indexOnly(indexLocale({ records: EN, lang: 'en', memoFile: file, stamp: 'one' }))).toBe(plain);
    const written = fs.statSync(file).mtimeMs;
    expect(indexOnly(indexLocale({ records: EN, lang: 'en', memoFile: file, stamp: 'one' }))).toBe(plain);
    expect(fs.statSync(file).mtimeMs).toBe(written); // nothing new: not written again
    expect(indexOnly(indexLocale({ records: EN, lang: 'en', memoFile: file, stamp: 'two' }))).toBe(plain);
    const restamped = fs.readFileSync(file, 'utf8');
    expect(restamped).toContain('"stamp":"two"');
    fs.writeFileSync(file, restamped.replace('"two"', '"tw0"'));
    expect(indexOnly(indexLocale({ records: EN, lang: 'en', memoFile: file, stamp: 'two' }))).toBe(plain);
    expect(fs.readFileSync(file, 'utf8')).toBe(restamped); // the damaged file was written again whole
  });
});

describe('indexLocale with an index state file', () => {
  const keys = (records: SearchRecord[]) => records.map((r) => JSON.stringify(r));
  const pages = Array.from({ length: 8 }, (_, i) => record(`/p${i}#s`, `Page ${i}`, `Words of page ${i}: theme search index shards ${['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel'][i]}`, 'en'));
  const rewrite = (file: string, edit: (state: Record<string, unknown>) => void) => {
    const text = fs.readFileSync(file, 'utf8');
    const state = JSON.parse(text.slice(text.indexOf('\n') + 1)) as Record<string, unknown>;
    edit(state);
    const body = JSON.stringify(state);
    fs.writeFileSync(file, `${crypto.createHash('sha256').update(body).digest('hex')}\n${body}`);
  };

  it('updates the index from the last build\'s state, giving what a full build gives', () => {
    const stateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dg-index-state-')), 'index-en.state');
    const task = (records: SearchRecord[], stamp = 'one') => ({ records, lang: 'en', stateFile, pageKeys: keys(records), stamp });
    expect(indexOnly(indexLocale(task(pages)))).toBe(JSON.stringify(buildSearchIndex(pages, { lang: 'en' })));
    const edited = pages.map((r, i) => (i === 3 ? { ...r, content: `${r.content} freshword` } : r));
    expect(indexOnly(indexLocale(task(edited)))).toBe(JSON.stringify(buildSearchIndex(edited, { lang: 'en' })));

    // The state is what the update starts from: a row planted in it (for a term the next edit does not touch) shows.
    rewrite(stateFile, (state) => {
      const terms = state.terms as string[];
      (state.rows as string[])[terms.indexOf('delta')] = JSON.stringify(['delta', [[3, 1, [5], [0], 0, [1]]]]);
    });
    const again = edited.map((r, i) => (i === 5 ? { ...r, content: `${r.content} another` } : r));
    const files = (JSON.parse(indexLocale(task(again))) as { files: Record<string, string> }).files;
    expect(Object.values(files).join('\n')).toContain('["delta",[[3,1,[5],[0],0,[1]]]]');
    // A state of another stamp, or damaged, is not used: a full build.
    rewrite(stateFile, (state) => (state.rows as string[]).fill('["x",[]]'));
    expect(indexOnly(indexLocale(task(edited, 'two')))).toBe(JSON.stringify(buildSearchIndex(edited, { lang: 'en' })));
    fs.appendFileSync(stateFile, ' ');
    expect(indexOnly(indexLocale(task(pages, 'two')))).toBe(JSON.stringify(buildSearchIndex(pages, { lang: 'en' })));
    // Without page keys there is nothing to update from, and no state is kept.
    indexLocale({ records: pages, lang: 'en', stateFile, stamp: 'two' });
    expect(fs.existsSync(stateFile)).toBe(false);
  });

  it('leaves the term memo of the last full build as it was when it updates the index', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-index-memo-'));
    const task = (records: SearchRecord[]) => ({ records, lang: 'en', stateFile: path.join(dir, 'index-en.state'), memoFile: path.join(dir, 'terms-en.memo'), pageKeys: keys(records), stamp: 'one' });
    indexLocale(task(pages));
    const memo = fs.readFileSync(path.join(dir, 'terms-en.memo'), 'utf8');
    const edited = pages.map((r, i) => (i === 2 ? { ...r, content: `${r.content} freshword` } : r));
    expect(indexOnly(indexLocale(task(edited)))).toBe(JSON.stringify(buildSearchIndex(edited, { lang: 'en' })));
    expect(fs.readFileSync(path.join(dir, 'terms-en.memo'), 'utf8')).toBe(memo);
    // A full build (here: the state is gone) still counts with the memo and writes it again with this build's texts.
    fs.rmSync(path.join(dir, 'index-en.state'));
    expect(indexOnly(indexLocale(task(edited)))).toBe(JSON.stringify(buildSearchIndex(edited, { lang: 'en' })));
    expect(fs.readFileSync(path.join(dir, 'terms-en.memo'), 'utf8')).not.toBe(memo);
  });
});
