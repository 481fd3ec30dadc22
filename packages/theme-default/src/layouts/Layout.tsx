import { Content, usePageData } from '@docgen/core/runtime';
import { DocLayout } from '../components/DocLayout/DocLayout.js';
import { HomeLayout } from '../components/HomeLayout/HomeLayout.js';
import { Navbar } from '../components/Navbar/Navbar.js';
import { NotFound } from '../components/NotFound/NotFound.js';

/**
 * The theme's root: chooses the page layout from front matter `pageType` (`doc` default, `home`,
 * `custom`: navbar + content, `blank`: content only, `404`) and `navbar: false`.
 */
export function Layout() {
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
        <main id="dg-main" className="dg-custom">
          <Content />
        </main>
      );
      break;
    default:
      body = <DocLayout />;
  }
  return (
    <div className="dg-layout">
      {showNavbar && <Navbar />}
      {body}
    </div>
  );
}
