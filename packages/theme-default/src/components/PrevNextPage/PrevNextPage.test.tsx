/** Previous/next links follow the sidebar order, across groups, skipping external links. */
import { RuntimeContext, type SidebarSection } from '@docgen/core/runtime';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from '@docgen/core/runtime';
import { describe, expect, it } from 'vitest';
import { testPageData, testSiteData } from '../../test-utils/render.js';
import { PrevNextPage, flattenSidebar } from './PrevNextPage.js';

const sidebar: SidebarSection = {
  prefix: '/guide/',
  items: [
    { text: 'Start', items: [{ text: 'Intro', link: '/guide/intro' }, { text: 'Setup', link: '/guide/setup' }] },
    { text: 'Changelog', link: 'https://example.com/changelog' },
    { text: 'More', items: [{ text: 'Deploy', link: '/guide/deploy' }] },
  ],
};

function render(routePath: string) {
  const page = { default: () => null, pageData: testPageData(routePath), sidebar };
  return renderToString(
    <StaticRouter location={routePath}>
      <RuntimeContext.Provider value={{ site: testSiteData(), page, routePath }}>
        <PrevNextPage />
      </RuntimeContext.Provider>
    </StaticRouter>,
  );
}

describe('PrevNextPage', () => {
  it('flattens the sidebar into internal links in reading order', () => {
    expect(flattenSidebar(sidebar.items).map((l) => l.link)).toEqual(['/guide/intro', '/guide/setup', '/guide/deploy']);
  });

  it('links the previous and next page across groups', () => {
    const html = render('/guide/setup');
    expect(html).toMatch(/<a href="\/guide\/intro" class="dg-pager-link dg-pager-prev" rel="prev">.*Previous page.*Intro/);
    expect(html).toMatch(/<a href="\/guide\/deploy" class="dg-pager-link dg-pager-next" rel="next">.*Next page.*Deploy/);
  });

  it('has no previous link on the first page and renders nothing off the sidebar', () => {
    expect(render('/guide/intro')).not.toContain('dg-pager-prev');
    expect(render('/elsewhere')).toBe('');
  });
});
