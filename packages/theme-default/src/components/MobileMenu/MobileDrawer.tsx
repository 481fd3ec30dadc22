import { useLocale, useSiteData } from '@docgen/core/runtime';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { AppearanceToggle as DefaultAppearanceToggle } from '../AppearanceToggle/AppearanceToggle.js';
import { LocaleLinks as DefaultLocaleLinks } from '../LocaleMenu/LocaleMenu.js';
import { NavLink as DefaultNavLink } from '../NavMenu/NavMenu.js';
import { Sidebar as DefaultSidebar } from '../Sidebar/Sidebar.js';
import { SocialLinks as DefaultSocialLinks } from '../SocialLinks/SocialLinks.js';
import { VersionLinks as DefaultVersionLinks } from '../VersionMenu/VersionMenu.js';
import { useThemeComponent } from '../../layouts/components.js';
import { useVersionLocales } from '../../hooks/use-version-locales.js';
import { useI18n } from '../../i18n/index.js';

/**
 * The open mobile menu: a backdrop and a drawer with the nav, the page's sidebar section, the version links
 * (on a site with versions), the language links of the version on screen, the appearance toggle and the
 * social links, drawn into `<body>` (the navbar's backdrop filter would otherwise be the containing block
 * of the fixed drawer). Focus moves to its first link or button when it opens; `onClose` runs on a click
 * on the backdrop.
 */
export function MobileDrawer({ onClose }: { onClose: () => void }) {
  const AppearanceToggle = useThemeComponent('AppearanceToggle', DefaultAppearanceToggle);
  const LocaleLinks = useThemeComponent('LocaleLinks', DefaultLocaleLinks);
  const NavLink = useThemeComponent('NavLink', DefaultNavLink);
  const Sidebar = useThemeComponent('Sidebar', DefaultSidebar);
  const SocialLinks = useThemeComponent('SocialLinks', DefaultSocialLinks);
  const VersionLinks = useThemeComponent('VersionLinks', DefaultVersionLinks);
  const site = useSiteData();
  const locale = useLocale();
  const locales = useVersionLocales();
  const t = useI18n();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, []);
  return createPortal(
    <>
      <div className="dg-drawer-backdrop" onClick={onClose} />
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
        {site.multiVersion.versions.length > 0 && (
          <div className="dg-drawer-group dg-drawer-versions" role="group" aria-label={t('nav.version')}>
            <p className="dg-drawer-group-title">{t('nav.version')}</p>
            <VersionLinks className="dg-drawer-link" />
          </div>
        )}
        {locales.length > 1 && (
          <div className="dg-drawer-group dg-drawer-locales" role="group" aria-label={t('nav.language')}>
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
  );
}
