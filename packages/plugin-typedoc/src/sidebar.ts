/**
 * The sidebar group of the reference, from the navigation typedoc-plugin-markdown computes (modules, then
 * kinds such as "Functions", then one entry per page), and where it goes in a locale's sidebars.
 */
import type { LocaleNavigation, SidebarItem } from '@docgen/core';

/**
 * One entry of typedoc-plugin-markdown's navigation (its `NavigationItem`, kept in the cache as plain
 * data): a title, the generated file it opens (relative to TypeDoc's output folder), and children.
 */
export interface ReferenceNavItem {
  title: string;
  path?: string | null;
  children?: ReferenceNavItem[];
}

/** What `referenceGroup` needs. */
export interface ReferenceGroupOptions {
  /** The group's title in the sidebar. */
  label: string;
  /** The entry of the reference's index page: its title (the project's name) and route. */
  index: { title: string; route: string };
  /** The navigation, as typedoc-plugin-markdown gives it. */
  navigation: ReferenceNavItem[];
  /** Generated file → route path; an item whose file is not in it (none TypeDoc writes) is left out. */
  routes: ReadonlyMap<string, string>;
}

/**
 * The reference's sidebar group: the index page first, then the navigation. An item with children becomes
 * a collapsible group: a module group (it has a page) lists its own page first and starts expanded; a kind
 * group ("Functions", no page) starts collapsed, so that a large API keeps the sidebar short (the theme
 * opens the group of the page on screen).
 */
export function referenceGroup({ label, index, navigation, routes }: ReferenceGroupOptions): SidebarItem {
  const convert = (item: ReferenceNavItem): SidebarItem | undefined => {
    const link = item.path ? routes.get(item.path) : undefined;
    const children = (item.children ?? []).map(convert).filter((c): c is SidebarItem => c !== undefined);
    if (children.length === 0) return link === undefined ? undefined : { text: item.title, link };
    const items = link === undefined ? children : [{ text: item.title, link }, ...children];
    return { text: item.title, collapsible: true, collapsed: link === undefined, items };
  };
  const items = navigation.map(convert).filter((c): c is SidebarItem => c !== undefined);
  return { text: label, collapsible: true, collapsed: false, items: [{ text: index.title, link: index.route }, ...items] };
}

/**
 * Puts `group` into a locale's sidebars: at the end of the section whose prefix covers `routeBase` (the
 * longest such prefix, as a page under `routeBase` is matched), so the reference shows in the sidebar of the
 * pages around it; when no section covers it, in a new section of its own with `routeBase` as prefix.
 * Changes `navigation` in place.
 * @param routeBase the reference's route prefix with the locale's prefix (`/zh/api/reference/`)
 */
export function addReferenceGroup(navigation: LocaleNavigation, routeBase: string, group: SidebarItem): void {
  const covering = navigation.sidebars
    .filter((s) => routeBase.startsWith(s.prefix) || routeBase === `${s.prefix}/`)
    .sort((a, b) => b.prefix.length - a.prefix.length)[0];
  if (covering) covering.items.push(group);
  else navigation.sidebars.push({ prefix: routeBase, items: [group] });
}
