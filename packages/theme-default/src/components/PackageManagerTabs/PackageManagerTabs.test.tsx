import { describe, expect, it } from 'vitest';
import { renderWithRuntime } from '../../test-utils/render.js';
import { PackageManagerTabs } from './PackageManagerTabs.js';

/** Text of each `<button role="tab">`, and of each panel's code. */
function parts(html: string) {
  return {
    tabs: [...html.matchAll(/<button [^>]*role="tab"[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]),
    selected: [...html.matchAll(/<button [^>]*aria-selected="(true|false)"/g)].map((m) => m[1]),
    code: [...html.matchAll(/<div class="dg-code dg-pm-code"><pre><code>([^<]*)<\/code><\/pre><\/div>/g)].map((m) => m[1]),
  };
}

describe('PackageManagerTabs', () => {
  it('shows the command for npm, yarn, pnpm and bun, one tab each, npm selected', () => {
    const { tabs, selected, code } = parts(renderWithRuntime(<PackageManagerTabs command="install -D docgen" />));
    expect(tabs).toEqual(['npm', 'yarn', 'pnpm', 'bun']);
    expect(selected).toEqual(['true', 'false', 'false', 'false']);
    expect(code).toEqual(['npm install -D docgen', 'yarn add -D docgen', 'pnpm add -D docgen', 'bun add -d docgen']);
  });

  it('puts each command in its own tab panel, only the first visible', () => {
    const html = renderWithRuntime(<PackageManagerTabs command="run dev" />);
    const panels = [...html.matchAll(/<div role="tabpanel"[^>]*>/g)].map((m) => m[0]);
    expect(panels).toHaveLength(4);
    expect(panels.map((p) => p.includes(' hidden'))).toEqual([false, true, true, true]);
    expect(parts(html).code).toEqual(['npm run dev', 'yarn dev', 'pnpm dev', 'bun run dev']);
  });

  it('shows only the managers given in an object', () => {
    const { tabs, code } = parts(renderWithRuntime(<PackageManagerTabs command={{ npm: 'npx docgen dev', bun: 'bunx docgen dev' }} />));
    expect(tabs).toEqual(['npm', 'bun']);
    expect(code).toEqual(['npx docgen dev', 'bunx docgen dev']);
  });

  it('escapes the command as text', () => {
    const { code } = parts(renderWithRuntime(<PackageManagerTabs command='run test -- --grep "<a>"' />));
    expect(code[0]).toBe('npm run test -- --grep &quot;&lt;a&gt;&quot;');
  });
});
