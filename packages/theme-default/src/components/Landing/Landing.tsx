import './Landing.css';
import { isExternalUrl, useSiteData, withBase } from '@docgen/core/runtime';
import { useId } from 'react';
import type { Landing as LandingData } from '../../config/schema.js';
import { useLocaleLanding } from '../../hooks/use-theme-config.js';
import { useI18n } from '../../i18n/index.js';

/** Where the home layout puts the landing section, from the home page's front matter `landing`. */
export type LandingPosition = 'after-features' | 'after-content' | 'hidden';

/**
 * Reads front matter `landing`: absent or `true` → after the feature cards (the default), `'after-content'`
 * → after the page's Markdown content, `false` → not shown. Any other value is treated as the default.
 */
export function landingPosition(value: unknown): LandingPosition {
  if (value === false) return 'hidden';
  if (value === 'after-content') return 'after-content';
  return 'after-features';
}

/** A logo path of the public folder gets the site's base; an absolute URL is kept. */
export function assetUrl(src: string, base: string): string {
  return src.startsWith('/') && !isExternalUrl(src) ? withBase(src, base) : src;
}

/**
 * The landing section of a home page: a title, a one-line tagline and a grid of tool cards, each
 * with logo, name, short description and an external link that opens in a new tab. Defaults to the page
 * locale's `landing` (`themeConfig.locales[lang].landing`, or `themeConfig.landing` for the default
 * locale); renders nothing without one. Plain server-rendered HTML: no state, no effects.
 */
export function Landing({ landing }: { landing?: LandingData }) {
  const localeLanding = useLocaleLanding();
  const { base } = useSiteData();
  const t = useI18n();
  const titleId = useId();
  const data = landing ?? localeLanding;
  if (!data || data.tools.length === 0) return null;
  return (
    <section className="dg-landing" aria-labelledby={titleId}>
      <h2 id={titleId} className="dg-landing-title">
        {data.title}
      </h2>
      <p className="dg-landing-tagline">{data.tagline}</p>
      <ul className="dg-landing-grid">
        {data.tools.map((tool) => (
          <li key={tool.name} className="dg-landing-card">
            <img className="dg-landing-logo" src={assetUrl(tool.logo, base)} alt="" width="48" height="48" loading="lazy" decoding="async" />
            <h3 className="dg-landing-name">{tool.name}</h3>
            <p className="dg-landing-desc">{tool.desc}</p>
            {/* The link's ::after covers the card, so the whole card is clickable while the link's
                accessible name stays its own text. */}
            <a className="dg-landing-link" href={tool.url} target="_blank" rel="noopener noreferrer">
              {tool.urlText}
              <svg className="dg-external-icon" width="11" height="11" viewBox="0 0 24 24" aria-hidden="true">
                <path fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" d="M9 5h10v10M19 5 6 18" />
              </svg>
              <span className="dg-sr-only">{t('nav.newTab')}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
