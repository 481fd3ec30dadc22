/**
 * The sharded index: where terms land (each in exactly one dictionary and one postings shard, by term
 * range), prefix and typo matching across shard boundaries, Chinese terms, the tails of very common terms,
 * the shard list's pages on a big index, and that an edit to one page changes few shards.
 */
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, openBuiltIndex, updateSearchIndex, type BuiltSearchIndex } from './build-index.js';
import { HEAD_POSTINGS, shardOf, type DictionaryShard, type PostingsShard } from './index-format.js';
import type { SearchRecord } from './types.js';

function page(path: string, title: string, text: string, lang = 'en'): SearchRecord {
  return {
    objectID: path,
    url: path,
    type: 'lvl1',
    content: text,
    hierarchy: { lvl0: 'Guide', lvl1: title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    lang,
    version: '',
  };
}

/**
 * `count` distinct made-up words of 7 letters (a common start, then letters from a fixed pseudo-random
 * sequence), far enough apart that no two are one typo away; `seed` picks another sequence.
 */
function words(start: string, count: number, seed = 1): string[] {
  const out = new Set<string>();
  let state = seed;
  while (out.size < count) {
    let word = start;
    while (word.length < 7) {
      // xorshift32
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      word += String.fromCharCode(97 + ((state >>> 0) % 26));
    }
    out.add(word);
  }
  return [...out];
}

/** The shard files of one kind (`d`, `p`, `t`, `l`), parsed, by hash. */
function shardsOf(built: BuiltSearchIndex, kind: string): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [file, json] of Object.entries(built.files)) {
    const match = new RegExp(`${kind}-([0-9a-f]+)\\.json$`).exec(file);
    if (match && file.startsWith(built.entry.shards)) out.set(match[1], JSON.parse(json));
  }
  return out;
}

/** 40 pages of 50 words each: 2,000 distinct terms, many shards of each kind. */
const manyTerms = words('w', 2000);
const manyPages = Array.from({ length: 40 }, (_, i) => page(`/p${i}`, `Page ${i}`, manyTerms.slice(i * 50, i * 50 + 50).join(' ')));
const big = buildSearchIndex(manyPages, { lang: 'en' });

describe('shards', () => {
  it('cuts a big vocabulary into several sorted dictionary and postings shards, the first starting at ""', () => {
    for (const list of [big.entry.dict, big.entry.post]) {
      expect(list.length).toBeGreaterThan(3);
      expect(list[0][0]).toBe('');
      expect(list.map(([first]) => first)).toEqual(list.map(([first]) => first).sort());
    }
  });

  it('puts every term in exactly one postings shard and one dictionary shard: the one its range names', () => {
    const postings = shardsOf(big, 'p') as Map<string, PostingsShard>;
    const dictionary = shardsOf(big, 'd') as Map<string, DictionaryShard>;
    expect(postings.size).toBe(big.entry.post.length);
    expect(dictionary.size).toBe(big.entry.dict.length);
    const seen = new Map<string, number>();
    for (const [hash, rows] of postings) {
      for (const [term] of rows) {
        seen.set(term, (seen.get(term) ?? 0) + 1);
        expect(big.entry.post[shardOf(big.entry.post, term)][1], term).toBe(hash);
      }
    }
    for (const [hash, rows] of dictionary) for (const [term] of rows) expect(big.entry.dict[shardOf(big.entry.dict, term)][1], term).toBe(hash);
    for (const term of manyTerms) expect(seen.get(term), term).toBe(1);
    const dictionaryTerms = [...dictionary.values()].flat().map(([term]) => term);
    expect(new Set(dictionaryTerms).size).toBe(dictionaryTerms.length);
  });

  it('finds words by a prefix whose terms span two shards, and by a typo', async () => {
    const engine = openBuiltIndex(big);
    // A four-letter prefix whose words a shard boundary separates.
    const sorted = [...manyTerms].sort();
    const prefix = big.entry.post
      .map(([first]) => first.slice(0, 4))
      .find((p) => p && new Set(sorted.filter((t) => t.startsWith(p)).map((t) => shardOf(big.entry.post, t))).size === 2)!;
    expect(prefix).toBeTruthy();
    const inRange = sorted.filter((t) => t.startsWith(prefix));
    const { hits } = await engine.search({ query: prefix });
    const expected = new Set(inRange.map((t) => `/p${Math.floor(manyTerms.indexOf(t) / 50)}`));
    expect(new Set(hits.map((h) => h.url))).toEqual(expected);
    // One letter changed in the middle of a word: a typo.
    const word = manyTerms[1234];
    const typo = `${word.slice(0, 3)}${word[3] === 'x' ? 'y' : 'x'}${word.slice(4)}`;
    expect((await engine.search({ query: `${typo} ` })).hits.map((h) => h.url)).toEqual(['/p24']);
  });

  it('finds Chinese words, their bigrams each in the shard of its range', async () => {
    const zh = [
      page('/zh/a', '部署', '把输出目录部署到任何静态主机。', 'zh'),
      page('/zh/b', '侧边栏', '侧边栏由目录结构自动生成。', 'zh'),
      ...Array.from({ length: 30 }, (_, i) => page(`/zh/x${i}`, `页面${i}`, `${words('x', 40, i + 2).join(' ')}。`, 'zh')),
    ];
    const built = buildSearchIndex(zh, { lang: 'zh' });
    expect(built.entry.post.length).toBeGreaterThan(1);
    const postings = shardsOf(built, 'p') as Map<string, PostingsShard>;
    for (const term of ['部署', '侧边', '边栏', '静态']) {
      const shard = postings.get(built.entry.post[shardOf(built.entry.post, term)][1])!;
      expect(shard.some(([t]) => t === term), term).toBe(true);
    }
    const engine = openBuiltIndex(built);
    expect((await engine.search({ query: '侧边栏' })).hits.map((h) => h.url)).toEqual(['/zh/b']);
    expect((await engine.search({ query: '静态主机' })).hits.map((h) => h.url)).toEqual(['/zh/a']);
  });
});

describe('tails of very common terms', () => {
  // `common` is in every page; `rare` in one page that `common` ranks last (its text is long).
  const pages = Array.from({ length: HEAD_POSTINGS + 50 }, (_, i) => page(`/c${i}`, `Common ${i}`, i === 7 ? `${words('f', 300).join(' ')} rare common` : 'common words'));
  const built = buildSearchIndex(pages, { lang: 'en' });

  it('keeps the highest-impact postings in the shard and the rest in a tail file', () => {
    const postings = [...(shardsOf(built, 'p') as Map<string, PostingsShard>).values()].flat();
    const row = postings.find(([term]) => term === 'common')!;
    expect(typeof row[2]).toBe('string');
    expect(Object.keys(built.files).some((f) => f.endsWith(`t-${row[2]}.json`))).toBe(true);
    // The head holds HEAD_POSTINGS sections over its fields; page 7 (long text) is in the tail.
    const headPages = new Set<number>();
    for (const [, , pageDeltas] of row[1]) pageDeltas.reduce((at, d) => (headPages.add(at + d), at + d), 0);
    expect(headPages.size).toBe(HEAD_POSTINGS);
    expect(headPages.has(7)).toBe(false);
  });

  it('fetches the tails when the heads hold fewer sections with every word than a page of hits', async () => {
    const engine = openBuiltIndex(built);
    const { hits } = await engine.search({ query: 'rare common' });
    expect(hits.map((h) => h.url)).toEqual(['/c7']);
    // One word: the heads are enough, and the best pages are the short ones.
    const one = await engine.search({ query: 'common' });
    expect(one.hits).toHaveLength(20);
    expect(one.nbHits).toBeGreaterThanOrEqual(HEAD_POSTINGS);
  });
});

describe('a big index', () => {
  it('lists pages of its postings shard list in the entry, and still finds every word', async () => {
    const terms = words('t', 30000);
    const pages = Array.from({ length: 300 }, (_, i) => page(`/b${i}`, `Big ${i}`, terms.slice(i * 100, i * 100 + 100).join(' ')));
    const built = buildSearchIndex(pages, { lang: 'en' });
    expect(built.entry.postDir).toBe(true);
    const lists = shardsOf(built, 'l') as Map<string, [string, string][]>;
    expect(lists.size).toBe(built.entry.post.length);
    const shards = [...lists.values()].flat();
    expect(shards.length).toBeGreaterThan(128);
    // The entry holds one row per page of the list, not per shard.
    expect(JSON.stringify(built.entry).length).toBeLessThan(shards.length * 20);
    const engine = openBuiltIndex(built);
    for (const i of [0, 4321, 29999]) expect((await engine.search({ query: terms[i] })).hits.map((h) => h.url)[0]).toBe(`/b${Math.floor(i / 100)}`);
  });
});

describe('an edited page', () => {
  it('changes only the shards that hold its changed terms, and its own fragments', () => {
    const edited = manyPages.map((p, i) => (i === 20 ? { ...p, content: `${p.content} freshword` } : p));
    const after = buildSearchIndex(edited, { lang: 'en' });
    const changed = Object.keys(after.files).filter((file) => big.files[file] !== after.files[file]);
    const shardFiles = Object.keys(after.files).filter((file) => file.startsWith(after.entry.shards));
    const changedShards = changed.filter((file) => file.startsWith(after.entry.shards));
    // Page 20's terms lie in a few postings shards (and `freshword` in one, with its dictionary shard).
    expect(changedShards.length).toBeGreaterThan(0);
    expect(changedShards.length).toBeLessThanOrEqual(4);
    expect(shardFiles.length).toBeGreaterThan(15);
    const fragments = changed.filter((file) => !file.startsWith(after.entry.shards));
    expect(fragments).toEqual([`${after.entry.frag}20.0.json`]);
  });
});

describe('updating an index from the state of the last build', () => {
  /** A site of `count` pages of a few sections each, words from a shared vocabulary (some very common). */
  function site(count: number, seed: number): SearchRecord[] {
    const vocabulary = words('v', 400, seed);
    const pick = (i: number, n: number) => Array.from({ length: n }, (_, k) => vocabulary[(i * 7919 + k * 104729) % vocabulary.length]).join(' ');
    return Array.from({ length: count }, (_, i) => [
      page(`/s${i}`, `Page ${i} ${pick(i, 2)}`, `${pick(i + 1, 30)} common everywhere`),
      ...Array.from({ length: 1 + (i % 3) }, (_, s) => ({
        ...page(`/s${i}`, `Page ${i}`, `${pick(i * 3 + s, 25)} common`),
        objectID: `/s${i}#h${s}`,
        url: `/s${i}#h${s}`,
        type: 'content' as const,
        hierarchy: { lvl0: i % 2 ? 'Guide' : 'API', lvl1: `Page ${i}`, lvl2: `Heading ${s} ${pick(i + s, 1)}`, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
      })),
    ]).flat();
  }
  const keysOf = (records: SearchRecord[]) => {
    const byPage = new Map<string, SearchRecord[]>();
    for (const r of records) byPage.set(r.url.split('#')[0], [...(byPage.get(r.url.split('#')[0]) ?? []), r]);
    return [...byPage.values()].map((list) => JSON.stringify(list));
  };
  const full = (records: SearchRecord[]) => buildSearchIndex(records, { lang: 'en', pageKeys: keysOf(records) });

  it('gives what a full build gives, state included, through a chain of edits', () => {
    let records = site(260, 3);
    let state = full(records).state!;
    const extra = words('x', 50, 9);
    const edits: ((r: SearchRecord[]) => SearchRecord[])[] = [
      // New words in one page's text, and a word that was nowhere before.
      (r) => r.map((x) => (x.url === '/s5' ? { ...x, content: `${x.content} ${extra[0]} ${extra[1]}` } : x)),
      // Every word of one page's sections replaced: terms leave the index.
      (r) => r.map((x) => (x.url.startsWith('/s7#') ? { ...x, content: extra.slice(2, 12).join(' ') } : x)),
      // A section removed and a heading renamed, in two pages far apart.
      (r) => r.filter((x) => x.url !== '/s10#h1').map((x) => (x.url === '/s200#h0' ? { ...x, hierarchy: { ...x.hierarchy, lvl2: 'Renamed common' } } : x)),
      // The very common word dropped from many pages' text (its tail shrinks), within a quarter of the pages.
      (r) => r.map((x) => (x.type === 'lvl1' && Number(x.url.slice(2)) % 5 === 0 ? { ...x, content: x.content!.replace('common everywhere', '') } : x)),
    ];
    for (const edit of edits) {
      records = edit(records);
      const updated = updateSearchIndex(state, records, { lang: 'en', pageKeys: keysOf(records) });
      const expected = full(records);
      expect(updated).toBeDefined();
      expect(JSON.stringify(updated!.entry)).toBe(JSON.stringify(expected.entry));
      expect(updated!.files).toEqual(expected.files);
      expect(updated!.state).toEqual(expected.state);
      state = updated!.state!;
    }
  });

  it('does not apply when pages were added, removed or moved, when too many changed, or to other options', () => {
    const records = site(40, 5);
    const { state } = full(records);
    const fewer = records.filter((r) => !r.url.startsWith('/s3'));
    expect(updateSearchIndex(state!, fewer, { lang: 'en', pageKeys: keysOf(fewer) })).toBeUndefined();
    const many = records.map((r) => ({ ...r, content: `${r.content} more` }));
    expect(updateSearchIndex(state!, many, { lang: 'en', pageKeys: keysOf(many) })).toBeUndefined();
    expect(updateSearchIndex(state!, records, { lang: 'zh', pageKeys: keysOf(records) })).toBeUndefined();
    expect(updateSearchIndex(state!, records, { lang: 'en' })).toBeUndefined();
    // Nothing changed: the same index.
    expect(updateSearchIndex(state!, records, { lang: 'en', pageKeys: keysOf(records) })!.files).toEqual(full(records).files);
  });
});
