/**
 * Where the browser goes for a URL of the site: the rules applied to its route path, the target turned into
 * the `href` of the deployed site (base, `.html` without clean URLs). The inline head script and the runtime
 * component both ask here.
 */
import { linkHref, normalizeRoutePath, removeBase, type UrlPolicy } from '@docgen/core/shared';
import { isAbsoluteTarget, resolveRedirect, type RedirectTable } from '../redirect-rules.js';

/** The `href` to replace the location with; `external` when it is an absolute URL (a full page load). */
export interface RedirectTarget {
  href: string;
  external: boolean;
}

/**
 * The redirect of the URL `location` (its path with the base, its query and fragment), or null when no rule
 * matches its route path or the path is outside the base. The query and the fragment carry over to the
 * target unless it has its own. `{ loop }` names the route paths of a chain that comes back on itself.
 */
export function redirectTarget(
  table: RedirectTable,
  location: { pathname: string; search: string; hash: string },
  policy: UrlPolicy,
): RedirectTarget | { loop: string[] } | null {
  const { base } = policy;
  const { pathname, search, hash } = location;
  if (base !== '/' && pathname !== base.slice(0, -1) && !pathname.startsWith(base)) return null;
  const resolved = resolveRedirect(table, normalizeRoutePath(removeBase(pathname, base)), normalizeRoutePath);
  if (!resolved || 'loop' in resolved) return resolved;
  const { to } = resolved;
  const external = isAbsoluteTarget(to);
  const href = external ? to : linkHref(to, policy);
  const kept = to.includes('#') ? '' : to.includes('?') ? hash : search + hash;
  return { href: href + kept, external };
}

/** The console message of a redirect loop. */
export function loopMessage(loop: string[]): string {
  return `[client-redirects] the redirects of ${loop[0]} form a loop (${loop.join(' → ')}): not redirected`;
}
