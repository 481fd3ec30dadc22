import './NavMenu.css';
import { Link, useLinkHref, isExternalUrl, useRoutePath, type NavItem } from '@docgen/core/runtime';
import { useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '../../i18n/index.js';

/** True when `item` should be marked active for `routePath` (`activeMatch`, or the link's prefix). */
export function isNavItemActive(item: NavItem, routePath: string): boolean {
  if (item.activeMatch) return new RegExp(item.activeMatch).test(routePath);
  if (item.items) return item.items.some((child) => isNavItemActive(child, routePath));
  return !!item.link && item.link.startsWith('/') && (routePath === item.link || (item.link !== '/' && routePath.startsWith(item.link)));
}

function ExternalIcon() {
  return (
    <svg className="dg-external-icon" width="11" height="11" viewBox="0 0 24 24" aria-hidden="true">
      <path fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" d="M9 5h10v10M19 5 6 18" />
    </svg>
  );
}

/** A nav link; an external one is marked with an arrow, announced as opening a new tab, and opens there. */
export function NavLink({ item, className = 'dg-nav-link', onNavigate }: { item: NavItem; className?: string; onNavigate?: () => void }) {
  const linkHref = useLinkHref();
  const routePath = useRoutePath();
  const t = useI18n();
  const external = !!item.link && isExternalUrl(item.link);
  const active = isNavItemActive(item, routePath);
  const href = item.link?.startsWith('/') ? linkHref(item.link) : (item.link ?? '#');
  return (
    <Link href={href} className={`${className}${active ? ' dg-nav-active' : ''}`} aria-current={active && !external ? 'page' : undefined} onClick={onNavigate}>
      {item.text}
      {external && (
        <>
          <ExternalIcon />
          <span className="dg-sr-only">{t('nav.newTab')}</span>
        </>
      )}
    </Link>
  );
}

/**
 * A dropdown of links: opens on hover (after the 0.1 s hover delay of the design tokens), on click, and
 * from the keyboard (Enter, Space, ArrowDown); Escape closes it and returns focus to its button.
 */
export function NavMenu({ item, children }: { item: NavItem; children?: React.ReactNode }) {
  const routePath = useRoutePath();
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Close after navigating.
  useEffect(() => setOpen(false), [routePath]);

  const later = (value: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(value), 100);
  };
  const active = isNavItemActive(item, routePath);
  return (
    <div
      ref={root}
      className={`dg-nav-menu${active ? ' dg-nav-active' : ''}${open ? ' dg-nav-menu--open' : ''}`}
      onPointerEnter={(e) => e.pointerType === 'mouse' && later(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && later(false)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="dg-nav-menu-button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          clearTimeout(timer.current);
          setOpen((o) => !o);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            requestAnimationFrame(() => root.current?.querySelector<HTMLElement>('.dg-nav-menu-items a')?.focus());
          }
        }}
      >
        {item.text}
        <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true">
          <path fill="currentColor" d="M7 10l5 5 5-5z" />
        </svg>
      </button>
      <div id={id} className="dg-nav-menu-items" hidden={!open}>
        {children ?? item.items?.map((child) => <NavLink key={child.text} item={child} />)}
      </div>
    </div>
  );
}
