/** Overview: server-rendered groups, pages and h2 links; the filter keeps matches in any case and language. */
import { RuntimeContext, type OverviewGroup } from '@docgen/core/runtime';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from '@docgen/core/runtime';
import { describe, expect, it } from 'vitest';
import { testPageData, testSiteData } from '../../test-utils/render.js';
import { Overview, filterOverview } from './Overview.js';

const groups: OverviewGroup[] = [
  { title: '', pages: [{ title: 'Commands', link: '/api/commands', headings: [{ text: 'docgen build', id: 'docgen-build' }] }] },
  {
    title: 'Config',
    pages: [
      { title: 'Basic Config', link: '/api/config/basic', headings: [{ text: 'title', id: 'title' }, { text: 'base', id: 'base' }] },
      { title: '主题配置', link: '/api/config/theme', headings: [{ text: '导航栏', id: '导航栏' }] },
    ],
  },
];

function render(base = '/') {
  const site = testSiteData({ base });
  const page = { default: () => null, pageData: testPageData('/api/', { frontmatter: { overview: true } }), sidebar: null, overview: groups };
  return renderToString(
    <StaticRouter location={base === '/' ? '/api/' : '/docs/api/'} basename={base === '/' ? '' : '/docs'}>
      <RuntimeContext.Provider value={{ site, page, routePath: '/api/' }}>
        <Overview />
      </RuntimeContext.Provider>
    </StaticRouter>,
  );
}

describe('Overview', () => {
  it('renders every group, page and h2 heading as links, with the base', () => {
    const html = render('/docs/');
    expect(html).toContain('<h2 class="dg-overview-group-title">Config</h2>');
    expect(html).toContain('href="/docs/api/config/basic">Basic Config</a>');
    expect(html).toContain('href="/docs/api/config/basic#base">base</a>');
    expect(html).toContain(`href="/docs/api/config/theme#${encodeURIComponent('导航栏')}">导航栏</a>`);
    expect(html).toContain('placeholder="Filter by page or section title"');
    expect(html.match(/class="dg-overview-card"/g)).toHaveLength(3);
  });

  it('filters pages by title and headings by text, case-insensitively', () => {
    expect(filterOverview(groups, 'BASIC')[0].pages.map((p) => p.title)).toEqual(['Basic Config']);
    const byHeading = filterOverview(groups, 'Base');
    expect(byHeading).toHaveLength(1);
    expect(byHeading[0].pages[0].headings).toEqual([{ text: 'base', id: 'base' }]);
    expect(filterOverview(groups, '导航')[0].pages[0].title).toBe('主题配置');
    expect(filterOverview(groups, 'nothing here')).toEqual([]);
    expect(filterOverview(groups, '  ')).toBe(groups);
  });
});
