/**
 * UI strings of the theme: flat dotted keys in one JSON file per language (en, zh, ja, ko, fr, de, es, pt,
 * ru), read with a typed `t()`.
 * A locale's `strings` in the config override them; a language without its own file falls back to English.
 * In the browser, languages other than English are chunks of their own (`strings.browser.ts`), loaded
 * before hydration for the page's language; on a navigation into another language `useI18n` suspends until
 * its chunk has loaded, and the app keeps the previous page on screen meanwhile.
 */
import { useLocale } from '@docgen/core/runtime';
import { use } from 'react';
import { en, stringsOf, type Strings } from '#i18n-strings';

/** Every key of the theme's UI strings. */
export type I18nKey = keyof typeof en;

/** The strings for `lang`, else its base language (`zh` for `zh-TW`), else none. */
function stringsFor(lang: string): Strings | Promise<Strings> | undefined {
  return stringsOf(lang) ?? stringsOf(lang.split('-')[0]!);
}

/**
 * Looks up `key` for `lang` (then its base language, then English); `overrides` win. Outside React, a
 * language whose strings have not loaded yet reads English.
 */
export function translate(lang: string, key: I18nKey, overrides: Record<string, string> = {}): string {
  const found = stringsFor(lang);
  const strings = found instanceof Promise ? (found as Promise<Strings> & { value?: Strings }).value : found;
  return overrides[key] ?? strings?.[key] ?? en[key];
}

/** `t()` bound to the locale of the page on screen, with the locale's configured overrides. */
export function useI18n(): (key: I18nKey) => string {
  const locale = useLocale();
  const found = stringsFor(locale.lang);
  const strings = found instanceof Promise ? use(found) : found;
  return (key) => locale.strings[key] ?? strings?.[key] ?? en[key];
}
