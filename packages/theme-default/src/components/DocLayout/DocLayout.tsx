import { Content, usePageData, useSidebar } from '@docgen/core/runtime';
import { Outline } from '../Outline/Outline.js';
import { Sidebar } from '../Sidebar/Sidebar.js';

/** Doc page: sidebar, content and outline. */
export function DocLayout() {
  const page = usePageData();
  const sidebar = useSidebar();
  return (
    <div className={`dg-doc-layout${sidebar ? '' : ' dg-doc-layout--no-sidebar'}`}>
      <Sidebar />
      <main id="dg-main" className="dg-doc">
        <article className="dg-doc-content">
          <Content />
        </article>
      </main>
      {page?.frontmatter.outline !== false && <Outline />}
    </div>
  );
}
