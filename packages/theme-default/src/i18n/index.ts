/**
 * UI strings of the theme: flat dotted keys in `en.json` and `zh.json`, read with a typed `t()`.
 * A locale's `strings` in the config override them; a language without its own file falls back to English.
 */
import { useLocale } from '@docgen/core/runtime';
import en from './en.json';
import zh from './zh.json';

/** Every key of the theme's UI strings. */
export type I18nKey = keyof typeof en;

const strings: Record<string, Partial<Record<I18nKey, string>>> = { en, zh };

/** Looks up `key` for `lang` (then its base language, then English); `overrides` win. */
export function translate(lang: string, key: I18nKey, overrides: Record<string, string> = {}): string {
  return overrides[key] ?? strings[lang]?.[key] ?? strings[lang.split('-')[0]]?.[key] ?? en[key];
}

/** `t()` bound to the locale of the page on screen, with the locale's configured overrides. */
export function useI18n(): (key: I18nKey) => string {
  const locale = useLocale();
  return (key) => translate(locale.lang, key, locale.strings);
}
