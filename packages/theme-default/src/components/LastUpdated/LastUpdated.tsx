import './LastUpdated.css';
import { useLang, usePageData } from '@docgen/core/runtime';
import { useI18n } from '../../i18n/index.js';

/** The date of a front matter value: an ISO date string or a timestamp in milliseconds; null when invalid. */
function toDate(value: unknown): Date | null {
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) return null;
  if (value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * "Last updated: Jan 15, 2024" from front matter `lastUpdated` (a date string or a timestamp in
 * milliseconds), else from the page data's `lastUpdated` (a timestamp in milliseconds, set by
 * `@docgen/plugin-last-updated`), in the page's language, inside a `<time>`. Renders nothing without a
 * valid date.
 */
export function LastUpdated() {
  const page = usePageData();
  const lang = useLang();
  const t = useI18n();
  const date = toDate(page?.frontmatter.lastUpdated ?? (page as { lastUpdated?: unknown } | null)?.lastUpdated);
  if (!date) return null;
  // UTC: the server and the browser must print the same day (hydration), and `2024-01-15` is a UTC
  // midnight that a local time zone west of UTC would show as the 14th.
  const text = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
  return (
    <div className="dg-last-updated">
      {`${t('doc.lastUpdated')}: `}<time dateTime={date.toISOString()}>{text}</time>
    </div>
  );
}
