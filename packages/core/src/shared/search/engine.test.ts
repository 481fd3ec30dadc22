/**
 * The local search engine on small English and Chinese indexes: ranking basics, prefix and typo matching,
 * CJK terms, filters, highlight escaping, snippets and the Algolia response fields DocSearch reads.
 * Every index file goes through JSON, as the browser receives it.
 */
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, openBuiltIndex } from './build-index.js';
import { escapeHtml, matchRanges, openSearchIndex, type LocalSearchEngine } from './engine.js';
import type { SearchHit, SearchParams, SearchRecord } from './types.js';

/** A record; `lvl1` is the page title, `headings` the lvl2… chain. */
function record(url: string, lvl1: string, content: string | null, options: { lang?: string; lvl0?: string; headings?: string[] } = {}): SearchRecord {
  const { lang = 'en', lvl0 = 'Guide', headings = [] } = options;
  const [lvl2 = null, lvl3 = null, lvl4 = null, lvl5 = null, lvl6 = null] = headings;
  const type: SearchRecord['type'] = !headings.length ? 'lvl1' : content ? 'content' : (`lvl${headings.length + 1}` as SearchRecord['type']);
  return { objectID: url, url, type, content, hierarchy: { lvl0, lvl1, lvl2, lvl3, lvl4, lvl5, lvl6 }, lang, version: '' };
}

/** Builds an index and opens it from memory, each file through JSON. */
function engineOf(records: SearchRecord[], lang: string): LocalSearchEngine {
  return openBuiltIndex(buildSearchIndex(records, { lang }));
}

/** Pages of the hits in order, each once. */
function pages(hits: SearchHit[]): string[] {
  return [...new Set(hits.map((h) => h.url_without_anchor))];
}

// 27 distinct words, none a typo of another; `needle` is the 15th.
const ALPHABET = ['alfa', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliett', 'kilo', 'lima', 'mike', 'november']
  .concat(['needle', 'oscar', 'papa', 'quebec', 'romeo', 'sierra', 'tango', 'uniform', 'victor', 'whiskey', 'xray', 'yankee', 'zulu'])
  .join(' ');

const enRecords: SearchRecord[] = [
  record('/guide/configuration', 'Configuration', 'Write the configuration file docgen.config.ts at the root of your site and read it with useSiteData.'),
  record('/guide/configuration#options', 'Configuration', 'Every option has a default value.', { headings: ['Options'] }),
  record('/guide/configuration#base-path', 'Configuration', 'The base path is prefixed to every link.', { headings: ['Base path'] }),
  record('/guide/configuration#trailing-slash', 'Configuration', 'Links end without one.', { headings: ['Trailing slash'] }),
  record('/guide/deploy', 'Deploy', 'Copy the output folder to any static host. Configure the base when the site lives in a sub folder.'),
  record('/guide/deploy#github-pages', 'Deploy', 'Push to GitHub Pages with a workflow.', { headings: ['GitHub Pages'] }),
  record('/guide/deploy#netlify', 'Deploy', null, { headings: ['Netlify'] }),
  record('/guide/components', 'Components', 'Use React components in MDX pages before you deploy.'),
  record('/guide/unsafe', 'Escaping', 'Never write <script>alert(1)</script> & friends "quoted" into a page.', { lvl0: 'A & B' }),
  record('/guide/unsafe#tags', 'Escaping', 'Text under the heading.', { lvl0: 'A & B', headings: ['<Badge> & tags'] }),
  record('/guide/long', 'Long page', ALPHABET),
  record('/plugin/api', 'Plugin API', 'Plugins extend the build.', { lvl0: 'Plugin' }),
  ...['Setup', 'Config', 'Transform', 'Render', 'Finish'].map((name, i) =>
    record(`/plugin/api#hook-${i}`, 'Plugin API', `The ${name.toLowerCase()} hook runs once.`, { lvl0: 'Plugin', headings: [`${name} hook`] }),
  ),
  record('/plugin/rss', 'RSS', 'Writes a feed of your posts.', { lvl0: 'Plugin' }),
  record('/plugin/rss#hooks', 'RSS', 'It uses the render hook.', { lvl0: 'Plugin', headings: ['Hooks'] }),
];

const zhRecords: SearchRecord[] = [
  record('/zh/guide/configuration', '配置', '如何编写站点的配置文件 docgen.config.ts。', { lang: 'zh', lvl0: '指南' }),
  record('/zh/guide/components', '组件', '在 MDX 页面中使用 React 组件。', { lang: 'zh', lvl0: '指南' }),
  record('/zh/guide/deploy', '部署', '把输出目录部署到任何静态主机。', { lang: 'zh', lvl0: '指南' }),
  record('/zh/guide/deploy#github-pages', '部署', '用 GitHub Actions 发布到 GitHub Pages。', { lang: 'zh', lvl0: '指南', headings: ['GitHub Pages'] }),
  record('/zh/guide/i18n', '国际化', '国际化：为每种语言准备一个目录。', { lang: 'zh', lvl0: '指南' }),
  record('/zh/guide/sidebar', '自动侧边栏', '侧边栏由目录结构自动生成。', { lang: 'zh', lvl0: '指南' }),
];

const en = engineOf(enRecords, 'en');
const zh = engineOf(zhRecords, 'zh');

describe('index file', () => {
  it('gives back the records it was built from, in the hits', async () => {
    for (const record of enRecords) {
      const { hits } = await en.search({ query: record.hierarchy.lvl1, hitsPerPage: 100 });
      const hit = hits.find((h) => h.url === record.url);
      if (record.type === 'lvl1') expect(hit && { ...record, type: hit.type }).toEqual({ ...record, type: hit?.type });
      if (hit) expect({ url: hit.url, content: hit.content, hierarchy: hit.hierarchy, lang: hit.lang }).toEqual({ url: record.url, content: record.content, hierarchy: record.hierarchy, lang: 'en' });
    }
  });

  it('refuses another format version', () => {
    const { entry } = buildSearchIndex(enRecords, { lang: 'en' });
    const load = async () => [];
    expect(() => openSearchIndex({ ...entry, v: 1 } as unknown as typeof entry, load)).toThrow(/Unsupported search index format 1/);
    expect(() => openSearchIndex({} as typeof entry, load)).toThrow(/Unsupported search index format/);
  });
});

describe('ranking', () => {
  it('puts the page whose title matches before a page that only mentions the word', async () => {
    const { hits } = (await en.search({ query: 'deploy' }));
    expect(pages(hits)).toEqual(['/guide/deploy', '/guide/components']);
  });

  it('puts a section whose heading matches before a page that only mentions the word', async () => {
    expect(pages((await en.search({ query: 'base' })).hits)).toEqual(['/guide/configuration', '/guide/deploy']);
  });

  it('shows each page once as a group: its own record first, then at most 3 of its sections', async () => {
    const { hits } = (await en.search({ query: 'hook' }));
    expect(pages(hits).sort()).toEqual(['/plugin/api', '/plugin/rss']);
    // Five sections of /plugin/api match: the page record and three of them are shown.
    const api = hits.filter((h) => h.url_without_anchor === '/plugin/api');
    expect(api).toHaveLength(4);
    // The page record is not itself a match (its text says "Plugins"); it leads the group all the same.
    expect(api[0]).toMatchObject({ url: '/plugin/api', type: 'lvl1', anchor: null });
    expect(api.slice(1).every((h) => h.type === 'content' && h.anchor?.startsWith('hook-'))).toBe(true);
    const rss = hits.filter((h) => h.url_without_anchor === '/plugin/rss');
    expect(rss.map((h) => h.url)).toEqual(['/plugin/rss', '/plugin/rss#hooks']);
    // The hits of one page stay together.
    const order = hits.map((h) => h.url_without_anchor);
    expect(order.filter((u, i) => u !== order[i - 1])).toEqual(pages(hits));
  });

  it('requires every query word (AND) while some record holds them all', async () => {
    expect(pages((await en.search({ query: 'github pages' })).hits)).toEqual(['/guide/deploy']);
    expect((await en.search({ query: 'github pages' })).hits.map((h) => h.anchor)).toEqual([null, 'github-pages']);
  });

  it('falls back to the records holding most of the words when none holds them all', async () => {
    // No record holds both: the hits are the records of either word, not an empty list.
    const { hits } = (await en.search({ query: 'github netlify' }));
    expect(hits.map((h) => h.url)).toEqual(expect.arrayContaining(['/guide/deploy#github-pages', '/guide/deploy#netlify']));
    // A word no record holds is dropped.
    expect(pages((await en.search({ query: 'deploy xylophone' })).hits)[0]).toBe('/guide/deploy');
    expect((await en.search({ query: 'xylophone' })).hits).toEqual([]);
  });

  it('drops question words and keeps a stop word being typed as a prefix', async () => {
    expect(pages((await en.search({ query: 'how do I deploy' })).hits)[0]).toBe('/guide/deploy');
    expect(pages((await zh.search({ query: '如何部署' })).hits)).toEqual(['/zh/guide/deploy']);
    // `in` is a stop word, but the user may be typing `india`.
    expect(pages((await en.search({ query: 'in' })).hits)).toEqual(['/guide/long']);
    expect((await en.search({ query: 'in ' })).hits).toEqual([]);
  });
});

describe('matching', () => {
  it('finds a word by its prefix', async () => {
    const { hits } = (await en.search({ query: 'conf' }));
    expect(pages(hits)[0]).toBe('/guide/configuration');
    expect(pages(hits)).toContain('/guide/deploy'); // "Configure"
    expect(hits[0]._highlightResult.hierarchy.lvl1?.value).toBe('<mark>Configuration</mark>');
  });

  it('finds a word with a typo', async () => {
    expect(pages((await en.search({ query: 'confgure' })).hits)).toEqual(['/guide/deploy']);
    expect(pages((await en.search({ query: 'dploy' })).hits)[0]).toBe('/guide/deploy');
    expect(pages((await en.search({ query: 'configuraton' })).hits)[0]).toBe('/guide/configuration');
  });

  it('matches a one-letter query in titles and headings only', async () => {
    const found = pages((await en.search({ query: 'n' })).hits);
    // "Netlify" is a heading; "needle" and "november" are only in the text of /guide/long.
    expect(found).toContain('/guide/deploy');
    expect(found).not.toContain('/guide/long');
    // Two letters search the text too.
    expect(pages((await en.search({ query: 'ne' })).hits)).toContain('/guide/long');
  });

  it('finds a word with two letters swapped', async () => {
    expect(pages((await en.search({ query: 'dpeloy' })).hits)[0]).toBe('/guide/deploy');
    expect(pages((await en.search({ query: 'confiugration' })).hits)[0]).toBe('/guide/configuration');
  });

  it('corrects a word the site holds often as well, among words that share its first two letters', async () => {
    // "sidbar" is written in three pages (a page about typos, copied): it still finds the Sidebar page,
    // whose title outranks text.
    const records = [
      record('/guide/sidebar', 'Sidebar', 'Groups of links beside the page.'),
      ...[1, 2, 3].map((n) => record(`/guide/typos-${n}`, `Typos ${n}`, 'Searching for sidbar finds the right page.')),
    ];
    const engine = engineOf(records, 'en');
    const found = pages((await engine.search({ query: 'sidbar ' })).hits);
    expect(found[0]).toBe('/guide/sidebar');
    expect(found).toContain('/guide/typos-1');
  });

  it('does not allow typos in short words', async () => {
    // "rsx" is one edit from "rss", but three letters are too few for a typo.
    expect((await en.search({ query: 'rsx' })).hits).toEqual([]);
  });

  it('finds a dotted or camelCase word by itself and by any of its parts', async () => {
    for (const query of ['docgen.config.ts', 'docgen', 'ts', 'useSiteData', 'site', 'data']) {
      expect(pages((await en.search({ query })).hits), query).toContain('/guide/configuration');
    }
    expect(pages((await en.search({ query: 'docgen.config.ts' })).hits)).toEqual(['/guide/configuration']);
  });

  it('finds a dotted word by its last parts (config.ts → docgen.config.ts)', async () => {
    // The parts `config` and `ts` are both indexed; the page must not be lost because the query also
    // holds the compound `config.ts`, which is no word of the page.
    expect(pages((await en.search({ query: 'config.ts' })).hits)).toEqual(['/guide/configuration']);
    expect(pages((await en.search({ query: 'SiteData' })).hits)).toEqual(['/guide/configuration']);
  });

  it('finds a two-character Chinese term', async () => {
    expect(pages((await zh.search({ query: '部署' })).hits)).toEqual(['/zh/guide/deploy']);
    expect(pages((await zh.search({ query: '组件' })).hits)).toEqual(['/zh/guide/components']);
    expect(pages((await zh.search({ query: '侧边栏' })).hits)).toEqual(['/zh/guide/sidebar']);
  });

  it('finds Chinese words typed without spaces between them', async () => {
    expect(pages((await zh.search({ query: '站点配置' })).hits)).toEqual(['/zh/guide/configuration']);
    expect(pages((await zh.search({ query: '目录结构' })).hits)).toEqual(['/zh/guide/sidebar']);
    expect(pages((await zh.search({ query: '配置文件' })).hits)).toEqual(['/zh/guide/configuration']);
    // The page says 站点的配置文件: the query's bigram 点配 is on no page and does not sink the query.
    expect(pages((await zh.search({ query: '站点配置文件' })).hits)).toEqual(['/zh/guide/configuration']);
  });

  it('finds a mixed Chinese and English query, with or without a space', async () => {
    for (const query of ['React 组件', 'React组件', 'react 组件']) {
      expect(pages((await zh.search({ query })).hits), query).toEqual(['/zh/guide/components']);
    }
    expect(pages((await zh.search({ query: '部署 github' })).hits)).toEqual(['/zh/guide/deploy']);
  });

  it('finds a CJK word the index lacks by its bigrams', async () => {
    const ko = engineOf([record('/ko/a', '소개', '한국어 문서 를 작성합니다', { lang: 'ko' }), record('/ko/b', '설정', '문서 설정', { lang: 'ko' })], 'ko');
    const { hits } = (await ko.search({ query: '한국어문서' }));
    expect(pages(hits)).toEqual(['/ko/a']);
    expect(hits[0]._highlightResult.content?.value).toBe('<mark>한국어</mark> <mark>문서</mark> 를 작성합니다');
    // Too few of its bigrams match.
    expect((await ko.search({ query: '한국어설정' })).hits).toEqual([]);
  });

  it('shows a section found by its heading alone as that heading (type lvlN)', async () => {
    const { hits } = (await en.search({ query: 'trailing' }));
    const section = hits.find((h) => h.anchor === 'trailing-slash');
    expect(section).toMatchObject({ type: 'lvl2', content: 'Links end without one.' });
    expect(section?._highlightResult.hierarchy.lvl2?.value).toBe('<mark>Trailing</mark> slash');
    // Found by its text: stays content.
    expect((await en.search({ query: 'prefixed' })).hits.find((h) => h.anchor === 'base-path')?.type).toBe('content');
  });
});

describe('filters', () => {
  it('keeps only the records of the facet filter', async () => {
    expect(pages((await zh.search({ query: '部署', facetFilters: ['lang:zh'] })).hits)).toEqual(['/zh/guide/deploy']);
    expect(pages((await zh.search({ query: '部署', facetFilters: 'lang:zh' })).hits)).toEqual(['/zh/guide/deploy']);
    expect(pages((await zh.search({ query: '部署', facetFilters: [['lang:en', 'lang:zh']] })).hits)).toEqual(['/zh/guide/deploy']);
    const none = (await zh.search({ query: '部署', facetFilters: ['lang:en'] }));
    expect(none.hits).toEqual([]);
    expect(none.nbHits).toBe(0);
    expect((await zh.search({ query: '部署', facetFilters: ['-lang:zh'] })).hits).toEqual([]);
    expect(pages((await en.search({ query: 'deploy', facetFilters: ['lang:en'] })).hits)[0]).toBe('/guide/deploy');
  });
});

describe('highlight and escaping', () => {
  /** Every highlighted or snippeted value of a hit. */
  const values = (hit: SearchHit) => [
    hit._highlightResult.content?.value,
    hit._snippetResult.content?.value,
    ...Object.values(hit._highlightResult.hierarchy).map((r) => r?.value),
    ...Object.values(hit._snippetResult.hierarchy).map((r) => r?.value),
  ].filter((v): v is string => v !== undefined);

  const params: SearchParams = { query: 'script', attributesToSnippet: ['hierarchy.lvl0:10', 'hierarchy.lvl1:10', 'hierarchy.lvl2:10', 'content:10'] };

  it('escapes the text and leaves only the highlight tags as HTML', async () => {
    const [hit] = (await en.search(params)).hits;
    expect(hit._highlightResult.content?.value).toBe(
      'Never write &lt;<mark>script</mark>&gt;alert(1)&lt;/<mark>script</mark>&gt; &amp; friends &quot;quoted&quot; into a page.',
    );
    expect(hit._highlightResult.hierarchy.lvl0?.value).toBe('A &amp; B');
    for (const value of values(hit)) {
      const rest = value.replaceAll('<mark>', '').replaceAll('</mark>', '');
      expect(rest, value).not.toMatch(/[<>]/);
      expect(rest, value).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#39;)/);
    }
  });

  it('escapes headings too', async () => {
    const hit = (await en.search({ query: 'badge', attributesToSnippet: ['hierarchy.lvl2:10', 'content:10'] })).hits.find((h) => h.anchor === 'tags')!;
    expect(hit._highlightResult.hierarchy.lvl2?.value).toBe('&lt;<mark>Badge</mark>&gt; &amp; tags');
    expect(hit._snippetResult.hierarchy.lvl2?.value).toBe('&lt;<mark>Badge</mark>&gt; &amp; tags');
  });

  it('uses the highlight tags and ellipsis it is given', async () => {
    const [hit] = (await en.search({ query: 'needle', highlightPreTag: '<em class="x">', highlightPostTag: '</em>', snippetEllipsisText: '...' })).hits;
    expect(hit._highlightResult.content?.value).toContain('<em class="x">needle</em>');
    expect(hit._snippetResult.content?.value).toMatch(/^\.\.\..*<em class="x">needle<\/em>.*\.\.\.$/);
  });

  it('reports the match level and the matched words', async () => {
    const [hit] = (await en.search({ query: 'github pages' })).hits.filter((h) => h.anchor === 'github-pages');
    expect(hit._highlightResult.hierarchy.lvl2).toMatchObject({ value: '<mark>GitHub</mark> <mark>Pages</mark>', matchLevel: 'full' });
    expect(hit._highlightResult.hierarchy.lvl2?.matchedWords.sort()).toEqual(['github', 'pages']);
    expect(hit._highlightResult.content).toMatchObject({ matchLevel: 'full' });
    expect(hit._highlightResult.hierarchy.lvl1).toMatchObject({ value: 'Deploy', matchLevel: 'none', matchedWords: [] });
  });
});

describe('snippets', () => {
  /** Words of a snippet, without tags and ellipses. */
  const words = (snippet: string) => snippet.replace(/<\/?mark>/g, '').replaceAll('…', ' ').trim().split(/\s+/);

  it('cuts content to the number of words asked for, around the match, with ellipses', async () => {
    const ten = (await en.search({ query: 'needle', attributesToSnippet: ['content:10'] })).hits[0]._snippetResult.content!.value;
    // A third of the window before the match.
    expect(ten).toBe('…lima mike november <mark>needle</mark> oscar papa quebec romeo sierra tango…');
    expect(words(ten)).toHaveLength(10);
    const five = (await en.search({ query: 'needle', attributesToSnippet: ['content:5'] })).hits[0]._snippetResult.content!.value;
    expect(five).toBe('…november <mark>needle</mark> oscar papa quebec…');
    expect(words(five)).toHaveLength(5);
  });

  it('snippets content at 10 words when not told otherwise', async () => {
    const value = (await en.search({ query: 'needle' })).hits[0]._snippetResult.content!.value;
    expect(words(value)).toHaveLength(10);
  });

  it('keeps short content whole, without ellipses', async () => {
    const hit = (await en.search({ query: 'workflow', attributesToSnippet: ['content:10'] })).hits.find((h) => h.anchor === 'github-pages')!;
    expect(hit._snippetResult.content?.value).toBe('Push to GitHub Pages with a <mark>workflow</mark>.');
  });

  it('starts at the beginning when the match is near it, and ends at the end when the match is near that', async () => {
    const start = (await en.search({ query: 'bravo', attributesToSnippet: ['content:5'] })).hits[0]._snippetResult.content!.value;
    expect(start).toBe('alfa <mark>bravo</mark> charlie delta echo…');
    const end = (await en.search({ query: 'yankee', attributesToSnippet: ['content:5'] })).hits[0]._snippetResult.content!.value;
    expect(end).toBe('…victor whiskey xray <mark>yankee</mark> zulu');
  });

  it('snippets only the hierarchy levels asked for', async () => {
    const [hit] = (await en.search({ query: 'needle', attributesToSnippet: ['hierarchy.lvl1:10', 'content:10'] })).hits;
    expect(hit._snippetResult.hierarchy.lvl1?.value).toBe('Long page');
    expect(hit._snippetResult.hierarchy.lvl0).toBeUndefined();
  });

  it('snippets Chinese content', async () => {
    const [hit] = (await zh.search({ query: '静态', attributesToSnippet: ['content:10'] })).hits;
    expect(hit._snippetResult.content?.value).toBe('把输出目录部署到任何<mark>静态</mark>主机。');
  });
});

describe('response', () => {
  it('has the Algolia fields, with url_without_anchor and anchor on each hit', async () => {
    const response = (await en.search({ query: 'netlify' }));
    expect(response).toMatchObject({ nbHits: 1, page: 0, nbPages: 1, hitsPerPage: 20, exhaustiveNbHits: true, query: 'netlify' });
    expect(response.processingTimeMS).toBeGreaterThanOrEqual(0);
    // The matching heading, led by its page's own record: its title, without its text, which matched nothing.
    expect(response.hits.map((h) => [h.url, h.url_without_anchor, h.anchor, h.type, h.content])).toEqual([
      ['/guide/deploy', '/guide/deploy', null, 'lvl1', null],
      ['/guide/deploy#netlify', '/guide/deploy', 'netlify', 'lvl2', null],
    ]);
  });

  it('returns at most hitsPerPage hits, and counts all matching records in nbHits', async () => {
    const all = (await en.search({ query: 'hook' }));
    // Five sections of /plugin/api and one of /plugin/rss.
    expect(all.nbHits).toBe(6);
    const two = (await en.search({ query: 'hook', hitsPerPage: 2 }));
    expect(two.hits).toHaveLength(2);
    expect(two).toMatchObject({ nbHits: 6, hitsPerPage: 2, nbPages: 3 });
    expect(two.hits.map((h) => h.url)).toEqual(all.hits.slice(0, 2).map((h) => h.url));
  });

  it('answers an empty query, or one of stop words and punctuation only, with no hits', async () => {
    for (const query of ['', '   ', 'the of and', '，。', '&']) {
      expect((await en.search({ query })), JSON.stringify(query)).toMatchObject({ hits: [], nbHits: 0, nbPages: 0, query });
    }
  });

  it('does not throw on long or odd queries', async () => {
    const long = 'how do I configure the base path when I deploy my site to GitHub Pages with a custom domain and a sub folder';
    expect(long.length).toBeGreaterThan(64);
    await expect(en.search({ query: long })).resolves.toMatchObject({ query: expect.any(String) });
    await expect(en.search({ query: 'x'.repeat(500) })).resolves.toMatchObject({ query: expect.any(String) });
    await expect(zh.search({ query: '如何把站点部署到 GitHub Pages 并且配置自定义域名以及子目录的基础路径，还有国际化和侧边栏'.repeat(3) })).resolves.toMatchObject({ query: expect.any(String) });
    for (const query of ['(.*+?[', '\\', '<script>', '🙂🙂', 'a'.repeat(64), '\u0000']) {
      await expect(en.search({ query }), query).resolves.toMatchObject({ query });
    }
  });
});

describe('matchRanges', () => {
  it('matches Latin terms at word starts and camelCase or dotted parts only', async () => {
    expect(matchRanges('themeConfig and Config', ['config'])).toEqual([
      [5, 11],
      [16, 22],
    ]);
    expect(matchRanges('docgen.config.ts', ['config'])).toEqual([[7, 13]]);
    expect(matchRanges('reconfigure', ['config'])).toEqual([]);
  });

  it('matches CJK terms anywhere and merges overlapping ranges', async () => {
    expect(matchRanges('使用组件', ['组件'])).toEqual([[2, 4]]);
    expect(matchRanges('configuration', ['config', 'configuration'])).toEqual([[0, 13]]);
    expect(matchRanges('文档站点', ['文档', '档站'])).toEqual([[0, 3]]);
  });

  it('finds nothing for no terms or no text', async () => {
    expect(matchRanges('text', [])).toEqual([]);
    expect(matchRanges('', ['text'])).toEqual([]);
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML special characters', async () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('pieces of one long section', () => {
  it('show once: the best piece stands for its section', async () => {
    const head = record('/guide/changelog', 'Changelog', 'Every release of docgen.');
    const piece = (text: string, n: number): SearchRecord => ({ ...record('/guide/changelog#v1', 'Changelog', text, { headings: ['Version 1'] }), objectID: `/guide/changelog#v1~${n}` });
    const engine = engineOf([head, piece('needle appears here', 1), piece('and the needle again', 2), piece('needle a third time', 3)], 'en');
    const hits = (await engine.search({ query: 'needle' })).hits;
    expect(hits.map((h) => h.url)).toEqual(['/guide/changelog', '/guide/changelog#v1']);
  });
});
