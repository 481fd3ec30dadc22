import { describe, expect, it } from 'vitest';
import { createRedirectTable, MAX_REDIRECTS, resolveRedirect, type RedirectRule } from './redirect-rules.js';
import { redirectTarget } from './runtime/redirect-target.js';

const rules: RedirectRule[] = [
  { path: '/start', to: '/guide/start/getting-started' },
  { path: '/old/', to: '/new/' },
  { path: '/hop', to: '/start' },
  { path: '/away', to: 'https://example.com/x?y=1' },
  { path: '/with-hash', to: '/guide/x#usage' },
  { source: '^(/zh)?/plugins/([a-z-]+)$', flags: '', to: '$1/plugin/official-plugins/$2' },
  { source: '^/blog/(?<slug>.+)$', flags: 'i', to: 'https://blog.example.com/$<slug>' },
  { source: '^/price/(\\d+)$', flags: '', to: '/pricing?amount=$$$1' },
  { source: '^/go(.*)$', flags: '', to: '$1' },
  { source: '^/start$', flags: '', to: '/never' },
];
const table = createRedirectTable(rules);
const resolve = (path: string) => resolveRedirect(table, path);

describe('resolveRedirect', () => {
  it('maps an exact path, and a folder path without its slash', () => {
    expect(resolve('/start')).toEqual({ to: '/guide/start/getting-started', chain: ['/start', '/guide/start/getting-started'] });
    expect(resolve('/old/')).toMatchObject({ to: '/new/' });
    expect(resolve('/old')).toMatchObject({ to: '/new/' });
    expect(resolve('/start/')).toBeNull();
    expect(resolve('/guide/start/getting-started')).toBeNull();
  });

  it('prefers the exact path over a regular expression that matches it too', () => {
    expect(resolve('/start')).toMatchObject({ to: '/guide/start/getting-started' });
  });

  it('follows a chain of rules to its end', () => {
    expect(resolve('/hop')).toEqual({ to: '/guide/start/getting-started', chain: ['/hop', '/start', '/guide/start/getting-started'] });
  });

  it('fills capture groups in, an unmatched one as empty, named ones and $$', () => {
    expect(resolve('/plugins/sitemap')).toMatchObject({ to: '/plugin/official-plugins/sitemap' });
    expect(resolve('/zh/plugins/rss')).toMatchObject({ to: '/zh/plugin/official-plugins/rss' });
    expect(resolve('/plugins/Sitemap')).toBeNull();
    expect(resolve('/BLOG/hello/world')).toMatchObject({ to: 'https://blog.example.com/hello/world' });
    expect(resolve('/price/5')).toMatchObject({ to: '/pricing?amount=$5' });
  });

  it('stops at an absolute URL', () => {
    expect(resolve('/away')).toEqual({ to: 'https://example.com/x?y=1', chain: ['/away'] });
  });

  it('never lets a capture turn a route target into another host', () => {
    expect(resolve('/go/guide/x')).toMatchObject({ to: '/guide/x' });
    expect(resolve('/go//evil.example')).toBeNull();
    expect(resolve('/go/\\evil.example')).toBeNull();
    expect(resolve('/gohttps://evil.example')).toBeNull();
  });

  it('reports a loop and a chain longer than MAX_REDIRECTS', () => {
    const loop = createRedirectTable([
      { path: '/a', to: '/b' },
      { path: '/b', to: '/a.html' },
    ]);
    expect(resolveRedirect(loop, '/a', (p) => p.replace(/\.html$/, ''))).toEqual({ loop: ['/a', '/b', '/a'] });
    const growing = createRedirectTable([{ source: '^/x(.*)$', flags: '', to: '/x$1x' }]);
    const result = resolveRedirect(growing, '/x');
    expect(result && 'loop' in result && result.loop.length).toBe(MAX_REDIRECTS + 1);
  });

  it('starts afresh with an expression that has the g flag', () => {
    const sticky = createRedirectTable([{ source: '^/g/(\\w+)$', flags: 'g', to: '/h/$1' }]);
    expect(resolveRedirect(sticky, '/g/a')).toMatchObject({ to: '/h/a' });
    expect(resolveRedirect(sticky, '/g/b')).toMatchObject({ to: '/h/b' });
  });
});

describe('redirectTarget (browser)', () => {
  const at = (url: string) => {
    const u = new URL(url, 'https://docs.example.com');
    return { pathname: u.pathname, search: u.search, hash: u.hash };
  };

  it('removes the base, normalizes the path and adds the base to the target', () => {
    const policy = { base: '/docs/', cleanUrls: true };
    expect(redirectTarget(table, at('/docs/start'), policy)).toEqual({ href: '/docs/guide/start/getting-started', external: false });
    expect(redirectTarget(table, at('/docs/start.html'), policy)).toEqual({ href: '/docs/guide/start/getting-started', external: false });
    expect(redirectTarget(table, at('/docs/old/index.html'), policy)).toEqual({ href: '/docs/new/', external: false });
    expect(redirectTarget(table, at('/start'), policy)).toBeNull();
  });

  it('writes .html without clean URLs, and keeps the query and fragment unless the target has its own', () => {
    const policy = { base: '/', cleanUrls: false };
    expect(redirectTarget(table, at('/start?q=1#install'), policy)).toEqual({ href: '/guide/start/getting-started.html?q=1#install', external: false });
    expect(redirectTarget(table, at('/with-hash?q=1#other'), policy)).toEqual({ href: '/guide/x.html#usage', external: false });
    expect(redirectTarget(table, at('/away#frag'), policy)).toEqual({ href: 'https://example.com/x?y=1#frag', external: true });
  });

  it('matches decoded paths', () => {
    const unicode = createRedirectTable([{ path: '/zh/旧页面', to: '/zh/新页面' }]);
    expect(redirectTarget(unicode, at('/zh/%E6%97%A7%E9%A1%B5%E9%9D%A2'), { base: '/', cleanUrls: true })).toEqual({ href: '/zh/新页面', external: false });
  });
});
