/**
 * Banner on the server: the inline script right before the banner, message and link per locale with
 * their fallbacks, the translated labels, `display: false`, and what the inline script does with and
 * without the storage key (run against stand-ins for `localStorage` and `document`).
 */
import { describe, expect, it } from 'vitest';
import type { SiteData } from '@docgen/core/runtime';
import type { BannerConfig } from '../../config/schema.js';
import { renderWithRuntime, testSiteData } from '../../test-utils/render.js';
import { Banner, bannerScript, bannerText } from './Banner.js';

const twoLocales: SiteData['locales'] = [
  { lang: 'en', label: 'English', prefix: '', version: '', title: 'Test', description: '', nav: [], strings: {} },
  { lang: 'zh', label: '简体中文', prefix: '/zh', version: '', title: '测试', description: '', nav: [], strings: {} },
];

function site(banner: Partial<BannerConfig> | undefined, base = '/'): SiteData {
  const full = banner && { href: '/guide/', message: 'Hello', storageKey: 'k', display: true, ...banner };
  return testSiteData({ base, locales: twoLocales, themeConfig: { socialLinks: [], hideNavbar: 'never', enableAppearanceAnimation: false, banner: full } });
}

/** Runs the inline script with `stored` as the storage content; returns the classes it added to `<html>`. */
function runScript(script: string, stored: Record<string, string>, throwing = false): string[] {
  const classes: string[] = [];
  const localStorage = {
    getItem: (key: string) => {
      if (throwing) throw new Error('SecurityError');
      return stored[key] ?? null;
    },
  };
  const document = { documentElement: { classList: { add: (c: string) => classes.push(c) } } };
  new Function('localStorage', 'document', script)(localStorage, document);
  return classes;
}

describe('Banner', () => {
  it('renders the script, then a labelled region with the message link and the close button', () => {
    const html = renderWithRuntime(<Banner />, { routePath: '/guide/a', pageData: { lang: 'en' }, siteData: site({ customClass: 'promo', storageKey: 'news-1' }) });
    expect(html).toMatch(/^<script id="dg-banner-script">\(function\(\)\{try\{if\(localStorage\.getItem\("news-1"\)!==null\)/);
    expect(html).toContain('</script><section class="dg-banner promo" aria-label="Announcement"><a href="/guide/" class="dg-banner-link">Hello</a>');
    expect(html).toContain('<button type="button" class="dg-banner-close" aria-label="Close the banner" title="Close the banner">');
  });

  it('takes message and link of the page language, with the base, and Chinese labels', () => {
    const banner = { href: { en: '/guide/', zh: '/zh/guide/' }, message: { en: 'New release', zh: '新版本' } };
    const html = renderWithRuntime(<Banner />, { routePath: '/zh/guide/a', pageData: { lang: 'zh' }, siteData: site(banner, '/docs/') });
    expect(html).toContain('<section class="dg-banner" aria-label="公告"><a href="/docs/zh/guide/" class="dg-banner-link">新版本</a>');
    expect(html).toContain('aria-label="关闭横幅"');
  });

  it('marks an external link as opening in a new tab', () => {
    const html = renderWithRuntime(<Banner />, { pageData: { lang: 'en' }, siteData: site({ href: 'https://example.com/news' }) });
    expect(html).toContain('<a href="https://example.com/news" target="_blank" rel="noopener noreferrer" class="dg-banner-link">Hello<span class="dg-sr-only"> (opens in a new tab)</span></a>');
  });

  it('renders nothing with display false or without a banner', () => {
    expect(renderWithRuntime(<Banner />, { pageData: {}, siteData: site({ display: false }) })).toBe('');
    expect(renderWithRuntime(<Banner />, { pageData: {}, siteData: site(undefined) })).toBe('');
  });
});

describe('bannerText', () => {
  it('falls back to the default language, then to the first text', () => {
    expect(bannerText('Same everywhere', 'zh', 'en')).toBe('Same everywhere');
    expect(bannerText({ en: 'Hi', zh: '你好' }, 'zh', 'en')).toBe('你好');
    expect(bannerText({ en: 'Hi' }, 'fr', 'en')).toBe('Hi');
    expect(bannerText({ zh: '你好' }, 'fr', 'en')).toBe('你好');
  });
});

describe('bannerScript', () => {
  it('adds dg-banner-dismissed only while the key exists, whatever its value', () => {
    expect(runScript(bannerScript('k'), {})).toEqual([]);
    expect(runScript(bannerScript('k'), { k: 'true' })).toEqual(['dg-banner-dismissed']);
    expect(runScript(bannerScript('k'), { k: '' })).toEqual(['dg-banner-dismissed']);
    expect(runScript(bannerScript('k'), { other: 'true' })).toEqual([]);
  });

  it('leaves the banner visible when storage is blocked', () => {
    expect(runScript(bannerScript('k'), { k: 'true' }, true)).toEqual([]);
  });

  it('cannot be broken out of by the key', () => {
    const key = '</script><script>alert(1)</script>"';
    const script = bannerScript(key);
    expect(script).not.toContain('</script>');
    expect(runScript(script, { [key]: 'true' })).toEqual(['dg-banner-dismissed']);
  });
});
