/**
 * Nav and sidebar per locale: from `themeConfig` when given, otherwise generated from `_nav.json`
 * (locale folder) and `_meta.json` (any folder). Each top-level folder of a locale is one sidebar section.
 *
 * `_meta.json` entries, in sidebar order:
 * - `"name"`: a page (file name without extension) or a sub-folder of this folder;
 * - `{ "type": "file", "name", "label"? }`: a page;
 * - `{ "type": "dir", "name", "label"?, "collapsible"?, "collapsed"? }`: a group from a sub-folder;
 * - `{ "type": "group", "label", "items": [entries…], "collapsible"?, "collapsed"? }`: a group of entries of this folder;
 * - `{ "type": "link", "label", "link" }`: any link.
 * A folder without `_meta.json` lists its pages alphabetically, `index` first, then its sub-folders as groups.
 *
 * A label (`label` in `_meta.json`, `text` in `_nav.json`) that is a key of the site's `i18n.json`
 * (`{ "gettingStarted": { "en": "Getting Started", "zh": "开始" } }`) reads the locale's text, else the default
 * language's, with a warning.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig, ResolvedLocale } from '../../config/index.js';
import { parse as parseJson, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { DocgenError } from '../../shared/errors.js';
import type { NavItem, SidebarItem, SidebarSection } from '../../shared/types.js';
import { localeOfRoute, translationFileOf, type RouteEntry } from '../routes/scan-routes.js';

/** Nav and sidebar sections of one locale, from the config or from `_nav.json` / `_meta.json`. */
export interface LocaleNavigation {
  nav: NavItem[];
  /** Sidebar sections, the longest prefix first (the order a route is matched against them). */
  sidebars: SidebarSection[];
}

type MetaEntry =
  | string
  | { type: 'file'; name: string; label?: string }
  | { type: 'dir'; name: string; label?: string; collapsible?: boolean; collapsed?: boolean }
  | { type: 'group'; label: string; items: MetaEntry[]; collapsible?: boolean; collapsed?: boolean }
  | { type: 'link'; label: string; link: string };

/** Names of fallback pages' files and of folders that hold only such pages, by folder (absolute). */
interface VirtualEntries {
  files: Map<string, Set<string>>;
  dirs: Map<string, Set<string>>;
}

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

/** Label key → language → text, from the site's `i18n.json`. */
export type LabelTranslations = Record<string, Record<string, string>>;

/**
 * Resolves nav and sidebars for every locale of every version (`config.contentLocales`); the config's
 * `nav` and `sidebar` apply to the default version, other versions read their own `_nav.json` and
 * `_meta.json`.
 * @param titles route path → page title, for sidebar labels of generated sidebars.
 * @param warn called for a label key of `i18n.json` that has no text for a locale
 * @returns locale prefix (`''`, `/zh`, `/1.x/zh`) → its navigation
 * @throws DocgenError when a `_nav.json`/`_meta.json`/`i18n.json` is not valid JSON, or a `_meta.json` names a missing file.
 */
export function resolveNavigation(
  config: ResolvedConfig,
  routes: RouteEntry[],
  titles: Map<string, string>,
  warn: (message: string) => void = () => {},
): Map<string, LocaleNavigation> {
  const out = new Map<string, LocaleNavigation>();
  const routeByFile = new Map(routes.map((r) => [r.filePath, r]));
  // Fallback pages (`i18n.fallback`) stand where their translation belongs: `_meta.json` names them, and
  // generated sidebars list them, as if the file were there.
  const virtual: VirtualEntries = { files: new Map(), dirs: new Map() };
  for (const route of routes) {
    const file = translationFileOf(config, route);
    if (!file) continue;
    routeByFile.set(file, route);
    const { dir: localeDir } = localeOfRoute(config, route);
    addTo(virtual.files, path.dirname(file), path.basename(file));
    // Each folder between the file and its locale's folder is a folder of its parent.
    for (let dir = path.dirname(file); dir !== localeDir && dir.startsWith(localeDir); dir = path.dirname(dir)) addTo(virtual.dirs, path.dirname(dir), path.basename(dir));
  }
  const labels = readLabelTranslations(config.root);
  const defaultVersion = config.resolvedLocales[0]?.version ?? '';
  for (const locale of config.contentLocales) {
    const label = labelReader(labels, locale.lang, config.lang, warn);
    const configurable = locale.version === defaultVersion;
    const themed = configurable && locale.lang === config.lang ? config.themeConfig : undefined;
    const localeTheme = configurable ? config.themeConfig.locales[locale.lang] : undefined;
    const nav = localeTheme?.nav ?? themed?.nav ?? readNavFile(locale, label);
    const configured = localeTheme?.sidebar ?? themed?.sidebar;
    const sidebars: SidebarSection[] = configured
      ? Object.entries(configured).map(([prefix, items]) => ({ prefix, items }))
      : generateSidebars(locale, routeByFile, titles, label, virtual);
    out.set(locale.prefix, { nav, sidebars: sidebars.sort((a, b) => b.prefix.length - a.prefix.length) });
  }
  return out;
}

/** `<root>/i18n.json`, checked for its shape; `{}` when there is none. */
function readLabelTranslations(root: string): LabelTranslations {
  const file = path.join(root, 'i18n.json');
  const value = readJson<unknown>(file) ?? {};
  const ok =
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((t) => typeof t === 'string'));
  if (!ok) throw new DocgenError(`${path.relative(process.cwd(), file)}: must hold an object of label keys, each an object of language → text (e.g. { "start": { "en": "Start", "zh": "开始" } })`);
  return value as LabelTranslations;
}

/** A label's text in `lang`: a key of `i18n.json` is translated (falling back to `defaultLang`, with a warning); any other label stays. */
function labelReader(labels: LabelTranslations, lang: string, defaultLang: string, warn: (message: string) => void): (label: string) => string {
  const warned = new Set<string>();
  return (label) => {
    if (!Object.hasOwn(labels, label)) return label;
    const texts = labels[label];
    if (texts[lang] !== undefined) return texts[lang];
    if (!warned.has(label)) {
      warned.add(label);
      warn(`i18n.json: the label "${label}" has no text for ${lang}; the ${texts[defaultLang] !== undefined ? `${defaultLang} text` : 'key itself'} is shown`);
    }
    return texts[defaultLang] ?? label;
  };
}

/** The sidebar section whose prefix is the longest match of `routePath`, or null. */
export function sidebarFor(sections: SidebarSection[], routePath: string): SidebarSection | null {
  return sections.find((s) => routePath.startsWith(s.prefix) || `${routePath}/` === s.prefix) ?? null;
}

function readJson<T>(file: string): T | undefined {
  if (!fs.existsSync(file)) return undefined;
  const text = fs.readFileSync(file, 'utf8');
  const errors: ParseError[] = [];
  const value = parseJson(text, errors, { disallowComments: true, allowTrailingComma: false }) as T;
  if (errors.length === 0) return value;
  // Report the first error where it is, as editors show it.
  const { error, offset } = errors[0];
  const before = text.slice(0, offset).split('\n');
  const line = before.length;
  const column = before[before.length - 1].length + 1;
  const rel = path.relative(process.cwd(), file);
  const message = `Invalid JSON: ${printParseErrorCode(error)}`;
  throw new DocgenError(`${rel}:${line}:${column}: ${message}`, [{ message, location: { file: rel, line, column, lineText: text.split('\n')[line - 1] } }]);
}

function readNavFile(locale: ResolvedLocale, label: (text: string) => string): NavItem[] {
  const nav = readJson<NavItem[]>(path.join(locale.dir, '_nav.json'));
  if (nav !== undefined && !Array.isArray(nav)) throw new DocgenError(`${path.join(locale.dir, '_nav.json')}: must hold an array of nav items`);
  const translate = (items: NavItem[]): NavItem[] =>
    items.map((item) => ({ ...item, ...(typeof item.text === 'string' && { text: label(item.text) }), ...(Array.isArray(item.items) && { items: translate(item.items) }) }));
  return translate(nav ?? []);
}

function generateSidebars(
  locale: ResolvedLocale,
  routeByFile: Map<string, RouteEntry>,
  titles: Map<string, string>,
  label: (text: string) => string,
  virtual: VirtualEntries,
): SidebarSection[] {
  const names = new Set([...listDirs(locale.dir), ...(virtual.dirs.get(locale.dir) ?? [])]);
  const sections: SidebarSection[] = [];
  for (const name of [...names].sort()) {
    if (name.startsWith('_') || name.startsWith('.')) continue;
    const items = folderItems(path.join(locale.dir, name), routeByFile, titles, label, virtual);
    if (items.length) sections.push({ prefix: `${locale.prefix}/${name}/`, items });
  }
  return sections;
}

/** The sub-folders of `dir` in the order the file system lists them; none when it does not exist. */
function listDirs(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
}

function folderItems(dir: string, routeByFile: Map<string, RouteEntry>, titles: Map<string, string>, label: (text: string) => string, virtual: VirtualEntries): SidebarItem[] {
  const metaFile = path.join(dir, '_meta.json');
  const meta = readJson<MetaEntry[]>(metaFile);
  if (meta === undefined) return defaultItems(dir, routeByFile, titles, label, virtual);
  if (!Array.isArray(meta)) throw new DocgenError(`${path.relative(process.cwd(), metaFile)}: must hold an array`);
  // The folder's listing, read once: a lookup per entry cost two system calls per page of the folder.
  let listing: Map<string, fs.Dirent> | undefined;
  const isDir = (sub: string) => {
    if (virtual.dirs.get(dir)?.has(path.basename(sub))) return true;
    if (path.dirname(sub) === dir) {
      listing ??= new Map(fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).map((e) => [e.name, e]) : []);
      const entry = listing.get(path.basename(sub));
      if (!entry) return false;
      if (!entry.isSymbolicLink()) return entry.isDirectory();
    }
    // `a/b` in `_meta.json`, or a symbolic link: by what it leads to (`existsSync` is false for a loop).
    return fs.existsSync(sub) && fs.statSync(sub).isDirectory();
  };
  const toItems = (entries: MetaEntry[]): SidebarItem[] =>
    entries.flatMap((entry): SidebarItem[] => {
      if (typeof entry === 'string') {
        const sub = path.join(dir, entry);
        if (isDir(sub)) return toItems([{ type: 'dir', name: entry }]);
        return toItems([{ type: 'file', name: entry }]);
      }
      switch (entry.type) {
        case 'file': {
          const candidates = PAGE_EXTENSIONS.map((ext) => path.join(dir, entry.name + ext));
          const file = candidates.find((f) => routeByFile.has(f));
          if (!file) {
            // A page left out by `route.exclude` / `route.include` (a draft) or a fragment leaves the sidebar
            // too: the `_meta.json` that lists it stays valid while it is out.
            if (candidates.some((f) => fs.existsSync(f))) return [];
            throw new DocgenError(`${path.relative(process.cwd(), metaFile)}: "${entry.name}" is not a page of ${path.relative(process.cwd(), dir)}`);
          }
          const route = routeByFile.get(file)!;
          return [{ text: entry.label !== undefined ? label(entry.label) : (titles.get(route.path) ?? entry.name), link: route.path }];
        }
        case 'dir': {
          const sub = path.join(dir, entry.name);
          if (!isDir(sub)) throw new DocgenError(`${path.relative(process.cwd(), metaFile)}: folder "${entry.name}" does not exist`);
          return folderGroup(entry.label !== undefined ? label(entry.label) : entry.name, folderItems(sub, routeByFile, titles, label, virtual), entry);
        }
        case 'group': {
          // Like a folder: a group whose pages are all excluded shows no empty heading.
          return folderGroup(label(entry.label), toItems(entry.items), entry);
        }
        case 'link':
          return [{ text: label(entry.label), link: entry.link }];
        default:
          throw new DocgenError(`${path.relative(process.cwd(), metaFile)}: unknown entry ${JSON.stringify(entry)}`);
      }
    });
  return toItems(meta);
}

/** Extensions a page can have (`route.extensions` picks among them), in the order a `_meta.json` name tries them. */
const PAGE_EXTENSIONS = ['.md', '.mdx', '.tsx', '.jsx'];

/** A folder's group; none when all its pages are excluded (no empty group). */
function folderGroup(text: string, items: SidebarItem[], entry: { collapsible?: boolean; collapsed?: boolean } = {}): SidebarItem[] {
  return items.length ? [{ text, collapsible: entry.collapsible ?? true, collapsed: entry.collapsed ?? false, items }] : [];
}

/**
 * The items of a folder without `_meta.json`, from one listing of it: its routes (excluded files are not;
 * `index` first, then by name), then its sub-folders by name, fallback pages' and folders included. Each
 * page by its own file: a page beside a folder of the same name (`guide.md`, `guide/`) is the page, and
 * the folder its group.
 */
function defaultItems(dir: string, routeByFile: Map<string, RouteEntry>, titles: Map<string, string>, label: (text: string) => string, virtual: VirtualEntries): SidebarItem[] {
  const entries = fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).filter((e) => !e.name.startsWith('_') && !e.name.startsWith('.')) : [];
  const files = new Set([...entries.filter((e) => e.isFile()).map((e) => e.name), ...(virtual.files.get(dir) ?? [])]);
  const pages: { name: string; route: RouteEntry }[] = [];
  for (const file of files) {
    const route = routeByFile.get(path.join(dir, file));
    if (route) pages.push({ name: file.slice(0, -path.extname(file).length), route });
  }
  pages.sort((a, b) => (a.name === 'index' ? -1 : b.name === 'index' ? 1 : a.name.localeCompare(b.name)));
  const dirs = [...new Set([...entries.filter((e) => e.isDirectory()).map((e) => e.name), ...(virtual.dirs.get(dir) ?? [])])].filter((n) => !n.startsWith('_') && !n.startsWith('.')).sort();
  return [
    ...pages.map(({ name, route }): SidebarItem => ({ text: titles.get(route.path) ?? name, link: route.path })),
    ...dirs.flatMap((name) => folderGroup(name, folderItems(path.join(dir, name), routeByFile, titles, label, virtual))),
  ];
}
