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
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig, ResolvedLocale } from '../../config/index.js';
import { parse as parseJson, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { DocgenError } from '../../shared/errors.js';
import type { NavItem, SidebarItem, SidebarSection } from '../../shared/types.js';
import type { RouteEntry } from '../routes/scan-routes.js';

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

/**
 * Resolves nav and sidebars for every locale.
 * @param titles route path → page title, for sidebar labels of generated sidebars.
 * @throws DocgenError when a `_nav.json`/`_meta.json` is not valid JSON or names a missing file.
 */
export function resolveNavigation(config: ResolvedConfig, routes: RouteEntry[], titles: Map<string, string>): Map<string, LocaleNavigation> {
  const out = new Map<string, LocaleNavigation>();
  const routeByFile = new Map(routes.map((r) => [r.filePath, r]));
  for (const locale of config.resolvedLocales) {
    const isDefault = locale.lang === config.lang;
    const themed = isDefault ? config.themeConfig : undefined;
    const localeTheme = config.themeConfig.locales[locale.lang];
    const nav = localeTheme?.nav ?? themed?.nav ?? readNavFile(locale);
    const configured = localeTheme?.sidebar ?? themed?.sidebar;
    const sidebars: SidebarSection[] = configured
      ? Object.entries(configured).map(([prefix, items]) => ({ prefix, items }))
      : generateSidebars(locale, routeByFile, titles);
    out.set(locale.lang, { nav, sidebars: sidebars.sort((a, b) => b.prefix.length - a.prefix.length) });
  }
  return out;
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

function readNavFile(locale: ResolvedLocale): NavItem[] {
  const nav = readJson<NavItem[]>(path.join(locale.dir, '_nav.json'));
  if (nav !== undefined && !Array.isArray(nav)) throw new DocgenError(`${path.join(locale.dir, '_nav.json')}: must hold an array of nav items`);
  return nav ?? [];
}

function generateSidebars(locale: ResolvedLocale, routeByFile: Map<string, RouteEntry>, titles: Map<string, string>): SidebarSection[] {
  if (!fs.existsSync(locale.dir)) return [];
  const sections: SidebarSection[] = [];
  for (const entry of fs.readdirSync(locale.dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('_') || entry.name.startsWith('.')) continue;
    const dir = path.join(locale.dir, entry.name);
    const items = folderItems(dir, routeByFile, titles);
    if (items.length) sections.push({ prefix: `${locale.prefix}/${entry.name}/`, items });
  }
  return sections;
}

function folderItems(dir: string, routeByFile: Map<string, RouteEntry>, titles: Map<string, string>): SidebarItem[] {
  const metaFile = path.join(dir, '_meta.json');
  const meta = readJson<MetaEntry[]>(metaFile) ?? defaultMeta(dir, routeByFile);
  if (!Array.isArray(meta)) throw new DocgenError(`${path.relative(process.cwd(), metaFile)}: must hold an array`);
  const toItems = (entries: MetaEntry[]): SidebarItem[] =>
    entries.flatMap((entry): SidebarItem[] => {
      if (typeof entry === 'string') {
        const sub = path.join(dir, entry);
        if (fs.existsSync(sub) && fs.statSync(sub).isDirectory()) return toItems([{ type: 'dir', name: entry }]);
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
          return [{ text: entry.label ?? titles.get(route.path) ?? entry.name, link: route.path }];
        }
        case 'dir': {
          const sub = path.join(dir, entry.name);
          if (!fs.existsSync(sub)) throw new DocgenError(`${path.relative(process.cwd(), metaFile)}: folder "${entry.name}" does not exist`);
          const items = folderItems(sub, routeByFile, titles);
          // A folder whose pages are all excluded shows no empty group.
          if (!items.length) return [];
          return [{ text: entry.label ?? entry.name, collapsible: entry.collapsible ?? true, collapsed: entry.collapsed ?? false, items }];
        }
        case 'group': {
          const items = toItems(entry.items);
          // Like a folder: a group whose pages are all excluded shows no empty heading.
          if (!items.length) return [];
          return [{ text: entry.label, collapsible: entry.collapsible ?? true, collapsed: entry.collapsed ?? false, items }];
        }
        case 'link':
          return [{ text: entry.label, link: entry.link }];
        default:
          throw new DocgenError(`${path.relative(process.cwd(), metaFile)}: unknown entry ${JSON.stringify(entry)}`);
      }
    });
  return toItems(meta);
}

/** Extensions a page can have (`route.extensions` picks among them), in the order a `_meta.json` name tries them. */
const PAGE_EXTENSIONS = ['.md', '.mdx', '.tsx', '.jsx'];

/** The entries of a folder without `_meta.json`: its routes (excluded files are not), then its sub-folders. */
function defaultMeta(dir: string, routeByFile: Map<string, RouteEntry>): MetaEntry[] {
  const entries = fs.readdirSync(dir, { withFileTypes: true }).filter((e) => !e.name.startsWith('_') && !e.name.startsWith('.'));
  const pages = entries
    .filter((e) => e.isFile() && routeByFile.has(path.join(dir, e.name)))
    .map((e) => e.name.slice(0, -path.extname(e.name).length))
    .sort((a, b) => (a === 'index' ? -1 : b === 'index' ? 1 : a.localeCompare(b)));
  const dirs = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  return [...pages, ...dirs];
}
