/**
 * The plugin API on a real build: the `plugins` fixture site holds three plugins (Markdown, content,
 * runtime), each of whose effects must show in the output; then the errors a plugin can cause, each named
 * after the plugin and the hook, and the cache that must never serve output made with another plugin.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, DocgenError, resolveConfig, type DocgenPlugin } from '@docgen/core';
import os from 'node:os';
import { copyFixture, docsRoot, listFiles, repoRoot } from './helpers/site.js';

const read = (file: string) => fs.readFileSync(file, 'utf8');

describe('a site with three plugins', () => {
  let site: string;
  beforeAll(async () => {
    site = copyFixture('plugins');
    await build({ root: site, log: false });
  });

  it('runs the Markdown plugin on every page and offers its global component to MDX', () => {
    const guide = read(path.join(site, 'dist/guide/index.html'));
    expect(guide).toContain('DOCGEN runs the plugins in order.');
    expect(guide).toContain('<aside class="plugin-callout">Written without an import.</aside>');
    expect(read(path.join(site, 'dist/index.html'))).toContain('built by DOCGEN with three plugins');
  });

  it('builds the page a plugin adds, links it and lists it in the route manifest', () => {
    const changelog = read(path.join(site, 'dist/changelog.html'));
    expect(changelog).toContain('<h1 id="changelog">Changelog</h1>');
    expect(changelog).toContain('<li>1.1.0: plugins</li>');
    // Its root-relative link is checked and rewritten like any page's.
    expect(changelog).toContain('href="/guide/"');
    expect(Object.keys(JSON.parse(read(path.join(site, 'dist/docgen-data/routes-en.json'))).routes)).toContain('/changelog');
  });

  it('renders the global UI component with its props, its runtime module and the extended page data', () => {
    for (const [file, headings] of [['index.html', '0'], ['guide/index.html', '1'], ['changelog.html', '0']]) {
      const html = read(path.join(site, 'dist', file));
      expect(html, file).toContain(`<div class="plugin-banner plugin-banner--info" data-headings="${headings}">Hello from a plugin</div>`);
    }
    const css = listFiles(path.join(site, 'dist/assets')).filter((f) => f.endsWith('.css')).map((f) => read(path.join(site, 'dist/assets', f)));
    expect(css.some((c) => /\.plugin-banner\{border-top:4px solid (rgb\(1, ?2, ?3\)|#010203)\}/.test(c))).toBe(true);
  });

  it("applies the config hook's change and runs afterBuild once the output is in place", () => {
    expect(read(path.join(site, 'dist/index.html'))).toContain('<meta name="description" content="Described by the banner plugin">');
    // afterBuild gets the routes and, by language, the sidebars the pages show.
    expect(JSON.parse(read(path.join(site, 'dist/plugin-report.json')))).toEqual({
      routes: ['/', '/guide/', '/changelog'],
      sidebars: { en: [{ prefix: '/changelog', items: [{ text: 'Releases', link: '/changelog' }] }, { prefix: '/guide/', items: [{ text: 'Guide', link: '/guide/' }] }] },
    });
  });

  it('shows the sidebar section an extendNavigation hook adds on the pages under its prefix only', () => {
    expect(read(path.join(site, 'dist/changelog.html'))).toMatch(/<a [^>]*href="\/changelog"[^>]*>Releases<\/a>/);
    expect(read(path.join(site, 'dist/guide/index.html'))).not.toContain('Releases');
  });
});

describe("the config's extension points and the bundler and UI-string hooks", () => {
  let site: string;
  beforeAll(async () => {
    site = copyFixture('site-extensions');
    await build({ root: site, log: false });
  });

  it('renders the global UI component of the config with its props, a define, an esbuild plugin\'s module and a plugin\'s UI string', () => {
    for (const file of ['index.html', 'guide/index.html']) {
      const html = read(path.join(site, 'dist', file)).replace(/<!-- -->/g, '');
      expect(html, file).toContain('<p class="site-notice site-notice--beta">Version 1.2.3, answer 42</p>');
    }
  });

  it('bundles the global styles of the config', () => {
    const css = listFiles(path.join(site, 'dist/assets')).filter((f) => f.endsWith('.css')).map((f) => read(path.join(site, 'dist/assets', f)));
    expect(css.some((c) => /\.site-notice\{border-left:4px solid (rgb\(4, ?5, ?6\)|#040506)\}/.test(c))).toBe(true);
  });

  it('resolves an aliased import and a fragment imported without its extension, whose anchors the link check knows', () => {
    const guide = read(path.join(site, 'dist/guide/index.html')).replace(/<!-- -->/g, '');
    expect(guide).toContain('<strong class="greeting">Hello, reader</strong>');
    expect(guide).toContain('<h2 id="shared-section"');
    expect(guide).toContain('href="#shared-section"');
  });

  it('fails on a link to an anchor the extensionless fragment does not have', async () => {
    const copy = copyFixture('site-extensions');
    fs.appendFileSync(path.join(copy, 'guide/index.mdx'), '\nAnd to [nowhere](#no-such-section).\n');
    await expect(build({ root: copy, log: false })).rejects.toThrow(/#no-such-section/);
  });

  it('names the config when one of its files is missing, and the alias when its target is', async () => {
    const copy = copyFixture('site-extensions');
    fs.rmSync(path.join(copy, 'parts/site.css'));
    await expect(build({ root: copy, log: false })).rejects.toThrow(`[docgen.config] globalStyles: ${path.join(copy, 'parts/site.css')} does not exist`);
    fs.writeFileSync(path.join(copy, 'parts/site.css'), '');
    fs.rmSync(path.join(copy, 'parts/Greeting.tsx'));
    const error = await build({ root: copy, log: false }).then(() => null, (e: DocgenError) => e);
    expect(error?.message).toContain('(the alias @parts → ');
    // At the import in the page's source, not in the JavaScript it compiles to.
    expect(error?.message).toContain('guide/index.mdx:1:');
  });
});

/** A one-page site built with `plugins`; returns the build's error, or null when it built. */
async function buildWith(plugins: unknown[]): Promise<DocgenError | null> {
  const site = copyFixture('plugins');
  fs.writeFileSync(path.join(site, 'docgen.config.ts'), 'export default { title: "T" };\n');
  fs.rmSync(path.join(site, 'guide'), { recursive: true });
  const config = resolveConfig({ title: 'T', plugins }, { root: site });
  try {
    await build({ root: site, config, log: false });
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(DocgenError);
    return error as DocgenError;
  }
}

describe('what plugins report', () => {
  it('lists env.warn in the build warnings, named after the plugin, and prints env.info only when the build prints', async () => {
    const site = copyFixture('plugins');
    // The fixture's guide uses its own plugins' components: the site keeps its home page only.
    fs.rmSync(path.join(site, 'guide'), { recursive: true });
    const plugin: DocgenPlugin = {
      name: 'reporter',
      beforeBuild: (_config, env) => {
        env.warn('the data file is older than a day');
        env.info('read 3 entries');
      },
    };
    const printed: string[] = [];
    const log = console.log;
    console.log = (...args: unknown[]) => void printed.push(args.join(' '));
    try {
      const quiet = await build({ root: site, config: resolveConfig({ title: 'T', plugins: [plugin] }, { root: site }), log: false, cache: false });
      expect(quiet.warnings).toContain('[reporter] the data file is older than a day');
      expect(printed.filter((line) => line.includes('[reporter]'))).toEqual([]);
      await build({ root: site, config: resolveConfig({ title: 'T', plugins: [plugin] }, { root: site }), cache: false });
      expect(printed).toContain('[reporter] read 3 entries');
    } finally {
      console.log = log;
    }
  });
});

describe('plugin errors', () => {
  it('names the plugin and the hook when a hook throws', async () => {
    const error = await buildWith([{ name: 'thrower', extendPageData: () => { throw new Error('no data today'); } }]);
    expect(error?.message).toBe('[thrower] extendPageData: no data today');
  });

  it('refuses what a hook returns in the wrong shape, with the hook and the field', async () => {
    const pages = await buildWith([{ name: 'pages', addPages: () => [{ route: '/x', content: '# X' }] }]);
    expect(pages?.message).toMatch(/^\[pages\] addPages: returned a wrong value: .*result\[0\]/);
    const modules = await buildWith([{ name: 'modules', addRuntimeModules: () => ({ 'virtual-x': 42 }) }]);
    expect(modules?.message).toBe('[modules] addRuntimeModules: returned a wrong value: result.virtual-x is not a string');
    const taken = await buildWith([{ name: 'taken', addPages: () => [{ routePath: '/', content: '# Home again' }] }]);
    expect(taken?.message).toBe('[taken] addPages: the route / is taken by index.md');
    const missing = await buildWith([{ name: 'missing', globalUIComponents: ['/nowhere/Banner.tsx'] }]);
    expect(missing?.message).toBe('[missing] globalUIComponents: /nowhere/Banner.tsx does not exist');
    const strings = await buildWith([{ name: 'strings', i18nSource: () => ({ 'a.b': { en: 1 } }) }]);
    expect(strings?.message).toBe('[strings] i18nSource: returned a wrong value: result.a.b.en is not a string');
    const sidebar = await buildWith([{ name: 'sidebar', extendNavigation: (n) => void n.sidebars.push({ prefix: 'api/', items: [{ text: '', link: '/api/' }] }) }]);
    expect(sidebar?.message).toBe('[sidebar] extendNavigation: returned a wrong value: result.sidebars[0].prefix must start with /; result.sidebars[0].items[0].text cannot be empty');
    const define = (name: string): DocgenPlugin => ({ name, esbuild: { define: { __X__: '1' } } });
    expect((await buildWith([define('one'), define('two')]))?.message).toBe('[two] esbuild.define: __X__ is set by one too');
  });

  it('refuses a plugin of the wrong shape with its index, name and option', () => {
    const site = copyFixture('plugins');
    const refused = (plugins: unknown[]) => {
      try {
        resolveConfig({ plugins }, { root: site });
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    };
    expect(refused([{ name: 'typo', afterBuld: () => {} }])).toContain('plugins[0] (typo): afterBuld is not a known option');
    expect(refused([{ afterBuild: () => {} }])).toContain('plugins[0]: name is required');
    expect(refused([{ name: 'kind', addPages: [] }])).toContain('plugins[0] (kind): addPages is not a function');
    expect(refused([{ name: 'rel', globalStyles: './x.css' }])).toContain('plugins[0] (rel): globalStyles is not an absolute path');
    expect(refused([{ name: 'alias', esbuild: { alias: { '@x': './x' } } }])).toContain(
      'plugins[0] (alias): esbuild.alias.@x is a relative path: give an absolute path or a package name',
    );
    expect(refused([{ name: 'esb', esbuild: { plugin: [] } }])).toContain('plugins[0] (esb): esbuild.plugin is not a known option');
    expect(refused([{ name: 'twice' }, { name: 'twice' }])).toContain('plugins[1] (twice): another plugin has the name twice');
    expect(refused([{ name: 'fn', markdown: { remarkPlugins: [['/x.mjs', { transform: () => 1 }]] } }])).toContain(
      'plugins[0] (fn): markdown.remarkPlugins[0][1] cannot be sent to the page workers: give plain data (no functions)',
    );
  });

  it('runs plugins in order, enforce: pre first and post last', async () => {
    const order: string[] = [];
    const plugin = (name: string, enforce?: 'pre' | 'post'): DocgenPlugin => ({ name, enforce, beforeBuild: () => void order.push(name) });
    expect(await buildWith([plugin('a'), plugin('z', 'post'), plugin('b'), plugin('first', 'pre')])).toBeNull();
    expect(order).toEqual(['first', 'a', 'b', 'z']);
  });

  it('routes a page that a beforeBuild hook writes into the site', async () => {
    const site = copyFixture('plugins');
    fs.rmSync(path.join(site, 'guide'), { recursive: true });
    const writer: DocgenPlugin = {
      name: 'writer',
      beforeBuild: (config) => {
        fs.mkdirSync(path.join(config.root, 'generated'), { recursive: true });
        fs.writeFileSync(path.join(config.root, 'generated/api.md'), '# Generated API\n');
      },
    };
    await build({ root: site, config: resolveConfig({ title: 'T', plugins: [writer] }, { root: site }), log: false });
    expect(read(path.join(site, 'dist/generated/api.html'))).toContain('Generated API');
  });
});

describe('head tags', () => {
  it('writes the config\'s and the plugins\' head tags into every page, attribute values escaped', async () => {
    const site = copyFixture('plugins');
    fs.rmSync(path.join(site, 'guide'), { recursive: true });
    const config = resolveConfig(
      {
        head: [['meta', { name: 'theme-color', content: '#0b6bcb' }], ['script', { defer: true, src: '/stats.js?a=1&b="2"' }]],
        base: '/docs/',
        plugins: [{ name: 'feed', head: (c: { base: string }) => [['link', { rel: 'alternate', type: 'application/rss+xml', href: `${c.base}rss.xml` }]] }],
      },
      { root: site },
    );
    await build({ root: site, config, log: false });
    for (const file of ['index.html', '404.html']) {
      const html = read(path.join(site, 'dist', file));
      expect(html, file).toContain(
        '<meta name="theme-color" content="#0b6bcb">\n<script defer src="/stats.js?a=1&amp;b=&quot;2&quot;"></script>\n<link rel="alternate" type="application/rss+xml" href="/docs/rss.xml">',
      );
    }
    expect(() => resolveConfig({ head: [['iframe', { src: '/x' }]] }, { root: site })).toThrow(/head\[0\]/);
  });
});

describe('plugins and the cache', () => {
  it('rebuilds when a plugin changes, though no file of the site did', async () => {
    const site = copyFixture('plugins');
    fs.rmSync(path.join(site, 'guide'), { recursive: true });
    const withText = (text: string) =>
      resolveConfig({ plugins: [{ name: 'p', extendPageData: new Function('page', `page.note = ${JSON.stringify(text)};`) as DocgenPlugin['extendPageData'] }] }, { root: site });
    const first = await build({ root: site, config: withText('one'), log: false });
    expect(first.upToDate).toBe(false);
    expect((await build({ root: site, config: withText('one'), log: false })).upToDate).toBe(true);
    const changed = await build({ root: site, config: withText('two'), log: false });
    expect(changed.upToDate).toBe(false);
    const chunk = listFiles(path.join(site, 'dist/assets')).find((f) => /^p-index-\w+\.js$/.test(f))!;
    expect(read(path.join(site, 'dist/assets', chunk))).toMatch(/\bnote"?:"two"/);
  });
});

/** The code blocks of a docs page by their `title` meta, the first of each title. */
function codeBlocks(page: string): Map<string, string> {
  const blocks = new Map<string, string>();
  for (const m of read(page).matchAll(/^```\w+ title="([^"]+)"\n([\s\S]*?)^```$/gm)) if (!blocks.has(m[1])) blocks.set(m[1], m[2]);
  return blocks;
}

describe('the plugin of the "Write a plugin" page', () => {
  it('builds a site from the page\'s code blocks as they are, and shows the reading time on every page', async () => {
    for (const lang of ['en', 'zh']) {
      const blocks = codeBlocks(path.join(docsRoot, lang, 'plugin/system/write-a-plugin.md'));
      const site = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-tutorial-'));
      for (const file of ['plugins/reading-time.ts', 'plugins/ReadingTime.tsx', 'plugins/reading-time.css', 'docgen.config.ts']) {
        expect(blocks.has(file), `${lang}: a code block titled ${file}`).toBe(true);
        fs.mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
        fs.writeFileSync(path.join(site, file), blocks.get(file)!);
      }
      // `@docgen/core` as a site that installed docgen has it.
      fs.mkdirSync(path.join(site, 'node_modules/@docgen'), { recursive: true });
      fs.symlinkSync(path.join(repoRoot, 'packages/core'), path.join(site, 'node_modules/@docgen/core'));
      fs.writeFileSync(path.join(site, 'index.md'), `# Home\n\n${'A sentence of eight words for reading time. '.repeat(100)}\n`);
      fs.writeFileSync(path.join(site, 'short.md'), '# Short\n\nA few words.\n');
      await build({ root: site, log: false });
      // 801 words (the heading's one too) at 200 words per minute.
      expect(read(path.join(site, 'dist/index.html'))).toContain('<div class="reading-time">4<!-- --> min read</div>');
      expect(read(path.join(site, 'dist/short.html'))).toContain('<div class="reading-time">1<!-- --> min read</div>');
      const css = listFiles(path.join(site, 'dist/assets')).filter((f) => f.endsWith('.css')).map((f) => read(path.join(site, 'dist/assets', f)));
      expect(css.some((c) => c.includes('.reading-time{position:fixed'))).toBe(true);
    }
  });
});
