/**
 * Version menu: which version it names, where each version's link leads (the page's `versionLinks`, else
 * the version's home in the page's language, else in the default language), the current and the default
 * version's marks, and nothing on a site without versions.
 */
import { describe, expect, it } from 'vitest';
import { renderWithRuntime, testPageData, testSiteData, testVersionedSiteData } from '../../test-utils/render.js';
import { VersionLinks, VersionMenu, versionLink } from './VersionMenu.js';

/** The `href` and text of each version link in `html`, in order. */
function versionLinks(html: string): { version: string; href: string; current: boolean }[] {
  return [...html.matchAll(/<a href="([^"]*)" class="[^"]*dg-version-link[^"]*" data-version="([^"]*)"( aria-current="true")?/g)].map((m) => ({
    version: m[2]!,
    href: m[1]!,
    current: !!m[3],
  }));
}

describe('versionLink', () => {
  const site = testVersionedSiteData();

  it('takes the page’s link for the version', () => {
    const page = testPageData('/1.x/zh/guide/a', { lang: 'zh', version: '1.x', versionLinks: { '2.x': '/zh/guide/renamed', '1.x': '/1.x/zh/guide/a' } });
    expect(versionLink(site, page, 'zh', '2.x')).toBe('/zh/guide/renamed');
  });

  it('opens the version’s home in the same language without a link', () => {
    expect(versionLink(site, null, 'zh', '1.x')).toBe('/1.x/zh/');
    expect(versionLink(site, testPageData('/zh/guide/a', { lang: 'zh', version: '2.x' }), 'zh', '1.x')).toBe('/1.x/zh/');
    expect(versionLink(site, null, 'en', '2.x')).toBe('/');
  });

  it('opens the version’s default-language home when the version lacks the language', () => {
    const enOnlyOld = testVersionedSiteData({ locales: testVersionedSiteData().locales.filter((l) => l.prefix !== '/1.x/zh') });
    expect(versionLink(enOnlyOld, null, 'zh', '1.x')).toBe('/1.x/');
  });
});

describe('VersionMenu', () => {
  it('renders nothing on a site without versions', () => {
    expect(renderWithRuntime(<VersionMenu />, { routePath: '/guide/a', pageData: {} })).toBe('');
  });

  it('names the version on screen and links every version to the page’s version links, with the base', () => {
    const html = renderWithRuntime(<VersionMenu />, {
      routePath: '/1.x/guide/a',
      pageData: { lang: 'en', version: '1.x', versionLinks: { '2.x': '/guide/', '1.x': '/1.x/guide/a' } },
      siteData: testVersionedSiteData({ base: '/docs/' }),
    });
    expect(html).toMatch(/^<div class="dg-nav-versions" aria-label="Version" role="group">/);
    // Both versions have an English locale: the page's version picks the one on screen.
    expect(html).toMatch(/<button type="button" class="dg-nav-menu-button"[^>]*>1\.x<svg/);
    expect(versionLinks(html)).toEqual([
      { version: '2.x', href: '/docs/guide/', current: false },
      { version: '1.x', href: '/docs/1.x/guide/a', current: true },
    ]);
    expect(html).toMatch(/data-version="2\.x">2\.x<!-- --> <span class="dg-version-latest">latest<\/span><\/a>/);
    expect(html).not.toMatch(/data-version="1\.x"[^>]*>1\.x<!-- --> <span/);
  });

  it('links to the versions’ homes in the page’s language without version links, in the page’s language', () => {
    const html = renderWithRuntime(<VersionMenu />, { routePath: '/zh/guide/a', pageData: { lang: 'zh', version: '2.x' }, siteData: testVersionedSiteData() });
    expect(html).toContain('aria-label="版本"');
    expect(html).toContain('<span class="dg-version-latest">最新</span>');
    expect(versionLinks(html)).toEqual([
      { version: '2.x', href: '/zh/', current: true },
      { version: '1.x', href: '/1.x/zh/', current: false },
    ]);
  });

  it('on the 404 page, takes the version from the path', () => {
    const html = renderWithRuntime(<VersionMenu />, { routePath: '/1.x/zh/missing', pageData: null, siteData: testVersionedSiteData() });
    expect(html).toMatch(/class="dg-nav-menu-button"[^>]*>1\.x<svg/);
    expect(versionLinks(html)).toEqual([
      { version: '2.x', href: '/zh/', current: false },
      { version: '1.x', href: '/1.x/zh/', current: true },
    ]);
  });

  it('adds .html to route links when clean URLs are off', () => {
    const html = renderWithRuntime(<VersionLinks className="dg-drawer-link" />, {
      routePath: '/guide/a',
      pageData: { version: '2.x', versionLinks: { '2.x': '/guide/a', '1.x': '/1.x/guide/' } },
      siteData: testVersionedSiteData({ cleanUrls: false }),
    });
    expect(html).toContain('class="dg-drawer-link dg-version-link dg-nav-active"');
    expect(versionLinks(html).map((l) => l.href)).toEqual(['/guide/a.html', '/1.x/guide/']);
  });

  it('lists the versions of a site whose versions have one language each', () => {
    const site = testSiteData({
      locales: [
        { ...testSiteData().locales[0]!, version: '2.x' },
        { ...testSiteData().locales[0]!, prefix: '/1.x', version: '1.x' },
      ],
      multiVersion: { default: '2.x', versions: ['2.x', '1.x'] },
    });
    const html = renderWithRuntime(<VersionMenu />, { routePath: '/1.x/', pageData: { version: '1.x' }, siteData: site });
    expect(versionLinks(html)).toEqual([
      { version: '2.x', href: '/', current: false },
      { version: '1.x', href: '/1.x/', current: true },
    ]);
  });
});
