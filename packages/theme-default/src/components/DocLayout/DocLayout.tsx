import './DocLayout.css';
import { Content, usePageData, useSidebar, useSiteData } from '@docgen/core/runtime';
import { BackToTop as DefaultBackToTop } from '../BackToTop/BackToTop.js';
import { CopyMarkdown as DefaultCopyMarkdown } from '../CopyMarkdown/CopyMarkdown.js';
import { DocFooter as DefaultDocFooter } from '../DocFooter/DocFooter.js';
import { Outline as DefaultOutline } from '../Outline/Outline.js';
import { Overview as DefaultOverview } from '#overview-part';
import { PageNotice as DefaultPageNotice, originalLocale } from '../PageNotice/PageNotice.js';
import { Sidebar as DefaultSidebar } from '../Sidebar/Sidebar.js';
import { useThemeComponent } from '../../layouts/components.js';
import { useSlots } from '../../layouts/slots.js';

/**
 * Doc page: sidebar, notices (old version, missing or stale translation), content (with the overview on
 * `overview: true` pages), footer links, outline.
 */
export function DocLayout() {
  const BackToTop = useThemeComponent('BackToTop', DefaultBackToTop);
  const CopyMarkdown = useThemeComponent('CopyMarkdown', DefaultCopyMarkdown);
  const DocFooter = useThemeComponent('DocFooter', DefaultDocFooter);
  const Outline = useThemeComponent('Outline', DefaultOutline);
  const Overview = useThemeComponent('Overview', DefaultOverview);
  const PageNotice = useThemeComponent('PageNotice', DefaultPageNotice);
  const Sidebar = useThemeComponent('Sidebar', DefaultSidebar);
  const site = useSiteData();
  const page = usePageData();
  const sidebar = useSidebar();
  const slots = useSlots();
  const showOutline = page?.frontmatter.outline !== false && (page?.toc.length ?? 0) > 0 && !page?.frontmatter.overview;
  // A page shown in place of a missing translation: the UI speaks the locale's language, the content the original's.
  const contentLang = page?.translation?.status === 'fallback' ? (originalLocale(site, page.translation.original)?.lang ?? site.lang) : undefined;
  return (
    <div className={`dg-doc-layout${sidebar ? '' : ' dg-doc-layout--no-sidebar'}${showOutline ? '' : ' dg-doc-layout--no-outline'}`}>
      <Sidebar />
      <main id="dg-main" className="dg-doc">
        {slots.beforeDocContent}
        <PageNotice />
        <article className="dg-doc-content" lang={contentLang}>
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
