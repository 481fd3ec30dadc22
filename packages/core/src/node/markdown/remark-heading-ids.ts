/**
 * Heading ids: github-slugger slugs, unique within a page (`usage`, `usage-1`), or an explicit
 * `## Title {#custom-id}`. The id lands on the heading element and is what the TOC links to.
 */
import GithubSlugger from 'github-slugger';
import type { Heading, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';

const CUSTOM_ID = /\s*\{#([\w-]+)\}\s*$/;

/** Sets `data.hProperties.id` on every heading. */
export function remarkHeadingIds() {
  return (tree: Root) => {
    const slugger = new GithubSlugger();
    visit(tree, 'heading', (node: Heading) => {
      let id: string | undefined;
      const last = node.children[node.children.length - 1];
      if (last?.type === 'text') {
        const m = CUSTOM_ID.exec(last.value);
        if (m) {
          id = m[1];
          last.value = last.value.slice(0, m.index);
          slugger.slug(id); // reserve it so generated slugs do not collide
        }
      }
      id ??= slugger.slug(toString(node));
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id } };
    });
  };
}
