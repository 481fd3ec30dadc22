/**
 * Route path helpers shared by the build and the browser runtime. A route path never carries the base and,
 * with clean URLs, never a `.html` suffix: `/guide/start/introduction`, `/zh/api/`.
 */

/** Ensures `base` starts and ends with `/` (`docs` → `/docs/`, '' → `/`). */
export function normalizeBase(base: string): string {
  let b = base.trim();
  if (!b.startsWith('/')) b = `/${b}`;
  if (!b.endsWith('/')) b = `${b}/`;
  return b.replace(/\/{2,}/g, '/');
}

/** Prefixes a route path with the base: (`/guide/x`, `/docs/`) → `/docs/guide/x`. */
export function withBase(path: string, base: string): string {
  if (!path.startsWith('/') || base === '/') return path;
  return base.replace(/\/$/, '') + path;
}

/** Removes the base from a URL path: (`/docs/guide/x`, `/docs/`) → `/guide/x`. Paths outside the base are returned as given. */
export function removeBase(path: string, base: string): string {
  if (base === '/') return path;
  const b = base.replace(/\/$/, '');
  if (path === b) return '/';
  return path.startsWith(`${b}/`) ? path.slice(b.length) : path;
}

/**
 * Normalizes a browser pathname to the route path it names: decodes it, drops `.html` and `index`,
 * so `/guide/x.html` → `/guide/x` and `/api/index.html` → `/api/`.
 */
export function normalizeRoutePath(pathname: string): string {
  let p = pathname;
  try {
    p = decodeURI(p);
  } catch {
    // A malformed escape stays as it is: it simply matches no route.
  }
  p = p.replace(/\.html$/, '');
  if (p.endsWith('/index')) p = p.slice(0, -'index'.length);
  return p || '/';
}

/** True when `href` leaves the site: a scheme (`https:`, `mailto:`) or a protocol-relative URL. */
export function isExternalUrl(href: string): boolean {
  return /^([a-z][a-z\d+.-]*:|\/\/)/i.test(href);
}

/**
 * The locale prefix a route path belongs to: `/zh/guide/x` with prefixes ['', '/zh'] → '/zh'.
 * The longest matching prefix wins; the default locale's '' matches everything else.
 */
export function localePrefixOf(routePath: string, prefixes: readonly string[]): string {
  let best = '';
  for (const prefix of prefixes) {
    if (prefix && (routePath === prefix || routePath === `${prefix}/` || routePath.startsWith(`${prefix}/`)) && prefix.length > best.length) {
      best = prefix;
    }
  }
  return best;
}
