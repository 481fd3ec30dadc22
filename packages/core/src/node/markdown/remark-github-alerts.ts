/**
 * GitHub alerts: a block quote whose first line is `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]` or
 * `[!CAUTION]` becomes a container of that type (same markup as `:::` containers).
 * Source of the syntax: GitHub Flavored Markdown's alerts extension.
 */
import type { Blockquote, Paragraph, Root, Text } from 'mdast';
import { visit } from 'unist-util-visit';

const ALERT = /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*(?:\n|$)/i;

/** Turns alert block quotes into `div.dg-container.dg-container-<type>`. */
export function remarkGithubAlerts() {
  return (tree: Root) => {
    visit(tree, 'blockquote', (node: Blockquote) => {
      const first = node.children[0];
      if (first?.type !== 'paragraph') return;
      const text = first.children[0];
      if (text?.type !== 'text') return;
      const m = ALERT.exec(text.value);
      if (!m) return;
      const type = m[1].toLowerCase();
      (text as Text).value = text.value.slice(m[0].length);
      if (!text.value) first.children.shift();
      if (first.children.length === 0) node.children.shift();
      const title: Paragraph = {
        type: 'paragraph',
        children: [{ type: 'text', value: type.toUpperCase() }],
        data: { hName: 'p', hProperties: { className: ['dg-container-title'] } },
      };
      const body = {
        type: 'paragraph',
        children: node.children,
        data: { hName: 'div', hProperties: { className: ['dg-container-body'] } },
      } as unknown as Paragraph;
      node.children = [title, body];
      node.data = { hName: 'div', hProperties: { className: ['dg-container', `dg-container-${type}`] } };
    });
  };
}
