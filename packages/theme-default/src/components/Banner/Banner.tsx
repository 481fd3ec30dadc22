import './Banner.css';
import { isExternalUrl, useLinkHref, Link, useLang, useSiteData } from '@docgen/core/runtime';
import { useEffect, useState } from 'react';
import type { BannerConfig } from '../../config/schema.js';
import { useThemeConfig } from '../../hooks/use-theme-config.js';
import { useI18n } from '../../i18n/index.js';

/** Class on `<html>` while the banner's storage key exists; `Banner.css` hides the banner under it. */
export const BANNER_DISMISSED_CLASS = 'dg-banner-dismissed';

/** `id` of the banner's inline script, so hydration can tell that the server rendered it. */
const SCRIPT_ID = 'dg-banner-script';

/**
 * The inline script rendered just before the banner: it adds `dg-banner-dismissed` to `<html>` when
 * `localStorage[storageKey]` exists, before the banner's markup is even parsed, so a dismissed banner
 * never shows (the same pattern as the appearance script in the page head). Storage errors (blocked
 * storage) leave the banner visible.
 */
export function bannerScript(storageKey: string): string {
  // `<` escaped so the key can never close the script element.
  const key = JSON.stringify(storageKey).replace(/</g, '\\u003c');
  return `(function(){try{if(localStorage.getItem(${key})!==null)document.documentElement.classList.add('${BANNER_DISMISSED_CLASS}')}catch(e){}})()`;
}

/**
 * The value of a banner field (`message`, `href`) for `lang`: the string itself, or from a per-locale
 * record the value for `lang`, else for the site's default language, else the first given.
 */
export function bannerText(value: BannerConfig['message'], lang: string, defaultLang: string): string {
  if (typeof value === 'string') return value;
  return value[lang] ?? value[defaultLang] ?? Object.values(value)[0] ?? '';
}

function isDismissed(storageKey: string): boolean {
  try {
    return localStorage.getItem(storageKey) !== null;
  } catch {
    return false;
  }
}

/**
 * The top banner of `themeConfig.banner`: a message linking to `href` (each per locale
 * when given as a record), above the navbar, with a close icon. Closing sets
 * `localStorage[storageKey] = 'true'` and hides it; it stays hidden on later loads while that key
 * exists, without a flash (see `bannerScript`), and in other open tabs.
 * Renders nothing when there is no banner or `display` is false.
 */
export function Banner() {
  const site = useSiteData();
  const linkHref = useLinkHref();
  const lang = useLang();
  const t = useI18n();
  const banner = useThemeConfig().banner;
  const storageKey = banner?.storageKey ?? '';
  // Hydration reuses the script the server rendered. A render without server markup (`ssg: false`)
  // leaves it out: React never runs a script it creates (and warns about one); the effect below applies
  // the class instead.
  const [withScript] = useState(() => typeof document === 'undefined' || document.getElementById(SCRIPT_ID) !== null);

  useEffect(() => {
    if (!storageKey) return;
    const sync = () => document.documentElement.classList.toggle(BANNER_DISMISSED_CLASS, isDismissed(storageKey));
    sync();
    // Closed (or the key cleared) in another tab of the site.
    const onStorage = (event: StorageEvent) => {
      if (event.key === storageKey || event.key === null) sync();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [storageKey]);

  if (!banner || !banner.display) return null;
  const target = bannerText(banner.href, lang, site.lang);
  const external = isExternalUrl(target);
  const href = linkHref(target);
  const close = () => {
    try {
      localStorage.setItem(storageKey, 'true');
    } catch {
      // Blocked storage: hidden for this page view only.
    }
    document.documentElement.classList.add(BANNER_DISMISSED_CLASS);
  };
  return (
    <>
      {withScript && <script id={SCRIPT_ID} dangerouslySetInnerHTML={{ __html: bannerScript(storageKey) }} />}
      <section className={`dg-banner${banner.customClass ? ` ${banner.customClass}` : ''}`} aria-label={t('banner.label')}>
        <Link className="dg-banner-link" href={href}>
          {bannerText(banner.message, lang, site.lang)}
          {external && <span className="dg-sr-only">{` ${t('nav.newTab')}`}</span>}
        </Link>
        <button type="button" className="dg-banner-close" aria-label={t('banner.close')} title={t('banner.close')} onClick={close}>
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
            <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      </section>
    </>
  );
}
