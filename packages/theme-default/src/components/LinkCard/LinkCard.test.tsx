import { describe, expect, it } from 'vitest';
import { renderWithRuntime } from '../../test-utils/render.js';
import { LinkCard } from './LinkCard.js';

/** The opening `<a …>` tag of the card. */
function anchor(html: string): string {
  return html.match(/<a [^>]*>/)?.[0] ?? '';
}

describe('LinkCard', () => {
  it('is one link holding the title and the description', () => {
    const html = renderWithRuntime(<LinkCard href="/guide/start" title="Get started" description="Install and run" />);
    expect(html.startsWith('<a ')).toBe(true);
    expect(html.endsWith('</a>')).toBe(true);
    expect(html.match(/<a /g)).toHaveLength(1);
    expect(html).toContain('<span class="dg-link-card-title">Get started</span>');
    expect(html).toContain('<span class="dg-link-card-description">Install and run</span>');
    expect(anchor(html)).toBe('<a href="/guide/start" class="dg-link-card">');
  });

  it('adds the base to route paths', () => {
    const html = renderWithRuntime(<LinkCard href="/guide/start" title="Start" />, { siteData: { base: '/docs/' } });
    expect(anchor(html)).toBe('<a href="/docs/guide/start" class="dg-link-card">');
  });

  it('leaves external URLs alone and opens them in a new tab', () => {
    const html = renderWithRuntime(<LinkCard href="https://react.dev/learn" title="React" />, {
      siteData: { base: '/docs/' },
    });
    expect(anchor(html)).toBe('<a href="https://react.dev/learn" target="_blank" rel="noopener noreferrer" class="dg-link-card">');
  });

  it('does not treat a protocol-relative URL as a route path', () => {
    const html = renderWithRuntime(<LinkCard href="//cdn.example.com/x" title="CDN" />, { siteData: { base: '/docs/' } });
    expect(anchor(html)).toContain('href="//cdn.example.com/x"');
  });

  it('renders no description element without a description', () => {
    const html = renderWithRuntime(<LinkCard href="/x" title="X" />);
    expect(html).not.toContain('dg-link-card-description');
  });
});
