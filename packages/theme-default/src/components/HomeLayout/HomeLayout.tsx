import './HomeLayout.css';
import { Content, usePageData } from '@docgen/core/runtime';
import { HomeFeature as DefaultHomeFeature } from '../HomeFeature/HomeFeature.js';
import { HomeHero as DefaultHomeHero } from '../HomeHero/HomeHero.js';
import { Landing as DefaultLanding } from '../Landing/Landing.js';
import { useThemeComponent } from '../../layouts/components.js';
import { landingPosition } from '../Landing/Landing.js';

/**
 * Home page (`pageType: home`): hero, feature cards, the locale's landing section, then the page's own
 * content. Front matter `landing: 'after-content'` moves the landing section after the content, and
 * `landing: false` leaves it out.
 */
export function HomeLayout() {
  const HomeFeature = useThemeComponent('HomeFeature', DefaultHomeFeature);
  const HomeHero = useThemeComponent('HomeHero', DefaultHomeHero);
  const Landing = useThemeComponent('Landing', DefaultLanding);
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
