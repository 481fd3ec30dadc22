/** Ecosystem menu: which language it picks, the texts and URLs of that language, and its server HTML. */
import type { EcosystemGroup } from '../../config/schema.js';
import { describe, expect, it } from 'vitest';
import { renderWithRuntime, testSiteData } from '../../test-utils/render.js';
import { EcosystemMenu, ecosystemLanguage, localizeEcosystem } from './EcosystemMenu.js';

const groups: EcosystemGroup[] = [
  {
    title: '工具链',
    titleEn: 'Toolchain',
    links: [
      { name: 'Pack', desc: '打包工具', descEn: 'A bundler', logo: '/pack.svg', url: 'https://example.com/zh/pack/', urlEn: 'https://example.com/pack/' },
      { name: 'Test', desc: '测试框架', descEn: 'A test framework', logo: '/test.svg', url: 'https://example.com/test/', logoScale: 0.8 },
    ],
  },
];

describe('ecosystemLanguage', () => {
  it.each([
    ['en', '/', 'en'],
    ['en', '/guide/start/introduction', 'en'],
    ['zh', '/zh/', 'zh'],
    ['zh', '/zh/guide/start/introduction', 'zh'],
    // A Chinese default locale has no /zh prefix; the language decides.
    ['zh-CN', '/guide/', 'zh'],
    // The path decides too (Chinese when the path contains zh), by segment, not by letters.
    ['en', '/docs/zh/', 'zh'],
    ['en', '/guide/zhuyin', 'en'],
  ])('lang %s, path %s → %s', (lang, path, expected) => {
    expect(ecosystemLanguage(lang, path)).toBe(expected);
  });
});

describe('localizeEcosystem', () => {
  it('takes title, desc and url on Chinese pages', () => {
    expect(localizeEcosystem(groups, 'zh')).toEqual([
      {
        title: '工具链',
        links: [
          { name: 'Pack', desc: '打包工具', logo: '/pack.svg', url: 'https://example.com/zh/pack/', logoScale: 1 },
          { name: 'Test', desc: '测试框架', logo: '/test.svg', url: 'https://example.com/test/', logoScale: 0.8 },
        ],
      },
    ]);
  });

  it('takes titleEn, descEn and urlEn (else url) on the others', () => {
    const [group] = localizeEcosystem(groups, 'en');
    expect(group.title).toBe('Toolchain');
    expect(group.links.map((l) => [l.desc, l.url])).toEqual([
      ['A bundler', 'https://example.com/pack/'],
      ['A test framework', 'https://example.com/test/'],
    ]);
  });
});

describe('EcosystemMenu on the server', () => {
  it('renders nothing without themeConfig.ecosystem', () => {
    expect(renderWithRuntime(<EcosystemMenu />, { pageData: {} })).toBe('');
  });

  it('renders the closed icon button only: labelled, collapsed, no popover in the HTML', () => {
    const site = testSiteData();
    site.themeConfig.ecosystem = groups;
    const html = renderWithRuntime(<EcosystemMenu />, { pageData: {}, siteData: site });
    expect(html).toMatch(/^<div class="dg-ecosystem"><button type="button" class="dg-ecosystem-button dg-icon-button" aria-label="Ecosystem" aria-expanded="false"><svg/);
    expect(html).not.toContain('dg-ecosystem-popover');
    expect(html).not.toContain('aria-controls');
  });
});
