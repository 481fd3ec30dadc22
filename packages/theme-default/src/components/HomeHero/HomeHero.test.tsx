/** Home hero and feature cards from front matter: texts, actions by theme, image, links with the base. */
import { describe, expect, it } from 'vitest';
import { renderWithRuntime } from '../../test-utils/render.js';
import { HomeFeature } from '../HomeFeature/HomeFeature.js';
import { HomeHero } from './HomeHero.js';

const frontmatter = {
  pageType: 'home' as const,
  hero: {
    name: 'docgen',
    text: 'Fast docs',
    tagline: 'Markdown in, HTML out',
    image: { src: '/logo.svg', alt: 'Logo' },
    actions: [
      { theme: 'brand' as const, text: 'Start', link: '/guide/intro' },
      { theme: 'alt' as const, text: 'GitHub', link: 'https://github.com/x/y' },
    ],
  },
  features: [
    { title: 'Fast', details: 'Builds quickly', icon: '⚡' },
    { title: 'Linked', details: 'Goes somewhere', link: '/guide/linked' },
  ],
};

describe('HomeHero', () => {
  it('renders name, text, tagline, actions and image from front matter, with the base', () => {
    const html = renderWithRuntime(<HomeHero />, { pageData: { frontmatter }, siteData: { base: '/docs/' }, routePath: '/' });
    expect(html).toContain('<h1 class="dg-hero-name">docgen</h1>');
    expect(html).toContain('<p class="dg-hero-headline">Fast docs</p>');
    expect(html).toContain('<p class="dg-hero-tagline">Markdown in, HTML out</p>');
    expect(html).toMatch(/href="\/docs\/guide\/intro" class="dg-button dg-button--brand">Start<\/a>/);
    expect(html).toMatch(/href="https:\/\/github.com\/x\/y" target="_blank" rel="noopener noreferrer" class="dg-button dg-button--alt">GitHub<\/a>/);
    expect(html).toContain('src="/docs/logo.svg" alt="Logo"');
  });

  it('renders nothing without a hero', () => {
    expect(renderWithRuntime(<HomeHero />, { pageData: {} })).toBe('');
  });
});

describe('HomeFeature', () => {
  it('renders each card with icon, title and details; a card with a link is one link', () => {
    const html = renderWithRuntime(<HomeFeature />, { pageData: { frontmatter } });
    expect(html).toContain('<div class="dg-feature-icon" aria-hidden="true">⚡</div><h2 class="dg-feature-title">Fast</h2><p class="dg-feature-details">Builds quickly</p>');
    expect(html).toMatch(/<a href="\/guide\/linked" class="dg-feature dg-feature--link">/);
  });
});
