import './HomeFeature.css';
import { Link, useLinkHref, usePageData, type HomeFeature as HomeFeatureData } from '@docgen/core/runtime';

/** The feature cards of a home page (icon, title, details, optional link). Defaults to front matter `features`. */
export function HomeFeature({
  features,
}: {
  /**
   * The feature cards: `{ title, details, icon?, link? }[]`. Defaults to the page's front matter `features`.
   * @zh 特性卡片：`{ title, details, icon?, link? }[]`。默认为页面 front matter 中的 `features`。
   */
  features?: HomeFeatureData[];
}) {
  const page = usePageData();
  const linkHref = useLinkHref();
  const items = features ?? page?.frontmatter.features ?? [];
  if (items.length === 0) return null;
  return (
    <section className="dg-features">
      {items.map((f) => {
        const body = (
          <>
            {f.icon && (
              <div className="dg-feature-icon" aria-hidden="true">
                {f.icon}
              </div>
            )}
            <h2 className="dg-feature-title">{f.title}</h2>
            <p className="dg-feature-details">{f.details}</p>
          </>
        );
        return f.link ? (
          <Link key={f.title} className="dg-feature dg-feature--link" href={linkHref(f.link)}>
            {body}
          </Link>
        ) : (
          <div key={f.title} className="dg-feature">
            {body}
          </div>
        );
      })}
    </section>
  );
}
