/**
 * Which translations are missing or out of date. A translated page records, in its front matter
 * `translatedFrom`, the hash of the original (the default language's page at the same path in the same
 * version) it was translated from; `docgen i18n mark` writes it. When the original changes, its hash no
 * longer matches: the translation is stale (`docgen i18n status`, and a notice and a warning in the build).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig, ResolvedLocale } from '../../config/index.js';
import { DocgenError } from '../../shared/errors.js';
import { displayPath } from '../display-path.js';
import { parseFrontMatter } from '../markdown/front-matter.js';
import { readPageSource } from '../markdown/read-source.js';
import { scanRoutes, type RouteEntry } from '../routes/scan-routes.js';

/** A page of the default language that a locale has no translation of. */
export interface MissingTranslation {
  /** Where the translation would be, relative to the site root (POSIX): `zh/guide/intro.md`. */
  file: string;
  /** Route path of the original: `/guide/intro`. */
  original: string;
  /** Source of the original, relative to the site root (POSIX): `en/guide/intro.md`. */
  originalFile: string;
}

/** A translated page and its original. */
export interface TranslationRecord {
  /** Source of the translation, relative to the site root (POSIX): `zh/guide/intro.md`. */
  file: string;
  /** Route path of the translation: `/zh/guide/intro`. */
  path: string;
  /** Route path of the original: `/guide/intro`. */
  original: string;
  /** Source of the original, relative to the site root (POSIX): `en/guide/intro.md`. */
  originalFile: string;
  /** The hash the translation recorded (front matter `translatedFrom`); absent when it recorded none. */
  translatedFrom?: string;
  /** The original's hash now (`translationHash`): what `docgen i18n mark` would record. */
  hash: string;
}

/** The translations of one locale (of one version), each list sorted by `file`. */
export interface LocaleTranslationStatus {
  lang: string;
  /** '' on a site without versions. */
  version: string;
  /** The locale's folder, relative to the site root (POSIX): `zh`, `1.x/zh`. */
  dir: string;
  /** Pages of the default language without a translation here. */
  missing: MissingTranslation[];
  /** Translations whose `translatedFrom` is not the original's hash now: the original changed since. */
  stale: TranslationRecord[];
  /** Translations whose `translatedFrom` is the original's hash now. */
  upToDate: TranslationRecord[];
  /** Translations without `translatedFrom`: whether they match their original is not known. */
  untracked: TranslationRecord[];
}

/** What `translationStatus` finds: the originals' language and every locale of another language. */
export interface TranslationStatus {
  /** The default language (`config.lang`), the language of the originals. */
  lang: string;
  /** Whether the site has versions (`multiVersion.versions`): then each locale is listed per version. */
  versioned: boolean;
  /** One entry per content locale of another language, in `config.contentLocales` order. */
  locales: LocaleTranslationStatus[];
}

/** What `markTranslation` did to one file. */
export interface MarkResult {
  /** Absolute path of the translation. */
  file: string;
  /** The original the hash is of. */
  original: RouteEntry;
  /** The hash written (`translationHash` of the original now). */
  hash: string;
  /** The value the file held before; absent when it had no `translatedFrom`. */
  previous?: string;
  /** False when the file already held this hash: it was left as it was. */
  changed: boolean;
}

/**
 * The hash a translation records of its original: sha256 of the source with CRLF line ends made LF (a
 * checkout on Windows must not make every translation stale), the first 12 hex digits.
 * @example translationHash('# Intro\n') === translationHash('# Intro\r\n')
 */
export function translationHash(source: string): string {
  return crypto.createHash('sha256').update(source.replace(/\r\n/g, '\n')).digest('hex').slice(0, 12);
}

/**
 * The `translatedFrom` value of a page's front matter, or undefined when it has none.
 * @param file the page's path, for messages
 * @throws DocgenError at the line and column of invalid YAML, or at the line of a key with a wrong value
 *   (`translatedFrom` that is not a string included): the page's front matter as the build checks it.
 */
export function readTranslatedFrom(source: string, file = 'page'): string | undefined {
  const value = parseFrontMatter(file, source).frontmatter.translatedFrom;
  return typeof value === 'string' ? value : undefined;
}

/**
 * The original of a translated page: the page of the default language at the same path inside the locale
 * folder of the same version, whatever its extension (`zh/guide/a.mdx` translates `en/guide/a.md`).
 * Undefined for a page of the default language, and for a translation whose original does not exist.
 * Indexes `routes` at each call: for every page at once, `translationStatus` is linear.
 * @param routes the site's routes; `scanRoutes(config)` when not given
 */
export function originalOf(config: ResolvedConfig, route: RouteEntry, routes: RouteEntry[] = scanRoutes(config)): RouteEntry | undefined {
  if (route.lang === config.lang) return undefined;
  const index = new SiteIndex(config, routes);
  const key = index.keyOf(route);
  return key === undefined ? undefined : index.originals.get(key);
}

/**
 * Every translation of the site against its original: per content locale of a language other than the
 * default one (per version on a site with versions), the missing, stale, up-to-date and untracked pages.
 * Reads each original and each translation once; a translation without an original is left out.
 * @param routes the site's routes; `scanRoutes(config)` when not given
 * @throws DocgenError naming the file for a page that is not UTF-8 or whose front matter is invalid.
 */
export function translationStatus(config: ResolvedConfig, routes: RouteEntry[] = scanRoutes(config)): TranslationStatus {
  const rel = (file: string) => toPosix(path.relative(config.root, file));
  const record = (t: Translation): TranslationRecord => ({
    file: t.route.relativePath,
    path: t.route.path,
    original: t.original.path,
    originalFile: t.original.relativePath,
    ...(t.translatedFrom === undefined ? {} : { translatedFrom: t.translatedFrom }),
    hash: t.hash,
  });
  return {
    lang: config.lang,
    versioned: config.multiVersion.versions.length > 0,
    locales: compare(config, routes).map(({ locale, missing, translations }) => ({
      lang: locale.lang,
      version: locale.version,
      dir: rel(locale.dir),
      missing: missing.map((m) => ({ file: m.file, original: m.original.path, originalFile: m.original.relativePath })),
      stale: translations.filter((t) => t.translatedFrom !== undefined && t.translatedFrom !== t.hash).map(record),
      upToDate: translations.filter((t) => t.translatedFrom === t.hash).map(record),
      untracked: translations.filter((t) => t.translatedFrom === undefined).map(record),
    })),
  };
}

/**
 * The stale translations, for the build: translation file (absolute) → its original. The build warns of
 * each and, with `i18n.staleNotice`, marks the page (`pageData.translation`). Routes that are no file of a
 * locale folder (pages added by plugins, fallback pages) are neither originals nor translations.
 * @param recorded a translation's `translatedFrom` (the build passes its compiled front matter's); by
 *   default read from the file
 * @throws DocgenError as `translationStatus` does.
 */
export function staleTranslations(
  config: ResolvedConfig,
  routes: RouteEntry[],
  recorded: (route: RouteEntry) => string | undefined = (route) => readTranslatedFrom(readPageSource(route.filePath), route.filePath),
): Map<string, { original: RouteEntry }> {
  const stale = new Map<string, { original: RouteEntry }>();
  if (!config.contentLocales.some((l) => l.lang !== config.lang)) return stale;
  const index = new SiteIndex(config, routes);
  const hashes = new Map<string, string>();
  for (const route of routes) {
    if (route.lang === config.lang || route.originalFile) continue;
    const key = index.keyOf(route);
    const original = key === undefined ? undefined : index.originals.get(key);
    if (!original) continue;
    const translatedFrom = recorded(route);
    // Only the originals of translations that record a hash are read.
    if (translatedFrom !== undefined && translatedFrom !== hashOf(original.filePath, hashes)) stale.set(route.filePath, { original });
  }
  return stale;
}

/**
 * Records in a translation's front matter that it matches its original now: writes
 * `translatedFrom: "<hash>"`, replacing an existing `translatedFrom` line, else as the last key of the
 * front matter, else in a new front matter block at the top. Every other byte stays (line ends and a BOM
 * included); a file that already holds the hash is not written.
 * @param file path of the translation, absolute or relative to the working directory
 * @throws DocgenError naming the file when it is not a page of the site, is a page of the default language,
 *   has no original (the paths looked for named), is a component page (no YAML front matter), or its front
 *   matter is invalid or cannot take the key.
 */
export function markTranslation(config: ResolvedConfig, file: string, routes: RouteEntry[] = scanRoutes(config)): MarkResult {
  const [result] = markTranslations(config, [file], routes);
  return result;
}

/**
 * `markTranslation` for several files: every file is checked before any is written, so an error (all of
 * them listed, one per line) leaves every file as it was.
 * @throws DocgenError as `markTranslation` does.
 */
export function markTranslations(config: ResolvedConfig, files: string[], routes: RouteEntry[] = scanRoutes(config)): MarkResult[] {
  const index = new SiteIndex(config, routes);
  const hashes = new Map<string, string>();
  const planned: { result: MarkResult; text: string }[] = [];
  const errors: DocgenError[] = [];
  for (const file of new Set(files.map((f) => path.resolve(f)))) {
    try {
      planned.push(planMark(config, index, file, hashes));
    } catch (error) {
      if (!(error instanceof DocgenError)) throw error;
      errors.push(error);
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length) throw new DocgenError(errors.map((e) => e.message).join('\n'), errors.flatMap((e) => e.locations));
  for (const { result, text } of planned) if (result.changed) fs.writeFileSync(result.file, text);
  return planned.map((p) => p.result);
}

/** A translation as `compare` finds it. */
interface Translation {
  route: RouteEntry;
  original: RouteEntry;
  translatedFrom: string | undefined;
  hash: string;
}

/** The routes of a site by locale folder: which locale each is in, and the originals by version and path. */
class SiteIndex {
  /** `<version>\0<path in the locale folder without extension>` → the page of the default language. */
  readonly originals = new Map<string, RouteEntry>();
  private readonly locales = new Map<string, ResolvedLocale>();

  constructor(
    private readonly config: ResolvedConfig,
    readonly routes: RouteEntry[],
  ) {
    for (const l of config.contentLocales) this.locales.set(`${l.version}\0${l.lang}`, l);
    for (const r of routes) {
      if (r.lang !== config.lang) continue;
      const key = this.keyOf(r);
      if (key !== undefined) this.originals.set(key, r);
    }
  }

  localeOf(route: Pick<RouteEntry, 'lang' | 'version'>): ResolvedLocale | undefined {
    return this.locales.get(`${route.version}\0${route.lang}`);
  }

  /** The default language's locale of a version. */
  originalLocale(version: string): ResolvedLocale | undefined {
    return this.localeOf({ lang: this.config.lang, version });
  }

  /** `<version>\0<path in its locale folder without extension>`; undefined for a route outside its locale folder. */
  keyOf(route: RouteEntry): string | undefined {
    const locale = this.localeOf(route);
    if (!locale) return undefined;
    const inLocale = path.relative(locale.dir, route.filePath);
    if (!inLocale || inLocale.startsWith('..') || path.isAbsolute(inLocale)) return undefined;
    return `${route.version}\0${stripExtension(toPosix(inLocale))}`;
  }
}

/**
 * Each content locale of another language against the originals of its version: the originals it lacks
 * (with the path the translation would have) and its translations with their recorded and current hashes.
 * Each original is read once, when a translation needs its hash; each translation once.
 */
function compare(config: ResolvedConfig, routes: RouteEntry[]): { locale: ResolvedLocale; missing: { file: string; original: RouteEntry }[]; translations: Translation[] }[] {
  const translated = config.contentLocales.filter((l) => l.lang !== config.lang);
  // A site of one language has nothing to compare: nothing is read.
  if (!translated.length) return [];
  const index = new SiteIndex(config, routes);
  const hashes = new Map<string, string>();
  const byFile = (a: { file: string }, b: { file: string }) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);
  return translated.map((locale) => {
    const keys = new Set<string>();
    const translations: Translation[] = [];
    for (const route of routes) {
      if (route.lang !== locale.lang || route.version !== locale.version) continue;
      const key = index.keyOf(route);
      const original = key === undefined ? undefined : index.originals.get(key);
      if (!original) continue;
      keys.add(key!);
      translations.push({
        route,
        original,
        translatedFrom: readTranslatedFrom(readPageSource(route.filePath), route.filePath),
        hash: hashOf(original.filePath, hashes),
      });
    }
    const localeDir = toPosix(path.relative(config.root, locale.dir));
    const originalDir = index.originalLocale(locale.version)?.dir;
    const missing: { file: string; original: RouteEntry }[] = [];
    for (const [key, original] of index.originals) {
      if (keys.has(key) || original.version !== locale.version || !originalDir) continue;
      const inLocale = toPosix(path.relative(originalDir, original.filePath));
      missing.push({ file: localeDir ? `${localeDir}/${inLocale}` : inLocale, original });
    }
    missing.sort(byFile);
    translations.sort((a, b) => byFile({ file: a.route.relativePath }, { file: b.route.relativePath }));
    return { locale, missing, translations };
  });
}

/** `translationHash` of a page, read at most once per `cache`. */
function hashOf(file: string, cache: Map<string, string>): string {
  let hash = cache.get(file);
  if (hash === undefined) {
    hash = translationHash(readPageSource(file));
    cache.set(file, hash);
  }
  return hash;
}

/** Checks one file for `markTranslations` and computes its new text. */
function planMark(config: ResolvedConfig, index: SiteIndex, file: string, hashes: Map<string, string>): { result: MarkResult; text: string } {
  const shown = displayPath(file);
  const route = index.routes.find((r) => r.filePath === file);
  if (!route) {
    const why = !fs.existsSync(file) ? 'no such file' : `not a page of the site at ${displayPath(config.root)} (pages are the ${config.route.extensions.join(', ')} files of its locale folders)`;
    throw new DocgenError(`${shown}: ${why}`);
  }
  if (route.lang === config.lang) {
    throw new DocgenError(`${shown} is an original, not a translation: it is a page of the default language (${config.lang}); mark its translations instead`);
  }
  const key = index.keyOf(route);
  const original = key === undefined ? undefined : index.originals.get(key);
  if (!original) {
    const originalDir = index.originalLocale(route.version)?.dir ?? config.root;
    const inLocale = stripExtension(toPosix(path.relative(index.localeOf(route)!.dir, file)));
    const lookedFor = config.route.extensions.map((ext) => displayPath(path.join(originalDir, `${inLocale}${ext}`)));
    throw new DocgenError(`${shown} has no original: no page ${lookedFor.join(' or ')} in the site`);
  }
  if (/\.[jt]sx$/.test(file)) {
    throw new DocgenError(`${shown} is a component page: it has no YAML front matter to record translatedFrom in (docgen i18n mark works on .md and .mdx pages)`);
  }
  const hash = hashOf(original.filePath, hashes);
  const bytes = fs.readFileSync(file);
  // readPageSource drops a BOM; it is written back.
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? '\uFEFF' : '';
  const source = readPageSource(file);
  const previous = readTranslatedFrom(source, file);
  if (previous === hash) return { result: { file, original, hash, previous, changed: false }, text: bom + source };
  const text = withTranslatedFrom(source, hash, shown);
  // A front matter the line edit does not fit (a flow mapping `{ title: x }`) must not be written.
  if (!recordsHash(text, file, hash)) {
    throw new DocgenError(`${shown}: could not add translatedFrom to its front matter; add the line translatedFrom: "${hash}" by hand`);
  }
  return { result: { file, original, hash, ...(previous === undefined ? {} : { previous }), changed: true }, text: bom + text };
}

/**
 * Whether the edited text reads back with the hash. Its YAML errors are those of the edit (the file's own
 * were reported before editing): they mean no, not an error of the file.
 */
function recordsHash(text: string, file: string, hash: string): boolean {
  try {
    return readTranslatedFrom(text, file) === hash;
  } catch (error) {
    if (error instanceof DocgenError) return false;
    throw error;
  }
}

/**
 * `source` with `translatedFrom: "<hash>"` in its front matter, every other line as it was. The value is
 * quoted: a hash of digits only (`123456789012`, `12345e678901`) would otherwise be read as a number.
 */
function withTranslatedFrom(source: string, hash: string, shown: string): string {
  const eol = source.includes('\r\n') ? '\r\n' : '\n';
  const entry = `translatedFrom: "${hash}"`;
  // The same test as parseFrontMatter's: without it, the file has no front matter.
  if (!/^---[ \t]*\r?\n/.test(source)) return `---${eol}${entry}${eol}---${eol}${source}`;
  // Lines with their line ends, so joining them gives the file back.
  const lines = source.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  // gray-matter ends the front matter at the first line starting with `---`.
  const close = lines.findIndex((line, i) => i > 0 && line.startsWith('---'));
  if (close === -1) throw new DocgenError(`${shown}: the front matter has no closing --- line`);
  const existing = lines.findIndex((line, i) => i > 0 && i < close && /^(["']?)translatedFrom\1[ \t]*:/.test(line));
  if (existing === -1) return [...lines.slice(0, close), `${entry}${eol}`, ...lines.slice(close)].join('');
  // A value continued on indented lines (`translatedFrom: >` and the lines under it) goes with its key.
  // Blank lines count only when an indented line follows them.
  let end = existing + 1;
  for (let i = end; i < close; i++) {
    if (/^[ \t]+\S/.test(lines[i])) end = i + 1;
    else if (!/^[ \t]*\r?\n$/.test(lines[i])) break;
  }
  const lineEnd = /\r?\n$/.exec(lines[existing])?.[0] ?? eol;
  return [...lines.slice(0, existing), `${entry}${lineEnd}`, ...lines.slice(end)].join('');
}

function stripExtension(posixPath: string): string {
  return posixPath.slice(0, posixPath.length - path.posix.extname(posixPath).length);
}

function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}
