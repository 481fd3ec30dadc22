/**
 * Document-level handling of links: a click on an `<a>` that points to a route of this site navigates
 * inside the app (react-router) instead of loading a new document; hovering or focusing such a link
 * preloads the target page's chunk. Links opt out with `target`, `download`, `rel="external"` or
 * `data-no-router`; modified clicks (new tab, new window) are left to the browser.
 */
import { useEffect } from 'react';
import { useNavigate } from './router.js';
import { normalizeRoutePath, removeBase } from '../shared/route-path.js';
import type { RouteLoader } from './route-loader.js';

/** The in-app target of an anchor, or null when the browser should handle it. */
export function internalTarget(anchor: HTMLAnchorElement, base: string): { routePath: string; to: string } | null {
  if (anchor.target && anchor.target !== '_self') return null;
  if (anchor.hasAttribute('download') || anchor.dataset.noRouter !== undefined || /\bexternal\b/.test(anchor.rel)) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  if (base !== '/' && url.pathname !== base.slice(0, -1) && !url.pathname.startsWith(base)) return null;
  // Files (assets, downloads) have an extension other than .html.
  if (/\.(?!html$)[a-z\d]+$/i.test(url.pathname)) return null;
  const to = removeBase(url.pathname, base);
  return { routePath: normalizeRoutePath(to), to: to + url.search + url.hash };
}

/** Installs the click, hover and focus listeners; `loader` is null during SSR. */
export function useLinkDelegation(base: string, loader: RouteLoader | null): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!loader) return;
    const anchorOf = (event: Event) => (event.target instanceof Element ? event.target.closest('a[href]') : null) as HTMLAnchorElement | null;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = anchorOf(event);
      const target = anchor && internalTarget(anchor, base);
      if (!target) return;
      const current = window.location;
      // Same page, another hash: the browser scrolls; no navigation needed.
      if (target.routePath === normalizeRoutePath(removeBase(current.pathname, base)) && new URL(anchor!.href).hash && target.to.split('#')[0] === removeBase(current.pathname, base) + current.search) return;
      event.preventDefault();
      navigate(target.to);
    };
    const onIntent = (event: Event) => {
      const anchor = anchorOf(event);
      const target = anchor && internalTarget(anchor, base);
      if (target) loader.preload(target.routePath);
    };
    document.addEventListener('click', onClick);
    document.addEventListener('mouseover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('mouseover', onIntent);
      document.removeEventListener('focusin', onIntent);
    };
  }, [base, loader, navigate]);
}
