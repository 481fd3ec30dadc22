import { describe, expect, it } from 'vitest';
import { renderWithRuntime } from '../../test-utils/render.js';
import { Tab, Tabs, targetIndex } from './Tabs.js';
import { tabsStore } from './tabs-store.js';

/** Attributes of every element with `role`, in document order. */
function byRole(html: string, role: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<\\w+ [^>]*role="${role}"[^>]*>`, 'g'))].map(([tag]) =>
    Object.fromEntries([...tag.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].slice(1).map(([, name, value]) => [name, value ?? ''])),
  );
}

const three = [
  <Tab key="npm" label="npm">
    npm content
  </Tab>,
  <Tab key="yarn" label="Yarn" value="yarn">
    yarn content
  </Tab>,
  <Tab key="pnpm" label="pnpm">
    pnpm content
  </Tab>,
];

describe('Tabs', () => {
  it('renders a tab list with one tab per Tab, the first selected by default', () => {
    const html = renderWithRuntime(<Tabs>{three}</Tabs>);
    expect(byRole(html, 'tablist')).toHaveLength(1);
    const tabs = byRole(html, 'tab');
    expect(tabs.map((t) => t['aria-selected'])).toEqual(['true', 'false', 'false']);
    expect(tabs.map((t) => t.tabindex)).toEqual(['0', '-1', '-1']);
    expect(tabs.map((t) => t.class)).toEqual(['dg-tabs-tab dg-tabs-tab--active', 'dg-tabs-tab', 'dg-tabs-tab']);
    expect(html).toMatch(/role="tab"[^>]*>npm<\/button>.*>Yarn<\/button>.*>pnpm<\/button>/);
  });

  it('renders every panel, hiding all but the selected one', () => {
    const html = renderWithRuntime(<Tabs>{three}</Tabs>);
    const panels = byRole(html, 'tabpanel');
    expect(panels.map((p) => 'hidden' in p)).toEqual([false, true, true]);
    expect(html).toContain('npm content');
    expect(html).toContain('yarn content');
    expect(html).toContain('pnpm content');
  });

  it('links each tab and its panel through aria-controls and aria-labelledby', () => {
    const html = renderWithRuntime(<Tabs>{three}</Tabs>);
    const tabs = byRole(html, 'tab');
    const panels = byRole(html, 'tabpanel');
    expect(new Set(tabs.map((t) => t.id)).size).toBe(3);
    tabs.forEach((tab, i) => {
      expect(tab['aria-controls']).toBe(panels[i].id);
      expect(panels[i]['aria-labelledby']).toBe(tab.id);
    });
  });

  it('selects `defaultValue`, matched against `value` or else the label', () => {
    const byValue = byRole(renderWithRuntime(<Tabs defaultValue="yarn">{three}</Tabs>), 'tab');
    expect(byValue.map((t) => t['aria-selected'])).toEqual(['false', 'true', 'false']);
    const byLabel = byRole(renderWithRuntime(<Tabs defaultValue="pnpm">{three}</Tabs>), 'tab');
    expect(byLabel.map((t) => t['aria-selected'])).toEqual(['false', 'false', 'true']);
  });

  it('falls back to the first tab when `defaultValue` names no tab', () => {
    const tabs = byRole(renderWithRuntime(<Tabs defaultValue="bun">{three}</Tabs>), 'tab');
    expect(tabs.map((t) => t['aria-selected'])).toEqual(['true', 'false', 'false']);
  });

  it("renders the default tab in the HTML even when the group's choice is known, so hydration matches", () => {
    tabsStore.set('tabs-test-ssr', 'pnpm');
    const html = renderWithRuntime(
      <Tabs groupId="tabs-test-ssr" defaultValue="yarn">
        {three}
      </Tabs>,
    );
    expect(byRole(html, 'tab').map((t) => t['aria-selected'])).toEqual(['false', 'true', 'false']);
  });

  it('ignores children that are not tabs', () => {
    const html = renderWithRuntime(
      <Tabs>
        {'\n'}
        <Tab label="One">1</Tab>
        <p>stray</p>
        <Tab label="Two">2</Tab>
      </Tabs>,
    );
    expect(byRole(html, 'tab')).toHaveLength(2);
    expect(html).not.toContain('stray');
  });

  it('renders nothing without tabs', () => {
    expect(renderWithRuntime(<Tabs>{null}</Tabs>)).toBe('');
  });
});

describe('targetIndex', () => {
  it('steps with the arrow keys and wraps around at both ends', () => {
    expect(targetIndex('ArrowRight', 0, 3)).toBe(1);
    expect(targetIndex('ArrowRight', 2, 3)).toBe(0);
    expect(targetIndex('ArrowLeft', 1, 3)).toBe(0);
    expect(targetIndex('ArrowLeft', 0, 3)).toBe(2);
  });

  it('goes to the first tab on Home and the last on End', () => {
    expect(targetIndex('Home', 2, 4)).toBe(0);
    expect(targetIndex('End', 0, 4)).toBe(3);
  });

  it('ignores other keys', () => {
    expect(targetIndex('ArrowDown', 1, 3)).toBeNull();
    expect(targetIndex('Enter', 1, 3)).toBeNull();
    expect(targetIndex('a', 1, 3)).toBeNull();
  });
});
