import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderWithRuntime } from '../../test-utils/render.js';
import { Steps } from './Steps.js';

// Read from disk: Vitest stubs CSS imports, `?raw` included.
const css = readFileSync(new URL('./Steps.css', import.meta.url), 'utf8');

describe('Steps', () => {
  it('wraps the MDX content, headings and ids untouched, in div.dg-steps', () => {
    const html = renderWithRuntime(
      <Steps>
        <h3 id="install">Install</h3>
        <p>Run the installer.</p>
        <h3 id="configure">Configure</h3>
        <p>Edit the config.</p>
      </Steps>,
    );
    expect(html).toBe(
      '<div class="dg-steps"><h3 id="install">Install</h3><p>Run the installer.</p>' +
        '<h3 id="configure">Configure</h3><p>Edit the config.</p></div>',
    );
  });

  it('numbers the direct h3 children with a CSS counter and draws the line on the left', () => {
    const rule = (selector: string) => css.match(new RegExp(`(?:^|\\n)${selector.replace(/[.>:()]/g, '\\$&')} \\{([^}]*)\\}`))?.[1] ?? '';
    expect(rule('.dg-steps')).toMatch(/counter-reset: dg-step;/);
    expect(rule('.dg-steps')).toMatch(/border-left: 1px solid var\(--dg-c-divider\);/);
    expect(rule('.dg-steps > h3')).toMatch(/counter-increment: dg-step;/);
    expect(rule('.dg-steps > h3::before')).toMatch(/content: counter\(dg-step\);/);
  });
});
