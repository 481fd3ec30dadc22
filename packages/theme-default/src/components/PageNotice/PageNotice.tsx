import './PageNotice.css';
import { Link, localePrefixOf, useLinkHref, useLocale, usePageData, useSiteData, type LocaleData, type SiteData } from '@docgen/core/runtime';
import { newFileUrl } from '../DocFooter/DocFooter.js';
import { versionLink } from '../VersionMenu/VersionMenu.js';
import { useI18n } from '../../i18n/index.js';

/** The locale of the original of a translated page (route path `original`), e.g. the default language's of its version. */
export function originalLocale(site: SiteData, original: string): LocaleData | undefined {
  const prefix = localePrefixOf(original, site.locales.map((l) => l.prefix));
  return site.locales.find((l) => l.prefix === prefix);
}

/**
 * Notices above a doc page's content, in the language of the page's locale, each a `role="note"` box:
 * the page belongs to a version other than the default one (with a link to the page in the default
 * version); the locale has no translation of the page, which shows the default language's content (with a
 * link to create the translation when the locale has an edit link); the page is a translation whose
 * original changed since (with a link to the original). Nothing on other pages.
 */
export function PageNotice() {
  const site = useSiteData();
  const page = usePageData();
  const locale = useLocale();
  const linkHref = useLinkHref();
  const t = useI18n();
  if (!page) return null;
  const latest = site.multiVersion.default;
  const oldVersion = site.multiVersion.versions.length > 0 && page.version !== latest;
  const translation = page.translation;
  const original = translation && originalLocale(site, translation.original);
  return (
    <>
      {oldVersion && (
        <div className="dg-page-notice dg-version-notice dg-container dg-container-warning" role="note">
          {t('doc.oldVersion').replace('{version}', page.version)}{' '}
          <Link className="dg-page-notice-link" href={linkHref(versionLink(site, page, locale.lang, latest))}>
            {t('doc.latestVersionLink').replace('{version}', latest)}
          </Link>
        </div>
      )}
      {translation?.status === 'fallback' && (
        <div className="dg-page-notice dg-translation-notice dg-container" role="note">
          {t('doc.untranslated')
            .replace('{language}', locale.label)
            .replace('{original}', original?.label ?? site.lang)}
          {locale.editLink && (
            <>
              {' '}
              <Link className="dg-page-notice-link" href={newFileUrl(locale.editLink.pattern, translation.file)}>
                {t('doc.translatePage')}
              </Link>
            </>
          )}
        </div>
      )}
      {translation?.status === 'stale' && (
        <div className="dg-page-notice dg-stale-notice dg-container dg-container-warning" role="note">
          {t('doc.staleTranslation')}{' '}
          <Link className="dg-page-notice-link" href={linkHref(translation.original)} hrefLang={original?.lang}>
            {t('doc.readOriginal')}
          </Link>
        </div>
      )}
    </>
  );
}
