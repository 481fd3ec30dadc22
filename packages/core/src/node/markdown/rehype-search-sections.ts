/**
 * Search sections: the page's text split at its headings, read from the final HTML tree of the one compile
 * (after shiki, anchors and user rehype plugins), so the search records say what the page shows.
 * Code blocks (`pre`), MDX expressions and ESM, and the `#` heading anchors are left out; so is anything
 * inside an element with the class `dg-no-search`.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast';
import type { VFile } from 'vfile';

/** Text of one part of a page, between a heading and the next. */
export interface SearchSection {
  /** Heading id (the URL anchor); '' for the text before the first h2 (the page's own section). */
  id: string;
  /** 1 for the page's own section, else the heading level 2–6. */
  depth: number;
  /** Heading text; '' for the page's own section (its title is the page title). */
  heading: string;
  /** Text of the section, whitespace collapsed; '' when the heading is directly followed by another. */
  text: string;
}

const HEADING = /^h([1-6])$/;
/** Elements whose text is a block of its own: a space separates it from what follows. */
const BLOCK = new Set([
  'p', 'li', 'ul', 'ol', 'dl', 'dt', 'dd', 'div', 'section', 'article', 'aside', 'blockquote', 'table', 'thead',
  'tbody', 'tr', 'td', 'th', 'details', 'summary', 'figure', 'figcaption', 'br', 'hr', 'header', 'footer', 'nav',
]);
const SKIP = new Set(['pre', 'script', 'style', 'template', 'svg', 'button']);
const SKIP_NODES = new Set(['mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression', 'comment', 'doctype', 'raw']);

/** Records the page's sections on `file.data.searchSections`. */
export function rehypeSearchSections() {
  return (tree: Root, file: VFile) => {
    const sections: SearchSection[] = [];
    let current: SearchSection & { parts: string[] } = { id: '', depth: 1, heading: '', text: '', parts: [] };
    let seenTitle = false;
    const close = () => {
      current.text = current.parts.join('').replace(/\s+/g, ' ').trim();
      sections.push({ id: current.id, depth: current.depth, heading: current.heading, text: current.text });
    };

    const walk = (node: RootContent | ElementContent, into: string[]) => {
      if (node.type === 'text') {
        into.push(node.value);
        return;
      }
      if (SKIP_NODES.has(node.type)) return;
      const el = node as Element & { name?: string; attributes?: { type: string; name: string; value: unknown }[] };
      if (node.type === 'element') {
        if (SKIP.has(el.tagName) || hasClass(el, 'dg-heading-anchor') || hasClass(el, 'dg-no-search')) return;
      } else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
        if (el.attributes?.some((a) => a.type === 'mdxJsxAttribute' && a.name === 'className' && String(a.value).includes('dg-no-search'))) return;
      } else if (!('children' in node)) {
        return;
      }
      // `<summary>Sum</summary>` written on one line is a text-level JSX element, yet a block on the page.
      const block =
        node.type === 'mdxJsxFlowElement' ||
        (node.type === 'element' && BLOCK.has(el.tagName)) ||
        (node.type === 'mdxJsxTextElement' && BLOCK.has(el.name ?? ''));
      if (block) into.push(' ');
      for (const child of (node as Element).children ?? []) walk(child, into);
      if (block) into.push(' ');
    };

    const visitTop = (nodes: RootContent[]) => {
      for (const node of nodes) {
        const match = node.type === 'element' ? HEADING.exec(node.tagName) : null;
        if (match) {
          const depth = Number(match[1]);
          // The first h1 is the page title: its text belongs to no section.
          if (depth === 1 && !seenTitle) {
            seenTitle = true;
            continue;
          }
          const parts: string[] = [];
          walk(node, parts);
          close();
          const id = (node as Element).properties.id;
          current = { id: typeof id === 'string' ? id : '', depth: Math.max(2, depth), heading: parts.join('').replace(/\s+/g, ' ').trim(), text: '', parts: [] };
        } else if (node.type === 'mdxJsxFlowElement' && !(node as { name?: string | null }).name) {
          visitTop((node as unknown as Root).children); // a fragment: its headings count
        } else {
          walk(node, current.parts);
        }
      }
    };
    visitTop(tree.children);
    close();
    file.data.searchSections = sections.filter((s, i) => i === 0 || s.heading || s.text);
  };
}

function hasClass(el: Element, name: string): boolean {
  const value: unknown = el.properties?.className;
  return Array.isArray(value) ? value.includes(name) : typeof value === 'string' && value.split(/\s+/).includes(name);
}
