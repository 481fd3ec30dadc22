/**
 * The route of an iframe demo's page, computed the same way by `addPages` (Node) and by the preview
 * component (browser), which both know the page's route and its locale's prefix. Isomorphic: no imports.
 */

/**
 * The route path of the page that shows a page's `index`-th iframe demo (counted from 0, in document
 * order): `<locale prefix><routePrefix><page route without the locale prefix>/<index + 1>`; a folder's
 * index page (`/guide/`) counts as `/guide/index`.
 * @param pageRoute the page's route path, without base (`/zh/guide/button`)
 * @param localePrefix the route prefix of the page's locale (`''` for the default locale, `/zh`)
 * @param routePrefix the plugin's `iframe.routePrefix` (`/_preview`)
 * @example demoRoutePath('/zh/guide/button', '/zh', '/_preview', 0) // '/zh/_preview/guide/button/1'
 */
export function demoRoutePath(pageRoute: string, localePrefix: string, routePrefix: string, index: number): string {
  const inLocale = localePrefix && pageRoute.startsWith(localePrefix) ? pageRoute.slice(localePrefix.length) || '/' : pageRoute;
  const name = inLocale.endsWith('/') ? `${inLocale}index` : inLocale;
  return `${localePrefix}${routePrefix}${name}/${index + 1}`;
}
