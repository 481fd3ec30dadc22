/**
 * Language menu on a site with versions: it lists the languages of the version on screen only, links each
 * to the same page in that version, and is left out when that version has one language.
 */
import { describe, expect, it } from 'vitest';
import { renderWithRuntime, testSiteData, testVersionedSiteData } from '../../test-utils/render.js';
import { LocaleMenu, localizedPath } from './LocaleMenu.js';

/** `[hreflang, href, current]` of each language link in `html`, in order. */
function languageLinks(html: string): [string, string, boolean][] {
  return [...html.matchAll(/<a href="([^"]*)" class="[^"]*" lang="[^"]*" hrefLang="([^"]*)"( aria-current="true")?/g)].map((m) => [m[2]!, m[1]!, !!m[3]]);
}

describe('localizedPath', () => {
  it('swaps the locale prefix, version prefixes included', () => {
    expect(localizedPath('/guide/a', '', '/zh')).toBe('/zh/guide/a');
    expect(localizedPath('/1.x/zh/guide/a', '/1.x/zh', '/1.x')).toBe('/1.x/guide/a');
    expect(localizedPath('/1.x/', '/1.x', '/1.x/zh')).toBe('/1.x/zh/');
  });
});

describe('LocaleMenu', () => {
  it('lists the languages of the version on screen, each linking to the same page in that version', () => {
    const html = renderWithRuntime(<LocaleMenu />, { routePath: '/1.x/zh/guide/a', pageData: { lang: 'zh', version: '1.x' }, siteData: testVersionedSiteData({ base: '/docs/' }) });
    expect(html).toMatch(/class="dg-nav-menu-button"[^>]*>简体中文<svg/);
    expect(languageLinks(html)).toEqual([
      ['en', '/docs/1.x/guide/a', false],
      ['zh', '/docs/1.x/zh/guide/a', true],
    ]);
  });

  it('in the default version, links to the default version’s pages', () => {
    const html = renderWithRuntime(<LocaleMenu />, { routePath: '/guide/a', pageData: { lang: 'en', version: '2.x' }, siteData: testVersionedSiteData() });
    expect(languageLinks(html)).toEqual([
      ['en', '/guide/a', true],
      ['zh', '/zh/guide/a', false],
    ]);
  });

  it('is left out when the version on screen has one language, though the site has several locales', () => {
    const site = testVersionedSiteData();
    site.locales = site.locales.filter((l) => l.prefix !== '/1.x/zh');
    expect(renderWithRuntime(<LocaleMenu />, { routePath: '/1.x/guide/a', pageData: { lang: 'en', version: '1.x' }, siteData: site })).toBe('');
    // The other version still has two.
    expect(languageLinks(renderWithRuntime(<LocaleMenu />, { routePath: '/guide/a', pageData: { lang: 'en', version: '2.x' }, siteData: site }))).toHaveLength(2);
  });

  it('is left out on a site of one language with versions, and on a site of one locale', () => {
    const site = testVersionedSiteData();
    site.locales = site.locales.filter((l) => l.lang === 'en');
    expect(renderWithRuntime(<LocaleMenu />, { routePath: '/guide/a', pageData: { version: '2.x' }, siteData: site })).toBe('');
    expect(renderWithRuntime(<LocaleMenu />, { routePath: '/guide/a', pageData: {}, siteData: testSiteData() })).toBe('');
  });
});
