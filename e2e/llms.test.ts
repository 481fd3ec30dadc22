/**
 * @docgen/plugin-llms on the `llms` fixture: a bilingual site under the base `/docs/` with a site URL, its
 * English sidebar from `_nav.json` and `_meta.json`, its Chinese one from the config, an MDX page with
 * components, a home page, a page no sidebar lists and a not-found page. The files the plugin writes must
 * follow the sidebars, hold each page's Markdown, and link only to files the build wrote.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, loadConfig } from '@docgen/core';
import { pluginLlms } from '@docgen/plugin-llms';
import { copyFixture, listFiles } from './helpers/site.js';

const read = (file: string) => fs.readFileSync(file, 'utf8');

describe('the llms plugin on a fixture site', () => {
  let out: string;
  beforeAll(async () => {
    const site = copyFixture('llms');
    const config = await loadConfig(site);
    const result = await build({ root: site, config: { ...config, plugins: [pluginLlms()] }, log: false });
    out = result.outDir;
  });

  it('writes llms.txt of the default locale in the order of its nav and sidebar, pages outside the sidebar in Optional', () => {
    expect(read(path.join(out, 'llms.txt'))).toBe(
      [
        '# Llms Fixture',
        '',
        '> A small site for the llms plugin.',
        '',
        '[简体中文](https://docs.example.com/docs/zh/llms.txt)',
        '',
        '## Reference',
        '',
        '- [Reference](https://docs.example.com/docs/reference/index.md)',
        '',
        '## Guide',
        '',
        '- [FAQ](https://docs.example.com/docs/guide/faq.md)',
        '',
        '## Guide: Basics',
        '',
        '- [Introduction](https://docs.example.com/docs/guide/intro.md): What the fixture is about.',
        '- [Setup](https://docs.example.com/docs/guide/setup.md): Install and run.',
        '',
        '## Guide: Advanced',
        '',
        '- [Deep dive](https://docs.example.com/docs/guide/advanced/deep.md): The inner workings.',
        '',
        '## Optional',
        '',
        '- [Llms Fixture](https://docs.example.com/docs/index.md)',
        '- [Orphan](https://docs.example.com/docs/orphan.md): A page no sidebar lists.',
        '',
      ].join('\n'),
    );
  });

  it("writes the other locale's files under its prefix, from the sidebar of the config, without its not-found page", () => {
    expect(read(path.join(out, 'zh/llms.txt'))).toBe(
      [
        '# 示例',
        '',
        '> 用于 llms 插件的小站点。',
        '',
        '[English](https://docs.example.com/docs/llms.txt)',
        '',
        '## 指南: 开始',
        '',
        '- [介绍](https://docs.example.com/docs/zh/guide/intro.md): 这个站点是做什么的。',
        '- [安装](https://docs.example.com/docs/zh/guide/setup.md)',
        '',
      ].join('\n'),
    );
    const written = listFiles(out).filter((f) => /\.(md|txt)$/.test(f) && f !== 'robots.txt');
    expect(written).toEqual([
      'guide/advanced/deep.md',
      'guide/faq.md',
      'guide/intro.md',
      'guide/setup.md',
      'index.md',
      'llms-full.txt',
      'llms.txt',
      'orphan.md',
      'reference/index.md',
      'zh/guide/intro.md',
      'zh/guide/setup.md',
      'zh/llms-full.txt',
      'zh/llms.txt',
    ]);
  });

  it("writes each page's Markdown beside its HTML: front matter, imports and expressions gone, components reduced, links to .md", () => {
    expect(read(path.join(out, 'guide/setup.md'))).toBe(
      [
        '# Setup',
        '',
        '> Install and run.',
        '',
        '## Install new',
        '',
        '**npm**',
        '',
        '```bash',
        'npm install {tool}',
        '```',
        '',
        '**pnpm**',
        '',
        '```bash',
        'pnpm add docgen',
        '```',
        '',
        '## Run',
        '',
        'Run and read the [introduction](https://docs.example.com/docs/guide/intro.md).',
        '',
      ].join('\n'),
    );
    const intro = read(path.join(out, 'guide/intro.md'));
    expect(intro).toContain(
      'Read [the setup](https://docs.example.com/docs/guide/setup.md#run), the [reference](https://docs.example.com/docs/reference/index.md) and the [FAQ](https://docs.example.com/docs/guide/faq.md).',
    );
    // A relative image (copied under a hashed name) keeps its alt text; a public file gets the base.
    expect(intro).toContain('The phases and the ![logo](https://docs.example.com/docs/logo.svg).');
    expect(intro).toContain('## Details\n\n```ts\nconst answer = 42; // kept as written\n```\n');
    // The home page's text lives in its front matter.
    expect(read(path.join(out, 'index.md'))).toBe(
      '# Llms Fixture\n\nPages for AI tools\n\nEvery page as Markdown\n\n- **[Plain text](https://docs.example.com/docs/guide/intro.md)**: Markdown without markup noise.\n- **One file**: The whole site in llms-full.txt.\n',
    );
  });

  it('links only to files of the output', () => {
    for (const file of ['llms.txt', 'zh/llms.txt', 'guide/intro.md', 'index.md']) {
      for (const [, url] of read(path.join(out, file)).matchAll(/\]\((https:\/\/docs\.example\.com\/docs\/[^)#\s]+)/g)) {
        expect(fs.existsSync(path.join(out, url.slice('https://docs.example.com/docs/'.length))), `${file} → ${url}`).toBe(true);
      }
    }
  });

  it('writes llms-full.txt: the Markdown of every listed page, in the order of llms.txt', () => {
    const full = read(path.join(out, 'llms-full.txt'));
    const titles = [...full.matchAll(/^# (.+)$/gm)].map((m) => m[1]);
    expect(titles).toEqual(['Reference', 'FAQ', 'Introduction', 'Setup', 'Deep dive', 'Llms Fixture', 'Orphan']);
    expect(full).toContain(`${read(path.join(out, 'guide/setup.md')).trimEnd()}\n\n---\n\n# Deep dive`);
    expect(read(path.join(out, 'zh/llms-full.txt'))).toBe('# 介绍\n\n> 这个站点是做什么的。\n\n阅读[安装](https://docs.example.com/docs/zh/guide/setup.md)。\n\n---\n\n# 安装\n\n运行 `pnpm add docgen`。\n');
  });

  it('renders the Copy Markdown button on doc pages with a .md file, not on the home page', () => {
    expect(read(path.join(out, 'guide/setup.html'))).toContain(
      '<button type="button" class="dg-copy-markdown" data-markdown="/docs/guide/setup.md">',
    );
    expect(read(path.join(out, 'zh/guide/intro.html'))).toContain('复制 Markdown');
    expect(read(path.join(out, 'index.html'))).not.toContain('dg-copy-markdown');
  });
});
