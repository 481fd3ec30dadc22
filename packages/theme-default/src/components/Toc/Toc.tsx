import './Toc.css';
import { usePageData, type TocItem } from '@docgen/core/runtime';
import { useI18n } from '../../i18n/index.js';

/** A TOC entry with the entries of the deeper headings under it. */
interface TocNode {
  item: TocItem;
  children: TocNode[];
}

/**
 * Nests the flat TOC (h2–h4, in page order) by depth: each entry goes under the closest preceding one
 * of lower depth. A skipped level (h2 then h4) nests one step; an entry with no such parent is a root.
 */
function nestToc(items: TocItem[]): TocNode[] {
  const roots: TocNode[] = [];
  const open: TocNode[] = [];
  for (const item of items) {
    if (item.depth < 2 || item.depth > 4) continue;
    while (open.length > 0 && open[open.length - 1].item.depth >= item.depth) open.pop();
    const node: TocNode = { item, children: [] };
    (open.length > 0 ? open[open.length - 1].children : roots).push(node);
    open.push(node);
  }
  return roots;
}

function TocList({ nodes }: { nodes: TocNode[] }) {
  return (
    <ul className="dg-toc-list">
      {nodes.map(({ item, children }) => (
        <li key={item.id} className={`dg-toc-item dg-toc-depth-${item.depth}`}>
          <a href={`#${item.id}`}>{item.text}</a>
          {children.length > 0 && <TocList nodes={children} />}
        </li>
      ))}
    </ul>
  );
}

/** A table of contents of the current page inside its content: h2–h4 as nested lists of `#id` links. */
export function Toc() {
  const page = usePageData();
  const t = useI18n();
  const nodes = nestToc(page?.toc ?? []);
  if (nodes.length === 0) return null;
  return (
    <nav className="dg-toc" aria-label={t('outline.title')}>
      <TocList nodes={nodes} />
    </nav>
  );
}
