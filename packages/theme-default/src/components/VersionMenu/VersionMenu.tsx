import './VersionMenu.css';
import { Link, useLinkHref, useLocale, usePageData, useSiteData, type PageData, type SiteData } from '@docgen/core/runtime';
import { useI18n } from '../../i18n/index.js';
import { NavMenu } from '../NavMenu/NavMenu.js';

/**
 * The route path (no base) the version menu opens for `version` from `page`: the page's `versionLinks`
 * entry (computed at build time), else the home of that version's locale in language `lang`, else of its
 * locale in the site's default language, else of its first locale.
 */
export function versionLink(site: SiteData, page: PageData | null, lang: string, version: string): string {
  const link = page?.versionLinks?.[version];
  if (link) return link;
  const ofVersion = site.locales.filter((l) => l.version === version);
  const locale = ofVersion.find((l) => l.lang === lang) ?? ofVersion.find((l) => l.lang === site.lang) ?? ofVersion[0];
  return `${locale?.prefix ?? ''}/`;
}

/**
 * Links to the current page in each version of the site (`multiVersion.versions`, in that order), the
 * version on screen marked as current and the default version tagged as the latest.
 */
export function VersionLinks({ className = 'dg-nav-link', onNavigate }: { className?: string; onNavigate?: () => void }) {
  const site = useSiteData();
  const locale = useLocale();
  const page = usePageData();
  const linkHref = useLinkHref();
  const t = useI18n();
  return (
    <>
      {site.multiVersion.versions.map((v) => (
        <Link
          key={v}
          href={linkHref(versionLink(site, page, locale.lang, v))}
          className={`${className} dg-version-link${v === locale.version ? ' dg-nav-active' : ''}`}
          data-version={v}
          aria-current={v === locale.version ? 'true' : undefined}
          onClick={onNavigate}
        >
          {v}
          {/* The space keeps the tag a word of its own in the link's accessible name. */}
          {v === site.multiVersion.default && <> <span className="dg-version-latest">{t('nav.latestVersion')}</span></>}
        </Link>
      ))}
    </>
  );
}

/** The version menu of the navbar, labelled with the version on screen (only on a site with versions). */
export function VersionMenu() {
  const site = useSiteData();
  const locale = useLocale();
  const t = useI18n();
  if (site.multiVersion.versions.length === 0) return null;
  return (
    <div className="dg-nav-versions" aria-label={t('nav.version')} role="group">
      <NavMenu item={{ text: locale.version }}>
        <VersionLinks />
      </NavMenu>
    </div>
  );
}
