import './NotFound.css';
import { Link, useLocale, useSiteData, withBase } from '@docgen/core/runtime';
import { useI18n } from '../../i18n/index.js';

/** 404 page, in the language of the requested path, with a link to that locale's home. */
export function NotFound() {
  const t = useI18n();
  const locale = useLocale();
  const { base } = useSiteData();
  return (
    <main id="dg-main" className="dg-not-found">
      <p className="dg-not-found-code">404</p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link className="dg-button dg-button--brand" href={withBase(`${locale.prefix}/`, base)}>
        {t('notFound.home')}
      </Link>
    </main>
  );
}
