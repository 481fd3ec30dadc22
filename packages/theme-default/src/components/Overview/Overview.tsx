import './Overview.css';
import { Link, useLinkHref, useOverviewGroups, type OverviewGroup } from '@docgen/core/runtime';
import { useId, useMemo, useState } from 'react';
import { useI18n } from '../../i18n/index.js';

/**
 * Keeps the pages and headings whose text contains `query` (case-insensitive, any language). A page whose
 * title matches keeps all its headings; otherwise only matching headings stay. Empty groups are dropped.
 */
export function filterOverview(groups: OverviewGroup[], query: string): OverviewGroup[] {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return groups;
  const hit = (text: string) => text.toLocaleLowerCase().includes(q);
  return groups
    .map((group) => ({
      ...group,
      pages: group.pages.flatMap((page) => {
        if (hit(page.title)) return [page];
        const headings = page.headings.filter((h) => hit(h.text));
        return headings.length ? [{ ...page, headings }] : [];
      }),
    }))
    .filter((group) => group.pages.length > 0);
}

/**
 * The overview of a section (front matter `overview: true`): every page of the section, grouped as in the
 * sidebar, with its h2 headings as links, and a filter box.
 */
export function Overview() {
  const groups = useOverviewGroups();
  const href = useLinkHref();
  const t = useI18n();
  const [query, setQuery] = useState('');
  const inputId = useId();
  const shown = useMemo(() => filterOverview(groups ?? [], query), [groups, query]);
  if (!groups) return null;
  return (
    <section className="dg-overview">
      <div className="dg-overview-filter">
        <label htmlFor={inputId} className="dg-sr-only">
          {t('overview.filterLabel')}
        </label>
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="m20 20-3.5-3.5" />
        </svg>
        <input id={inputId} type="search" value={query} placeholder={t('overview.filterPlaceholder')} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
      </div>
      {shown.length === 0 ? (
        <p className="dg-overview-empty" role="status">
          {t('overview.noResult')}
        </p>
      ) : (
        shown.map((group) => (
          <div key={group.title || '-'} className="dg-overview-group">
            {group.title && <h2 className="dg-overview-group-title">{group.title}</h2>}
            <div className="dg-overview-grid">
              {group.pages.map((page) => (
                <div key={page.link} className="dg-overview-card">
                  <h3 className="dg-overview-page">
                    <Link href={href(page.link)}>{page.title}</Link>
                  </h3>
                  {page.headings.length > 0 && (
                    <ul>
                      {page.headings.map((h) => (
                        <li key={h.id}>
                          <Link href={`${href(page.link)}#${encodeURIComponent(h.id)}`}>{h.text}</Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              ))}
            </div>
          </div>
        ))
      )}
    </section>
  );
}
