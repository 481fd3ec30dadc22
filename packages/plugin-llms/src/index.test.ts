import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, DocgenError, resolveConfig, type LocaleNavigation, type UserConfig } from '@docgen/core';
import { homeMarkdown, llmsFullTxt, llmsSections, llmsTxt, pluginLlms, type LlmsOptions, type LlmsPage } from './index.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/** A bilingual site (en default, zh) in a new temporary folder; `files` are added or replace files. */
function makeSite(files: Record<string, string> = {}): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'dg-llms-')));
  made.push(dir);
  const pages: Record<string, string> = {
    'en/index.md': '# Home\n',
    'en/guide/start.md': '---\ndescription: First steps.\n---\n\n# Start\n\nSee [more](./more.md).\n',
    'en/guide/more.md': '# More\n',
    'en/drafts/wip.md': '# Work in progress\n',
    'en/missing.md': "---\npageType: '404'\n---\n\n# Not here\n",
    'zh/index.md': '# 首页\n',
    'zh/guide/start.md': '# 开始\n',
    ...files,
  };
  for (const [name, content] of Object.entries(pages)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

const locales = [
  { lang: 'en', label: 'English' },
  { lang: 'zh', label: '简体中文' },
];

async function buildSite(site: string, options: LlmsOptions, config: UserConfig = {}): Promise<string> {
  const resolved = resolveConfig({ title: 'T', description: 'D', locales, plugins: [pluginLlms(options)], ...config }, { root: site });
  await build({ root: site, config: resolved, log: false });
  return resolved.outDir;
}

/** The build's error, or null when it built. */
async function buildError(site: string, options: LlmsOptions, config: UserConfig = {}): Promise<DocgenError | null> {
  try {
    await buildSite(site, options, config);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(DocgenError);
    return error as DocgenError;
  }
}

const read = (file: string) => fs.readFileSync(file, 'utf8');

describe('pluginLlms options', () => {
  const message = (options: unknown) => {
    try {
      pluginLlms(options as LlmsOptions);
      return null;
    } catch (error) {
      expect(error).toBeInstanceOf(DocgenError);
      return (error as Error).message;
    }
  };

  it('refuses a wrong type or an unknown option, naming the plugin and the option', () => {
    expect(message({ mdFiles: 'yes' })).toBe('[llms] options: mdFiles is not a boolean');
    expect(message({ colour: 'red' })).toBe('[llms] options: colour is not a known option');
    expect(message({ exclude: ['drafts/**'] })).toBe('[llms] options: exclude[0] must start with / (a route pattern such as /guide/**)');
    expect(message({ locales: [] })).toMatch(/^\[llms\] options: locales /);
  });

  it('refuses options that leave nothing to write', () => {
    expect(message({ llmsTxt: false, llmsFullTxt: false, mdFiles: false })).toBe(
      '[llms] options: mdFiles cannot be false when llmsTxt and llmsFullTxt are false too: nothing would be written',
    );
  });

  it('takes no options', () => {
    expect(message(undefined)).toBeNull();
    expect(pluginLlms().name).toBe('llms');
  });
});

describe('pluginLlms on a built site', () => {
  it('writes llms.txt, llms-full.txt and a .md file per page, per locale, with URLs under the base', async () => {
    const out = await buildSite(makeSite(), {}, { base: '/docs/' });
    const files = ['llms.txt', 'llms-full.txt', 'zh/llms.txt', 'zh/llms-full.txt', 'index.md', 'guide/start.md', 'guide/more.md', 'drafts/wip.md', 'zh/index.md', 'zh/guide/start.md'];
    for (const file of files) expect(fs.existsSync(path.join(out, file)), file).toBe(true);
    // Never the not-found pages.
    expect(fs.existsSync(path.join(out, 'missing.md'))).toBe(false);
    expect(fs.existsSync(path.join(out, '404.md'))).toBe(false);
    // Without siteUrl, links are site-relative, with the base.
    expect(read(path.join(out, 'llms.txt'))).toContain('- [Start](/docs/guide/start.md): First steps.');
    expect(read(path.join(out, 'llms.txt'))).toContain('[简体中文](/docs/zh/llms.txt)');
    expect(read(path.join(out, 'guide/start.md'))).toBe('# Start\n\n> First steps.\n\nSee [more](/docs/guide/more.md).\n');
    // The doc page gets the Copy Markdown button, with the base.
    expect(read(path.join(out, 'guide/start.html'))).toContain('<button type="button" class="dg-copy-markdown" data-markdown="/docs/guide/start.md">');
  });

  it('keeps each page\'s Markdown in its cache folder: an edit remakes that page, a damaged entry is made again, --no-cache neither reads nor writes', async () => {
    const site = makeSite();
    const cacheDir = path.join(site, 'node_modules/.cache/docgen/plugins/llms');
    const entries = () => fs.readdirSync(cacheDir).sort();
    const out = await buildSite(site, {});
    const first = entries();
    // One entry per page with a .md file: index, start, more, wip (en) and index, start (zh).
    expect(first).toHaveLength(6);
    const startEntry = first.find((name) => read(path.join(cacheDir, name)).includes('# Start'))!;

    // An edit to one page: its entry is replaced, the others are kept as they were, and the output follows.
    fs.appendFileSync(path.join(site, 'en/guide/start.md'), '\nOne more line.\n');
    await buildSite(site, {});
    const second = entries();
    expect(second).toHaveLength(6);
    expect(second.filter((name) => first.includes(name))).toHaveLength(5);
    expect(second).not.toContain(startEntry);
    expect(read(path.join(out, 'guide/start.md'))).toContain('One more line.');

    // A damaged entry is noticed by its hash and made again, never served.
    const moreEntry = second.find((name) => read(path.join(cacheDir, name)).includes('# More'))!;
    fs.writeFileSync(path.join(cacheDir, moreEntry), read(path.join(cacheDir, moreEntry)).replace('# More', '# Tampered'));
    fs.appendFileSync(path.join(site, 'en/index.md'), '\nA change so that the build runs.\n');
    await buildSite(site, {});
    expect(read(path.join(out, 'guide/more.md'))).toBe('# More\n');
    expect(read(path.join(cacheDir, moreEntry))).toContain('# More');

    // Without the cache, the Markdown is the same and the folder is left alone.
    const cached = read(path.join(out, 'llms-full.txt'));
    fs.rmSync(cacheDir, { recursive: true });
    const resolved = resolveConfig({ title: 'T', description: 'D', locales, plugins: [pluginLlms({})] }, { root: site });
    await build({ root: site, config: resolved, log: false, cache: false });
    expect(read(path.join(out, 'llms-full.txt'))).toBe(cached);
    expect(fs.existsSync(cacheDir)).toBe(false);
  });

  it('follows include, exclude, locales, mdFiles, llmsFullTxt and cleanUrls', async () => {
    const site = makeSite();
    const out = await buildSite(
      site,
      { include: ['/guide/**', '/drafts/**'], exclude: ['/drafts/**'], locales: ['en'], mdFiles: false, llmsFullTxt: false },
      { siteUrl: 'https://docs.example.com', route: { cleanUrls: false } },
    );
    expect(read(path.join(out, 'llms.txt'))).toBe(
      '# T\n\n> D\n\n## guide\n\n- [More](https://docs.example.com/guide/more.html)\n- [Start](https://docs.example.com/guide/start.html): First steps.\n',
    );
    for (const file of ['llms-full.txt', 'zh/llms.txt', 'guide/start.md', 'index.md']) expect(fs.existsSync(path.join(out, file)), file).toBe(false);
    // No .md file, no button.
    expect(read(path.join(out, 'guide/start.html'))).not.toContain('dg-copy-markdown');
  });

  it('writes the default version only, and no fallback page (its original is in the files)', async () => {
    const site = makeSite({ '1.x/en/index.md': '# Home 1\n', '1.x/en/guide/old.md': '# Old\n', '1.x/zh/index.md': '# 首页 1\n' });
    const out = await buildSite(site, {}, { multiVersion: { default: '2.x', versions: ['2.x', '1.x'] }, i18n: { fallback: true } });
    expect(fs.existsSync(path.join(out, 'zh/guide/more.html'))).toBe(true);
    expect(fs.existsSync(path.join(out, '1.x/guide/old.html'))).toBe(true);
    const zh = read(path.join(out, 'zh/llms.txt'));
    expect(zh).toContain('/zh/guide/start.md');
    expect(zh).not.toContain('more');
    expect(read(path.join(out, 'llms.txt'))).not.toContain('1.x');
    for (const file of ['zh/guide/more.md', '1.x/guide/old.md', '1.x/index.md']) expect(fs.existsSync(path.join(out, file)), file).toBe(false);
  });

  it('leaves the button out with copyButton: false', async () => {
    const out = await buildSite(makeSite(), { copyButton: false, llmsTxt: false });
    expect(fs.existsSync(path.join(out, 'guide/start.md'))).toBe(true);
    expect(fs.existsSync(path.join(out, 'llms.txt'))).toBe(false);
    expect(read(path.join(out, 'guide/start.html'))).not.toContain('dg-copy-markdown');
  });

  it('refuses to replace a file of the public folder', async () => {
    const error = await buildError(makeSite({ 'public/llms.txt': '# Mine\n' }), {});
    expect(error?.message).toBe('[llms] afterBuild: the output already has llms.txt (from the public folder?): remove it, or turn off the option that writes it');
    const md = await buildError(makeSite({ 'public/guide/start.md': 'mine\n' }), {});
    expect(md?.message).toBe('[llms] afterBuild: the output already has guide/start.md (from the public folder?): remove it, or turn off the option that writes it');
  });

  it('refuses a language the site does not have', async () => {
    const error = await buildError(makeSite(), { locales: ['en', 'fr'] });
    expect(error?.message).toBe('[llms] beforeBuild: the locales option names fr, which the site does not have (its locales: en, zh)');
  });
});

describe('llmsSections', () => {
  const page = (routePath: string, title = routePath, description?: string): LlmsPage => ({ routePath, title, description, url: `${routePath}.md` });
  const pages = new Map(['/a', '/b', '/c', '/d', '/x/', '/y', '/home'].map((p) => [p, page(p)]));

  it('orders sections as the nav reaches them, one per group, loose links under the nav text, the rest in Optional', () => {
    const navigation: LocaleNavigation = {
      nav: [{ text: 'Menu', items: [{ text: 'Second', link: '/x/' }] }, { text: 'First', link: '/a#top' }],
      // Longest prefix first, as core gives them.
      sidebars: [
        { prefix: '/x/', items: [{ text: 'X', link: '/x/' }, { text: 'Y', link: '/y' }] },
        {
          prefix: '/',
          items: [
            { text: 'A', link: '/a' },
            { text: 'Group', items: [{ text: 'B', link: '/b.html' }, { text: 'Nested', items: [{ text: 'C', link: '/c' }] }, { text: 'Out', link: 'https://e.com' }] },
            { text: 'A again', link: '/a' },
            { text: 'Gone', link: '/gone' },
          ],
        },
      ],
    };
    const sections = llmsSections(navigation, pages);
    expect(sections.map((s) => [s.title, s.pages.map((p) => p.routePath)])).toEqual([
      ['Second', ['/x/', '/y']],
      ['First', ['/a']],
      ['First: Group', ['/b', '/c']],
      ['Optional', ['/d', '/home']],
    ]);
  });

  it('names sections the nav does not reach after their group, their index page or their folder', () => {
    const sidebar = (prefix: string) => ({ prefix, items: [{ text: 'A', link: '/a' }, { text: 'G', items: [{ text: 'B', link: '/b' }] }] });
    const titled = new Map([...pages, ['/x/', page('/x/', 'X home')]]);
    expect(llmsSections({ nav: [], sidebars: [sidebar('/x/')] }, titled).slice(0, 2).map((s) => s.title)).toEqual(['X home', 'G']);
    expect(llmsSections({ nav: [], sidebars: [sidebar('/zh/guide/')] }, pages).slice(0, 2).map((s) => s.title)).toEqual(['guide', 'G']);
  });
});

describe('llmsTxt and llmsFullTxt', () => {
  it('writes the llmstxt.org layout', () => {
    const sections = [{ title: 'Guide', pages: [{ routePath: '/a', title: 'A [1]', description: 'About\nA.', url: 'https://e.com/a.md' }] }];
    expect(llmsTxt({ title: 'Site', description: 'What it is.', otherLanguages: [{ label: '中文', url: 'https://e.com/zh/llms.txt' }], sections })).toBe(
      '# Site\n\n> What it is.\n\n[中文](https://e.com/zh/llms.txt)\n\n## Guide\n\n- [A \\[1\\]](https://e.com/a.md): About A.\n',
    );
    expect(llmsTxt({ title: 'Site', description: '', sections: [] })).toBe('# Site\n');
  });

  it('joins the pages of every section in order', () => {
    const sections = [
      { title: 'One', pages: [{ routePath: '/a', title: 'A', url: '' }] },
      { title: 'Two', pages: [{ routePath: '/b', title: 'B', url: '' }] },
    ];
    expect(llmsFullTxt(sections, (p) => `# ${p.title}\n\nText.\n`)).toBe('# A\n\nText.\n\n---\n\n# B\n\nText.\n');
  });
});

describe('homeMarkdown', () => {
  it("gives a home page's hero text, tagline and features", () => {
    const md = homeMarkdown(
      { pageType: 'home', hero: { name: 'N', text: 'Fast docs', tagline: 'From Markdown' }, features: [{ title: 'A', details: 'Does a.', link: '/a' }, { title: 'B', details: '' }] },
      (url) => (url === '/a' ? 'https://e.com/a.md' : undefined),
    );
    expect(md).toBe('Fast docs\n\nFrom Markdown\n\n- **[A](https://e.com/a.md)**: Does a.\n- **B**');
  });
});
