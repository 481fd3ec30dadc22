/**
 * Link rewriting: relative links to `.md`/`.mdx` files become route links with the base
 * (`../basic/ssg.md#x` → `/docs/guide/basic/ssg#x`); root-relative links get the base; relative links to
 * other files become hashed assets. A relative link to a file that does not exist is a dead link (an
 * error, a warning or nothing, by `checkDeadLinks`); a link to a file outside the site or hidden
 * (`publishRefusal`), or with a `javascript:`, `vbscript:` or `data:` URL, is always an error at the link's
 * position. Every link to a
 * page or an anchor is recorded on `file.data.links`, for the site-wide check of routes and anchors.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Definition, ImageReference, Link, Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { isExternalUrl, withBase } from '../../shared/route-path.js';
import { routeHref } from '../../shared/url-policy.js';
import { displayPath } from '../display-path.js';
import { addAsset, displayUrl, fallbackTarget, publishRefusal, routeOfFile, splitUrl, unsafeScheme, type LinkContext } from './page-links.js';

/** Rewrites `link` nodes (and definitions of reference links) as described above; records link targets in `file.data.dependencies`. */
export function remarkLinks(ctx: LinkContext) {
  return (tree: Root, file: VFile) => {
    const deps = (file.data.dependencies ??= []);
    const assets = (file.data.assets ??= []);
    const links = (file.data.links ??= []);
    const dir = path.dirname(file.path);
    const self = routeOfFile(file.path, ctx).route;
    const imageIds = new Set<string>();
    const dead = (message: string, node: Link | Definition) => {
      if (ctx.checkDeadLinks === false) return;
      if (ctx.checkDeadLinks === 'warn') file.message(message, node);
      else file.fail(message, node);
    };
    visit(tree, 'imageReference', (node: ImageReference) => void imageIds.add(node.identifier));
    // Reference-style links (`[text][id]` with `[id]: ./page.md`) are rewritten through their definition.
    visit(tree, ['link', 'definition'], (found) => {
      const node = found as Link | Definition;
      if (node.type === 'definition' && imageIds.has(node.identifier)) return;
      const url = node.url;
      const scheme = url ? unsafeScheme(url) : null;
      if (scheme) file.fail(`Link URL with the ${scheme}: scheme is not allowed: ${displayUrl(url)}`, node);
      const at = { line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 };
      if (url.startsWith('#')) {
        if (self && url.length > 1) links.push({ url, route: self, anchor: decode(url.slice(1)), ...at });
        return;
      }
      if (!url || isExternalUrl(url)) return;
      const { pathname, suffix } = splitUrl(url);
      const anchor = suffix.startsWith('#') ? decode(suffix.slice(1)) : undefined;
      if (pathname.startsWith('/')) {
        // Root-relative: a route (or a public file); only the base is added.
        const route = pathname.replace(/\.mdx?$/, '');
        links.push({ url, route, anchor, rootRelative: true, ...at });
        node.url = withBase(route, ctx.base) + suffix;
        return;
      }
      let target = path.resolve(dir, decode(pathname));
      // No file name holds NUL (`%00`), and file-system calls throw on it.
      if (target.includes('\0')) {
        dead(`Broken link: ${displayUrl(url)} (no file name holds a NUL character)`, node);
        return;
      }
      if (!/\.mdx?$/.test(target) && !fs.existsSync(target)) {
        const page = [`${target}.md`, `${target}.mdx`].find((f) => fs.existsSync(f));
        if (page) target = page;
      }
      deps.push(target);
      const refused = publishRefusal(target, ctx);
      if (refused) file.fail(`Link ${displayUrl(url)} ${refused}`, node);
      const stat = fs.statSync(target, { throwIfNoEntry: false });
      // A translation still missing: its fallback page (`i18n.fallback`), which the original makes.
      const fallback = stat ? undefined : fallbackTarget(target, ctx);
      if (fallback) target = fallback;
      else if (!stat?.isFile()) {
        const why = stat?.isDirectory() ? 'is a folder: link to a page in it, such as its index.md' : 'does not exist';
        dead(`Broken link: ${url} (${displayPath(target)} ${why})`, node);
        return;
      }
      if (/\.mdx?$/.test(target)) {
        const { route, error } = routeOfFile(target, ctx);
        if (!route) {
          dead(`Link ${url} points to a file that ${error}`, node);
          return;
        }
        links.push({ url, route, anchor, file: target, ...at });
        node.url = routeHref(route, { base: ctx.base, cleanUrls: !ctx.htmlLinks }) + suffix;
      } else {
        node.url = addAsset(assets, target, ctx.base) + suffix;
      }
    });
  };
}

/** `decodeURIComponent` that leaves a malformed escape (`%zz`) as it is instead of throwing. */
function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
