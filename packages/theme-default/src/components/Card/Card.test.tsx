import { describe, expect, it } from 'vitest';
import { renderWithRuntime } from '../../test-utils/render.js';
import { Card } from './Card.js';

describe('Card', () => {
  it('renders the icon (hidden from assistive technology), the title and the content', () => {
    const html = renderWithRuntime(
      <Card title="Fast" icon="⚡">
        <p>Builds in seconds.</p>
      </Card>,
    );
    expect(html).toBe(
      '<div class="dg-card"><div class="dg-card-header">' +
        '<span class="dg-card-icon" aria-hidden="true">⚡</span><div class="dg-card-title">Fast</div></div>' +
        '<div class="dg-card-body"><p>Builds in seconds.</p></div></div>',
    );
  });

  it('has no header without a title or an icon', () => {
    const html = renderWithRuntime(<Card>Just content</Card>);
    expect(html).toBe('<div class="dg-card"><div class="dg-card-body">Just content</div></div>');
  });

  it('accepts markup as the title, without an icon', () => {
    const html = renderWithRuntime(<Card title={<code>build()</code>}>x</Card>);
    expect(html).toContain('<div class="dg-card-header"><div class="dg-card-title"><code>build()</code></div></div>');
    expect(html).not.toContain('dg-card-icon');
  });
});
