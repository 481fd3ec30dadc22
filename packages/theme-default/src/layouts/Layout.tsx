import './Layout.css';
import { Content, usePageData } from '@docgen/core/runtime';
import { Banner as DefaultBanner } from '../components/Banner/Banner.js';
import { Footer as DefaultFooter } from '../components/Footer/Footer.js';
import { ImageZoom as DefaultImageZoom } from '../components/ImageZoom/ImageZoom.js';
import { NavProgress as DefaultNavProgress } from '../components/NavProgress/NavProgress.js';
import { Navbar as DefaultNavbar } from '../components/Navbar/Navbar.js';
import { useContext } from 'react';
import { DocLayout as DefaultDocLayout, HomeLayout as DefaultHomeLayout, NotFound as DefaultNotFound } from '#layout-parts';
import { ThemeComponentsContext, useThemeComponent, type ThemeComponents } from './components.js';
import { SlotsContext, type LayoutSlots } from './slots.js';

/** Props of `Layout`: the slots, and replacements of the layouts' parts by name. */
export type LayoutProps = LayoutSlots & { components?: ThemeComponents };

/**
 * The theme's root: chooses the page layout from front matter `pageType` (`doc` default, `home`,
 * `custom`: navbar + content, `blank`: content only, `404`) and hides parts with `navbar: false`,
 * `sidebar: false`, `outline: false`, `footer: false`. A custom theme replaces any part everywhere it is
 * drawn with `components` (`<Layout components={{ Footer: MyFooter }} />`); slots add content around them.
 * Site-wide widgets: the top banner (every page but `blank`), image zoom and the navigation progress bar.
 * The home, doc and 404 layouts load in the browser only on the pages that draw them (see `parts.ts`).
 */
export function Layout({ components, ...slots }: LayoutProps) {
  const outer = useContext(ThemeComponentsContext);
  return (
    <ThemeComponentsContext.Provider value={components ? { ...outer, ...components } : outer}>
      <LayoutParts {...slots} />
    </ThemeComponentsContext.Provider>
  );
}

function LayoutParts(slots: LayoutSlots) {
  const Banner = useThemeComponent('Banner', DefaultBanner);
  const DocLayout = useThemeComponent('DocLayout', DefaultDocLayout);
  const Footer = useThemeComponent('Footer', DefaultFooter);
  const HomeLayout = useThemeComponent('HomeLayout', DefaultHomeLayout);
  const ImageZoom = useThemeComponent('ImageZoom', DefaultImageZoom);
  const NavProgress = useThemeComponent('NavProgress', DefaultNavProgress);
  const Navbar = useThemeComponent('Navbar', DefaultNavbar);
  const NotFound = useThemeComponent('NotFound', DefaultNotFound);
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
