/**
 * The inline script in every page's `<head>` (bundled into one IIFE by the plugin at build time). A URL with
 * no page gets the host's 404 page; this script runs while that page's head is parsed and replaces the
 * location with the redirect's target before anything of the 404 page is shown. It reads the rules, the base
 * and `cleanUrls` from its own `data-client-redirects` attribute, so its code is the same on every site.
 */
import { createRedirectTable, type RedirectRule } from '../redirect-rules.js';
import { loopMessage, redirectTarget } from './redirect-target.js';

/** What the `data-client-redirects` attribute holds (JSON). */
export interface HeadScriptData {
  rules: RedirectRule[];
  base: string;
  cleanUrls: boolean;
}

const data = document.currentScript?.getAttribute('data-client-redirects');
if (data) {
  const { rules, base, cleanUrls } = JSON.parse(data) as HeadScriptData;
  const target = redirectTarget(createRedirectTable(rules), location, { base, cleanUrls });
  if (target && 'loop' in target) {
    console.error(loopMessage(target.loop));
  } else if (target) {
    location.replace(target.href);
    // The new page loads in the background; meanwhile the rest of this document must not show.
    document.documentElement.style.visibility = 'hidden';
  }
}
