/**
 * Link rewriting: relative links to `.md`/`.mdx` files become route links with the base
 * (`../basic/ssg.md#x` → `/docs/guide/basic/ssg#x`); root-relative links get the base; relative links to
 * other files become hashed assets. A relative link to a file that does not exist fails the compile with
 * the link's position.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Definition, ImageReference, Link, Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { isExternalUrl, withBase } from '../../shared/route-path.js';
import { addAsset, routeOfFile, splitUrl, type LinkContext } from './page-links.js';

/** Rewrites `link` nodes (and definitions of reference links) as described above; records link targets in `file.data.dependencies`. */
export function remarkLinks(ctx: LinkContext) {
  return (tree: Root, file: VFile) => {
    const deps = (file.data.dependencies ??= []);
    const assets = (file.data.assets ??= []);
    const dir = path.dirname(file.path);
    const imageIds = new Set<string>();
    visit(tree, 'imageReference', (node: ImageReference) => void imageIds.add(node.identifier));
    // Reference-style links (`[text][id]` with `[id]: ./page.md`) are rewritten through their definition.
    visit(tree, ['link', 'definition'], (found) => {
      const node = found as Link | Definition;
      if (node.type === 'definition' && imageIds.has(node.identifier)) return;
      const url = node.url;
      if (!url || url.startsWith('#') || isExternalUrl(url)) return;
      const { pathname, suffix } = splitUrl(url);
      if (pathname.startsWith('/')) {
        // Root-relative: a route (or a public file); only the base is added.
        node.url = withBase(pathname.replace(/\.mdx?$/, ''), ctx.base) + suffix;
        return;
      }
      let target = path.resolve(dir, decodeURIComponent(pathname));
      if (!/\.mdx?$/.test(target) && !fs.existsSync(target)) {
        const page = [`${target}.md`, `${target}.mdx`].find((f) => fs.existsSync(f));
        if (page) target = page;
      }
      deps.push(target);
      if (!fs.existsSync(target) || fs.statSync(target).isDirectory()) {
        file.fail(`Broken link: ${url} (${path.relative(process.cwd(), target)} does not exist)`, node);
      }
      if (/\.mdx?$/.test(target)) {
        const { route, error } = routeOfFile(target, ctx);
        if (!route) file.fail(`Link ${url} points to a file that ${error}`, node);
        const href = ctx.htmlLinks && !route!.endsWith('/') ? `${route}.html` : route!;
        node.url = withBase(href, ctx.base) + suffix;
      } else {
        node.url = addAsset(assets, target, ctx.base) + suffix;
      }
    });
  };
}
