/**
 * The site-wide half of dead-link checking (`markdown.checkDeadLinks`): once every page is compiled, each
 * recorded link must lead to a route that is built (not left out by `route.exclude`), a root-relative link
 * to a route or a file of the public folder, and a link with an anchor to an `id` on the target page.
 * Relative links to missing files are checked while a page compiles (remark-links).
 *
 * What is not checked: links written in raw HTML or JSX, links in fragments (they compile while bundling,
 * after this check; their relative links are checked then), and anchors on a page that imports fragments
 * and does not hold the anchor itself (the fragments' ids are not known yet). Ids that components create
 * while rendering are not known either: such anchors count as dead (`checkDeadLinks: 'warn'` lets them be).
 */
import fs from 'node:fs';
import path from 'node:path';
import { DocgenError, type SourceLocation } from '../../shared/errors.js';
import type { CompiledPage } from '../markdown/compile-page.js';
import type { RouteEntry } from '../routes/scan-routes.js';
import { displayPath } from '../display-path.js';

/** One dead link, located in its page. */
export interface DeadLink {
  message: string;
  location: SourceLocation;
}

/**
 * The dead links of a site, in route order, then link order within a page. Linear in the number of links
 * and anchors (one set of anchors per linked page); reads a page's source only to quote a dead link's line.
 * @param routes every built route
 * @param pages compiled pages by source file (`links` and `anchors` of each)
 * @param publicDir absolute public folder (root-relative links may name its files)
 */
export function findDeadLinks(routes: RouteEntry[], pages: Map<string, CompiledPage>, publicDir: string): DeadLink[] {
  // `/a` and `/a/` are one URL for hosts; `.html` is what a site without clean URLs writes.
  const key = (route: string) => (route.length > 1 ? route.replace(/\.html$/, '').replace(/\/(index)?$/, '') || '/' : route);
  const byRoute = new Map(routes.map((r) => [key(r.path), r]));
  // One set per target page: a long page with thousands of links to its own anchors stays linear.
  const anchorSets = new Map<string, Set<string>>();
  const anchorsOf = (file: string) => {
    let set = anchorSets.get(file);
    if (!set) anchorSets.set(file, (set = new Set(pages.get(file)?.anchors)));
    return set;
  };
  const dead: DeadLink[] = [];
  for (const route of routes) {
    const page = pages.get(route.filePath);
    if (!page) continue;
    let lines: string[] | undefined;
    const at = (line: number, column: number): SourceLocation => {
      lines ??= fs.readFileSync(route.filePath, 'utf8').split(/\r?\n/);
      return { file: displayPath(route.filePath), line, column, lineText: lines[line - 1] ?? '' };
    };
    for (const link of page.links) {
      const target = byRoute.get(key(link.route));
      if (!target) {
        if (link.rootRelative && key(link.route) === '/404') continue; // written by every build
        if (link.rootRelative && isPublicFile(publicDir, link.route)) continue;
        const why = link.file
          ? `${displayPath(link.file)} is not built (left out by route.exclude)`
          : `no page has the route ${link.route}${link.rootRelative ? ' and the public folder has no such file' : ''}`;
        dead.push({ message: `Dead link: ${link.url} (${why})`, location: at(link.line, link.column) });
        continue;
      }
      if (link.anchor === undefined || link.anchor === '') continue;
      const targetPage = pages.get(target.filePath);
      if (targetPage && !targetPage.fragmentImports.length && !anchorsOf(target.filePath).has(link.anchor)) {
        dead.push({ message: `Dead anchor: ${link.url} (${target.relativePath} has no element with the id "${link.anchor}")`, location: at(link.line, link.column) });
      }
    }
  }
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

function isPublicFile(publicDir: string, urlPath: string): boolean {
  let decoded = urlPath;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return false;
  }
  const file = path.join(publicDir, decoded);
  return file.startsWith(publicDir + path.sep) && fs.statSync(file, { throwIfNoEntry: false })?.isFile() === true;
}

