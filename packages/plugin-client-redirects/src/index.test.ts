import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, DocgenError, resolveConfig, type UserConfig } from '@docgen/core';
import { pluginClientRedirects, redirectPageHtml, type Redirect } from './index.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/** A bilingual site in a new temporary folder; `files` are added. */
function makeSite(files: Record<string, string> = {}): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'dg-redirects-')));
  made.push(dir);
  const pages: Record<string, string> = {
    'en/index.md': '# Home\n',
    'en/guide/index.md': '# Guide\n',
    'en/guide/new-page.md': '# New page\n',
    'en/guide/其他.md': '# Other\n',
    'zh/index.md': '# 首页\n',
    'zh/guide/new-page.md': '# 新页面\n',
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

async function buildSite(site: string, redirects: Redirect[], config: UserConfig = {}): Promise<void> {
  const plugins = [pluginClientRedirects({ redirects })];
  await build({ root: site, config: resolveConfig({ title: 'T', locales, plugins, ...config }, { root: site }), log: false });
}

/** The build's error message, or '' when it built. */
async function buildError(site: string, redirects: Redirect[], config: UserConfig = {}): Promise<string> {
  try {
    await buildSite(site, redirects, config);
    return '';
  } catch (error) {
    expect(error).toBeInstanceOf(DocgenError);
    return (error as Error).message;
  }
}

/** The message `pluginClientRedirects(options)` throws, or '' when it accepts them. */
function optionError(options: unknown): string {
  try {
    pluginClientRedirects(options as never);
    return '';
  } catch (error) {
    expect(error).toBeInstanceOf(DocgenError);
    return (error as Error).message;
  }
}

const read = (file: string) => fs.readFileSync(file, 'utf8');

describe('options', () => {
  it('accepts string and regular expression rules', () => {
    expect(optionError({ redirects: [{ from: '/a', to: '/b' }, { from: /^\/c\/(.*)$/, to: 'https://example.com/c/$1' }] })).toBe('');
    expect(optionError({ redirects: [] })).toBe('');
  });

  it('names the plugin and the option of every wrong value', () => {
    expect(optionError(undefined)).toBe('[client-redirects] options: redirects is required');
    expect(optionError({ redirects: [{ from: '/a', to: '/b' }], colour: 'red' })).toBe('[client-redirects] options: colour is not a known option');
    expect(optionError({ redirects: '/a' })).toBe('[client-redirects] options: redirects is not an array');
    expect(optionError({ redirects: [{ from: '/a', to: '/b', status: 301 }] })).toBe('[client-redirects] options: redirects[0].status is not a known option');
    expect(optionError({ redirects: [{ from: 3, to: '/b' }] })).toBe('[client-redirects] options: redirects[0].from is not a string (a route path) or a regular expression');
    expect(optionError({ redirects: [{ from: '/a' }] })).toBe('[client-redirects] options: redirects[0].to is required');
    expect(optionError({ redirects: [{ from: 'old', to: '/b' }] })).toBe('[client-redirects] options: redirects[0].from must start with / (a route path such as /guide/old-page)');
    expect(optionError({ redirects: [{ from: '/a?x=1', to: '/b' }] })).toBe('[client-redirects] options: redirects[0].from must be a route path, without ? or #');
  });

  it('refuses targets that are neither a route path nor an http(s) URL', () => {
    const message = 'must be a route path starting with / or an http(s) URL (https://example.com/…)';
    for (const to of ['b', '//evil.example/x', 'javascript:alert(1)', 'https://']) {
      expect(optionError({ redirects: [{ from: '/a', to }] }), to).toBe(`[client-redirects] options: redirects[0].to ${message}`);
    }
    // A capture group must not be able to change the host.
    expect(optionError({ redirects: [{ from: /^\/a(.*)$/, to: 'https://example.com$1' }] })).toBe(`[client-redirects] options: redirects[0].to ${message}`);
  });

  it('checks the references of to against the groups of from', () => {
    expect(optionError({ redirects: [{ from: '/a', to: '/b/$1' }] })).toBe('[client-redirects] options: redirects[0].to uses $1, but from is not a regular expression');
    expect(optionError({ redirects: [{ from: /^\/a\/(\w+)$/, to: '/b/$2' }] })).toBe('[client-redirects] options: redirects[0].to uses $2, but from has 1 capture group');
    expect(optionError({ redirects: [{ from: /^\/a\/(?<name>\w+)$/, to: '/b/$<slug>' }] })).toBe(
      '[client-redirects] options: redirects[0].to uses $<slug>, but from has no group named slug',
    );
    expect(optionError({ redirects: [{ from: /^\/a\/(?<name>\w+)$/g, to: '/b/$<name>/$1/$$' }] })).toBe('');
  });

  it('refuses the same path twice, .html and index included', () => {
    expect(
      optionError({
        redirects: [
          { from: '/a', to: '/b' },
          { from: '/a.html', to: '/c' },
        ],
      }),
    ).toBe('[client-redirects] options: redirects[1].from redirects /a again: redirects[0] already does');
    expect(optionError({ redirects: [{ from: '/x/', to: '/b' }, { from: '/x/index', to: '/c' }] })).toContain('redirects[1].from redirects /x/ again');
  });
});

describe('a build with redirects', () => {
  let site: string;
  const redirects: Redirect[] = [
    { from: '/guide/old-page.html', to: '/guide/new-page' },
    { from: '/zh/guide/old-page', to: '/zh/guide/new-page#intro' },
    { from: '/guide/older/', to: '/guide/old-page' },
    { from: '/guide/other', to: '/guide/其他' },
    { from: '/blog', to: 'https://blog.example.com/' },
    { from: /^(\/zh)?\/docs\/(.+)$/, to: '$1/guide/$2' },
  ];
  beforeAll(async () => {
    site = makeSite({ 'public/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>' });
    await buildSite(site, redirects, { base: '/docs/', siteUrl: 'https://docs.example.com', route: { cleanUrls: false } });
  });

  it('writes a static redirect page at every exact path, under the base and with .html', () => {
    const page = read(path.join(site, 'dist/guide/old-page.html'));
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<meta http-equiv="refresh" content="0; url=/docs/guide/new-page.html">');
    expect(page).toContain('<link rel="canonical" href="https://docs.example.com/docs/guide/new-page.html">');
    expect(page).toContain('<meta name="robots" content="noindex">');
    expect(page).toContain('<a href="/docs/guide/new-page.html">/docs/guide/new-page.html</a>');
    expect(page).toContain('<script>location.replace("/docs/guide/new-page.html"+location.search+location.hash)</script>');

    const zh = read(path.join(site, 'dist/zh/guide/old-page.html'));
    expect(zh).toContain('<html lang="zh">');
    expect(zh).toContain('url=/docs/zh/guide/new-page.html#intro"');
    expect(zh).toContain('location.replace("/docs/zh/guide/new-page.html#intro")</script>');
  });

  it('points a chained redirect at the end of the chain, encodes the URL and leaves absolute URLs alone', () => {
    expect(read(path.join(site, 'dist/guide/older/index.html'))).toContain('url=/docs/guide/new-page.html"');
    expect(read(path.join(site, 'dist/guide/other.html'))).toContain('url=/docs/guide/%E5%85%B6%E4%BB%96.html"');
    const away = read(path.join(site, 'dist/blog.html'));
    expect(away).toContain('url=https://blog.example.com/"');
    expect(away).toContain('<link rel="canonical" href="https://blog.example.com/">');
  });

  it('puts the rules, base and clean URL setting in the head script of every page, the 404 page too', () => {
    for (const file of ['index.html', 'zh/guide/new-page.html', '404.html']) {
      const html = read(path.join(site, 'dist', file));
      const attr = /<script data-client-redirects="([^"]*)">/.exec(html);
      expect(attr, file).not.toBeNull();
      const data = JSON.parse(attr![1].replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
      expect(data.base).toBe('/docs/');
      expect(data.cleanUrls).toBe(false);
      expect(data.rules).toContainEqual({ path: '/guide/old-page', to: '/guide/new-page' });
      expect(data.rules).toContainEqual({ source: '^(\\/zh)?\\/docs\\/(.+)$', flags: '', to: '$1/guide/$2' });
    }
  });

  /** Runs the head script of the built 404 page at `url`; returns where it sent the browser. */
  function runHeadScript(url: string): { replaced?: string; hidden: boolean } {
    const html = read(path.join(site, 'dist/404.html'));
    const [, attr, code] = /<script data-client-redirects="([^"]*)">(.*?)<\/script>/s.exec(html)!;
    const u = new URL(url);
    const out: { replaced?: string; hidden: boolean } = { hidden: false };
    const style = {
      set visibility(v: string) {
        out.hidden = v === 'hidden';
      },
    };
    const data = attr.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    const context = {
      document: { currentScript: { getAttribute: (name: string) => (name === 'data-client-redirects' ? data : null) }, documentElement: { style } },
      location: { pathname: u.pathname, search: u.search, hash: u.hash, replace: (href: string) => (out.replaced = href) },
      console,
      URL,
    };
    vm.runInNewContext(code, context);
    return out;
  }

  it('its head script sends an unknown path that a rule matches to the target, and leaves others alone', () => {
    expect(runHeadScript('https://docs.example.com/docs/docs/new-page?x=1#top')).toEqual({ replaced: '/docs/guide/new-page.html?x=1#top', hidden: true });
    expect(runHeadScript('https://docs.example.com/docs/zh/docs/new-page')).toEqual({ replaced: '/docs/zh/guide/new-page.html', hidden: true });
    expect(runHeadScript('https://docs.example.com/docs/guide/older/')).toEqual({ replaced: '/docs/guide/new-page.html', hidden: true });
    expect(runHeadScript('https://docs.example.com/docs/nothing-here')).toEqual({ hidden: false });
    expect(runHeadScript('https://docs.example.com/docs/guide/new-page.html')).toEqual({ hidden: false });
  });

  it('renders the runtime component with the rules (it renders nothing itself)', () => {
    const assets = fs.readdirSync(path.join(site, 'dist/assets')).filter((f) => f.endsWith('.js'));
    const bundle = assets.map((f) => read(path.join(site, 'dist/assets', f))).join('\n');
    // The browser bundle is minified: the rules are an object literal of the global UI module.
    expect(bundle).toContain('{source:"^(\\\\/zh)?\\\\/docs\\\\/(.+)$",flags:"",to:"$1/guide/$2"}');
    expect(bundle).toContain('[client-redirects] the redirects of');
  });
});

describe('redirects checked against the pages', () => {
  it('refuses a from that is a page, or the folder path of a folder page', async () => {
    const message = await buildError(makeSite(), [
      { from: '/guide/new-page', to: '/' },
      { from: '/guide', to: '/' },
    ]);
    expect(message).toBe(
      '[client-redirects] routeGenerated: redirects[0].from /guide/new-page is the page of en/guide/new-page.md: the page is served there, so the redirect would never apply; remove the rule or the page\n' +
        'redirects[1].from /guide is the page of en/guide/index.md: the page is served there, so the redirect would never apply; remove the rule or the page',
    );
  });

  it('refuses a folder path whose path without the slash is a page', async () => {
    expect(await buildError(makeSite(), [{ from: '/guide/new-page/', to: '/' }])).toBe(
      '[client-redirects] routeGenerated: redirects[0].from /guide/new-page/ also matches /guide/new-page, the page of en/guide/new-page.md: it would send readers away from that page; remove the rule or the page',
    );
  });

  it('refuses a regular expression that matches a page', async () => {
    expect(await buildError(makeSite(), [{ from: /^\/guide\/(.+)$/, to: '/' }])).toBe(
      '[client-redirects] routeGenerated: redirects[0].from /^\\/guide\\/(.+)$/ matches the page /guide/new-page (en/guide/new-page.md): redirects apply only to paths without a page; leave it out of the expression, e.g. with (?!…)',
    );
  });

  it('refuses a target that is not a page, also at the end of a chain', async () => {
    expect(await buildError(makeSite(), [{ from: '/a', to: '/guide/missing' }])).toBe(
      '[client-redirects] routeGenerated: redirects[0].to /guide/missing leads to /guide/missing, which is not a page of the site',
    );
    expect(
      await buildError(makeSite(), [
        { from: '/a', to: '/b' },
        { from: '/b', to: '/c' },
      ]),
    ).toBe(
      '[client-redirects] routeGenerated: redirects[0].to /b leads to /c, which is not a page of the site (reached through /a → /b → /c)\n' +
        'redirects[1].to /c leads to /c, which is not a page of the site',
    );
    expect(await buildError(makeSite(), [{ from: /^\/x\/.*$/, to: '/nowhere' }])).toBe(
      '[client-redirects] routeGenerated: redirects[0].to /nowhere leads to /nowhere, which is not a page of the site',
    );
  });

  it('refuses a loop', async () => {
    const message = await buildError(makeSite(), [
      { from: '/a', to: '/b' },
      { from: '/b.html', to: '/a' },
    ]);
    expect(message).toBe(
      '[client-redirects] routeGenerated: redirects[0].to /b is part of a redirect loop: /a → /b → /a\nredirects[1].to /a is part of a redirect loop: /b → /a → /b',
    );
  });

  it('never replaces a file of the output, and names it', async () => {
    const site = makeSite({ 'public/moved.html': '<p>kept</p>' });
    expect(await buildError(site, [{ from: '/moved', to: '/guide/new-page' }])).toBe(
      '[client-redirects] afterBuild: the output already has moved.html (from the public folder?): the redirect page of redirects[0].from /moved would replace it; remove the file or the rule',
    );
    expect(read(path.join(site, 'public/moved.html'))).toBe('<p>kept</p>');
  });

  it('adds nothing to the pages without rules', async () => {
    const site = makeSite();
    await buildSite(site, []);
    expect(read(path.join(site, 'dist/index.html'))).not.toContain('data-client-redirects');
  });
});

describe('redirectPageHtml', () => {
  it('escapes what it writes into HTML and the script', () => {
    const config = resolveConfig({ title: 'T' }, { root: os.tmpdir() });
    const html = redirectPageHtml({ from: '/a', to: 'https://example.com/?a=1&b="</script>' }, config);
    expect(html).toContain('url=https://example.com/?a=1&amp;b=&quot;&lt;/script&gt;"');
    expect(html).toContain('location.replace("https://example.com/?a=1&b=\\"\\u003c/script>"+location.hash)');
  });
});
