/**
 * Page notices: an old version's note with a link to the page in the default version, a missing
 * translation's note (with a link to create it when the locale has an edit link), a stale translation's
 * note with a link to the original, nothing on other pages.
 */
import { describe, expect, it } from 'vitest';
import { renderWithRuntime, testSiteData, testVersionedSiteData } from '../../test-utils/render.js';
import { newFileUrl } from '../DocFooter/DocFooter.js';
import { PageNotice } from './PageNotice.js';

const twoLanguages = () =>
  testSiteData({
    locales: [
      { ...testSiteData().locales[0]! },
      { ...testSiteData().locales[0]!, lang: 'zh', label: '简体中文', prefix: '/zh' },
    ],
  });

describe('PageNotice', () => {
  it('renders nothing on an up-to-date page, on the default version and on the 404 page', () => {
    expect(renderWithRuntime(<PageNotice />, { routePath: '/guide/a', pageData: {} })).toBe('');
    expect(renderWithRuntime(<PageNotice />, { routePath: '/guide/a', pageData: { version: '2.x' }, siteData: testVersionedSiteData() })).toBe('');
    expect(renderWithRuntime(<PageNotice />, { routePath: '/1.x/missing', pageData: null, siteData: testVersionedSiteData() })).toBe('');
  });

  it('on an older version, links to the page in the default version', () => {
    const html = renderWithRuntime(<PageNotice />, {
      routePath: '/1.x/guide/a',
      pageData: { version: '1.x', versionLinks: { '2.x': '/guide/b', '1.x': '/1.x/guide/a' } },
      siteData: testVersionedSiteData({ base: '/docs/' }),
    });
    expect(html).toBe(
      '<div class="dg-page-notice dg-version-notice dg-container dg-container-warning" role="note">You are reading the documentation of version 1.x.<!-- --> ' +
        '<a href="/docs/guide/b" class="dg-page-notice-link">See this page in the latest version (2.x)</a></div>',
    );
  });

  it('on an older version without version links, links to the default version’s home in the page’s language', () => {
    const html = renderWithRuntime(<PageNotice />, { routePath: '/1.x/zh/guide/a', pageData: { lang: 'zh', version: '1.x' }, siteData: testVersionedSiteData() });
    expect(html).toContain('你正在阅读 1.x 版本的文档。');
    expect(html).toMatch(/<a href="\/zh\/" class="dg-page-notice-link">查看此页面的最新版本（2\.x）<\/a>/);
  });

  it('on a page shown in place of a missing translation, names both languages and links to the file to create', () => {
    const site = twoLanguages();
    site.locales[1]!.editLink = { text: '编辑', pattern: 'https://github.com/o/r/edit/main/docs/:path' };
    const translation = { status: 'fallback' as const, original: '/guide/a', file: 'zh/guide/a.md' };
    const html = renderWithRuntime(<PageNotice />, { routePath: '/zh/guide/a', pageData: { lang: 'zh', translation }, siteData: site });
    expect(html).toMatch(/^<div class="dg-page-notice dg-translation-notice dg-container" role="note">此页面尚未翻译为简体中文，现以English显示。/);
    // GitHub's page to create the file: its edit page would be a 404 while the file does not exist.
    expect(html).toMatch(/<a href="https:\/\/github.com\/o\/r\/new\/main\/docs\?filename=zh\/guide\/a.md" target="_blank" rel="noopener noreferrer" class="dg-page-notice-link">翻译此页<\/a><\/div>$/);
  });

  it('without the locale’s edit link, says so with no link', () => {
    const translation = { status: 'fallback' as const, original: '/guide/a', file: 'zh/guide/a.md' };
    const html = renderWithRuntime(<PageNotice />, { routePath: '/zh/guide/a', pageData: { lang: 'zh', translation }, siteData: twoLanguages() });
    expect(html).toBe('<div class="dg-page-notice dg-translation-notice dg-container" role="note">此页面尚未翻译为简体中文，现以English显示。</div>');
  });

  it('on a stale translation, links to the original in its language', () => {
    const translation = { status: 'stale' as const, original: '/guide/a', file: 'zh/guide/a.md' };
    const html = renderWithRuntime(<PageNotice />, { routePath: '/zh/guide/a', pageData: { lang: 'zh', translation }, siteData: twoLanguages() });
    expect(html).toBe(
      '<div class="dg-page-notice dg-stale-notice dg-container dg-container-warning" role="note">此页面的原文在翻译之后已有改动。<!-- --> ' +
        '<a href="/guide/a" class="dg-page-notice-link" hrefLang="en">阅读原文</a></div>',
    );
  });

  it('shows an old version’s note and a translation’s note together', () => {
    const translation = { status: 'stale' as const, original: '/1.x/guide/a', file: 'zh/guide/a.md' };
    const html = renderWithRuntime(<PageNotice />, { routePath: '/1.x/zh/guide/a', pageData: { lang: 'zh', version: '1.x', translation }, siteData: testVersionedSiteData() });
    expect([...html.matchAll(/class="dg-page-notice (dg-[a-z]+-notice)/g)].map((m) => m[1])).toEqual(['dg-version-notice', 'dg-stale-notice']);
    expect(html).toContain('<a href="/1.x/guide/a" class="dg-page-notice-link" hrefLang="en">');
  });
});

describe('newFileUrl', () => {
  it("turns GitHub's and GitLab's edit pattern into their page to create the file, and keeps any other pattern", () => {
    expect(newFileUrl('https://github.com/o/r/edit/main/docs/:path', 'zh/guide/a.md')).toBe('https://github.com/o/r/new/main/docs?filename=zh/guide/a.md');
    expect(newFileUrl('https://github.com/o/r/edit/dev/:path', 'zh/a.md')).toBe('https://github.com/o/r/new/dev?filename=zh/a.md');
    expect(newFileUrl('https://gitlab.com/g/sub/r/-/edit/main/site/docs/:path', 'zh/a.md')).toBe('https://gitlab.com/g/sub/r/-/new/main/site/docs?file_name=zh/a.md');
    expect(newFileUrl('https://example.com/edit/:path', 'zh/a.md')).toBe('https://example.com/edit/zh/a.md');
    expect(newFileUrl('https://github.com/o/r/edit/main/docs/:path', 'zh/指南.md')).toBe('https://github.com/o/r/new/main/docs?filename=zh/%E6%8C%87%E5%8D%97.md');
  });
});
