/** Doc footer: edit link from the locale's pattern and text, last-updated date, nothing on the 404 page. */
import { describe, expect, it } from 'vitest';
import { renderWithRuntime, testSiteData } from '../../test-utils/render.js';
import { NotFound } from '../NotFound/NotFound.js';
import { DocFooter, editLinkUrl } from './DocFooter.js';

describe('DocFooter', () => {
  it('builds the edit URL from the pattern', () => {
    expect(editLinkUrl('https://github.com/o/r/edit/main/docs/:path', 'zh/guide/a.md')).toBe('https://github.com/o/r/edit/main/docs/zh/guide/a.md');
  });

  it('renders the locale edit link and the last-updated date', () => {
    const site = testSiteData();
    site.locales[0].editLink = { text: 'Edit on GitHub', pattern: 'https://github.com/o/r/edit/main/docs/:path' };
    const html = renderWithRuntime(<DocFooter />, {
      routePath: '/guide/a',
      pageData: { _relativePath: 'en/guide/a.md', frontmatter: { lastUpdated: '2026-03-04' } },
      siteData: site,
    });
    expect(html).toMatch(/href="https:\/\/github.com\/o\/r\/edit\/main\/docs\/en\/guide\/a.md" target="_blank"[^>]*>.*Edit on GitHub<\/a>/);
    expect(html).toContain('Last updated: <time dateTime="2026-03-04T00:00:00.000Z">Mar 4, 2026</time>');
  });

  it('renders nothing on the 404 page', () => {
    expect(renderWithRuntime(<DocFooter />, { pageData: null })).toBe('');
  });
});

describe('NotFound', () => {
  it('speaks the language of the path and links to that locale home', () => {
    const site = testSiteData({
      locales: [
        { lang: 'en', label: 'English', prefix: '', version: '', title: 'T', description: '', nav: [], strings: {} },
        { lang: 'zh', label: '简体中文', prefix: '/zh', version: '', title: 'T', description: '', nav: [], strings: { 'notFound.home': '回到首页吧' } },
      ],
    });
    const zh = renderWithRuntime(<NotFound />, { routePath: '/zh/missing', pageData: null, siteData: site });
    expect(zh).toContain('<h1>页面未找到</h1>');
    // A string overridden by the locale's config wins.
    expect(zh).toMatch(/href="\/zh\/"[^>]*>回到首页吧<\/a>/);
    const en = renderWithRuntime(<NotFound />, { routePath: '/missing', pageData: null, siteData: site });
    expect(en).toContain('<h1>Page not found</h1>');
  });
});
