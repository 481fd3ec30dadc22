/**
 * The default theme's config in the browser. docgen sends the theme's keys of `themeConfig` as they left
 * the theme's schema (`config/schema.ts`), so the types below hold for what arrives.
 */
import { useLocale, useSiteData } from '@docgen/core/runtime';
import type { Landing, ThemeConfig } from '../config/schema.js';

/** The theme's keys of `themeConfig`, defaults filled (`socialLinks`, `hideNavbar`, `banner`, …). */
export function useThemeConfig(): ThemeConfig {
  // `locales` stays on the server: each locale's keys arrive in its locale data (`useLocale().themeConfig`).
  return useSiteData().themeConfig as ThemeConfig;
}

/**
 * The landing section of the locale on screen: its own (`themeConfig.locales[lang].landing`), else the
 * top-level one for the default locale only (like `nav`, no fallback between languages); undefined if none.
 */
export function useLocaleLanding(): Landing | undefined {
  const site = useSiteData();
  const locale = useLocale();
  const own = locale.themeConfig?.landing as Landing | undefined;
  return own ?? (locale.lang === site.lang ? (site.themeConfig.landing as Landing | undefined) : undefined);
}
