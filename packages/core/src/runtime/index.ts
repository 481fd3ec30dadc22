/**
 * @docgen/core/runtime: what themes and MDX components use in the browser and during SSR.
 */
export { usePageData, useSiteData, useLinkHref, useSidebar, useOverviewGroups, useRoutePath, useLocale, useLang, useVersion } from './hooks.js';
export { usePreload } from './loader-context.js';
export { beforeHydration } from './hydration.js';
export { RuntimeContext, type RuntimeState } from './context.js';
export { Link, type LinkProps } from './link.js';
export { internalTarget } from './use-link-delegation.js';
export { Content } from './content.js';
export { Head } from './head.js';
export { getRouteEntry, type RouteEntry } from './route-entry.js';
export { searchIndexUrl } from './search-index.js';
export type { PageModule } from './page-module.js';
export { useLocation, useNavigate, BrowserRouter, StaticRouter, type Location, type NavigateFunction, type NavigateOptions } from './router.js';
export * from '../shared/index.js';
