import './PrevNextPage.css';
import { Link, useLinkHref, useRoutePath, useSidebar, isExternalUrl, type SidebarItem } from '@docgen/core/runtime';
import { useI18n } from '../../i18n/index.js';

/** The internal links of a sidebar section in reading order. */
export function flattenSidebar(items: SidebarItem[]): { text: string; link: string }[] {
  return items.flatMap((item) => [
    ...(item.link && !isExternalUrl(item.link) ? [{ text: item.text, link: item.link }] : []),
    ...(item.items ? flattenSidebar(item.items) : []),
  ]);
}

/** Previous and next page links, in the order of the sidebar. */
export function PrevNextPage() {
  const section = useSidebar();
  const routePath = useRoutePath();
  const href = useLinkHref();
  const t = useI18n();
  if (!section) return null;
  const links = flattenSidebar(section.items);
  const index = links.findIndex((l) => l.link === routePath);
  if (index === -1) return null;
  const prev = links[index - 1];
  const next = links[index + 1];
  if (!prev && !next) return null;
  return (
    <nav className="dg-pager" aria-label={t('doc.pager')}>
      {prev ? (
        <Link className="dg-pager-link dg-pager-prev" href={href(prev.link)} rel="prev">
          <span className="dg-pager-label">{t('doc.prev')}</span>
          <span className="dg-pager-title">{prev.text}</span>
        </Link>
      ) : (
        <span />
      )}
      {next && (
        <Link className="dg-pager-link dg-pager-next" href={href(next.link)} rel="next">
          <span className="dg-pager-label">{t('doc.next')}</span>
          <span className="dg-pager-title">{next.text}</span>
        </Link>
      )}
    </nav>
  );
}
