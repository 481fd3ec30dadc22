/**
 * Server entry for SSG: renders one route to an HTML string. Imported by the build in Node.
 */
import { StrictMode, type ReactNode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import siteData from 'docgen:site-data';
import { withBase } from '../shared/route-path.js';
import { App } from './app.js';
import { HeadContext, markHeadTags } from './head.js';
import { StaticRouter } from './router.js';
import type { PageModule } from './page-module.js';

export { pageTitle } from './app.js';

/**
 * Renders the app at `routePath` (base removed) with `page` on screen (null renders the 404 page).
 * @returns the app's markup and the head tags its `Head` elements asked for.
 */
export function render(routePath: string, page: PageModule | null): { html: string; head: string } {
  const basename = siteData.base === '/' ? '' : siteData.base.replace(/\/$/, '');
  const headTags: ReactNode[] = [];
  const html = renderToString(
    <StrictMode>
      <HeadContext.Provider value={headTags}>
        <StaticRouter location={withBase(routePath, siteData.base)} basename={basename}>
          <App initialPage={page} initialRoutePath={routePath} />
        </StaticRouter>
      </HeadContext.Provider>
    </StrictMode>,
  );
  const head = headTags.length ? markHeadTags(renderToStaticMarkup(<>{headTags}</>)) : '';
  return { html, head };
}
