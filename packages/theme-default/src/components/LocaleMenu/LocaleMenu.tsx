import { Link, getRouteEntry, useLocale, useNavigate, usePageData, useRoutePath, useSiteData, withBase, type LocaleData } from '@docgen/core/runtime';
import type { MouseEvent } from 'react';
import { useVersionLocales } from '../../hooks/use-version-locales.js';
import { useI18n } from '../../i18n/index.js';
import { NavMenu } from '../NavMenu/NavMenu.js';

/** The same route in another locale: swaps the locale prefix (`/guide/x` ↔ `/zh/guide/x`). */
export function localizedPath(routePath: string, from: string, to: string): string {
  const rest = from && (routePath === from || routePath.startsWith(`${from}/`)) ? routePath.slice(from.length) || '/' : routePath;
  return to + rest;
}

/**
 * Links to the current page in each locale of the version on screen; when a locale lacks the page, its home
 * page is opened instead.
 */
export function LocaleLinks({ className = 'dg-nav-link', onNavigate }: { className?: string; onNavigate?: () => void }) {
  const site = useSiteData();
  const locale = useLocale();
  const locales = useVersionLocales();
  const routePath = useRoutePath();
  const page = usePageData();
  const navigate = useNavigate();
  const targetOf = (l: LocaleData) => (page ? localizedPath(routePath, locale.prefix, l.prefix) : `${l.prefix}/`);
  const onClick = (l: LocaleData) => async (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onNavigate?.();
    const target = targetOf(l);
    let exists = true;
    try {
      exists = (await getRouteEntry(target, site)) !== null;
    } catch {
      // The route table could not be fetched: let the server answer (404 page, with a link home).
    }
    navigate(exists ? target : `${l.prefix}/`);
  };
  return (
    <>
      {locales.map((l) => (
        <Link
          key={l.lang}
          href={withBase(targetOf(l), site.base)}
          className={`${className}${l.lang === locale.lang ? ' dg-nav-active' : ''}`}
          lang={l.lang}
          hrefLang={l.lang}
          aria-current={l.lang === locale.lang ? 'true' : undefined}
          onClick={onClick(l)}
        >
          {l.label}
        </Link>
      ))}
    </>
  );
}

/** The language menu of the navbar (only when the version on screen has more than one language). */
export function LocaleMenu() {
  const locale = useLocale();
  const locales = useVersionLocales();
  const t = useI18n();
  if (locales.length < 2) return null;
  return (
    <div className="dg-nav-locales" aria-label={t('nav.language')} role="group">
      <NavMenu item={{ text: locale.label }}>
        <LocaleLinks />
      </NavMenu>
    </div>
  );
}
