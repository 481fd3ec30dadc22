/** Doc page: the notices before the content, and the content's language on a page shown in place of a missing translation. */
import { describe, expect, it } from 'vitest';
import { renderWithRuntime, testSiteData } from '../../test-utils/render.js';
import { DocLayout } from './DocLayout.js';

const twoLanguages = () =>
  testSiteData({
    locales: [
      { ...testSiteData().locales[0]! },
      { ...testSiteData().locales[0]!, lang: 'zh', label: '简体中文', prefix: '/zh' },
    ],
  });

describe('DocLayout', () => {
  it('puts the notices before the content, and the original’s language on content shown in place of a translation', () => {
    const translation = { status: 'fallback' as const, original: '/guide/a', file: 'zh/guide/a.md' };
    const html = renderWithRuntime(<DocLayout />, { routePath: '/zh/guide/a', pageData: { lang: 'zh', translation }, siteData: twoLanguages() });
    expect(html).toMatch(/<main id="dg-main" class="dg-doc"><div class="dg-page-notice dg-translation-notice[^>]*>[^<]*<\/div><article class="dg-doc-content" lang="en">/);
  });

  it('leaves the content’s language alone on other pages', () => {
    const html = renderWithRuntime(<DocLayout />, { routePath: '/zh/guide/a', pageData: { lang: 'zh' }, siteData: twoLanguages() });
    expect(html).toContain('<main id="dg-main" class="dg-doc"><article class="dg-doc-content">');
  });
});
