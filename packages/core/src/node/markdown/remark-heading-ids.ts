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

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const HEADING_WITH_ID = /^(\s{0,3}#{1,6}\s.*?)\{#([\w-]+)\}(\s*)$/;

/**
 * In MDX, `{…}` is an expression, so `## Title {#id}` would not parse: escapes the brace of such custom
 * ids (`\{#id}`) outside fenced code. Line numbers stay the same.
 */
export function escapeCustomHeadingIds(source: string): string {
  if (!source.includes('{#')) return source;
  const lines = source.split('\n');
  let fence = '';
  for (let i = 0; i < lines.length; i++) {
    const f = FENCE.exec(lines[i]);
    if (f) {
      if (!fence) fence = f[1];
      else if (f[1][0] === fence[0] && f[1].length >= fence.length && lines[i].trim() === f[1]) fence = '';
      continue;
    }
    if (fence) continue;
    const m = HEADING_WITH_ID.exec(lines[i]);
    if (m && !m[1].endsWith('\\')) lines[i] = `${m[1]}\\{#${m[2]}}${m[3]}`;
  }
  return lines.join('\n');
}
