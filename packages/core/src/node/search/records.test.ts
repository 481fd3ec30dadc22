/**
 * Search records from compiled pages: small Markdown and MDX sources go through the real page compiler
 * (`createPageCompiler`), and `pageRecords` turns the sections it recorded into DocSearch records.
 * Also `lvl0Of`: the top-level section from the sidebar group, the nav, or the fallback.
 */
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SearchRecord } from '../../shared/search/types.js';
import type { NavItem, SidebarSection } from '../../shared/types.js';
import { createPageCompiler, folderCompilerOptions } from '../markdown/compile-page.js';
import { lvl0Of, MAX_RECORD_CONTENT, pageRecords, splitContent } from './records.js';

// Pages here link nowhere and show no images, so the folder only has to exist.
const root = os.tmpdir();
const compiler = createPageCompiler(folderCompilerOptions(root));

interface PageOptions {
  /** File name, `.md` or `.mdx`. @default 'page.md' */
  file?: string;
  routePath?: string;
  lvl0?: string;
  base?: string;
  cleanUrls?: boolean;
  lang?: string;
}

/** Compiles `source` and returns its records. */
async function recordsOf(source: string, options: PageOptions = {}): Promise<SearchRecord[]> {
  const { file = 'page.md', routePath = '/guide/page', lvl0 = 'Guide', base = '/', cleanUrls = true, lang = 'en' } = options;
  const page = await compiler.compile(path.join(root, file), source);
  return pageRecords({ routePath, title: page.title, frontmatter: page.frontmatter, sections: page.sections, lang, version: '' }, lvl0, { base, cleanUrls });
}

/** The hierarchy with lvl0 and lvl1 fixed, lvl2… given, the rest null. */
function hierarchy(lvl1: string, ...levels: string[]) {
  const [lvl2 = null, lvl3 = null, lvl4 = null, lvl5 = null, lvl6 = null] = levels;
  return { lvl0: 'Guide', lvl1, lvl2, lvl3, lvl4, lvl5, lvl6 };
}

describe('pageRecords on compiled pages', () => {
  it('gives the page record first, then one record per heading with the headings above it', async () => {
    const records = await recordsOf(
      ['# Install Guide', '', 'Intro words.', '', '## Setup', '', 'Setup words.', '', '### Node', '', 'Node words.', '', '## Usage', '', 'Usage words.', ''].join('\n'),
    );
    expect(records).toEqual([
      { objectID: '/guide/page', url: '/guide/page', type: 'lvl1', content: 'Intro words.', hierarchy: hierarchy('Install Guide'), lang: 'en', version: '' },
      { objectID: '/guide/page#setup', url: '/guide/page#setup', type: 'content', content: 'Setup words.', hierarchy: hierarchy('Install Guide', 'Setup'), lang: 'en', version: '' },
      { objectID: '/guide/page#node', url: '/guide/page#node', type: 'content', content: 'Node words.', hierarchy: hierarchy('Install Guide', 'Setup', 'Node'), lang: 'en', version: '' },
      // A new h2 clears the h3 of the section before it.
      { objectID: '/guide/page#usage', url: '/guide/page#usage', type: 'content', content: 'Usage words.', hierarchy: hierarchy('Install Guide', 'Usage'), lang: 'en', version: '' },
    ]);
  });

  it('resets deeper levels when a shallower heading follows (h4 under h3, then h3, then h2)', async () => {
    const records = await recordsOf(['# T', '', '## A', '', 'a', '', '### B', '', 'b', '', '#### C', '', 'c', '', '### D', '', 'd', '', '## E', '', 'e', ''].join('\n'));
    expect(records.map((r) => [r.url, r.hierarchy.lvl2, r.hierarchy.lvl3, r.hierarchy.lvl4])).toEqual([
      ['/guide/page', null, null, null],
      ['/guide/page#a', 'A', null, null],
      ['/guide/page#b', 'A', 'B', null],
      ['/guide/page#c', 'A', 'B', 'C'],
      ['/guide/page#d', 'A', 'D', null],
      ['/guide/page#e', 'E', null, null],
    ]);
  });

  it('uses heading ids as anchors: generated, custom {#id}, and unique for repeated headings', async () => {
    const records = await recordsOf(
      ['# T', '', '## Install', '', 'first', '', '## Options {#custom-options}', '', 'opts', '', '## Install', '', 'second', '', '## Install', '', 'third', ''].join('\n'),
    );
    expect(records.map((r) => [r.url, r.hierarchy.lvl2, r.content])).toEqual([
      ['/guide/page', null, null],
      ['/guide/page#install', 'Install', 'first'],
      ['/guide/page#custom-options', 'Options', 'opts'],
      ['/guide/page#install-1', 'Install', 'second'],
      ['/guide/page#install-2', 'Install', 'third'],
    ]);
    expect(new Set(records.map((r) => r.objectID)).size).toBe(records.length);
    for (const r of records) expect(r.objectID).toBe(r.url);
  });

  it('keeps a custom id in MDX and Chinese heading ids as they are', async () => {
    const mdx = await recordsOf('# T\n\n## Custom {#my-id}\n\nText.\n', { file: 'page.mdx' });
    expect(mdx.map((r) => r.url)).toEqual(['/guide/page', '/guide/page#my-id']);
    const zh = await recordsOf('# 介绍\n\n## 安装\n\n运行安装程序。\n', { routePath: '/zh/guide/page', lang: 'zh' });
    expect(zh.map((r) => [r.url, r.hierarchy.lvl1, r.hierarchy.lvl2, r.content, r.lang])).toEqual([
      ['/zh/guide/page', '介绍', null, null, 'zh'],
      ['/zh/guide/page#安装', '介绍', '安装', '运行安装程序。', 'zh'],
    ]);
  });

  it('splits the text per section: each record holds only the text up to the next heading', async () => {
    const records = await recordsOf(
      ['# T', '', 'Alpha paragraph.', '', 'Second alpha paragraph.', '', '## Beta', '', 'Beta one.', '', 'Beta two.', '', '## Gamma', '', 'Gamma text.', ''].join('\n'),
    );
    expect(records.map((r) => r.content)).toEqual(['Alpha paragraph. Second alpha paragraph.', 'Beta one. Beta two.', 'Gamma text.']);
  });

  it('makes the intro before the first h2 the content of the page record (type lvl1)', async () => {
    const [page] = await recordsOf('# Title\n\nThe page intro.\n\n## Next\n\nMore.\n');
    expect(page).toMatchObject({ type: 'lvl1', url: '/guide/page', content: 'The page intro.' });
    // No intro: the page record is still there, without content.
    const [bare] = await recordsOf('# Title\n\n## Next\n\nMore.\n');
    expect(bare).toMatchObject({ type: 'lvl1', url: '/guide/page', content: null });
  });

  it('gives a heading without text under it type lvlN and content null', async () => {
    const records = await recordsOf(['# T', '', '## Empty', '', '## Parent', '', '### Child', '', '#### Leaf', '', '## Full', '', 'Text.', ''].join('\n'));
    expect(records.map((r) => [r.url, r.type, r.content])).toEqual([
      ['/guide/page', 'lvl1', null],
      ['/guide/page#empty', 'lvl2', null],
      ['/guide/page#parent', 'lvl2', null],
      ['/guide/page#child', 'lvl3', null],
      ['/guide/page#leaf', 'lvl4', null],
      ['/guide/page#full', 'content', 'Text.'],
    ]);
  });

  it('gives a page with a title and nothing else a single page record', async () => {
    expect(await recordsOf('# Only a title\n')).toEqual([
      { objectID: '/guide/page', url: '/guide/page', type: 'lvl1', content: null, hierarchy: hierarchy('Only a title'), lang: 'en', version: '' },
    ]);
  });

  it('leaves code blocks out and keeps inline code', async () => {
    const records = await recordsOf(
      ['# T', '', '## Config', '', 'Set `themeConfig` in the file.', '', '```ts', 'const fencedSecret = 1;', '```', '', '    indentedSecret()', '', 'After the code.', ''].join('\n'),
    );
    expect(records[1].content).toBe('Set themeConfig in the file. After the code.');
    expect(JSON.stringify(records)).not.toMatch(/fencedSecret|indentedSecret/);
  });

  it('keeps the text of containers, tables and lists, with a space between blocks', async () => {
    const records = await recordsOf(
      [
        '# T',
        '',
        '## Blocks',
        '',
        ':::tip Heads up',
        'Container body.',
        ':::',
        '',
        '| Name | Type |',
        '| ---- | ---- |',
        '| base | string |',
        '',
        '- first item',
        '- second item',
        '',
        '1. one',
        '2. two',
        '',
        '> Quoted words.',
        '',
        'Line one  ',
        'line two.',
        '',
      ].join('\n'),
    );
    expect(records[1].content).toBe('Heads up Container body. Name Type base string first item second item one two Quoted words. Line one line two.');
  });

  it('leaves out MDX expressions and ESM, elements marked dg-no-search, and heading anchors', async () => {
    const source = [
      "export const answer = 'exportedSecret';",
      '',
      '# MDX Page',
      '',
      'The answer is {answer} today.',
      '',
      '<div className="dg-no-search">Hidden block</div>',
      '',
      '<div>',
      'Block one',
      '',
      'Block two',
      '</div>',
      '',
      '## Heading',
      '',
      'Shown <span className="dg-no-search">hiddenInline</span> text.',
      '',
    ].join('\n');
    const records = await recordsOf(source, { file: 'page.mdx' });
    expect(records.map((r) => [r.hierarchy.lvl1, r.hierarchy.lvl2, r.content])).toEqual([
      ['MDX Page', null, 'The answer is today. Block one Block two'],
      // No `#` from the heading's anchor link.
      ['MDX Page', 'Heading', 'Shown text.'],
    ]);
    expect(JSON.stringify(records)).not.toMatch(/exportedSecret|Hidden|hiddenInline/);
  });

  it('leaves out raw HTML marked dg-no-search in Markdown', async () => {
    const records = await recordsOf('# T\n\nVisible <span class="dg-no-search">concealed</span> words.\n');
    expect(records[0].content).toBe('Visible words.');
  });

  it('separates the text of block elements written inline in MDX (details and summary)', async () => {
    const records = await recordsOf('# T\n\n<details><summary>Sum</summary>detailtext</details>\n', { file: 'page.mdx' });
    expect(records[0].content).toBe('Sum detailtext');
  });

  it('counts the headings inside an MDX fragment', async () => {
    const records = await recordsOf('# T\n\n<>\n## Inside\n\nFragment text.\n</>\n', { file: 'page.mdx' });
    expect(records.map((r) => [r.url, r.content])).toEqual([
      ['/guide/page', null],
      ['/guide/page#inside', 'Fragment text.'],
    ]);
  });

  it('takes the first h1 as the title and a later h1 as a section at lvl2', async () => {
    const records = await recordsOf('# First\n\nIntro.\n\n# Second\n\nMore.\n');
    expect(records.map((r) => [r.url, r.type, r.hierarchy.lvl1, r.hierarchy.lvl2, r.content])).toEqual([
      ['/guide/page', 'lvl1', 'First', null, 'Intro.'],
      ['/guide/page#second', 'content', 'First', 'Second', 'More.'],
    ]);
  });

  it('takes the title from front matter over the h1', async () => {
    const records = await recordsOf('---\ntitle: Front Title\n---\n\n# Heading Title\n\nBody.\n');
    expect(records).toHaveLength(1);
    expect(records[0].hierarchy.lvl1).toBe('Front Title');
    expect(records[0].content).toBe('Body.');
  });

  it('gives no records for `search: false`, home pages and 404 pages', async () => {
    const body = '\n# Title\n\nSome text.\n\n## Section\n\nMore.\n';
    expect(await recordsOf(`---\nsearch: false\n---${body}`)).toEqual([]);
    expect(await recordsOf(`---\npageType: home\n---${body}`)).toEqual([]);
    expect(await recordsOf(`---\npageType: '404'\n---${body}`)).toEqual([]);
    // The same page without those keys does give records, so the empty lists above say something.
    expect(await recordsOf(`---\nsearch: true\n---${body}`)).toHaveLength(2);
  });

  it('titles a page without a heading or front matter title after its file', async () => {
    const records = await recordsOf('Text without any heading.\n', { file: 'getting-started.md' });
    expect(records.map((r) => [r.type, r.hierarchy.lvl1, r.content])).toEqual([['lvl1', 'getting-started', 'Text without any heading.']]);
  });

  it('prefixes the base to every url', async () => {
    const records = await recordsOf('# T\n\nIntro.\n\n## Install\n\nRun it.\n', { base: '/docs/' });
    expect(records.map((r) => [r.objectID, r.url])).toEqual([
      ['/docs/guide/page', '/docs/guide/page'],
      ['/docs/guide/page#install', '/docs/guide/page#install'],
    ]);
  });

  it('adds .html to every url when clean URLs are off, as the links in pages do', async () => {
    const records = await recordsOf('# T\n\nIntro.\n\n## Install\n\nRun it.\n', { base: '/docs/', cleanUrls: false });
    expect(records.map((r) => r.url)).toEqual(['/docs/guide/page.html', '/docs/guide/page.html#install']);
  });

  it('passes lvl0 through to every record', async () => {
    const records = await recordsOf('# T\n\nIntro.\n\n## A\n\na\n', { lvl0: 'Getting Started' });
    expect(records.map((r) => r.hierarchy.lvl0)).toEqual(['Getting Started', 'Getting Started']);
  });
});

describe('pageRecords on sections without ids', () => {
  it('still gives every record a unique objectID', () => {
    const sections = [
      { id: '', depth: 1, heading: '', text: 'Intro.' },
      { id: '', depth: 2, heading: 'One', text: 'a' },
      { id: '', depth: 2, heading: 'Two', text: 'b' },
    ];
    const records = pageRecords({ routePath: '/p', title: 'P', frontmatter: {}, sections, lang: 'en', version: '' }, 'X', { base: '/', cleanUrls: true });
    expect(records).toHaveLength(3);
    expect(new Set(records.map((r) => r.objectID)).size).toBe(3);
    expect(records.every((r) => r.url.startsWith('/p'))).toBe(true);
  });
});

describe('lvl0Of', () => {
  const sidebar: SidebarSection = {
    prefix: '/guide/',
    items: [
      { text: 'Getting Started', items: [{ text: 'Intro', link: '/guide/start/intro' }] },
      { text: 'Advanced', items: [{ text: 'Deeper', items: [{ text: 'Nested page', link: '/guide/advanced/nested' }] }] },
      { text: 'Loose page', link: '/guide/loose' },
    ],
  };
  const nav: NavItem[] = [
    { text: 'Guide', link: '/guide/start/intro' },
    { text: 'More', items: [{ text: 'Plugins', link: '/plugin/' }] },
    { text: 'Changelog', link: '/changelog' },
  ];

  it('is the sidebar group that holds the page, at any depth', () => {
    expect(lvl0Of('/guide/start/intro', sidebar, nav, 'Site')).toBe('Getting Started');
    expect(lvl0Of('/guide/advanced/nested', sidebar, nav, 'Site')).toBe('Advanced');
  });

  it('is the nav item leading into the sidebar section when no group holds the page', () => {
    expect(lvl0Of('/guide/loose', sidebar, nav, 'Site')).toBe('Guide');
  });

  it('is the nav item (also inside a dropdown) linking to or above the page when there is no sidebar', () => {
    expect(lvl0Of('/changelog', null, nav, 'Site')).toBe('Changelog');
    expect(lvl0Of('/plugin/rss', null, nav, 'Site')).toBe('Plugins');
  });

  it('is the fallback when neither sidebar nor nav knows the page', () => {
    expect(lvl0Of('/about', null, nav, 'Site')).toBe('Site');
    expect(lvl0Of('/about', null, [], 'Site')).toBe('Site');
  });
});

describe('long sections', () => {
  it('become several records of at most MAX_RECORD_CONTENT characters, same url and hierarchy, every word kept', async () => {
    const words = Array.from({ length: 4000 }, (_, i) => `word${i}`);
    const records = await recordsOf(`# Changelog\n\n## Entries\n\n${words.join(' ')}\n`);
    const pieces = records.filter((r) => r.url === '/guide/page#entries');
    expect(pieces.length).toBeGreaterThan(1);
    expect(new Set(pieces.map((r) => r.objectID)).size).toBe(pieces.length);
    for (const r of pieces) {
      expect(r.content!.length).toBeLessThanOrEqual(MAX_RECORD_CONTENT);
      expect(r.hierarchy).toEqual(pieces[0].hierarchy);
      expect(r.type).toBe('content');
    }
    expect(pieces.map((r) => r.content).join(' ').split(' ')).toEqual(words);
  });

  it('are cut at a space or Chinese punctuation, never inside a surrogate pair', () => {
    const zh = '构建先写入临时文件夹，最后再替换进来。'.repeat(600);
    for (const part of splitContent(zh)) expect(part.endsWith('，') || part.endsWith('。')).toBe(true);
    const emoji = '😀'.repeat(MAX_RECORD_CONTENT);
    expect(splitContent(emoji).join('')).toBe(emoji);
    expect(splitContent(emoji).every((p) => !/[\ud800-\udbff]$/.test(p))).toBe(true);
  });
});
