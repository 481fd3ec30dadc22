import { describe, expect, it } from 'vitest';
import { renderWithRuntime } from '../../test-utils/render.js';
import { NoSSR } from './NoSSR.js';

describe('NoSSR', () => {
  it('renders the fallback, not the children, on the server', () => {
    const html = renderWithRuntime(
      <NoSSR fallback={<span className="loading">Loading…</span>}>
        <div className="client-only">{'window' in globalThis ? 'browser' : 'server'}</div>
      </NoSSR>,
    );
    expect(html).toBe('<span class="loading">Loading…</span>');
  });

  it('renders nothing on the server without a fallback', () => {
    expect(renderWithRuntime(<NoSSR>client only</NoSSR>)).toBe('');
  });
});
