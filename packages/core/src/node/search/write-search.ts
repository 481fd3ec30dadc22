/**
 * Search output of a build: per locale the records, the local index (its entry `docgen-data/search-<lang>.json`
 * at a stable URL, so that a page's document does not change with another page's edit, and the shards and
 * fragments it names) and, on request, all records as one JSON file to push to a hosted index.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig, ResolvedLocale } from '../../config/index.js';
import { buildSearchIndex, type BuiltSearchIndex } from '../../shared/search/build-index.js';
import type { SearchRecord } from '../../shared/search/types.js';
import type { PageData, SidebarSection } from '../../shared/types.js';
import type { CompiledPage } from '../markdown/compile-page.js';
import { sidebarFor, type LocaleNavigation } from '../nav/resolve-nav-sidebar.js';
import type { RouteEntry } from '../routes/scan-routes.js';
import { DATA_DIR } from '../pipeline/data-dir.js';
import { lvl0Finder, pageRecords } from './records.js';

/** The search output of one build, ready to write. */
export interface SearchOutput {
  /**
   * Locale prefix → the index's entry (`file`, relative to the output folder: `docgen-data/search-en.json`,
   * and its JSON) and its other files (`parts`: path relative to the output folder → JSON, and `hashes`:
   * → its content hash, when the indexer gave them).
   */
  files: Map<string, { file: string; json: string; parts: Map<string, string>; hashes?: Map<string, string> }>;
  /** Every locale's records, in route order (made when first asked for, once per locale). */
  records: () => SearchRecord[];
}

/**
 * Builds one locale's local index from its records (in this thread, a worker, or a cache); `records()` makes
 * them, so an index found by `contentKey` costs none. `key` names the index's files (`ResolvedLocale.key`:
 * `en`, `1.x-zh`), `lang` picks the tokenizer. `contentKey`, when
 * known, is a hash of everything the records were made of (see `createSearchOutput`'s `pageKey`): equal
 * keys mean equal records. `pageKeys()`, once `records()` was called, gives one such key per page with
 * records, in page order, when every page's is known.
 */
export type LocaleIndexer = (records: () => SearchRecord[], lang: string, key: string, contentKey?: string, pageKeys?: () => string[] | undefined) => Promise<BuiltSearchIndex>;

/** The output file of a locale's local search index entry, relative to the output folder. */
function searchEntryFile(key: string): string {
  return `${DATA_DIR}/search-${key}.json`;
}

/**
 * The locale whose index a locale's search reads: its own, or with `multiVersion.search: 'all'` the default
 * version's locale of its language, whose index holds every version's pages.
 */
function indexedLocale(config: ResolvedConfig, locale: ResolvedLocale): ResolvedLocale {
  if (config.multiVersion.search !== 'all') return locale;
  return config.resolvedLocales.find((l) => l.lang === locale.lang) ?? locale;
}

/**
 * Locale prefix → URL (without base) of the locale's local search index entry, as `createSearchOutput`
 * writes it; empty without the local provider. Known before the indexes are built, so the documents can
 * be rendered meanwhile.
 */
export function searchIndexUrls(config: ResolvedConfig): Record<string, string> {
  if (config.search === false || config.search.provider !== 'local') return {};
  return Object.fromEntries(config.contentLocales.map((locale) => [locale.prefix, `/${searchEntryFile(indexedLocale(config, locale).key)}`]));
}

/**
 * Builds, for the local provider, the index of each locale (the locales' indexes at once, through
 * `indexLocale`), and gives every route's records. Routes are taken in the order given (scan order), so
 * output is stable. A locale's records are made only when needed: for its index when `indexLocale` asks
 * (it does not when its cache holds the index), and for `records` (the records file, a hosted provider).
 * @param pageKey a hash of a compiled page's title, front matter and sections (the page cache's
 *   `entryHash`), or undefined when unknown; with every page's known, each locale's `contentKey` hashes
 *   them with what else its records are made of (route, title in the page data, lvl0, base, clean URLs),
 *   so that the caller need not make or hash the records themselves (~0.5 s at 10,000 pages).
 */
export async function createSearchOutput(
  config: ResolvedConfig,
  routes: RouteEntry[],
  compiled: Map<string, CompiledPage>,
  pages: Map<string, { pageData: PageData }>,
  navigation: Map<string, LocaleNavigation>,
  indexLocale: LocaleIndexer = async (records, lang, key) => buildSearchIndex(records(), { lang, layout: fragmentLayout(key) }),
  pageKey?: (page: CompiledPage) => string | undefined,
): Promise<SearchOutput> {
  const files: SearchOutput['files'] = new Map();
  if (config.search === false) return { files, records: () => [] };
  const urls = { base: config.base, cleanUrls: config.route.cleanUrls };
  // Each content locale's pages with their lvl0, and the indexed locale it goes to.
  const sources: { target: ResolvedLocale; pages: { route: RouteEntry; page: CompiledPage; pageData: PageData; lvl0: string; key?: string }[] }[] = [];
  // What the records of each indexed locale are made of; undefined once a page's key is unknown.
  const madeOf = new Map<ResolvedLocale, string[] | undefined>();
  for (const locale of config.contentLocales) {
    const nav = navigation.get(locale.prefix);
    const target = indexedLocale(config, locale);
    if (!madeOf.has(target)) madeOf.set(target, [JSON.stringify([config.base, config.route.cleanUrls])]);
    const localePages: (typeof sources)[number]['pages'] = [];
    const lvl0Of = lvl0Finder(nav?.nav ?? [], locale.title);
    for (const route of routes) {
      // A fallback page repeats its original, which the default language's index holds.
      if (route.lang !== locale.lang || route.version !== locale.version || route.originalFile) continue;
      const page = compiled.get(route.filePath)!;
      const section: SidebarSection | null = sidebarFor(nav?.sidebars ?? [], route.path);
      const lvl0 = lvl0Of(route.path, section);
      const pageData = pages.get(route.filePath)!.pageData;
      const parts = madeOf.get(target);
      const made = pageKey?.(page);
      const key = made && JSON.stringify([route.path, route.lang, route.version, pageData.title, lvl0, made]);
      if (parts) {
        if (key) parts.push(key);
        else madeOf.set(target, undefined);
      }
      localePages.push({ route, page, pageData, lvl0, key });
    }
    sources.push({ target, pages: localePages });
  }
  // Each source's records, and the keys of its pages that have records (undefined when one is unknown).
  const made = new Map<(typeof sources)[number], { records: SearchRecord[]; keys?: string[] }>();
  const madeFor = (source: (typeof sources)[number]) => {
    let done = made.get(source);
    if (!done) {
      done = { records: [], keys: [] };
      for (const { route, page, pageData, lvl0, key } of source.pages) {
        const records = pageRecords({ routePath: route.path, title: pageData.title, frontmatter: page.frontmatter, sections: page.sections, lang: route.lang, version: route.version }, lvl0, urls);
        if (!records.length) continue;
        for (const record of records) done.records.push(record);
        if (key) done.keys?.push(key);
        else done.keys = undefined;
      }
      made.set(source, done);
    }
    return done;
  };
  const recordsOf = (source: (typeof sources)[number]): SearchRecord[] => madeFor(source).records;
  const records = () => sources.flatMap(recordsOf);
  if (config.search.provider !== 'local') return { files, records };
  const indexes: Promise<void>[] = [];
  for (const [locale, contentKey] of madeOf) {
    const ofLocale = sources.filter((source) => source.target === locale);
    // In locale order whatever finishes first.
    files.set(locale.prefix, { file: '', json: '', parts: new Map() });
    indexes.push(
      indexLocale(() => ofLocale.flatMap(recordsOf), locale.lang, locale.key, contentKey?.join('\n'), () => pageKeysOf(ofLocale, contentKey?.[0])).then((built) => {
        // The entry names its files relative to its own folder.
        // `DATA_DIR/` + the relative path, normalized: `../assets/…` leaves the data folder.
        const name = (rel: string) => (rel.startsWith('../') && !rel.includes('./', 3) ? rel.slice(3) : rel.includes('./') ? path.posix.join(DATA_DIR, rel) : `${DATA_DIR}/${rel}`);
        const parts = new Map(Object.entries(built.files).map(([rel, json]) => [name(rel), json]));
        const hashes = built.hashes && new Map(Object.entries(built.hashes).map(([rel, hash]) => [name(rel), hash]));
        files.set(locale.prefix, { file: searchEntryFile(locale.key), json: JSON.stringify(built.entry), parts, hashes });
      }),
    );
  }
  await Promise.all(indexes);
  return { files, records };

  /** The keys of the pages with records of `ofLocale`, each with `common` (the base and URL style), once their records are made. */
  function pageKeysOf(ofLocale: typeof sources, common: string | undefined): string[] | undefined {
    const keys: string[] = [];
    for (const source of ofLocale) {
      const ofSource = madeFor(source).keys;
      if (!ofSource || common === undefined) return undefined;
      for (const key of ofSource) keys.push(`${common}${key}`);
    }
    return keys;
  }
}

/** Where an index's fragments go, relative to its entry: `search/<key>/` (`search/en/`, `search/1.x-zh/`). */
export function fragmentLayout(key: string): { fragments: string } {
  return { fragments: `search/${key}/` };
}

/**
 * Writes all records, as one JSON array, to `search.recordsFile` (relative to the site root) when it is
 * set: the file to push to a hosted index. Called after the output was swapped in, so the file may lie
 * inside the output folder.
 */
export function writeRecordsFile(config: ResolvedConfig, output: SearchOutput): void {
  if (!config.search || !config.search.recordsFile) return;
  const target = path.resolve(config.root, config.search.recordsFile);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, JSON.stringify(output.records(), null, 1));
}
