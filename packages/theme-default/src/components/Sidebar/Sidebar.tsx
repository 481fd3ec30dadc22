import './Sidebar.css';
import { Link, useLinkHref, useRoutePath, useSidebar, isExternalUrl, type SidebarItem } from '@docgen/core/runtime';
import { memo, useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '../../i18n/index.js';
import { useSlots } from '../../layouts/slots.js';

function containsActive(item: SidebarItem, routePath: string): boolean {
  return item.link === routePath || (item.items ?? []).some((child) => containsActive(child, routePath));
}

/**
 * What an entry is given of the route on screen: the route path when the entry holds it, else ''. An
 * entry (memoised) that neither held the last route nor holds the new one is not rendered again on a
 * page change or a page's in-place update: a sidebar of hundreds of links costs only the entries that
 * change.
 */
const activeIn = (item: SidebarItem, routePath: string) => (containsActive(item, routePath) ? routePath : '');

type EntryProps = { item: SidebarItem; routePath: string; href: (link: string) => string };

const SidebarGroup = memo(function SidebarGroup({ item, routePath, href }: EntryProps) {
  // Groups start expanded (spec: collapsed defaults to false); a group holding the active page opens.
  const collapsible = item.collapsible !== false;
  // A group that cannot collapse never starts collapsed (it would have no button to open it).
  const [collapsed, setCollapsed] = useState(collapsible && Boolean(item.collapsed) && !routePath);
  const id = useId();
  useEffect(() => {
    if (routePath) setCollapsed(false);
  }, [item, routePath]);
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
          <SidebarEntry key={child.text + (child.link ?? '')} item={child} routePath={activeIn(child, routePath)} href={href} />
        ))}
      </ul>
    </section>
  );
});

const SidebarEntry = memo(function SidebarEntry({ item, routePath, href }: EntryProps) {
  if (item.items?.length) {
    return (
      <li>
        <SidebarGroup item={item} routePath={routePath} href={href} />
      </li>
    );
  }
  const active = item.link === routePath;
  const itemHref = item.link && !isExternalUrl(item.link) ? href(item.link) : item.link;
  return (
    <li>
      {/* Links carry no class (styled through their list): a large sidebar stays small in every page's HTML. */}
      <Link href={itemHref} className={active ? 'dg-sidebar-link--active' : undefined} aria-current={active ? 'page' : undefined}>
        {item.text}
      </Link>
    </li>
  );
});

/**
 * The sidebar section of the page on screen: groups collapsible (buttons, so keyboard operable) and
 * starting expanded; the active link is highlighted and scrolled into view.
 */
export function Sidebar() {
  const section = useSidebar();
  const routePath = useRoutePath();
  const href = useLinkHref();
  const t = useI18n();
  const slots = useSlots();
  const root = useRef<HTMLElement>(null);
  useEffect(() => {
    const container = root.current;
    const active = container?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!container || !active) return;
    // Scroll the sidebar only (scrollIntoView would also move the page).
    const top = active.getBoundingClientRect().top - container.getBoundingClientRect().top + container.scrollTop;
    if (top < container.scrollTop || top + active.offsetHeight > container.scrollTop + container.clientHeight) {
      container.scrollTop = top - container.clientHeight / 3;
    }
  }, [routePath]);
  if (!section) return null;
  return (
    <aside className="dg-sidebar" ref={root}>
      {slots.beforeSidebar}
      <nav aria-label={t('sidebar.label')}>
        <ul className="dg-sidebar-items">
          {section.items.map((item) => (
            <SidebarEntry key={item.text + (item.link ?? '')} item={item} routePath={activeIn(item, routePath)} href={href} />
          ))}
        </ul>
      </nav>
      {slots.afterSidebar}
    </aside>
  );
}
