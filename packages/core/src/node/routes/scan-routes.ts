/**
 * Conventional routing (docs/en/guide/basic/conventional-route.md): every `.md`/`.mdx` file under a locale
 * folder is a route.
 * `en/guide/start/introduction.mdx` → `/guide/start/introduction`; `zh/…` → `/zh/…`;
 * `index.md(x)` → the folder with a trailing slash. Files and folders starting with `_` are fragments.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../../config/index.js';
import { DocgenError } from '../../shared/errors.js';
import { cacheDirOf } from '../pipeline/output-dir.js';

/** A route entry, as the build knows it (the browser's `element`/`preload` come from the chunk). */
export interface RouteEntry {
  /** Route path without base: `/guide/start/introduction`, `/zh/api/`. */
  path: string;
  /** Absolute source file path. */
  filePath: string;
  /** Source path relative to the site root, POSIX separators: `en/guide/start/introduction.mdx`. */
  relativePath: string;
  lang: string;
  /** The version the page belongs to (`multiVersion.versions`); '' on a site without versions. */
  version: string;
  /**
   * A fallback page's original (`i18n.fallback`): the default language's source file it shows in this
   * locale. The page's `filePath` is then a copy in docgen's cache; its `relativePath` is the original's.
   */
  originalFile?: string;
}

/** Folder (absolute) → its entries, as `fs.readdirSync(folder, { withFileTypes: true })` gives them. */
export type FolderListing = Map<string, fs.Dirent[]>;

/** Folders of the site root that never hold pages. */
const RESERVED = new Set(['node_modules', 'dist', 'public', 'theme']);

/**
 * Characters a page's file or folder name may not hold: `#` and `?` end a URL's path, `%` starts an
 * escape, `\\` is a separator on Windows; control characters cannot be typed. Such a page has no URL.
 */
const NOT_IN_URL = /[#?%\\\u0000-\u001f\u007f]/;

/**
 * Lists the routes of a site, sorted by path. Symbolic links are not followed (a page or folder reached
 * only through a link is not a route), so no link can pull files from outside the site into it.
 * @param listing folders already read in this build (`buildKey`'s walk of the root), taken instead of
 *   reading them again
 * @throws DocgenError when the default locale's folder is missing, when a page's path holds a character that cannot
 *   be in a URL, or when two files map to the same route (both files named).
 */
export function scanRoutes(config: ResolvedConfig, listing?: FolderListing): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const reserved = new Set([...RESERVED, path.basename(config.outDir), path.basename(config.publicDir), path.basename(config.themeDir)]);
  // Other locales' and versions' folders may lie inside a locale's (`<root>/1.x` in a site without locales).
  const otherLocaleDirs = new Set(config.contentLocales.map((l) => l.dir));
  const exclude = config.route.exclude.map(globToRegExp);
  const include = config.route.include.map(globToRegExp);
  const pageExt = new RegExp(`(${config.route.extensions.map((e) => e.replace('.', '\\.')).join('|')})$`);

  for (const locale of config.contentLocales) {
    // `dirRel`: the folder relative to the root; `inLocale`: relative to the locale's folder (both posix).
    const walk = (dir: string, dirRel: string, inLocale: string, isRoot: boolean) => {
      for (const entry of listing?.get(dir) ?? fs.readdirSync(dir, { withFileTypes: true })) {
        const name = entry.name;
        if (name.startsWith('.')) continue;
        if (config.route.excludeFragments && name.startsWith('_')) continue;
        const abs = path.join(dir, name);
        const rel = dirRel ? `${dirRel}/${name}` : name;
        if (exclude.some((re) => re.test(rel))) continue;
        if (entry.isDirectory()) {
          // A site without locales keeps pages in the root, beside reserved folders.
          if (isRoot && (reserved.has(name) || (abs !== locale.dir && otherLocaleDirs.has(abs)))) continue;
          walk(abs, rel, inLocale ? `${inLocale}/${name}` : name, false);
        } else if (entry.isFile() && pageExt.test(name) && include.some((re) => re.test(rel))) {
          const bad = NOT_IN_URL.exec(rel);
          if (bad) {
            const char = bad[0].charCodeAt(0) < 32 || bad[0] === '\u007f' ? `control character U+${bad[0].charCodeAt(0).toString(16).padStart(4, '0')}` : `"${bad[0]}"`;
            throw new DocgenError(`${rel}: a page's file and folder names cannot hold ${char}, no URL would reach it: rename it`);
          }
          const page = (inLocale ? `${inLocale}/${name}` : name).replace(pageExt, '');
          routes.push({
            path: locale.prefix + fileToRoutePath(page),
            filePath: abs,
            relativePath: rel,
            lang: locale.lang,
            version: locale.version,
          });
        }
      }
    };
    // The default locale's folder must exist (without it nothing is built); another locale may have none yet.
    if ((config.locales.length || locale.version) && locale.lang === config.lang && !fs.existsSync(locale.dir)) {
      const where = locale.version ? `the version ${locale.version}${config.locales.length ? ` in ${locale.lang}` : ''}` : `the locale ${locale.lang}`;
      const layout = config.multiVersion.versions.length
        ? `each version's pages live in <root>/<version>/${config.locales.length ? '<lang>/' : ''} (the default version's may stay in <root>/${config.locales.length ? '<lang>/' : ''})`
        : `each locale's pages live in <root>/<lang>/ (here ${config.resolvedLocales.map((l) => `${l.lang}/`).join(', ')})`;
      throw new DocgenError(`${where[0].toUpperCase()}${where.slice(1)} has no folder ${toPosix(path.relative(process.cwd(), locale.dir)) || '.'}: ${layout}`);
    }
    if (fs.existsSync(locale.dir)) walk(locale.dir, toPosix(path.relative(config.root, locale.dir)), '', true);
  }

  // `/a` and `/a/` are one URL for hosts and readers: a clash too.
  const clashKey = (p: string) => (p.length > 1 ? p.replace(/\/$/, '') : p);
  routes.sort((a, b) => (clashKey(a.path) < clashKey(b.path) ? -1 : clashKey(a.path) > clashKey(b.path) ? 1 : a.path < b.path ? -1 : 1));
  const clashes: string[] = [];
  for (let i = 1; i < routes.length; i++) {
    if (clashKey(routes[i].path) === clashKey(routes[i - 1].path)) {
      clashes.push(`${routes[i - 1].relativePath} and ${routes[i].relativePath} both map to the route ${clashKey(routes[i].path)}`);
    }
  }
  if (clashes.length) throw new DocgenError(`Duplicate routes:\n  ${clashes.join('\n  ')}`);
  return routes;
}

/**
 * The locale (of its version) a route belongs to: the content locale of the route's language and version.
 * An added page of an unknown language or version gets the default locale.
 */
export function localeOfRoute(config: ResolvedConfig, route: Pick<RouteEntry, 'lang' | 'version'>): ResolvedConfig['contentLocales'][number] {
  return config.contentLocales.find((l) => l.lang === route.lang && l.version === route.version) ?? config.contentLocales[0];
}

/**
 * Where a fallback page's translation belongs (absolute, e.g. `<root>/zh/guide/x.md`): its copy lies at the
 * same path inside `<cache>/fallback-pages/`. Undefined for any other route.
 */
export function translationFileOf(config: ResolvedConfig, route: RouteEntry): string | undefined {
  if (!route.originalFile) return undefined;
  return path.join(config.root, path.relative(path.join(cacheDirOf(config), 'fallback-pages'), route.filePath));
}

/** The file a route's page is compiled and bundled from: a fallback page's original, else its own file. */
export function sourceFileOf(route: RouteEntry): string {
  return route.originalFile ?? route.filePath;
}

/** `guide/start/introduction` → `/guide/start/introduction`; `api/index` → `/api/`; `index` → `/`. */
export function fileToRoutePath(withoutExt: string): string {
  if (withoutExt === 'index') return '/';
  if (withoutExt.endsWith('/index')) return `/${withoutExt.slice(0, -'index'.length)}`;
  return `/${withoutExt}`;
}

function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}

/**
 * A glob as `route.exclude` reads it, as an anchored RegExp: `**` any folders, `*` anything but `/`, `?` one
 * character; other characters match themselves. Public for plugins that take route patterns.
 * @example globToRegExp('/drafts/**').test('/drafts/a/b') // true
 */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      re += glob[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}
