import type { TocItem } from '@docgen/core/runtime';
import { describe, expect, it } from 'vitest';
import { renderWithRuntime } from '../../test-utils/render.js';
import { Toc } from './Toc.js';

function heading(depth: number, id: string): TocItem {
  return { depth, id, text: id.toUpperCase(), charIndex: -1 };
}

/** Expected markup of one entry: its link and, when it has children, their list. */
function li(depth: number, id: string, children = ''): string {
  return `<li class="dg-toc-item dg-toc-depth-${depth}"><a href="#${id}">${id.toUpperCase()}</a>${children}</li>`;
}
const ul = (...items: string[]) => `<ul class="dg-toc-list">${items.join('')}</ul>`;

describe('Toc', () => {
  it('nests the headings by depth in lists of #id links', () => {
    const toc = [heading(2, 'a'), heading(3, 'b'), heading(4, 'c'), heading(3, 'd'), heading(2, 'e')];
    const html = renderWithRuntime(<Toc />, { pageData: { toc } });
    expect(html).toBe(
      `<nav class="dg-toc" aria-label="On this page">${ul(li(2, 'a', ul(li(3, 'b', ul(li(4, 'c'))), li(3, 'd'))), li(2, 'e'))}</nav>`,
    );
  });

  it('nests a heading that skips a level under the previous shallower one', () => {
    const html = renderWithRuntime(<Toc />, { pageData: { toc: [heading(2, 'a'), heading(4, 'b'), heading(3, 'c')] } });
    expect(html).toContain(ul(li(2, 'a', ul(li(4, 'b'), li(3, 'c')))));
  });

  it('keeps headings before the first h2 at the top level', () => {
    const html = renderWithRuntime(<Toc />, { pageData: { toc: [heading(3, 'intro'), heading(2, 'a')] } });
    expect(html).toContain(ul(li(3, 'intro'), li(2, 'a')));
  });

  it('leaves out headings outside depth 2–4', () => {
    const toc = [heading(1, 'title'), heading(2, 'a'), heading(5, 'deep'), heading(6, 'deeper')];
    const html = renderWithRuntime(<Toc />, { pageData: { toc } });
    expect(html).toContain(ul(li(2, 'a')));
    expect(html).not.toMatch(/#title|#deep/);
  });

  it('renders nothing when the page has no TOC, or on the 404 page', () => {
    expect(renderWithRuntime(<Toc />, { pageData: { toc: [] } })).toBe('');
    expect(renderWithRuntime(<Toc />, { pageData: { toc: [heading(5, 'x')] } })).toBe('');
    expect(renderWithRuntime(<Toc />, { pageData: null })).toBe('');
  });
});
