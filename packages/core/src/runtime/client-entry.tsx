/**
 * Browser entry: reads the boot data the HTML carries, imports the page's chunk (already preloaded by
 * `<link rel="modulepreload">`) and waits for what the theme asked to have before hydration
 * (`beforeHydration`), then hydrates the server-rendered markup.
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import siteData from 'docgen:site-data';
import type { PageBootData } from '../shared/types.js';
import { App } from './app.js';
import { LoaderContext } from './loader-context.js';
import type { PageModule } from './page-module.js';
import { BrowserRouter } from './router.js';
import { hydrationReady } from './hydration.js';
import { createRouteLoader } from './route-loader.js';
import { setRouteLoader } from './route-entry.js';
import { setSearchIndexUrls } from './search-index.js';

async function start() {
  const bootElement = document.getElementById('__DG_PAGE__');
  const boot = JSON.parse(bootElement?.textContent ?? '{}') as PageBootData;
  const [initial] = await Promise.all([boot.chunk ? (import(/* page chunk URL */ boot.chunk) as Promise<PageModule>) : null, hydrationReady()]);
  setSearchIndexUrls(boot.searchIndexes);
  const loader = createRouteLoader(boot, initial);
  setRouteLoader(loader);
  const basename = siteData.base === '/' ? '' : siteData.base.replace(/\/$/, '');
  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <LoaderContext.Provider value={loader}>
        <BrowserRouter basename={basename}>
          <App initialPage={initial} initialRoutePath={boot.routePath} />
        </BrowserRouter>
      </LoaderContext.Provider>
    </StrictMode>
  );
  // With `ssg: false` the page holds no markup: render instead of hydrating.
  if (root.hasChildNodes()) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

start().catch((error: unknown) => console.error('docgen: could not start the app', error));
