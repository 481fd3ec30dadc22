/**
 * Rendered on every page (a global UI component): applies the redirect rules to in-app navigation. A click
 * on a link to a redirected path navigates to the target at once, so neither the redirected path nor the
 * 404 page ever shows; any other change of location to such a path (a script's `navigate`) is replaced
 * by the target. A direct load is the inline head script's job.
 */
import { useEffect, useLayoutEffect, useMemo } from 'react';
import { internalTarget, removeBase, useLocation, useNavigate, useSiteData } from '@docgen/core/runtime';
import { createRedirectTable, type RedirectRule } from '../redirect-rules.js';
import { loopMessage, redirectTarget } from './redirect-target.js';

/** Renders nothing; `rules` are the plugin's rules as the build prepared them. */
export default function ClientRedirects({ rules }: { rules: RedirectRule[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { base, cleanUrls } = useSiteData();
  const table = useMemo(() => createRedirectTable(rules), [rules]);

  // In the capture phase, before the runtime's own link handling (which skips a click whose default was
  // prevented): the app then navigates to the target directly, with one history entry, as a link to it would.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || !internalTarget(anchor, base)) return;
      const target = redirectTarget(table, new URL(anchor.href, window.location.href), { base, cleanUrls });
      // A loop is left to the location check below, which reports it.
      if (!target || 'loop' in target) return;
      event.preventDefault();
      if (target.external) window.location.assign(target.href);
      else navigate(removeBase(target.href, base));
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [table, navigate, base, cleanUrls]);

  // A layout effect: the redirect starts before the browser paints the new location.
  useLayoutEffect(() => {
    const target = redirectTarget(table, window.location, { base, cleanUrls });
    if (!target) return;
    if ('loop' in target) console.error(loopMessage(target.loop));
    else if (target.external) window.location.replace(target.href);
    else navigate(removeBase(target.href, base), { replace: true });
  }, [table, location, navigate, base, cleanUrls]);

  return null;
}
