import { describe, expect, it } from 'vitest';
import { renderWithRuntime } from '../../test-utils/render.js';
import { LastUpdated } from './LastUpdated.js';

const zhSite = {
  lang: 'en',
  locales: [
    { lang: 'en', label: 'English', prefix: '', version: '', title: 'Test', description: '', nav: [], strings: {} },
    { lang: 'zh', label: '简体中文', prefix: '/zh', version: '', title: '测试', description: '', nav: [], strings: {} },
  ],
};

describe('LastUpdated', () => {
  it('shows the date of front matter `lastUpdated` in English', () => {
    const html = renderWithRuntime(<LastUpdated />, { pageData: { frontmatter: { lastUpdated: '2024-01-15' } } });
    expect(html).toBe(
      '<div class="dg-last-updated">Last updated: <time dateTime="2024-01-15T00:00:00.000Z">Jan 15, 2024</time></div>',
    );
  });

  it('shows it in Chinese on a Chinese page', () => {
    const html = renderWithRuntime(<LastUpdated />, {
      routePath: '/zh/guide/',
      siteData: zhSite,
      pageData: { lang: 'zh', frontmatter: { lastUpdated: '2024-01-15' } },
    });
    expect(html).toBe(
      '<div class="dg-last-updated">最后更新于: <time dateTime="2024-01-15T00:00:00.000Z">2024年1月15日</time></div>',
    );
  });

  it('accepts a timestamp in milliseconds and prints the UTC day', () => {
    const timestamp = Date.UTC(2023, 11, 31, 23, 30);
    const html = renderWithRuntime(<LastUpdated />, { pageData: { frontmatter: { lastUpdated: timestamp } } });
    expect(html).toContain('<time dateTime="2023-12-31T23:30:00.000Z">Dec 31, 2023</time>');
  });

  it('renders nothing without a valid date', () => {
    expect(renderWithRuntime(<LastUpdated />, { pageData: { frontmatter: {} } })).toBe('');
    expect(renderWithRuntime(<LastUpdated />, { pageData: { frontmatter: { lastUpdated: 'someday' } } })).toBe('');
    expect(renderWithRuntime(<LastUpdated />, { pageData: { frontmatter: { lastUpdated: '' } } })).toBe('');
    expect(renderWithRuntime(<LastUpdated />, { pageData: { frontmatter: { lastUpdated: true } } })).toBe('');
    expect(renderWithRuntime(<LastUpdated />, { pageData: null })).toBe('');
  });
});
