/**
 * Rendered on every page (a global UI component): applies the redirect rules at every in-app navigation,
 * as soon as the location changes and before the route's page (the 404 page) is loaded, replacing the
 * history entry. A direct load is the inline head script's job; this covers links followed inside the app.
 */
import { useLayoutEffect, useMemo } from 'react';
import { removeBase, useLocation, useNavigate, useSiteData } from '@docgen/core/runtime';
import { createRedirectTable, type RedirectRule } from '../redirect-rules.js';
import { loopMessage, redirectTarget } from './redirect-target.js';

/** Renders nothing; `rules` are the plugin's rules as the build prepared them. */
export default function ClientRedirects({ rules }: { rules: RedirectRule[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { base, cleanUrls } = useSiteData();
  const table = useMemo(() => createRedirectTable(rules), [rules]);

  // A layout effect: the redirect happens before the browser paints the new location.
  useLayoutEffect(() => {
    const target = redirectTarget(table, window.location, { base, cleanUrls });
    if (!target) return;
    if ('loop' in target) console.error(loopMessage(target.loop));
    else if (target.external) window.location.replace(target.href);
    else navigate(removeBase(target.href, base), { replace: true });
  }, [table, location, navigate, base, cleanUrls]);

  return null;
}
