/**
 * The theme's UI strings in the browser: English is bundled (it is every language's fallback), each other
 * language is a chunk of its own, fetched by the pages in that language. The chunk of the document's own
 * language starts loading as this module runs, and hydration waits for it (`beforeHydration`).
 */
import { beforeHydration } from '@docgen/core/runtime';
import en from './en.json';

export type Strings = Partial<Record<keyof typeof en, string>>;

export { en };

/** A promise with the fields React's `use()` reads to return its value without suspending once settled. */
type TrackedPromise<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

const loaders: Record<string, () => Promise<{ default: Strings }>> = {
  zh: () => import('./zh.json'),
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
    const started: TrackedPromise<Strings> = load().then((m) => m.default);
    started.status = 'pending';
    started.then(
      (value) => Object.assign(started, { status: 'fulfilled', value }),
      (reason: unknown) => {
        Object.assign(started, { status: 'rejected', reason });
        // The next render tries again (offline, a new deploy).
        loading.delete(lang);
      },
    );
    loading.set(lang, started);
    promise = started;
  }
  return promise;
}

if (typeof document !== 'undefined') {
  const lang = document.documentElement.lang;
  const strings = stringsOf(lang) ?? stringsOf(lang.split('-')[0]!);
  if (strings instanceof Promise) beforeHydration(strings);
}
