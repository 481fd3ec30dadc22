import './MobileMenu.css';
import { useLocale, useRoutePath, useSiteData } from '@docgen/core/runtime';
import { AppearanceToggle as DefaultAppearanceToggle } from '../AppearanceToggle/AppearanceToggle.js';
import { LocaleLinks as DefaultLocaleLinks } from '../LocaleMenu/LocaleMenu.js';
import { NavLink as DefaultNavLink } from '../NavMenu/NavMenu.js';
import { Sidebar as DefaultSidebar } from '../Sidebar/Sidebar.js';
import { SocialLinks as DefaultSocialLinks } from '../SocialLinks/SocialLinks.js';
import { useThemeComponent } from '../../layouts/components.js';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useI18n } from '../../i18n/index.js';

/**
 * Below 768 px: a menu button that opens a drawer with the nav, the page's sidebar section, the language
 * links, the appearance toggle and the social links. Closes on navigation, Escape or a click outside;
 * the page behind does not scroll while it is open.
 */
export function MobileMenu() {
  const AppearanceToggle = useThemeComponent('AppearanceToggle', DefaultAppearanceToggle);
  const LocaleLinks = useThemeComponent('LocaleLinks', DefaultLocaleLinks);
  const NavLink = useThemeComponent('NavLink', DefaultNavLink);
  const Sidebar = useThemeComponent('Sidebar', DefaultSidebar);
  const SocialLinks = useThemeComponent('SocialLinks', DefaultSocialLinks);
  const [open, setOpen] = useState(false);
  const site = useSiteData();
  const locale = useLocale();
  const routePath = useRoutePath();
  const t = useI18n();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => setOpen(false), [routePath]);
  useEffect(() => {
    if (!open) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
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
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
          {open ? (
            <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
          ) : (
            <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
          )}
        </svg>
      </button>
      {/* Rendered only while open (the pages' HTML carries no copy of nav and sidebar), into <body>: the
          navbar's backdrop filter would otherwise be the containing block of the fixed drawer. */}
      {open &&
        createPortal(
          <>
            <div className="dg-drawer-backdrop" onClick={() => setOpen(false)} />
            <div id="dg-mobile-drawer" ref={panel} className="dg-drawer">
              <nav className="dg-drawer-nav" aria-label={t('nav.mainLabel')}>
                {locale.nav.map((item) =>
                  item.items ? (
                    <div key={item.text} className="dg-drawer-group">
                      <p className="dg-drawer-group-title">{item.text}</p>
                      {item.items.map((child) => (
                        <NavLink key={child.text} item={child} className="dg-drawer-link" />
                      ))}
                    </div>
                  ) : (
                    <NavLink key={item.text} item={item} className="dg-drawer-link" />
                  ),
                )}
              </nav>
              <div className="dg-drawer-sidebar">
                <Sidebar />
              </div>
              {site.locales.length > 1 && (
                <div className="dg-drawer-group" role="group" aria-label={t('nav.language')}>
                  <p className="dg-drawer-group-title">{t('nav.language')}</p>
                  <LocaleLinks className="dg-drawer-link" />
                </div>
              )}
              <div className="dg-drawer-footer">
                <AppearanceToggle />
                <SocialLinks />
              </div>
            </div>
          </>,
          document.body,
        )}
    </div>
  );
}
