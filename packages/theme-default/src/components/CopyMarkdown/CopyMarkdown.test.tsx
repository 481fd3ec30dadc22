import { describe, expect, it } from 'vitest';
import { renderWithRuntime, testSiteData } from '../../test-utils/render.js';
import { CopyMarkdown } from './CopyMarkdown.js';

const zhSite = {
  locales: [
    { lang: 'en', label: 'English', prefix: '', version: '', title: 'Test', description: '', nav: [], strings: {} },
    { lang: 'zh', label: '简体中文', prefix: '/zh', version: '', title: '测试', description: '', nav: [], strings: {} },
  ],
};

describe('CopyMarkdown', () => {
  it('renders the button, with the Markdown URL, on a page that has a Markdown version', () => {
    const html = renderWithRuntime(<CopyMarkdown />, { routePath: '/guide/start', pageData: { markdownLink: '/guide/start.md' } as object });
    expect(html).toMatch(/^<button type="button" class="dg-copy-markdown" data-markdown="\/guide\/start.md">/);
    expect(html).toContain('<span class="dg-copy-markdown-text" aria-live="polite">Copy Markdown</span></button>');
  });

  it('adds the base to the URL', () => {
    const html = renderWithRuntime(<CopyMarkdown />, {
      routePath: '/guide/start',
      siteData: testSiteData({ base: '/docs/' }),
      pageData: { markdownLink: '/guide/start.md' } as object,
    });
    expect(html).toContain('data-markdown="/docs/guide/start.md"');
  });

  it('says it in the language of the page', () => {
    const html = renderWithRuntime(<CopyMarkdown />, {
      routePath: '/zh/guide/start',
      siteData: zhSite,
      pageData: { lang: 'zh', markdownLink: '/zh/guide/start.md' } as object,
    });
    expect(html).toContain('>复制 Markdown</span>');
  });

  it('renders nothing without a Markdown version', () => {
    expect(renderWithRuntime(<CopyMarkdown />, { pageData: { frontmatter: {} } })).toBe('');
    expect(renderWithRuntime(<CopyMarkdown />, { pageData: { markdownLink: 42 } as object })).toBe('');
    expect(renderWithRuntime(<CopyMarkdown />, { pageData: null })).toBe('');
  });
});
