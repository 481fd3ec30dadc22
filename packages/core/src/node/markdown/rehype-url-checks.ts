/**
 * URL schemes in the HTML of a page: raw HTML in `.md` pages (after rehype-raw) and JSX elements with
 * literal attributes in `.mdx` pages may carry `javascript:`, `vbscript:` or `data:` URLs that Markdown
 * links cannot (remark-links checks those). Such a URL is an error at its element's position; `data:image/…`
 * stays allowed in `src` of images. Also records the page's anchors (`rehypeCollectAnchors`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Element, Root } from 'hast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { displayUrl, unsafeScheme } from './page-links.js';

/** Attributes (hast property names, and JSX names) that hold a URL a browser follows or loads. */
const URL_PROPERTIES = new Set(['href', 'src', 'action', 'formAction', 'formaction', 'xLinkHref', 'xlinkHref', 'xlink:href', 'poster', 'data']);

interface JsxElement {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: { type: string; name?: string; value?: unknown }[];
  position?: Element['position'];
}

/** Fails the compile at the first element with an unsafe URL. */
export function rehypeUrlChecks() {
  return (tree: Root, file: VFile) => {
    const check = (tag: string, name: string, value: unknown, node: Element | JsxElement) => {
      if (typeof value !== 'string' || !URL_PROPERTIES.has(name)) return;
      const scheme = unsafeScheme(value);
      if (!scheme) return;
      if (scheme === 'data' && name === 'src' && /^(img|source|image)$/i.test(tag) && /^\s*data:image\//i.test(value)) return;
      file.fail(`<${tag}> ${name} with the ${scheme}: scheme is not allowed: ${displayUrl(value)}`, node as Element);
    };
    visit(tree, (node) => {
      if (node.type === 'element') {
        const el = node as Element;
        for (const [name, value] of Object.entries(el.properties ?? {})) check(el.tagName, name, value, el);
      } else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
        const el = node as unknown as JsxElement;
        for (const attr of el.attributes) if (attr.type === 'mdxJsxAttribute' && attr.name) check(el.name ?? '', attr.name, attr.value, el);
      }
    });
  };
}

/** An ESM node of MDX: `import`/`export` statements with their parsed program. */
interface EsmNode {
  type: 'mdxjsEsm';
  data?: { estree?: { body: { type: string; source?: { value?: unknown } }[] } };
}

/**
 * Records every anchor of the final page on `file.data.anchors`: `id` of any element (headings included),
 * `name` of `<a>`, and literal `id` attributes of JSX elements. Pages and fragments (`.md`/`.mdx`) the page
 * imports by path go to `file.data.fragmentImports` (absolute paths): their headings render here too, but
 * they compile on their own, so their anchors are not in this list.
 */
export function rehypeCollectAnchors() {
  return (tree: Root, file: VFile) => {
    const anchors = new Set<string>();
    const fragments = new Set<string>();
    visit(tree, (node) => {
      if ((node.type as string) === 'mdxjsEsm') {
        for (const statement of (node as unknown as EsmNode).data?.estree?.body ?? []) {
          const source = statement.type === 'ImportDeclaration' ? statement.source?.value : undefined;
          if (typeof source === 'string' && /^\.{0,2}\//.test(source)) {
            const fragment = pageFileOf(path.resolve(path.dirname(file.path), source));
            if (fragment) fragments.add(fragment);
          }
        }
      } else if (node.type === 'element') {
        const { id, name } = (node as Element).properties ?? {};
        if (typeof id === 'string' && id) anchors.add(id);
        if ((node as Element).tagName === 'a' && typeof name === 'string' && name) anchors.add(name);
      } else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
        for (const attr of (node as unknown as JsxElement).attributes) {
          if (attr.type === 'mdxJsxAttribute' && attr.name === 'id' && typeof attr.value === 'string') anchors.add(attr.value);
        }
      }
    });
    file.data.anchors = [...anchors];
    file.data.fragmentImports = [...fragments];
  };
}

/**
 * The page or fragment file an import by path names, or null when it names something else: `./_a.mdx` as
 * written, `./_a` as the site bundler resolves it (a code file of that name first, then `.mdx`, then `.md`).
 */
function pageFileOf(target: string): string | null {
  if (/\.mdx?$/.test(target)) return target;
  if (path.extname(target) && fs.existsSync(target)) return null;
  for (const ext of ['.tsx', '.ts', '.jsx', '.js', '.mdx', '.md']) {
    if (fs.statSync(target + ext, { throwIfNoEntry: false })?.isFile()) return /\.mdx?$/.test(ext) ? target + ext : null;
  }
  return null;
}
