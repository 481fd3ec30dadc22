import './LinkCard.css';
import { Link, useLinkHref } from '@docgen/core/runtime';

/** Props of `LinkCard`. */
export interface LinkCardProps {
  /**
   * A route path of the site, such as `/guide/start/introduction`, to which the `base` is added; or a full
   * URL, which opens in a new tab.
   * @zh 站点的路由路径，例如 `/zh/guide/start/introduction`（会加上 `base`）；或在新标签页中打开的完整 URL。
   */
  href: string;
  /**
   * Title of the card.
   * @zh 卡片的标题。
   */
  title: string;
  /**
   * A line under the title.
   * @zh 标题下方的一行文字。
   */
  description?: string;
}

/** A card that is one link as a whole: title, optional description and an arrow. */
export function LinkCard({ href, title, description }: LinkCardProps) {
  const linkHref = useLinkHref();
  // `//host/x` starts with a slash too, but is an external (protocol-relative) URL.
  const url = linkHref(href);
  return (
    <Link href={url} className="dg-link-card">
      <span className="dg-link-card-text">
        <span className="dg-link-card-title">{title}</span>
        {description && <span className="dg-link-card-description">{description}</span>}
      </span>
      <svg className="dg-link-card-arrow" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
        <path fill="currentColor" d="M13.2 5.3 19.9 12l-6.7 6.7-1.4-1.4 4.3-4.3H4v-2h12.1l-4.3-4.3z" />
      </svg>
    </Link>
  );
}
