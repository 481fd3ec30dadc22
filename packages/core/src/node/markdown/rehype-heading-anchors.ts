/**
 * Heading anchors: every h2–h4 with an id gets a trailing `<a class="dg-heading-anchor" href="#id">#</a>`,
 * shown on hover by the theme. Added at build time so it is in the HTML (and costs no JavaScript).
 */
import type { Element, Root } from 'hast';
import { visit } from 'unist-util-visit';

const LEVELS = new Set(['h2', 'h3', 'h4']);

/** Appends the anchor link to h2–h4 headings that have an id. */
export function rehypeHeadingAnchors() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      if (!LEVELS.has(node.tagName) || typeof node.properties.id !== 'string') return;
      const id = node.properties.id;
      node.children.push({
        type: 'element',
        tagName: 'a',
        // A pointer affordance only (readers on keyboards have the outline): hidden from assistive technology
        // and the tab order, so it needs no translated label.
        properties: { className: ['dg-heading-anchor'], href: `#${id}`, ariaHidden: 'true', tabIndex: -1 },
        children: [{ type: 'text', value: '#' }],
      });
    });
  };
}
