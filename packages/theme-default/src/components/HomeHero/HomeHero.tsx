import './HomeHero.css';
import { Link, useLinkHref, usePageData, type HomeHero as HomeHeroData } from '@docgen/core/runtime';

/** The hero of a home page: name, text, tagline, actions (`brand`/`alt`) and image. Defaults to front matter `hero`. */
export function HomeHero({
  hero,
}: {
  /**
   * The hero: `{ name?, text?, tagline?, image?, actions? }`. Defaults to the page's front matter `hero`.
   * @zh 首屏内容：`{ name?, text?, tagline?, image?, actions? }`。默认为页面 front matter 中的 `hero`。
   */
  hero?: HomeHeroData;
}) {
  const page = usePageData();
  const linkHref = useLinkHref();
  const data = hero ?? page?.frontmatter.hero;
  if (!data) return null;
  const url = (link: string) => linkHref(link);
  return (
    <section className="dg-hero">
      <div className="dg-hero-text">
        {data.name && <h1 className="dg-hero-name">{data.name}</h1>}
        {data.text && <p className="dg-hero-headline">{data.text}</p>}
        {data.tagline && <p className="dg-hero-tagline">{data.tagline}</p>}
        {data.actions && data.actions.length > 0 && (
          <div className="dg-hero-actions">
            {data.actions.map((a) => (
              <Link key={a.link} href={url(a.link)} className={`dg-button dg-button--${a.theme === 'alt' ? 'alt' : 'brand'}`}>
                {a.text}
              </Link>
            ))}
          </div>
        )}
      </div>
      {data.image && (
        <div className="dg-hero-image">
          <img src={url(data.image.src)} alt={data.image.alt} width="240" height="240" fetchPriority="high" />
        </div>
      )}
    </section>
  );
}
