import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { isExternalUrl } from '../shared/route-path.js';

/** Props of `Link`: an anchor whose `href` carries the base (as links in compiled Markdown do). */
export type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href?: string };

/**
 * A link. It renders a plain `<a>`: clicks on links to routes of the site are turned into in-app
 * navigation, and hover or focus preloads the target's chunk, by listeners on the document (see
 * `use-link-delegation.ts`), so a page with hundreds of sidebar links costs no per-link work to render
 * or hydrate. External links open in a new tab with `rel="noopener noreferrer"`.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ href = '', ...rest }, ref) {
  if (isExternalUrl(href) && !href.startsWith('mailto:')) {
    return <a ref={ref} href={href} target="_blank" rel="noopener noreferrer" {...rest} />;
  }
  return <a ref={ref} href={href} {...rest} />;
});
