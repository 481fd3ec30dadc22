import { Content, usePageData, useSidebar } from '@docgen/core/runtime';
import { BackToTop, CopyMarkdown, DocFooter, Outline, Overview, Sidebar } from '@theme';
import { useSlots } from '../../layouts/slots.js';

/** Doc page: sidebar, content (with the overview on `overview: true` pages), footer links, outline. */
export function DocLayout() {
  const page = usePageData();
  const sidebar = useSidebar();
  const slots = useSlots();
  const showOutline = page?.frontmatter.outline !== false && (page?.toc.length ?? 0) > 0 && !page?.frontmatter.overview;
  return (
    <div className={`dg-doc-layout${sidebar ? '' : ' dg-doc-layout--no-sidebar'}${showOutline ? '' : ' dg-doc-layout--no-outline'}`}>
      <Sidebar />
      <main id="dg-main" className="dg-doc">
        {slots.beforeDocContent}
        <article className="dg-doc-content">
          <CopyMarkdown />
          <Content />
          {page?.frontmatter.overview === true && <Overview />}
        </article>
        {slots.afterDocContent}
        <DocFooter />
      </main>
      {showOutline && <Outline />}
      <BackToTop />
    </div>
  );
}
