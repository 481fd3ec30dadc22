/**
 * Containers: `:::tip`, `:::info`, `:::warning`, `:::danger`, `:::details` (plus `note`, `caution`,
 * `important`), closed by `:::`, with an optional title `:::tip Title` or `:::tip[Title]`.
 *
 * Only the container form of the generic directive syntax (micromark-extension-directive) is enabled:
 * its text form would turn `10:30` or `a:b` in prose into directives.
 */
import { directive } from 'micromark-extension-directive';
import { directiveFromMarkdown, directiveToMarkdown } from 'mdast-util-directive';
import type { ContainerDirective } from 'mdast-util-directive';
import type { Root, Paragraph } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { Processor } from 'unified';
import { visit } from 'unist-util-visit';
import { rewriteLinesOutsideFences, type SourceInsertion } from './source-lines.js';

/** Container types and their default titles (the theme styles `dg-container-<type>`). */
export const CONTAINER_TYPES = ['tip', 'info', 'note', 'warning', 'caution', 'danger', 'important', 'details'] as const;
const TYPES = new Set<string>(CONTAINER_TYPES);

/** Adds container syntax to the parser and turns known containers into `div`/`details` elements. */
export function remarkContainers(this: Processor) {
  // The extension points remark-parse and remark-stringify read (typed by those packages).
  const data = this.data() as { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[]; toMarkdownExtensions?: unknown[] };
  const containerOnly = { flow: { 58: directive().flow![58] } };
  // Only the first construct of the flow list is the container; the second (leaf `::name`) stays off.
  (containerOnly.flow[58] as unknown[]).splice(1);
  (data.micromarkExtensions ??= []).push(containerOnly);
  (data.fromMarkdownExtensions ??= []).push(directiveFromMarkdown());
  (data.toMarkdownExtensions ??= []).push(directiveToMarkdown());

  return (tree: Root) => {
    visit(tree, 'containerDirective', (node: ContainerDirective) => {
      const type = node.name.toLowerCase();
      if (!TYPES.has(type)) {
        // Not a container docgen knows (a typo such as `:::warnign`): keep its text visible.
        const label = node.children[0] as Paragraph & { data?: { directiveLabel?: boolean } };
        const labelText = label?.data?.directiveLabel ? `[${toString(node.children.shift())}]` : '';
        node.children.unshift({ type: 'paragraph', children: [{ type: 'text', value: `:::${node.name}${labelText}` }] });
        node.children.push({ type: 'paragraph', children: [{ type: 'text', value: ':::' }] });
        node.data = { hName: 'div' };
        return;
      }
      // The label `[Title]` arrives as a first paragraph flagged `directiveLabel`.
      const first = node.children[0] as Paragraph & { data?: { directiveLabel?: boolean } };
      const titleChildren = first?.data?.directiveLabel ? (node.children.shift() as Paragraph).children : null;
      const isDetails = type === 'details';
      const title: Paragraph = {
        type: 'paragraph',
        children: titleChildren ?? [{ type: 'text', value: type.toUpperCase() }],
        data: { hName: isDetails ? 'summary' : 'p', hProperties: { className: ['dg-container-title'] } },
      };
      const body = {
        type: 'paragraph',
        children: node.children,
        data: { hName: 'div', hProperties: { className: ['dg-container-body'] } },
      } as unknown as Paragraph;
      node.children = [title, body];
      node.data = {
        hName: isDetails ? 'details' : 'div',
        hProperties: { className: ['dg-container', `dg-container-${type}`] },
      };
    });
  };
}

const TITLED_OPEN = /^(\s{0,3}:{3,})([a-zA-Z]+)[ \t]+([^[{\s].*?)\s*$/;

/**
 * Rewrites `:::tip Title` to the directive form `:::tip[Title]`, outside fenced code. Line numbers stay;
 * the one character each rewrite adds is recorded in `insertions`.
 */
export function normalizeContainerTitles(source: string, insertions?: SourceInsertion[]): string {
  if (!source.includes(':::')) return source;
  return rewriteLinesOutsideFences(
    source,
    (line) => {
      const m = TITLED_OPEN.exec(line);
      return m && TYPES.has(m[2].toLowerCase()) ? `${m[1]}${m[2]}[${m[3].replace(/[[\]]/g, '\\$&')}]` : line;
    },
    insertions,
  );
}
