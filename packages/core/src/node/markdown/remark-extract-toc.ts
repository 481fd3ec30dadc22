/**
 * Title and table of contents (depths 2–4, charIndex -1 when unknown), stored on
 * `file.data.title` and `file.data.toc`. Runs after `remarkHeadingIds`.
 * A doc page with a front matter title and no h1 gets an h1, so every page shows its title.
 */
import type { Heading, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { VFile } from 'vfile';
import type { TocItem } from '../../shared/types.js';
import { originalOffset } from './source-lines.js';

/** Fills `file.data.title` and `file.data.toc`. */
export function remarkExtractToc() {
  return (tree: Root, file: VFile) => {
    const fm = file.data.frontmatter ?? {};
    const toc: TocItem[] = [];
    let h1: string | undefined;
    for (const node of walkHeadings(tree)) {
      if (node.depth === 1 && h1 === undefined) h1 = toString(node, { includeHtml: false });
      if (node.depth < 2 || node.depth > 4) continue;
      toc.push({
        text: toString(node, { includeHtml: false }).trim(),
        id: String(node.data?.hProperties?.id ?? ''),
        depth: node.depth,
        charIndex: node.position?.start.offset === undefined ? -1 : originalOffset(node.position.start.offset, ...(file.data.sourceInsertions ?? [])),
      });
    }
    const pageType = fm.pageType ?? 'doc';
    if (h1 === undefined && typeof fm.title === 'string' && pageType === 'doc') {
      tree.children.unshift({ type: 'heading', depth: 1, children: [{ type: 'text', value: fm.title }], data: { hProperties: { id: 'title' } } });
    }
    file.data.title = typeof fm.title === 'string' ? fm.title : (h1?.trim() ?? '');
    file.data.toc = toc;
  };
}

/** Headings in document order, including those nested in containers, lists or JSX. */
function* walkHeadings(node: { children?: unknown[] }): Generator<Heading> {
  for (const child of (node.children ?? []) as { type: string; children?: unknown[] }[]) {
    if (child.type === 'heading') yield child as unknown as Heading;
    else if (child.children) yield* walkHeadings(child);
  }
}
