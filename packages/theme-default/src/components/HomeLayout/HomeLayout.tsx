import { Content, Link, usePageData, useSiteData, withBase, isExternalUrl } from '@docgen/core/runtime';

/** Home page: hero (name, text, tagline, image, actions) and feature cards, from front matter. */
export function HomeLayout() {
  const page = usePageData();
  const { base } = useSiteData();
  const hero = page?.frontmatter.hero;
  const features = page?.frontmatter.features ?? [];
  const url = (link: string) => (link.startsWith('/') && !isExternalUrl(link) ? withBase(link, base) : link);
  return (
    <main id="dg-main" className="dg-home">
      {hero && (
        <section className="dg-hero">
          <div className="dg-hero-text">
            {hero.name && <h1 className="dg-hero-name">{hero.name}</h1>}
            {hero.text && <p className="dg-hero-headline">{hero.text}</p>}
            {hero.tagline && <p className="dg-hero-tagline">{hero.tagline}</p>}
            {hero.actions && (
              <div className="dg-hero-actions">
                {hero.actions.map((a) => (
                  <Link key={a.link} href={url(a.link)} className={`dg-button dg-button--${a.theme === 'alt' ? 'alt' : 'brand'}`}>
                    {a.text}
                  </Link>
                ))}
              </div>
            )}
          </div>
          {hero.image && (
            <div className="dg-hero-image">
              <img src={url(hero.image.src)} alt={hero.image.alt} width="240" height="240" />
            </div>
          )}
        </section>
      )}
      {features.length > 0 && (
        <section className="dg-features">
          {features.map((f) => (
            <div key={f.title} className="dg-feature">
              {f.icon && (
                <div className="dg-feature-icon" aria-hidden="true">
                  {f.icon}
                </div>
              )}
              <h2 className="dg-feature-title">{f.title}</h2>
              <p className="dg-feature-details">{f.details}</p>
            </div>
          ))}
        </section>
      )}
      <div className="dg-home-content">
        <Content />
      </div>
    </main>
  );
}
