/**
 * The official plugin pages of the built-in features (container syntax, shiki, image zoom, Algolia) and the
 * overview: their examples, taken from the pages' code blocks as they are (en and zh), build sites whose
 * output is what the pages say. A page whose example stops working, or whose quoted message changes, fails
 * here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, loadConfig } from '@docgen/core';
import { docsRoot, listFiles, repoRoot } from './helpers/site.js';

const LANGS = ['en', 'zh'] as const;
const read = (file: string) => fs.readFileSync(file, 'utf8');

/** A fenced code block of a page: its language, its `title` meta (if any) and its content. */
interface Fence {
  lang: string;
  title?: string;
  body: string;
}

/** The fenced code blocks of an official plugin page, outer fences only (a ```` block keeps its inner ```). */
function fences(lang: string, page: string): Fence[] {
  const source = read(path.join(docsRoot, lang, 'plugin/official-plugins', page));
  const out: Fence[] = [];
  for (const m of source.matchAll(/^(`{3,})(\w*)([^\n]*)\n([\s\S]*?)^\1[ \t]*$/gm)) {
    out.push({ lang: m[2], title: /title="([^"]+)"/.exec(m[3])?.[1], body: m[4] });
  }
  return out;
}

/** The one block titled `title`; fails the test naming the page when there is none. */
function block(lang: string, page: string, title: string): string {
  const found = fences(lang, page).filter((f) => f.title === title);
  expect(found, `${lang}/${page}: one code block titled ${title}`).toHaveLength(1);
  return found[0].body;
}

const sites: string[] = [];
afterAll(() => {
  for (const site of sites) fs.rmSync(site, { recursive: true, force: true });
});

/** A site in a temporary folder with `files` (path → content) and `@docgen/core` and the official plugins installed as a user has them. */
function newSite(files: Record<string, string | Buffer>): string {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-plugin-page-'));
  sites.push(site);
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
    fs.writeFileSync(path.join(site, file), content);
  }
  fs.mkdirSync(path.join(site, 'node_modules/@docgen'), { recursive: true });
  // Core and the official plugins, which the overview's example imports.
  for (const pkg of fs.readdirSync(path.join(repoRoot, 'packages')).filter((name) => name === 'core' || name.startsWith('plugin-'))) {
    fs.symlinkSync(path.join(repoRoot, 'packages', pkg), path.join(site, 'node_modules/@docgen', pkg));
  }
  return site;
}

/** The message `build` rejects with for `site`; fails the test when the build succeeds. */
async function buildError(site: string): Promise<string> {
  const error = await build({ root: site, log: false }).then(
    () => null,
    (e: unknown) => e as Error,
  );
  expect(error, `the build of ${site} fails`).not.toBeNull();
  return error!.message;
}

/** The page's ```html sample up to its first `…`, whitespace between tags removed: the markup the build writes. */
function markupPrefixes(sample: string): string[] {
  return sample
    .split(/\n\s*\n/)
    .map((part) => part.split('…')[0].replace(/>\s+</g, '><').trim());
}

describe('every docgen.config.ts example of the built-in feature pages', () => {
  it('is a valid config as written', async () => {
    const pages = ['overview.md', 'container-syntax.md', 'shiki.md', 'medium-zoom.md', 'algolia.md'];
    let count = 0;
    for (const lang of LANGS) {
      for (const page of pages) {
        for (const config of fences(lang, page).filter((f) => f.title?.startsWith('docgen.config.ts'))) {
          const site = newSite({ 'docgen.config.ts': config.body, 'index.md': '# Home\n' });
          await expect(loadConfig(site), `${lang}/${page}: ${config.title}`).resolves.toBeTruthy();
          count++;
        }
      }
    }
    // overview 2, shiki 2, medium-zoom 3, algolia 5, in each language.
    expect(count).toBe(24);
  });
});

describe('the container syntax page', () => {
  it('builds its examples into the containers and markup it describes', async () => {
    for (const lang of LANGS) {
      const page = 'container-syntax.md';
      const files: Record<string, string> = {};
      for (const name of ['callouts', 'titles', 'nested', 'alerts']) files[`guide/${name}.md`] = `# ${name}\n\n${block(lang, page, `guide/${name}.md`)}`;
      const site = newSite(files);
      await build({ root: site, log: false });
      // Whitespace between tags removed, as in the page's HTML sample.
      const html = (name: string) => read(path.join(site, 'dist/guide', `${name}.html`)).replace(/>\s+</g, '><');

      const callouts = html('callouts');
      for (const type of ['tip', 'info', 'warning', 'danger']) {
        expect(callouts, `${lang}: ${type}`).toContain(`<div class="dg-container dg-container-${type}"><p class="dg-container-title">${type.toUpperCase()}</p>`);
      }
      // The page's HTML sample is the markup of the tip and of the details container.
      const sample = fences(lang, page).find((f) => f.lang === 'html')!.body;
      const prefixes = markupPrefixes(sample);
      expect(prefixes).toHaveLength(2);
      for (const prefix of prefixes) expect(callouts, `${lang}: ${prefix}`).toContain(prefix);

      expect(html('titles')).toContain('<p class="dg-container-title">Breaking change</p>');
      expect(html('titles')).toContain('<p class="dg-container-title">Good to know</p>');
      expect(html('nested')).toMatch(
        /<div class="dg-container dg-container-tip"><p class="dg-container-title">Before you deploy<\/p><div class="dg-container-body"><p>Build once on your machine.<\/p><div class="dg-container dg-container-warning">/,
      );
      const alerts = html('alerts');
      for (const type of ['note', 'tip', 'important', 'warning', 'caution']) {
        expect(alerts, `${lang}: alert ${type}`).toContain(`<div class="dg-container dg-container-${type}"><p class="dg-container-title">${type.toUpperCase()}</p>`);
      }
      expect(alerts).not.toContain('<blockquote');
    }
  });
});

describe('the shiki page', () => {
  it('builds its config and its code block examples with the titles, lines and numbers it describes', async () => {
    for (const lang of LANGS) {
      const page = 'shiki.md';
      // Each ````md block shows a code block as written in a page.
      const examples = fences(lang, page).filter((f) => f.lang === 'md' && f.body.startsWith('```'));
      expect(examples.length, `${lang}: code block examples`).toBe(3);
      const site = newSite({
        'docgen.config.ts': fences(lang, page).find((f) => f.title === 'docgen.config.ts')!.body,
        'guide/index.md': `# Code blocks\n\n${examples.map((f) => f.body).join('\n')}`,
      });
      await build({ root: site, log: false });
      const html = read(path.join(site, 'dist/guide/index.html'));
      const codeBlocks = html.split('<div class="dg-code').slice(1);
      const find = (text: string) => {
        const found = codeBlocks.find((b) => b.replace(/<[^>]*>/g, '').includes(text));
        expect(found, `${lang}: a code block with ${text}`).toBeDefined();
        return found!;
      };
      expect(html).toContain('<div class="dg-code-title">docgen.config.ts</div>');
      // `{1,3-5}`: lines 1, 3, 4 and 5.
      const highlighted = find('const a').split('<span class="line').slice(1).map((line) => line.startsWith(' highlighted'));
      expect(highlighted).toEqual([true, false, true, true, true]);
      expect(find('docgen preview').startsWith(' dg-code--line-numbers"')).toBe(true);
      expect(find('noNumbersHere').startsWith('"')).toBe(true);
    }
  });

  it('builds its transformer example: the module and the config as written give every line its class', async () => {
    for (const lang of LANGS) {
      const configs = fences(lang, 'shiki.md').filter((f) => f.title === 'docgen.config.ts');
      expect(configs, `${lang}: the configuration and the transformer configs`).toHaveLength(2);
      const site = newSite({
        'docgen.config.ts': configs[1].body,
        'shiki/line-ids.mjs': block(lang, 'shiki.md', 'shiki/line-ids.mjs'),
        'guide/index.md': '# Code\n\n```ts\nconst a = 1;\nconst b = 2;\n```\n',
      });
      await build({ root: site, log: false });
      const html = read(path.join(site, 'dist/guide/index.html'));
      expect(html).toContain('<span class="line line-1">');
      expect(html).toContain('<span class="line line-2">');
    }
  });

  it('stops the build with the messages it quotes for an unknown language and theme', async () => {
    for (const lang of LANGS) {
      const quoted = fences(lang, 'shiki.md')
        .filter((f) => f.lang === 'text' && f.body.startsWith('error: '))
        .map((f) => f.body.trim().slice('error: '.length));
      expect(quoted, `${lang}: two quoted errors`).toHaveLength(2);
      const page = { 'guide/index.md': '# Code\n\n```ts\nconst a = 1;\n```\n' };
      const unknownLang = newSite({ ...page, 'docgen.config.ts': "export default { markdown: { shiki: { langs: ['cobol-85'] } } };\n" });
      expect(await buildError(unknownLang)).toContain(quoted[0]);
      const unknownTheme = newSite({ ...page, 'docgen.config.ts': "export default { markdown: { shiki: { lightTheme: 'my-theme' } } };\n" });
      expect(await buildError(unknownTheme)).toContain(quoted[1]);
    }
  });
});

describe('the image zoom page', () => {
  it('builds its config and its MDX examples: opted-out images, high-resolution images', async () => {
    const png = fs.readFileSync(path.join(docsRoot, 'en/guide/default-theme/doc-page.jpg'));
    for (const lang of LANGS) {
      const page = 'medium-zoom.md';
      const site = newSite({
        'docgen.config.ts': block(lang, page, 'docgen.config.ts'),
        'guide/example.mdx': `# Example\n\n${block(lang, page, 'guide/example.mdx')}`,
        'guide/editor.mdx': block(lang, page, 'guide/editor.mdx').replace(/\n\n/, '\n\n# Editor\n\n'),
        'guide/settings.md': '# Settings\n',
        'guide/settings.png': png,
        'guide/editor.png': png,
        'guide/editor@2x.png': png,
        'public/diagram.png': png,
      });
      await build({ root: site, log: false });
      const config = await loadConfig(site);
      expect(config.themeConfig.mediumZoom).toEqual({
        selector: '.dg-doc-content img:not([src$=".svg"])',
        options: { margin: 24, background: 'var(--dg-c-bg)' },
      });
      const example = read(path.join(site, 'dist/guide/example.html'));
      expect(example).toMatch(/<img class="no-zoom" src="\/diagram.png"/);
      expect(example).toMatch(/<img data-no-zoom="true" src="\/diagram.png"/);
      expect(example).toMatch(/<a href="\/guide\/settings"><img src="\/assets\/settings-\w+\.png"/);
      const editor = read(path.join(site, 'dist/guide/editor.html'));
      const small = /src="(\/assets\/editor-\w+\.png)"/.exec(editor)?.[1];
      const large = /data-zoom-src="(\/assets\/editor@2x-\w+\.png)"/.exec(editor)?.[1];
      expect(small && large, `${lang}: both image URLs`).toBeTruthy();
      // React writes the attribute as `srcSet`; HTML attribute names are case-insensitive.
      expect(editor.toLowerCase()).toContain(`srcset="${small} 1x, ${large} 2x"`.toLowerCase());
      expect(fs.existsSync(path.join(site, 'dist', large!))).toBe(true);
    }
  });
});

describe('the Algolia page', () => {
  it('builds its recordsFile example: the records file, and no local index', async () => {
    for (const lang of LANGS) {
      const configs = fences(lang, 'algolia.md').filter((f) => f.title === 'docgen.config.ts');
      const withRecords = configs.find((f) => f.body.includes('recordsFile'))!;
      const site = newSite({
        'docgen.config.ts': withRecords.body,
        'index.md': '# Home\n\nWelcome.\n',
        'guide/setup.md': '# Setup\n\n## Install\n\nRun the installer.\n',
      });
      await build({ root: site, log: false });
      const file = /recordsFile: '([^']+)'/.exec(withRecords.body)![1];
      const records = JSON.parse(read(path.join(site, file))) as { objectID: string; url: string; hierarchy: Record<string, string | null> }[];
      expect(records.find((r) => r.url === '/guide/setup#install')).toMatchObject({ hierarchy: { lvl1: 'Setup', lvl2: 'Install' } });
      expect(listFiles(path.join(site, 'dist')).filter((f) => f.startsWith('docgen-data/search-'))).toEqual([]);
    }
  });

  it('stops the build with the message it quotes when a required key is missing', async () => {
    for (const lang of LANGS) {
      const first = fences(lang, 'algolia.md').find((f) => f.title === 'docgen.config.ts')!.body;
      const quoted = fences(lang, 'algolia.md').find((f) => f.lang === 'text' && f.body.includes('is required'))!.body.trim().split('\n').at(-1)!.trim();
      const site = newSite({ 'docgen.config.ts': first.replace(/\n\s*indexName: [^\n]+/, ''), 'index.md': '# Home\n' });
      expect(await buildError(site)).toContain(quoted);
    }
  });
});

describe('the official plugin pages', () => {
  it('describe plugins that exist: none says a feature is planned or not there yet, in either language', () => {
    for (const lang of LANGS) {
      const dir = path.join(docsRoot, lang, 'plugin/official-plugins');
      for (const page of fs.readdirSync(dir).filter((f) => /\.mdx?$/.test(f))) {
        expect(read(path.join(dir, page)), `${lang}/${page}`).not.toMatch(/planned|not yet|计划中|规划中|尚未/i);
      }
    }
  });
});
