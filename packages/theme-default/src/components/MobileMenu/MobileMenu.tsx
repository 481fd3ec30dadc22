import './MobileMenu.css';
import { useRoutePath } from '@docgen/core/runtime';
import { useEffect, useRef, useState } from 'react';
import { lazyPart, useLoadedPart } from '../../layouts/lazy-part.js';
import { useI18n } from '../../i18n/index.js';

const drawer = lazyPart(() => import('./MobileDrawer.js').then((m) => m.MobileDrawer));

/**
 * Below 768 px: a menu button that opens a drawer with the nav, the page's sidebar section, the version
 * and language links, the appearance toggle and the social links. Closes on navigation, Escape or a click outside;
 * the page behind does not scroll while it is open. The drawer (`MobileDrawer`) loads when first opened.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const routePath = useRoutePath();
  const t = useI18n();
  const button = useRef<HTMLButtonElement>(null);
  const MobileDrawer = useLoadedPart(drawer, open);

  useEffect(() => setOpen(false), [routePath]);
  useEffect(() => {
    if (!open) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = previous;
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="dg-mobile-menu">
      <button
        ref={button}
        type="button"
        className="dg-mobile-menu-button dg-icon-button"
        aria-expanded={open}
        aria-controls={open ? 'dg-mobile-drawer' : undefined}
        aria-label={open ? t('nav.closeMenu') : t('nav.menu')}
        onClick={() => setOpen((o) => !o)}
        // The drawer's code starts loading when a finger or the pointer reaches the button.
        onPointerDown={() => void drawer.preload()}
        onPointerEnter={() => void drawer.preload()}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
          {open ? (
            <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
          ) : (
            <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
          )}
        </svg>
      </button>
      {/* Rendered only while open (the pages' HTML carries no copy of nav and sidebar); a chunk of its own. */}
      {open && MobileDrawer && <MobileDrawer onClose={() => setOpen(false)} />}
    </div>
  );
}
