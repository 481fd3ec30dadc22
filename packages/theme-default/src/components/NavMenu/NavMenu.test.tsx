/**
 * Nav links and menus as the server renders them: an external link opens in a new tab, says so and shows
 * its icon; a link of the site does neither.
 */
import { describe, expect, it } from 'vitest';
import { renderWithRuntime } from '../../test-utils/render.js';
import { NavMenu } from './NavMenu.js';

describe('NavMenu', () => {
  const html = renderWithRuntime(
    <NavMenu
      item={{
        text: 'Version',
        items: [
          { text: 'Changelog', link: '/changelog/' },
          { text: 'Releases', link: 'https://github.com/docgen-dev/docgen/releases' },
        ],
      }}
    />,
    { routePath: '/guide/a' },
  );
  const link = (text: string) => new RegExp(`<a [^>]*>${text}[^]*?</a>`).exec(html)?.[0] ?? '';

  it('opens an external item in a new tab, with its icon', () => {
    expect(link('Releases')).toContain('href="https://github.com/docgen-dev/docgen/releases"');
    expect(link('Releases')).toContain('target="_blank"');
    expect(link('Releases')).toContain('rel="noopener noreferrer"');
    expect(link('Releases')).toContain('dg-external-icon');
  });

  it('keeps a link of the site in the tab, without the icon', () => {
    expect(link('Changelog')).toContain('href="/changelog/"');
    expect(link('Changelog')).not.toContain('target=');
    expect(link('Changelog')).not.toContain('dg-external-icon');
  });
});
