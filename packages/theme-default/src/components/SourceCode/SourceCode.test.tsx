import { describe, expect, it } from 'vitest';
import { renderWithRuntime } from '../../test-utils/render.js';
import { SourceCode, sourceLabel } from './SourceCode.js';

const zhSite = {
  locales: [
    { lang: 'en', label: 'English', prefix: '', version: '', title: 'Test', description: '', nav: [], strings: {} },
    { lang: 'zh', label: '简体中文', prefix: '/zh', version: '', title: '测试', description: '', nav: [], strings: {} },
  ],
};

describe('sourceLabel', () => {
  it('keeps the last three segments of a URL path', () => {
    expect(sourceLabel('https://github.com/acme/docgen/blob/main/packages/core/src/build.ts')).toBe('core/src/build.ts');
  });

  it('drops the query, the hash and a trailing slash, and decodes the segments', () => {
    expect(sourceLabel('https://example.com/a/b/my%20file.ts?plain=1#L10')).toBe('a/b/my file.ts');
    expect(sourceLabel('https://example.com/repo/tree/main/src/')).toBe('tree/main/src');
  });

  it('handles short and relative paths', () => {
    expect(sourceLabel('https://example.com/x.ts')).toBe('x.ts');
    expect(sourceLabel('src/index.ts')).toBe('src/index.ts');
  });
});

describe('SourceCode', () => {
  const href = 'https://github.com/acme/docgen/blob/main/packages/core/src/build.ts';

  it('renders a link to the file, labelled from its path, opening in a new tab', () => {
    const html = renderWithRuntime(<SourceCode href={href} />);
    expect(html).toMatch(new RegExp(`^<a href="${href}" target="_blank" rel="noopener noreferrer" class="dg-source-code">`));
    expect(html).toContain('<svg class="dg-source-code-icon"');
    expect(html).toContain('<span class="dg-source-code-prefix">Source:</span><span class="dg-source-code-path">core/src/build.ts</span>');
  });

  it('shows `label` when given', () => {
    const html = renderWithRuntime(<SourceCode href={href} label="build.ts" />);
    expect(html).toContain('<span class="dg-source-code-path">build.ts</span>');
  });

  it('says "Source" in the language of the page', () => {
    const html = renderWithRuntime(<SourceCode href={href} />, {
      routePath: '/zh/api/',
      siteData: zhSite,
      pageData: { lang: 'zh' },
    });
    expect(html).toContain('<span class="dg-source-code-prefix">源码:</span>');
  });
});
