/**
 * Heading ids: github-slugger slugs, unique within a page (`usage`, `usage-1`), or an explicit
 * `## Title {#custom-id}`. The id lands on the heading element and is what the TOC links to.
 */
import GithubSlugger from 'github-slugger';
import type { Heading, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import { rewriteLinesOutsideFences, type SourceInsertion } from './source-lines.js';

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
      // Raw HTML inside a heading (`<span>`) is markup, not text: the id is made from the words, as GitHub does.
      id ??= slugger.slug(toString(node, { includeHtml: false }).trim());
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id } };
    });
  };
}

const HEADING_WITH_ID = /^(\s{0,3}#{1,6}\s.*?)\{#([\w-]+)\}(\s*)$/;

/**
 * In MDX, `{…}` is an expression, so `## Title {#id}` would not parse: escapes the brace of such custom
 * ids (`\{#id}`) outside fenced code. Line numbers stay; added characters are recorded in `insertions`.
 */
export function escapeCustomHeadingIds(source: string, insertions?: SourceInsertion[]): string {
  if (!source.includes('{#')) return source;
  return rewriteLinesOutsideFences(
    source,
    (line) => {
      const m = HEADING_WITH_ID.exec(line);
      return m && !m[1].endsWith('\\') ? `${m[1]}\\{#${m[2]}}${m[3]}` : line;
    },
    insertions,
  );
}
