/**
 * The theme's UI strings in the browser: English is bundled (it is every language's fallback), each other
 * language is a chunk of its own, fetched by the pages in that language. The chunk of the document's own
 * language starts loading as this module runs, and hydration waits for it (`beforeHydration`).
 */
import { beforeHydration } from '@docgen/core/runtime';
import { trackForUse, type TrackedPromise } from '../layouts/lazy-part.js';
import en from './en.json';

/** UI strings of one language by key; a language may lack keys, which then read English. */
export type Strings = Partial<Record<keyof typeof en, string>>;

/** English, bundled: the fallback of every other language. */
export { en };

// One chunk per language, as in `strings.ts` (`strings.test.ts` checks both copies serve every language file).
const loaders: Record<string, () => Promise<{ default: Strings }>> = {
  zh: () => import('./zh.json'),
  ja: () => import('./ja.json'),
  ko: () => import('./ko.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  es: () => import('./es.json'),
  pt: () => import('./pt.json'),
  ru: () => import('./ru.json'),
};
const loading = new Map<string, TrackedPromise<Strings>>();

/**
 * The strings of `lang`: English itself, else a promise for the language's chunk (the same promise every
 * time, settled ones carrying `status` and `value` for React's `use`), or undefined when the theme has no
 * strings for `lang`.
 */
export function stringsOf(lang: string): Strings | Promise<Strings> | undefined {
  if (lang === 'en') return en;
  const load = loaders[lang];
  if (!load) return undefined;
  let promise = loading.get(lang);
  if (!promise) {
    // After a failed load, the next render tries again (offline, a new deploy).
    promise = trackForUse(
      load().then((m) => m.default),
      () => loading.delete(lang),
    );
    loading.set(lang, promise);
  }
  return promise;
}

if (typeof document !== 'undefined') {
  const lang = document.documentElement.lang;
  const strings = stringsOf(lang) ?? stringsOf(lang.split('-')[0]!);
  if (strings instanceof Promise) beforeHydration(strings);
}
