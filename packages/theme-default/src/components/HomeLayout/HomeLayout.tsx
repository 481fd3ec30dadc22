import './HomeLayout.css';
import { Content, usePageData } from '@docgen/core/runtime';
import { HomeFeature, HomeHero, Landing } from '@theme';
import { landingPosition } from '../Landing/Landing.js';

/**
 * Home page (`pageType: home`): hero, feature cards, the locale's landing section, then the page's own
 * content. Front matter `landing: 'after-content'` moves the landing section after the content, and
 * `landing: false` leaves it out.
 */
export function HomeLayout() {
  const page = usePageData();
  const position = landingPosition(page?.frontmatter.landing);
  return (
    <main id="dg-main" className="dg-home">
      <HomeHero />
      <HomeFeature />
      {position === 'after-features' && <Landing />}
      <div className="dg-home-content">
        <Content />
      </div>
      {position === 'after-content' && <Landing />}
    </main>
  );
}
