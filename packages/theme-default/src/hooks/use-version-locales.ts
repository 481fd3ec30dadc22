/**
 * The locales of the version on screen. On a site with versions `site.locales` holds one locale per version
 * and language; the language menu, its "more than one language" checks and the search filter count the
 * languages of one version only.
 */
import { useLocale, useSiteData, type LocaleData } from '@docgen/core/runtime';
import { useMemo } from 'react';

/** The locales of the version on screen, in the site's order (every locale on a site without versions). */
export function useVersionLocales(): LocaleData[] {
  const { locales } = useSiteData();
  const { version } = useLocale();
  return useMemo(() => locales.filter((l) => l.version === version), [locales, version]);
}
