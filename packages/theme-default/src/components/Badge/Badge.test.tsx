import { describe, expect, it } from 'vitest';
import { renderWithRuntime } from '../../test-utils/render.js';
import { Badge } from './Badge.js';

describe('Badge', () => {
  it('is a tip badge by default, showing `text`', () => {
    expect(renderWithRuntime(<Badge text="new" />)).toBe('<span class="dg-badge dg-badge-tip">new</span>');
  });

  it.each(['info', 'tip', 'warning', 'danger'] as const)('takes the class of type %s', (type) => {
    expect(renderWithRuntime(<Badge type={type} text="x" />)).toBe(`<span class="dg-badge dg-badge-${type}">x</span>`);
  });

  it('shows its children rather than `text` when given both', () => {
    const html = renderWithRuntime(
      <Badge text="ignored">
        <em>beta</em>
      </Badge>,
    );
    expect(html).toBe('<span class="dg-badge dg-badge-tip"><em>beta</em></span>');
  });

  it('stays inline inside a heading', () => {
    const html = renderWithRuntime(
      <h2 id="config">
        Config <Badge type="warning" text="experimental" />
      </h2>,
    );
    expect(html).toBe('<h2 id="config">Config <span class="dg-badge dg-badge-warning">experimental</span></h2>');
  });
});
