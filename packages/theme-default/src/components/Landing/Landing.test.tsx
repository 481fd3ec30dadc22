/** Landing section: its server HTML, the locale's data, links and logos, and where the home layout puts it. */
import type { Landing as LandingData } from '../../config/schema.js';
import { describe, expect, it } from 'vitest';
import { renderWithRuntime, testSiteData } from '../../test-utils/render.js';
import { HomeLayout } from '../HomeLayout/HomeLayout.js';
import { Landing, assetUrl, landingPosition } from './Landing.js';

const tool = (name: string) => ({ name, desc: `${name} does things.`, logo: `/ecosystem/${name}.svg`, url: `https://example.com/${name}/`, urlText: `example.com/${name}` });
const en: LandingData = { title: 'The toolchain', tagline: 'One family of tools.', tools: ['pack', 'build', 'lib', 'doc', 'scope', 'test'].map(tool) };
const zh: LandingData = { title: '工具链', tagline: '一套工具。', tools: [tool('pack')] };

const site = testSiteData({
  base: '/docs/',
  locales: [
    { lang: 'en', label: 'English', prefix: '', version: '', title: 'T', description: '', nav: [], strings: {}, themeConfig: { landing: en } },
    { lang: 'zh', label: '简体中文', prefix: '/zh', version: '', title: 'T', description: '', nav: [], strings: {}, themeConfig: { landing: zh } },
  ],
});

describe('Landing', () => {
  it("renders the page locale's title, tagline and cards, with external links into new tabs", () => {
    const html = renderWithRuntime(<Landing />, { routePath: '/', pageData: { lang: 'en' }, siteData: site });
    expect(html).toContain('<h2 id="');
    expect(html).toContain('>The toolchain</h2><p class="dg-landing-tagline">One family of tools.</p>');
    expect(html.match(/class="dg-landing-card"/g)).toHaveLength(6);
    expect(html).toContain('<img class="dg-landing-logo" src="/docs/ecosystem/pack.svg" alt="" width="48" height="48" loading="lazy" decoding="async"/>');
    expect(html).toContain('<h3 class="dg-landing-name">pack</h3><p class="dg-landing-desc">pack does things.</p>');
    expect(html).toMatch(/<a class="dg-landing-link" href="https:\/\/example.com\/pack\/" target="_blank" rel="noopener noreferrer">example.com\/pack<svg[^]*<span class="dg-sr-only">\(opens in a new tab\)<\/span><\/a>/);
  });

  it('follows the language of the page', () => {
    const html = renderWithRuntime(<Landing />, { routePath: '/zh/', pageData: { lang: 'zh' }, siteData: site });
    expect(html).toContain('>工具链</h2>');
    expect(html.match(/class="dg-landing-card"/g)).toHaveLength(1);
    expect(html).toContain('（在新标签页中打开）');
  });

  it('renders nothing without a landing section, and takes one as a prop', () => {
    expect(renderWithRuntime(<Landing />, { pageData: {} })).toBe('');
    expect(renderWithRuntime(<Landing landing={zh} />, { pageData: {} })).toContain('>工具链</h2>');
  });

  it('adds the base to public-folder logos only', () => {
    expect(assetUrl('/logo.svg', '/docs/')).toBe('/docs/logo.svg');
    expect(assetUrl('https://cdn.example.com/a.svg', '/docs/')).toBe('https://cdn.example.com/a.svg');
    expect(assetUrl('//cdn.example.com/a.svg', '/docs/')).toBe('//cdn.example.com/a.svg');
  });
});

describe('the landing section in the home layout', () => {
  const order = (frontmatter: Record<string, unknown>) => {
    const html = renderWithRuntime(<HomeLayout />, { pageData: { lang: 'en', frontmatter: { pageType: 'home', features: [{ title: 'F', details: 'D' }], ...frontmatter } }, siteData: site });
    return ['dg-features', 'dg-landing"', 'dg-home-content'].map((c) => html.indexOf(c)).map((i, _, all) => (i < 0 ? -1 : all.filter((j) => j >= 0 && j < i).length));
  };

  it('comes after the feature cards by default, after the content with `landing: after-content`, not at all with `landing: false`', () => {
    expect(order({})).toEqual([0, 1, 2]);
    expect(order({ landing: 'after-content' })).toEqual([0, 2, 1]);
    expect(order({ landing: false })).toEqual([0, -1, 1]);
  });

  it('reads front matter `landing`', () => {
    expect(landingPosition(undefined)).toBe('after-features');
    expect(landingPosition(true)).toBe('after-features');
    expect(landingPosition('after-content')).toBe('after-content');
    expect(landingPosition(false)).toBe('hidden');
  });
});
