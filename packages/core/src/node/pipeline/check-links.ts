/**
 * The site-wide half of dead-link checking (`markdown.checkDeadLinks`): once every page is compiled, each
 * recorded link must lead to a route that is built (not left out by `route.exclude`), a root-relative link
 * to a route or a file of the public folder, and a link with an anchor to an `id` on the target page, the
 * fragments it imports included. Relative links to missing files are checked while a page compiles
 * (remark-links). Links in fragments are checked when the fragments are compiled here (`checkLinks` with
 * `compileFragment`).
 *
 * What is not checked: links written in raw HTML or JSX; anchors on a page that imports a fragment that
 * was not compiled (`findDeadLinks` without it) and that the page does not hold itself. Ids that components
 * create while rendering are not known: such anchors count as dead (`checkDeadLinks: 'warn'` lets them be).
 */
import fs from 'node:fs';
import path from 'node:path';
import { DocgenError, type SourceLocation } from '../../shared/errors.js';
import type { CompiledPage } from '../markdown/compile-page.js';
import { isInsideSite } from '../markdown/page-links.js';
import type { RouteEntry } from '../routes/scan-routes.js';
import { displayPath } from '../display-path.js';

/** One dead link, located in its page. */
export interface DeadLink {
  message: string;
  location: SourceLocation;
}

/** Options of `checkLinks`. */
export interface CheckLinksOptions {
  /** Every built route. */
  routes: RouteEntry[];
  /** Compiled pages by source file. */
  pages: Map<string, CompiledPage>;
  /** Site root (absolute): only fragments inside it or the public folder are compiled for the check. */
  root: string;
  /** Public folder (absolute): root-relative links may name its files. */
  publicDir: string;
  /** `markdown.checkDeadLinks`. */
  level: boolean | 'warn';
  /**
   * Compiles a fragment (a `.md`/`.mdx` file a page imports), e.g. the build's `fragmentCompiler`, which
   * caches: the bundler then gets the same result. Without it, anchors a page that imports fragments does
   * not hold itself are not checked, nor links in fragments.
   */
  compileFragment?: (file: string) => Promise<CompiledPage>;
  /** The imported fragments already compiled (`compileImportedFragments`): used instead of `compileFragment`. */
  fragments?: Map<string, CompiledPage>;
}

/**
 * Checks the links of a site at the `checkDeadLinks` level: compiles the fragments pages import (through
 * `compileFragment`, those inside the site), finds the dead links (`findDeadLinks`), reports them
 * (`reportDeadLinks`). At level false it does nothing.
 * @returns warning lines, `file:line:column: message`, at 'warn'; nothing else
 * @throws DocgenError naming every dead link at its place, at level true; a fragment's compile error
 */
export async function checkLinks(options: CheckLinksOptions): Promise<string[]> {
  const { routes, pages, root, publicDir, level, compileFragment } = options;
  if (level === false) return [];
  const fragments =
    options.fragments ?? (compileFragment ? await compileImportedFragments(pages, compileFragment, { root, publicDir }) : new Map<string, CompiledPage>());
  return reportDeadLinks(findDeadLinks(routes, pages, publicDir, fragments), level);
}

/**
 * The fragments (`.md`/`.mdx` files) that `pages` import, directly or through other fragments, compiled
 * with `compileFragment`, by source file. Breadth first, each once, so import cycles end. A missing fragment,
 * or one outside the site root and public folder, is left out: the bundler reports it at the import.
 */
export async function compileImportedFragments(
  pages: Map<string, CompiledPage>,
  compileFragment: (file: string) => Promise<CompiledPage>,
  site: { root: string; publicDir: string },
): Promise<Map<string, CompiledPage>> {
  const fragments = new Map<string, CompiledPage>();
  let next = [...pages.values()].flatMap((p) => p.fragmentImports);
  const seen = new Set<string>();
  while (next.length) {
    const batch = [...new Set(next)].filter((f) => !seen.has(f) && !pages.has(f));
    for (const f of batch) seen.add(f);
    const readable = batch.filter((f) => fs.existsSync(f) && isInsideSite(f, site));
    const compiled = await Promise.all(readable.map(async (f) => [f, await compileFragment(f)] as const));
    for (const [f, page] of compiled) fragments.set(f, page);
    next = compiled.flatMap(([, page]) => page.fragmentImports);
  }
  return fragments;
}

/**
 * The dead links of a site, in route order, then link order within a page, then fragments' links. Linear
 * in the number of links and anchors (one set of anchors per linked page, its fragments' included); reads
 * a source only to quote a dead link's line.
 * @param routes every built route
 * @param pages compiled pages by source file (`links`, `anchors` and `fragmentImports` of each)
 * @param publicDir absolute public folder (root-relative links may name its files)
 * @param fragments compiled fragments by source file; a page importing a fragment missing here has its
 *   own anchors checked only (an anchor it lacks may be the fragment's)
 */
export function findDeadLinks(
  routes: RouteEntry[],
  pages: Map<string, CompiledPage>,
  publicDir: string,
  fragments: Map<string, CompiledPage> = new Map(),
): DeadLink[] {
  // `/a` and `/a/` are one URL for hosts; `.html` is what a site without clean URLs writes.
  const key = (route: string) => (route.length > 1 ? route.replace(/\.html$/, '').replace(/\/(index)?$/, '') || '/' : route);
  const byRoute = new Map(routes.map((r) => [key(r.path), r]));
  const compiledOf = (file: string) => pages.get(file) ?? fragments.get(file);
  // One set per target page: a long page with thousands of links to its own anchors stays linear.
  const anchorSets = new Map<string, { ids: Set<string>; complete: boolean }>();
  const anchorsOf = (file: string) => {
    let entry = anchorSets.get(file);
    if (entry) return entry;
    entry = { ids: new Set<string>(), complete: true };
    // The page and the fragments it renders, each once (imports may form a cycle).
    const queue = [file];
    const seen = new Set(queue);
    for (let i = 0; i < queue.length; i++) {
      const compiled = compiledOf(queue[i]);
      if (!compiled) {
        entry.complete = false;
        continue;
      }
      for (const id of compiled.anchors) entry.ids.add(id);
      for (const f of compiled.fragmentImports) {
        if (seen.has(f)) continue;
        seen.add(f);
        queue.push(f);
      }
    }
    anchorSets.set(file, entry);
    return entry;
  };
  const dead: DeadLink[] = [];
  const checkLinksOf = (file: string, page: CompiledPage) => {
    let lines: string[] | undefined;
    const at = (line: number, column: number): SourceLocation => {
      lines ??= fs.readFileSync(file, 'utf8').split(/\r?\n/);
      return { file: displayPath(file), line, column, lineText: lines[line - 1] ?? '' };
    };
    for (const link of page.links) {
      const requested = link.rootRelative ? urlPath(link.route) : link.route;
      const linked = key(requested);
      const target = byRoute.get(linked);
      if (!target) {
        if (link.rootRelative && linked === '/404') continue; // written by every build
        if (link.rootRelative && isPublicFile(publicDir, requested)) continue;
        const why = link.file
          ? `${displayPath(link.file)} is not built (left out by route.exclude or route.include)`
          : `no page has the route ${link.route}${link.rootRelative ? ' and the public folder has no such file' : ''}`;
        dead.push({ message: `Dead link: ${link.url} (${why})`, location: at(link.line, link.column) });
        continue;
      }
      if (link.anchor === undefined || link.anchor === '' || !pages.has(target.filePath)) continue;
      const anchors = anchorsOf(target.filePath);
      if (!anchors.ids.has(link.anchor) && anchors.complete) {
        dead.push({ message: `Dead anchor: ${link.url} (${target.relativePath} has no element with the id "${link.anchor}")`, location: at(link.line, link.column) });
      }
    }
  };
  for (const route of routes) {
    // A fallback page's links are its original's, checked there (and named where they were written).
    const page = route.originalFile ? undefined : pages.get(route.filePath);
    if (page) checkLinksOf(route.filePath, page);
  }
  for (const [file, fragment] of fragments) checkLinksOf(file, fragment);
  return dead;
}

/**
 * Applies the `checkDeadLinks` level to `dead`.
 * @returns warning lines for 'warn', nothing for false
 * @throws DocgenError listing every dead link with its place, for true
 */
export function reportDeadLinks(dead: DeadLink[], level: boolean | 'warn'): string[] {
  if (!dead.length || level === false) return [];
  if (level === 'warn') return dead.map((d) => `${d.location.file}:${d.location.line}:${d.location.column}: ${d.message}`);
  throw new DocgenError(
    dead.map((d) => `${d.location.file}:${d.location.line}:${d.location.column}: ${d.message}`).join('\n'),
    dead.map((d) => ({ message: d.message, location: d.location })),
  );
}

/**
 * The path a browser requests for a root-relative link (`/a/../b` → `/b`), decoded: route paths hold
 * characters as they are in file names, a link may write them %-escaped. A malformed escape (`%zz`)
 * leaves the path as written.
 */
function urlPath(written: string): string {
  try {
    return decodeURI(new URL(written, 'http://docgen.invalid').pathname);
  } catch {
    return written;
  }
}

/** True when `decodedPath` (a decoded URL path) names a file of the public folder. */
function isPublicFile(publicDir: string, decodedPath: string): boolean {
  const file = path.join(publicDir, decodedPath);
  // No file name holds NUL (`%00`), and file-system calls throw on it.
  if (file.includes('\0') || !file.startsWith(publicDir + path.sep)) return false;
  return fs.statSync(file, { throwIfNoEntry: false })?.isFile() === true;
}
