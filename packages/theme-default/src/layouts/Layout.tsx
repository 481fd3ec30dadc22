import './Layout.css';
import { Content, usePageData } from '@docgen/core/runtime';
import { Banner, DocLayout, Footer, HomeLayout, ImageZoom, NavProgress, Navbar, NotFound } from '@theme';
import { SlotsContext, type LayoutSlots } from './slots.js';

/**
 * The theme's root: chooses the page layout from front matter `pageType` (`doc` default, `home`,
 * `custom`: navbar + content, `blank`: content only, `404`) and hides parts with `navbar: false`,
 * `sidebar: false`, `outline: false`, `footer: false`. Components come from `@theme`, so a custom theme
 * that re-exports this one replaces any of them by exporting its own; slots add content around them.
 * Site-wide widgets: the top banner (every page but `blank`), image zoom and the navigation progress bar.
 */
export function Layout(slots: LayoutSlots) {
  const page = usePageData();
  const pageType = page ? (page.frontmatter.pageType ?? 'doc') : '404';
  const showNavbar = page?.frontmatter.navbar !== false && pageType !== 'blank';
  let body;
  switch (pageType) {
    case 'home':
      body = <HomeLayout />;
      break;
    case '404':
      body = <NotFound />;
      break;
    case 'custom':
    case 'blank':
      body = (
        <main id="dg-main" className={`dg-${pageType}`}>
          <Content />
        </main>
      );
      break;
    default:
      body = <DocLayout />;
  }
  return (
    <SlotsContext.Provider value={slots}>
      <div className={`dg-layout dg-layout--${pageType}`}>
        {pageType !== 'blank' && <Banner />}
        {slots.beforeNavbar}
        {showNavbar && <Navbar />}
        {slots.afterNavbar}
        {body}
        {pageType !== 'blank' && <Footer />}
        <ImageZoom />
        <NavProgress />
      </div>
    </SlotsContext.Provider>
  );
}
