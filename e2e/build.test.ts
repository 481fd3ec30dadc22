/**
 * `build()` in-process on the fixture site and on the website, plus the error cases of bad input: each
 * must name file, line and column, exit with 1 through the CLI and leave the previous output intact.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, runCli, type BuildResult } from '@docgen/core';
import { copyFixture, docsRoot, listFiles, repoRoot } from './helpers/site.js';

const run = promisify(execFile);
const bin = path.join(repoRoot, 'packages/core/bin/docgen.js');

/** Runs the CLI in-process, capturing its output. */
async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(['node', 'docgen', ...argv], { log: (s) => out.push(s), error: (s) => err.push(s) });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

const read = (file: string) => fs.readFileSync(file, 'utf8');

describe('fixture site', () => {
  let site: string;
  let result: BuildResult;
  beforeAll(async () => {
    site = copyFixture('basic');
    result = await build({ root: site, log: false });
  });

  it('writes one HTML file per route, the 404 page, public files and hashed assets', () => {
    const files = listFiles(path.join(site, 'dist'));
    expect(files.filter((f) => f.endsWith('.html'))).toEqual(['404.html', 'guide/intro.html', 'guide/usage.html', 'index.html', 'zh/guide/intro.html', 'zh/index.html']);
    expect(files).toContain('robots.txt');
    expect(files).toContain('favicon.svg');
    expect(files.some((f) => /^assets\/shot-[0-9a-f]{8}\.png$/.test(f))).toBe(true);
    // A fragment is importable but never a route.
    expect(files.some((f) => f.includes('snippet'))).toBe(false);
    expect(result.routes.map((r) => r.path)).toEqual(['/', '/guide/intro', '/guide/usage', '/zh/', '/zh/guide/intro']);
  });

  it('renders lang, title, description, canonical, hreflang, TOC, content and scripts into the HTML', () => {
    const html = read(path.join(site, 'dist/guide/intro.html'));
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Intro | Fixture</title>');
    expect(html).toContain('<meta name="description" content="How to start with the fixture">');
    expect(html).toContain('<link rel="canonical" href="/guide/intro">');
    expect(html).toContain('<link rel="alternate" hreflang="zh" href="/zh/guide/intro">');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="/guide/intro">');
    expect(html).toContain('<h1 id="intro">Intro</h1>');
    expect(html).toMatch(/<h2 id="install">Install<a [^>]*class="dg-heading-anchor"[^>]*>#<\/a><\/h2>/);
    // Server-rendered TOC with unique ids for the repeated heading.
    expect(html).toContain('<a href="#install">Install</a>');
    expect(html).toContain('<a href="#with-npm">With npm</a>');
    expect(html).toContain('<a href="#install-1">Install</a>');
    expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/p-guide_intro-[A-Z0-9]+\.js">/);
    // The app starts after the page has loaded, from an inline loader naming the entry.
    expect(html).toMatch(/<script>\(function\(\)\{.*"\/assets\/app-[A-Z0-9]+\.js"\].*addEventListener\('load'/);
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/app-[A-Z0-9]+\.css">/);
    // Links rewritten to routes, raw HTML kept, image copied with a hash.
    expect(html).toContain('href="/guide/usage#options"');
    expect(html).toContain('<span class="raw-html">HTML</span>');
    expect(html).toMatch(/<img src="\/assets\/shot-[0-9a-f]{8}\.png" alt="Screenshot" loading="lazy" decoding="async"\/>/);
    expect(html).toContain('dg-container-tip');
  });

  it('renders MDX with expressions and an imported fragment', () => {
    const html = read(path.join(site, 'dist/guide/usage.html'));
    expect(html).toMatch(/The answer is (<!-- -->)?42/);
    expect(html).toContain('This text comes from a fragment.');
    expect(html).toContain('<h2 id="options">Options<a');
  });

  it('renders the Chinese locale with its own lang and title suffix', () => {
    const html = read(path.join(site, 'dist/zh/guide/intro.html'));
    expect(html).toContain('<html lang="zh">');
    expect(html).toContain('<title>介绍 | 示例</title>');
    expect(html).toContain('<h2 id="安装">安装<a');
    const home = read(path.join(site, 'dist/zh/index.html'));
    expect(home).toContain('<title>示例</title>');
    expect(home).toContain('class="dg-hero-name">示例</h1>');
  });

  it('keeps per-site data out of pages: the route table is a separate file per locale', () => {
    const html = read(path.join(site, 'dist/guide/intro.html'));
    expect(html).not.toContain('/zh/guide/intro","');
    const table = JSON.parse(read(path.join(site, 'dist/docgen-data/routes-en.json'))) as { app: string; routes: Record<string, string> };
    expect(Object.keys(table.routes)).toEqual(['/', '/guide/intro', '/guide/usage']);
    // It names the app entry the pages load, which the client compares with its own.
    expect(html).toContain(`"app":"${table.app}"`);
    expect(table.app).toMatch(/^\/assets\/app-\w+\.js$/);
  });

  it('writes a 404 page', () => {
    const html = read(path.join(site, 'dist/404.html'));
    expect(html).toContain('Page not found');
    expect(html).toContain('<title>404 | Fixture</title>');
  });

  it('keeps the output as it is when nothing changed, and rebuilds from the cache after an edit', async () => {
    const html = path.join(site, 'dist/guide/intro.html');
    const before = fs.statSync(html).mtimeMs;
    const again = await build({ root: site, log: false });
    expect(again.upToDate).toBe(true);
    expect(fs.statSync(html).mtimeMs).toBe(before);

    // The anchor other pages link to stays (a dead anchor would stop the build).
    fs.writeFileSync(path.join(site, 'en/guide/usage.mdx'), '# Usage\n\nEdited.\n\n## Options {#options}\n');
    const edited = await build({ root: site, log: false });
    expect(edited.upToDate).toBe(false);
    expect(edited.cachedPages).toBe(edited.routes.length - 1);
    expect(read(path.join(site, 'dist/guide/usage.html'))).toContain('Edited.');
  });

  it('honours --base and --out-dir', async () => {
    const out = path.join(site, 'out-base');
    const { code } = await cli('build', site, '--base', '/docs/', '--out-dir', out);
    expect(code).toBe(0);
    const html = read(path.join(out, 'guide/intro.html'));
    expect(html).toContain('href="/docs/guide/usage#options"');
    expect(html).toMatch(/"\/docs\/assets\/app-[A-Z0-9]+\.js"\]/);
    expect(html).toContain('<link rel="canonical" href="/docs/guide/intro">');
  });
});

describe('user remark plugins', () => {
  it('runs a plugin given by path, and compiles again when its file changes', async () => {
    const site = copyFixture('basic');
    fs.mkdirSync(path.join(site, 'plugins'));
    const plugin = path.join(site, 'plugins/remark-mark.mjs');
    const write = (suffix: string) =>
      fs.writeFileSync(plugin, `export default function remarkMark() {\n  return (tree) => { tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: 'marked-${suffix}' }] }); };\n}\n`);
    write('one');
    const config = read(path.join(site, 'docgen.config.ts')).replace("title: 'Fixture',", "title: 'Fixture',\n  markdown: { remarkPlugins: ['./plugins/remark-mark.mjs'] },");
    fs.writeFileSync(path.join(site, 'docgen.config.ts'), config);
    await build({ root: site, log: false });
    expect(read(path.join(site, 'dist/guide/intro.html'))).toContain('marked-one');

    write('two-longer');
    const again = await build({ root: site, log: false });
    expect(again.cachedPages).toBe(0);
    expect(read(path.join(site, 'dist/guide/intro.html'))).toContain('marked-two-longer');
  });
});

describe('custom theme', () => {
  it('re-exports the default theme, replaces a component, fills a slot, and serves @theme to MDX', async () => {
    const site = copyFixture('custom-theme');
    await build({ root: site, log: false });
    const html = read(path.join(site, 'dist/guide/index.html'));
    expect(html).toContain('<div class="custom-banner">Banner slot</div>');
    expect(html).toContain('<footer class="custom-footer">Custom footer</footer>');
    expect(html).not.toContain('Default footer message');
    // The rest of the default theme is there.
    expect(html).toContain('class="dg-navbar"');
    expect(html).toMatch(/<h1 id="themed-page">Themed page <span class="dg-badge dg-badge-warning"[^>]*>beta<\/span><\/h1>/);
  });
});

describe('ssg: false', () => {
  it('writes documents without server-rendered markup that the client renders', async () => {
    const site = copyFixture('basic');
    const config = read(path.join(site, 'docgen.config.ts')).replace("title: 'Fixture',", "title: 'Fixture',\n  ssg: false,");
    fs.writeFileSync(path.join(site, 'docgen.config.ts'), config);
    await build({ root: site, log: false });
    const html = read(path.join(site, 'dist/guide/intro.html'));
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<title>Intro | Fixture</title>');
    expect(html).toContain('"chunk":"/assets/p-guide_intro-');
  });
});

describe('bad input', () => {
  const cases: { name: string; file: string; content: string; message: RegExp; line: number; column: number }[] = [
    { name: 'MDX syntax error', file: 'en/guide/usage.mdx', content: '# Usage\n\nSome text\n\n<div>\n  {1 +}\n</div>\n', message: /usage\.mdx:6:\d+/, line: 6, column: 0 },
    { name: 'invalid YAML front matter', file: 'en/guide/intro.md', content: '---\ntitle: ok\ntags: [unclosed\n---\n\n# Intro\n', message: /intro\.md:\d+:\d+: Invalid YAML front matter/, line: 0, column: 0 },
    { name: 'import of a missing file', file: 'en/guide/usage.mdx', content: "import Missing from './_missing.mdx';\n\n# Usage\n\n<Missing />\n\n## Options {#options}\n", message: /usage\.mdx:1:\d+: Could not resolve "\.\/_missing\.mdx"/, line: 1, column: 21 },
    // Fragments compile in the compile threads too: their errors come back located the same way.
    { name: 'MDX syntax error in an imported fragment', file: 'en/guide/_snippet.mdx', content: 'A snippet.\n\n{2 *}\n', message: /_snippet\.mdx:3:\d+/, line: 3, column: 0 },
    { name: 'broken relative link', file: 'en/guide/intro.md', content: '# Intro\n\nSee [the page](./nowhere.md).\n', message: /intro\.md:3:5: Broken link: \.\/nowhere\.md/, line: 3, column: 5 },
  ];

  for (const c of cases) {
    it(`${c.name}: message with file, line and column, exit 1, previous output intact`, async () => {
      const site = copyFixture('basic');
      expect((await cli('build', site)).code).toBe(0);
      const before = read(path.join(site, 'dist/guide/intro.html'));
      fs.writeFileSync(path.join(site, c.file), c.content);

      const { code, stderr } = await cli('build', site);
      expect(code).toBe(1);
      expect(stderr).toMatch(c.message);
      // The offending line is quoted under the location, with a caret.
      expect(stderr).toMatch(/\n {2}\d+ \| .+\n {2} +\| +\^/);
      if (c.line) expect(stderr).toContain(`:${c.line}:`);
      expect(read(path.join(site, 'dist/guide/intro.html'))).toBe(before);
      expect(fs.readdirSync(site).filter((f) => f.includes('.tmp-'))).toEqual([]);
    });
  }

  it('reports an invalid config in the documented validation wording with the key path', async () => {
    const site = copyFixture('basic');
    fs.writeFileSync(path.join(site, 'docgen.config.ts'), "export default { lang: 'fr', locales: [{ lang: 'en', label: 'English' }, { lang: 'zh', label: '中文' }], themeConfig: { hideNavbar: 'sometimes' } };\n");
    const { code, stderr } = await cli('build', site);
    expect(code).toBe(1);
    expect(stderr).toContain('themeConfig.hideNavbar must be one of auto, always, never');
    fs.writeFileSync(path.join(site, 'docgen.config.ts'), "export default { lang: 'fr', locales: [{ lang: 'en', label: 'English' }, { lang: 'zh', label: '中文' }] };\n");
    expect((await cli('build', site)).stderr).toContain('lang must be one of en, zh');
  });

  it('rejects two files that map to the same route, naming both', async () => {
    const site = copyFixture('basic');
    fs.mkdirSync(path.join(site, 'en/guide/intro'));
    fs.writeFileSync(path.join(site, 'en/guide/intro/index.md'), '# Clash\n');
    const { code, stderr } = await cli('build', site);
    expect(code).toBe(1);
    expect(stderr).toContain('en/guide/intro.md and en/guide/intro/index.md');
  });
});

describe('the website', () => {
  let result: BuildResult;
  beforeAll(async () => {
    result = await build({ root: docsRoot, log: false });
  });

  it('builds all 118 routes: 2.x 55 per locale (3 of them the API reference, 1 the page of an iframe demo), with the same structure, and 1.x 4 per locale, one of them a fallback page', () => {
    expect(result.routes).toHaveLength(118);
    const current = result.routes.filter((r) => r.version === '2.x');
    const en = current.filter((r) => r.lang === 'en').map((r) => r.path);
    const zh = current.filter((r) => r.lang === 'zh').map((r) => r.path.replace(/^\/zh/, ''));
    expect(en).toHaveLength(55);
    expect(zh).toEqual(en);
    const old = result.routes.filter((r) => r.version === '1.x');
    expect(old.filter((r) => r.lang === 'en').map((r) => r.path.replace(/^\/1\.x/, '')).sort()).toEqual(old.filter((r) => r.lang === 'zh').map((r) => r.path.replace(/^\/1\.x\/zh/, '')).sort());
    expect(old.filter((r) => r.originalFile).map((r) => r.path)).toEqual(['/1.x/zh/guide/basic/conventional-route']);
  });

  it('writes a sitemap of every route with its last commit date, and its robots.txt line (sitemap and last-updated plugins)', () => {
    const sitemap = read(path.join(result.outDir, 'sitemap.xml'));
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    // The pages of iframe demos are left out (the config's exclude), and those of the older version 1.x.
    expect(locs).toHaveLength(result.routes.filter((r) => !r.path.includes('/_preview/') && r.version === '2.x').length);
    expect(locs).toContain('https://docgen.dev/guide/basic/deploy');
    expect(locs).toContain('https://docgen.dev/zh/');
    const entry = /<url><loc>https:\/\/docgen\.dev\/guide\/basic\/deploy<\/loc>[\s\S]*?<\/url>/.exec(sitemap.replace(/\n\s*/g, ''))?.[0] ?? '';
    const lastmod = /<lastmod>([^<]+)<\/lastmod>/.exec(entry)?.[1];
    const committed = new Date(Number(execFileSync('git', ['log', '-1', '--format=%ct', '--', 'docs/en/guide/basic/deploy.md'], { cwd: repoRoot, encoding: 'utf8' }).trim()) * 1000);
    expect(new Date(lastmod!).getTime()).toBe(committed.getTime());
    expect(entry).toContain('hreflang="zh" href="https://docgen.dev/zh/guide/basic/deploy"');
    expect(read(path.join(result.outDir, 'robots.txt'))).toContain('Sitemap: https://docgen.dev/sitemap.xml');
  });

  it('writes llms.txt and llms-full.txt per locale and a .md beside every page (llms plugin)', () => {
    const llms = read(path.join(result.outDir, 'llms.txt'));
    expect(llms).toMatch(/^# docgen\n\n> A fast static site generator for documentation/);
    expect(llms).toContain('## Guide: Getting Started\n\n- [Introduction](https://docgen.dev/guide/start/introduction.md): ');
    expect(read(path.join(result.outDir, 'zh/llms.txt'))).toContain('- [简介](https://docgen.dev/zh/guide/start/introduction.md): ');
    // Every route but the not-found pages has its Markdown, listed once in its locale's llms.txt.
    const listed = [...llms.matchAll(/\]\(https:\/\/docgen\.dev\/([^)]+\.md)\)/g)].map((m) => m[1]);
    // Older versions are left out.
    expect(listed).toHaveLength(result.routes.filter((r) => r.lang === 'en' && r.version === '2.x' && !r.path.includes('/_preview/')).length);
    for (const file of listed) expect(fs.existsSync(path.join(result.outDir, file)), file).toBe(true);
    expect(read(path.join(result.outDir, 'guide/start/introduction.md'))).toMatch(/^# Introduction\n\n> What docgen is/);
    expect(read(path.join(result.outDir, 'llms-full.txt'))).toContain(read(path.join(result.outDir, 'guide/basic/deploy.md')).trimEnd());
  });

  it('gives every route an HTML file with its lang, title, h1, TOC links and script', () => {
    for (const route of result.routes) {
      const file = path.join(result.outDir, route.path.endsWith('/') ? `${route.path}index.html` : `${route.path}.html`);
      const html = read(file);
      expect(html, route.path).toContain(`<html lang="${route.lang}">`);
      expect(html, route.path).toMatch(/<title>[^<]+<\/title>/);
      expect(html, route.path).toMatch(/"\/assets\/app-[A-Z0-9]+\.js"\]/);
      // The page of an iframe demo is the demo alone, on a blank layout.
      if (route.path.includes('/_preview/')) {
        expect(html, route.path).toContain('class="dg-preview-page"');
        continue;
      }
      expect(html, route.path).toMatch(/<h1[^>]*>/);
      // Home pages have no outline; overview pages show the section's pages instead.
      const isHome = ['/', '/zh/', '/1.x/', '/1.x/zh/'].includes(route.path);
      const isOverview = html.includes('class="dg-overview"');
      if (!isHome && !isOverview) expect(html, route.path).toMatch(/class="dg-outline-item dg-outline-depth-2"><a href="#[^"]+">/);
    }
    expect(fs.existsSync(path.join(result.outDir, '404.html'))).toBe(true);
  });

  it('uses the configured nav and the configured sidebar groups', () => {
    const html = read(path.join(result.outDir, 'guide/start/introduction.html'));
    for (const text of ['Guide', 'Plugin', 'API', 'Version', 'Changelog', '1.x docs']) expect(html).toContain(`>${text}<`);
    for (const group of ['Getting Started', 'Features', 'Default Theme', 'Advanced']) expect(html).toContain(`<span>${group}</span>`);
    const plugin = read(path.join(result.outDir, 'plugin/system/introduction.html'));
    for (const group of ['Plugin System', 'Official Plugins', 'Community Plugins']) expect(plugin).toContain(`<span>${group}</span>`);
    const api = read(path.join(result.outDir, 'api/commands.html'));
    for (const group of ['API Overview', 'Config', 'Client API', 'Commands']) expect(api).toContain(`<span>${group}</span>`);
  });
});

describe('spawned CLI', () => {
  it('builds a site, prints help and version', async () => {
    const site = copyFixture('basic');
    const built = await run(process.execPath, [bin, 'build', site, '--profile'], { env: { ...process.env, CI: 'true' } });
    expect(built.stdout).toMatch(/5 pages built/);
    // --profile: one line with every phase in the order it ran, before the summary.
    const phases = /^config \d+ ms · routes \d+ ms · compile \d+ ms · site data \d+ ms · search index \d+ ms · bundles \d+ ms · assets \d+ ms · render \d+ ms · write \d+ ms · afterBuild \d+ ms$/m;
    expect(built.stdout).toMatch(phases);
    // Without it, no phase line (a rebuild that is up to date prints its own line only).
    fs.writeFileSync(path.join(site, 'en/guide/intro.md'), `${read(path.join(site, 'en/guide/intro.md'))}\nMore.\n`);
    const quiet = await run(process.execPath, [bin, 'build', site], { env: { ...process.env, CI: 'true' } });
    expect(quiet.stdout).toMatch(/5 pages built/);
    expect(quiet.stdout).not.toMatch(/ ms · /);
    expect(fs.existsSync(path.join(site, 'dist/index.html'))).toBe(true);
    const help = await run(process.execPath, [bin, '--help']);
    for (const cmd of ['build', 'dev', 'preview']) expect(help.stdout).toContain(cmd);
    const version = await run(process.execPath, [bin, '--version']);
    expect(version.stdout.trim()).toBe(JSON.parse(read(path.join(repoRoot, 'packages/core/package.json'))).version);
  });

  it('exits with 1 on an error', async () => {
    const site = copyFixture('basic');
    fs.writeFileSync(path.join(site, 'en/guide/intro.md'), '# Intro\n\n[x](./missing.md)\n');
    const error = await run(process.execPath, [bin, 'build', site]).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(error?.code).toBe(1);
    expect(error?.stderr).toContain('Broken link');
  });
});
