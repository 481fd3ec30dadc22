/**
 * Server entry for SSG: renders one route to an HTML string. Imported by the build in Node.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import siteData from 'docgen:site-data';
import { withBase } from '../shared/route-path.js';
import { App } from './app.js';
import type { PageModule } from './page-module.js';

export { pageTitle } from './app.js';

/** Renders the app at `routePath` (base removed) with `page` on screen (null renders the 404 page). */
export function render(routePath: string, page: PageModule | null): string {
  const basename = siteData.base === '/' ? undefined : siteData.base.replace(/\/$/, '');
  return renderToString(
    <StrictMode>
      <StaticRouter location={withBase(routePath, siteData.base)} basename={basename}>
        <App initialPage={page} />
      </StaticRouter>
    </StrictMode>,
  );
}
