/**
 * The theme's UI strings by language, all loaded up front: the server's (and tests') copy. Browser bundles
 * get `strings.browser.ts` instead (the `#i18n-strings` import of package.json, `browser` condition).
 */
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import ja from './ja.json';
import ko from './ko.json';
import pt from './pt.json';
import ru from './ru.json';
import zh from './zh.json';

/** UI strings of one language by key; a language may lack keys, which then read English. */
export type Strings = Partial<Record<keyof typeof en, string>>;

/** English, the fallback of every other language. */
export { en };

// The same languages as the loaders of `strings.browser.ts` (`strings.test.ts` checks both copies serve every file).
const strings: Record<string, Strings> = { en, zh, ja, ko, fr, de, es, pt, ru };

/** The strings of `lang` if the theme has them, else undefined; never a promise here. */
export function stringsOf(lang: string): Strings | Promise<Strings> | undefined {
  return strings[lang];
}
