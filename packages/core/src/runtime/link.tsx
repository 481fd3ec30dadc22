import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { Link as RouterLink } from 'react-router';
import { isExternalUrl, removeBase } from '../shared/route-path.js';
import { useSiteData } from './hooks.js';
import { usePreload } from './loader-context.js';

/** Props of `Link`: an anchor whose `href` may carry the base (as links in compiled Markdown do). */
export type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href?: string };

/**
 * A link that navigates inside the single-page app for routes of the site, preloads the target's chunk
 * when hovered or focused, and opens external links in a new tab with `rel="noopener noreferrer"`.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ href = '', onMouseEnter, onFocus, ...rest }, ref) {
  const { base } = useSiteData();
  const preload = usePreload();
  if (isExternalUrl(href)) {
    return <a ref={ref} href={href} target="_blank" rel="noopener noreferrer" {...rest} />;
  }
  if (!href.startsWith('/') || rest.target || rest.download !== undefined || /\.(?!html$)[a-z\d]+(?:[?#]|$)/i.test(href.split('/').pop() ?? '')) {
    // In-page anchors, relative URLs and files (assets) are plain links.
    return <a ref={ref} href={href} onMouseEnter={onMouseEnter} onFocus={onFocus} {...rest} />;
  }
  const to = removeBase(href, base);
  const pathname = to.split(/[?#]/)[0];
  return (
    <RouterLink
      ref={ref}
      to={to}
      onMouseEnter={(e) => {
        preload(pathname);
        onMouseEnter?.(e);
      }}
      onFocus={(e) => {
        preload(pathname);
        onFocus?.(e);
      }}
      {...rest}
    />
  );
});
