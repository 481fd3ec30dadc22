/**
 * UI strings of the theme: flat dotted keys in `en.json` and `zh.json`, read with a typed `t()`.
 * A language without its own file falls back to English.
 */
import { useLang } from '@docgen/core/runtime';
import en from './en.json';
import zh from './zh.json';

/** Every key of the theme's UI strings. */
export type I18nKey = keyof typeof en;

const strings: Record<string, Partial<Record<I18nKey, string>>> = { en, zh };

/** Looks up `key` for `lang`, falling back to English. */
export function translate(lang: string, key: I18nKey): string {
  return strings[lang]?.[key] ?? strings[lang.split('-')[0]]?.[key] ?? en[key];
}

/** `t()` bound to the language of the page on screen. */
export function useI18n(): (key: I18nKey) => string {
  const lang = useLang();
  return (key) => translate(lang, key);
}
