/**
 * Images with a relative `src` (`![](./img/shot.png)`) are copied to the output with a content hash in
 * the name (`/assets/shot-3f2a1b9c.png`); a missing image fails the compile with its position, and so does
 * an image outside the site root and the public folder (after following symbolic links), a hidden file
 * (`publishRefusal`) or a `javascript:`/`vbscript:` URL. `data:` URLs are kept for images (`data:image/…` only).
 * Root-relative images (`/logo.png`, files of `public/`) only get the base.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Definition, Image, ImageReference, Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { isExternalUrl, withBase } from '../../shared/route-path.js';
import { addAsset, displayUrl, publishRefusal, splitUrl, unsafeScheme, type LinkContext } from './page-links.js';

/** Rewrites `image` nodes; records copied files in `file.data.assets`. */
export function remarkAssets(ctx: Pick<LinkContext, 'base' | 'root' | 'publicDir'>) {
  return (tree: Root, file: VFile) => {
    const assets = (file.data.assets ??= []);
    const deps = (file.data.dependencies ??= []);
    const imageIds = new Set<string>();
    visit(tree, 'imageReference', (node: ImageReference) => {
      imageIds.add(node.identifier);
      node.data = { ...node.data, hProperties: { ...node.data?.hProperties, loading: 'lazy', decoding: 'async' } };
    });
    // Reference-style images (`![alt][id]` with `[id]: ./img.png`) are rewritten through their definition.
    visit(tree, ['image', 'definition'], (found) => {
      const node = found as Image | Definition;
      if (node.type === 'definition' && !imageIds.has(node.identifier)) return;
      const url = node.url;
      // Images below the fold must not hold back the load event (the app starts after it).
      if (node.type === 'image') node.data = { ...node.data, hProperties: { ...node.data?.hProperties, loading: 'lazy', decoding: 'async' } };
      const scheme = url ? unsafeScheme(url) : null;
      if (scheme && !(scheme === 'data' && /^\s*data:image\//i.test(url))) file.fail(`Image URL with the ${scheme}: scheme is not allowed: ${displayUrl(url)}`, node);
      if (!url || isExternalUrl(url) || scheme === 'data') return;
      const { pathname, suffix } = splitUrl(url);
      if (pathname.startsWith('/')) {
        node.url = withBase(pathname, ctx.base) + suffix;
        return;
      }
      let decoded = pathname;
      try {
        decoded = decodeURIComponent(pathname);
      } catch {
        // a malformed escape (`%zz`) names the file as written
      }
      const target = path.resolve(path.dirname(file.path), decoded);
      deps.push(target);
      const refused = publishRefusal(target, ctx);
      if (refused) file.fail(`Image ${displayUrl(url)} ${refused}`, node);
      if (!fs.existsSync(target) || !fs.statSync(target).isFile()) file.fail(`Image not found: ${url} (${path.relative(process.cwd(), target)} does not exist)`, node);
      node.url = addAsset(assets, target, ctx.base) + suffix;
    });
  };
}
