import type { LocaleNavigation } from '@docgen/core';
import { describe, expect, it } from 'vitest';
import { addReferenceGroup, referenceGroup, type ReferenceNavItem } from './sidebar.js';

const navigation: ReferenceNavItem[] = [
  {
    title: '@docgen/core',
    path: 'core/README.md',
    children: [
      { title: 'Functions', children: [{ title: 'build', path: 'core/functions/build.md' }] },
      { title: 'Interfaces', children: [{ title: 'BuildResult', path: 'core/interfaces/BuildResult.md' }] },
    ],
  },
  { title: 'Variables', children: [{ title: 'VERSION', path: 'variables/VERSION.md' }, { title: 'gone', path: 'variables/gone.md' }] },
];
const routes = new Map([
  ['README.md', '/api/reference/'],
  ['core/README.md', '/api/reference/core/'],
  ['core/functions/build.md', '/api/reference/core/functions/build'],
  ['core/interfaces/BuildResult.md', '/api/reference/core/interfaces/BuildResult'],
  ['variables/VERSION.md', '/api/reference/variables/VERSION'],
]);

describe('referenceGroup', () => {
  it('lists the index, then modules (expanded, their page first) and kinds (collapsed) as groups', () => {
    expect(referenceGroup({ label: 'API Reference', index: { title: 'my-lib', route: '/api/reference/' }, navigation, routes })).toEqual({
      text: 'API Reference',
      collapsible: true,
      collapsed: false,
      items: [
        { text: 'my-lib', link: '/api/reference/' },
        {
          text: '@docgen/core',
          collapsible: true,
          collapsed: false,
          items: [
            { text: '@docgen/core', link: '/api/reference/core/' },
            { text: 'Functions', collapsible: true, collapsed: true, items: [{ text: 'build', link: '/api/reference/core/functions/build' }] },
            { text: 'Interfaces', collapsible: true, collapsed: true, items: [{ text: 'BuildResult', link: '/api/reference/core/interfaces/BuildResult' }] },
          ],
        },
        // An item whose file was not generated is left out rather than linked to a missing page.
        { text: 'Variables', collapsible: true, collapsed: true, items: [{ text: 'VERSION', link: '/api/reference/variables/VERSION' }] },
      ],
    });
  });
});

describe('addReferenceGroup', () => {
  const group = { text: 'API Reference', items: [{ text: 'x', link: '/api/reference/' }] };
  const nav = (): LocaleNavigation => ({
    nav: [],
    sidebars: [
      { prefix: '/api/config/', items: [{ text: 'Config', link: '/api/config/' }] },
      { prefix: '/api/', items: [{ text: 'API', link: '/api/' }] },
      { prefix: '/guide/', items: [{ text: 'Guide', link: '/guide/' }] },
    ],
  });

  it('appends the group to the longest section that covers the route prefix', () => {
    const navigation = nav();
    addReferenceGroup(navigation, '/api/reference/', group);
    expect(navigation.sidebars.find((s) => s.prefix === '/api/')!.items).toEqual([{ text: 'API', link: '/api/' }, group]);
    expect(navigation.sidebars).toHaveLength(3);
    // /api/config/ does not cover /api/reference/.
    expect(navigation.sidebars[0].items).toHaveLength(1);
  });

  it('makes a section of its own when no section covers the prefix', () => {
    const navigation = nav();
    addReferenceGroup(navigation, '/zh/api/reference/', group);
    expect(navigation.sidebars).toHaveLength(4);
    expect(navigation.sidebars[3]).toEqual({ prefix: '/zh/api/reference/', items: [group] });
  });
});
