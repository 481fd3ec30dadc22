/**
 * The one place that turns a route path into the URL readers, crawlers and tools see. Links in pages, search
 * records, the head's canonical and hreflang URLs, the sitemap and llms output all ask here, so
 * `route.cleanUrls` and `base` mean the same thing everywhere.
 */
import { withBase } from './route-path.js';

/** What a route's URL depends on: the config's `base` (starts and ends with `/`) and `route.cleanUrls`. */
export interface UrlPolicy {
  base: string;
  cleanUrls: boolean;
}

/**
 * The URL path of a route on the deployed site, not encoded: the base, then the route path, with `.html`
 * when clean URLs are off. Folder routes keep their trailing slash, since hosts serve `index.html` there.
 * @example routeHref('/guide/x', { base: '/docs/', cleanUrls: false }) → '/docs/guide/x.html'
 */
export function routeHref(routePath: string, policy: UrlPolicy): string {
  const p = !policy.cleanUrls && !routePath.endsWith('/') ? `${routePath}.html` : routePath;
  return withBase(p, policy.base);
}

/**
 * The absolute URL of a route: `siteUrl`'s origin and path (trailing `/` dropped) followed by the
 * percent-encoded {@link routeHref}. Without a `siteUrl` it is the encoded URL path alone.
 * @example routeUrl('/zh/指南', { siteUrl: 'https://a.dev', base: '/', cleanUrls: true }) → 'https://a.dev/zh/%E6%8C%87%E5%8D%97'
 */
export function routeUrl(routePath: string, policy: UrlPolicy & { siteUrl?: string }): string {
  return (policy.siteUrl ? policy.siteUrl.replace(/\/+$/, '') : '') + encodeURI(routeHref(routePath, policy));
}

/**
 * Where a route's HTML is written, relative to the output folder: `/` → `index.html`, `/api/` →
 * `api/index.html`, `/guide/x` → `guide/x.html`. The same file serves the clean and the `.html` URL.
 */
export function routeOutputFile(routePath: string, extension = '.html'): string {
  const p = routePath.endsWith('/') ? `${routePath}index` : routePath;
  return `${p.slice(1)}${extension}`;
}

/**
 * The `href` of a link written in config or theme data (`/guide/x#usage`, `/logo.svg`, `https://…`): a
 * root-relative link to a route gets {@link routeHref} with its query and hash kept; a link to a file (an
 * extension other than `.html`) gets the base only; external and relative links are returned as given.
 */
export function linkHref(link: string, policy: UrlPolicy): string {
  if (!link.startsWith('/') || link.startsWith('//')) return link;
  const cut = link.search(/[?#]/);
  const pathname = cut < 0 ? link : link.slice(0, cut);
  const suffix = cut < 0 ? '' : link.slice(cut);
  if (/\.[a-z\d]+$/i.test(pathname)) return withBase(pathname, policy.base) + suffix;
  return routeHref(pathname, policy) + suffix;
}
