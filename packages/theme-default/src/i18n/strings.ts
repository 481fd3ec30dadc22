/**
 * The theme's UI strings by language, all loaded up front: the server's (and tests') copy. Browser bundles
 * get `strings.browser.ts` instead (the `#i18n-strings` import of package.json, `browser` condition).
 */
import en from './en.json';
import zh from './zh.json';

export type Strings = Partial<Record<keyof typeof en, string>>;

/** English, the fallback of every other language. */
export { en };

const strings: Record<string, Strings> = { en, zh };

/** The strings of `lang` if the theme has them, else undefined; never a promise here. */
export function stringsOf(lang: string): Strings | Promise<Strings> | undefined {
  return strings[lang];
}
