import { Link, useRoutePath, useSidebar, useSiteData, withBase, isExternalUrl, type SidebarItem } from '@docgen/core/runtime';
import { useState } from 'react';
import { useI18n } from '../../i18n/index.js';

function containsActive(item: SidebarItem, routePath: string): boolean {
  return item.link === routePath || (item.items ?? []).some((child) => containsActive(child, routePath));
}

function SidebarGroup({ item, routePath, depth }: { item: SidebarItem; routePath: string; depth: number }) {
  // Groups start expanded (spec: collapsed defaults to false); a group holding the active page always opens.
  const [collapsed, setCollapsed] = useState(Boolean(item.collapsed) && !containsActive(item, routePath));
  const collapsible = item.collapsible !== false;
  const id = `dg-sidebar-group-${depth}-${item.text.replace(/\W+/g, '-')}`;
  return (
    <section className={`dg-sidebar-group${collapsed ? ' dg-sidebar-group--collapsed' : ''}`}>
      {collapsible ? (
        <button type="button" className="dg-sidebar-group-title" aria-expanded={!collapsed} aria-controls={id} onClick={() => setCollapsed((c) => !c)}>
          <span>{item.text}</span>
          <svg className="dg-sidebar-caret" width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
            <path fill="currentColor" d="M9 6l6 6-6 6z" />
          </svg>
        </button>
      ) : (
        <p className="dg-sidebar-group-title">{item.text}</p>
      )}
      <ul id={id} className="dg-sidebar-items" hidden={collapsed}>
        {item.items!.map((child) => (
          <SidebarEntry key={child.text + (child.link ?? '')} item={child} routePath={routePath} depth={depth + 1} />
        ))}
      </ul>
    </section>
  );
}

function SidebarEntry({ item, routePath, depth }: { item: SidebarItem; routePath: string; depth: number }) {
  const { base } = useSiteData();
  if (item.items?.length) {
    return (
      <li>
        <SidebarGroup item={item} routePath={routePath} depth={depth} />
      </li>
    );
  }
  const active = item.link === routePath;
  const href = item.link && !isExternalUrl(item.link) ? withBase(item.link, base) : item.link;
  return (
    <li>
      {/* Links carry no class (styled through their list): a large sidebar stays small in every page's HTML. */}
      <Link href={href} className={active ? 'dg-sidebar-link--active' : undefined} aria-current={active ? 'page' : undefined}>
        {item.text}
      </Link>
    </li>
  );
}

/** The sidebar section of the page on screen: groups, collapsible and starting expanded. */
export function Sidebar() {
  const section = useSidebar();
  const routePath = useRoutePath();
  const t = useI18n();
  if (!section) return null;
  return (
    <aside className="dg-sidebar">
      <nav aria-label={t('sidebar.label')}>
        <ul className="dg-sidebar-items">
          {section.items.map((item) => (
            <SidebarEntry key={item.text + (item.link ?? '')} item={item} routePath={routePath} depth={0} />
          ))}
        </ul>
      </nav>
    </aside>
  );
}
