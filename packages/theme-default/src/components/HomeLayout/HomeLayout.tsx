import { Content } from '@docgen/core/runtime';
import { HomeFeature, HomeHero } from '@theme';

/** Home page (`pageType: home`): hero, feature cards, then the page's own content. */
export function HomeLayout() {
  return (
    <main id="dg-main" className="dg-home">
      <HomeHero />
      <HomeFeature />
      <div className="dg-home-content">
        <Content />
      </div>
    </main>
  );
}
