import { describe, expect, it } from 'vitest';
import { linkHref, routeHref, routeOutputFile, routeUrl } from './url-policy.js';

describe('routeHref', () => {
  it.each([
    ['/guide/x', '/', true, '/guide/x'],
    ['/guide/x', '/', false, '/guide/x.html'],
    ['/guide/x', '/docs/', false, '/docs/guide/x.html'],
    ['/api/', '/docs/', false, '/docs/api/'],
    ['/', '/docs/', true, '/docs/'],
  ])('%s with base %s, cleanUrls %s → %s', (routePath, base, cleanUrls, expected) => {
    expect(routeHref(routePath, { base, cleanUrls })).toBe(expected);
  });
});

describe('routeUrl', () => {
  it('joins the site URL and the encoded path, without a double slash', () => {
    expect(routeUrl('/zh/指南', { siteUrl: 'https://a.dev/', base: '/', cleanUrls: true })).toBe('https://a.dev/zh/%E6%8C%87%E5%8D%97');
    expect(routeUrl('/a b', { siteUrl: 'https://a.dev/sub', base: '/docs/', cleanUrls: false })).toBe('https://a.dev/sub/docs/a%20b.html');
  });

  it('is the encoded path alone without a site URL', () => {
    expect(routeUrl('/x', { base: '/', cleanUrls: true })).toBe('/x');
  });
});

describe('routeOutputFile', () => {
  it.each([
    ['/', 'index.html'],
    ['/api/', 'api/index.html'],
    ['/zh/', 'zh/index.html'],
    ['/guide/x', 'guide/x.html'],
    ['/zh/guide/start/introduction', 'zh/guide/start/introduction.html'],
  ])('%s → %s', (input, expected) => {
    expect(routeOutputFile(input)).toBe(expected);
  });

  it('takes another extension for files beside the HTML', () => {
    expect(routeOutputFile('/guide/x', '.md')).toBe('guide/x.md');
    expect(routeOutputFile('/', '.md')).toBe('index.md');
  });
});

describe('linkHref', () => {
  const off = { base: '/docs/', cleanUrls: false };
  it.each([
    ['/guide/x#usage', '/docs/guide/x.html#usage'],
    ['/guide/x?a=1', '/docs/guide/x.html?a=1'],
    ['/guide/', '/docs/guide/'],
    ['/logo.svg', '/docs/logo.svg'],
    ['/guide/x.html', '/docs/guide/x.html'],
    ['https://a.dev/x', 'https://a.dev/x'],
    ['//cdn.dev/x', '//cdn.dev/x'],
    ['#top', '#top'],
    ['other', 'other'],
  ])('%s → %s without clean URLs', (link, expected) => {
    expect(linkHref(link, off)).toBe(expected);
  });

  it('adds only the base with clean URLs', () => {
    expect(linkHref('/guide/x#usage', { base: '/docs/', cleanUrls: true })).toBe('/docs/guide/x#usage');
  });
});
