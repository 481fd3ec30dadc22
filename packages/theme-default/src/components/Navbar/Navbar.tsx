import './Navbar.css';
import { Link, useLocale, useSiteData, withBase } from '@docgen/core/runtime';
import { AppearanceToggle as DefaultAppearanceToggle } from '../AppearanceToggle/AppearanceToggle.js';
import { EcosystemMenu as DefaultEcosystemMenu } from '../EcosystemMenu/EcosystemMenu.js';
import { LocaleMenu as DefaultLocaleMenu } from '../LocaleMenu/LocaleMenu.js';
import { MobileMenu as DefaultMobileMenu } from '../MobileMenu/MobileMenu.js';
import { NavLink as DefaultNavLink } from '../NavMenu/NavMenu.js';
import { NavMenu as DefaultNavMenu } from '../NavMenu/NavMenu.js';
import { Search as DefaultSearch } from '../Search/Search.js';
import { SocialLinks as DefaultSocialLinks } from '../SocialLinks/SocialLinks.js';
import { VersionMenu as DefaultVersionMenu } from '../VersionMenu/VersionMenu.js';
import { useThemeComponent } from '../../layouts/components.js';
import { useI18n } from '../../i18n/index.js';
import { useSlots } from '../../layouts/slots.js';
import { useThemeConfig } from '../../hooks/use-theme-config.js';
import { useAutoHide } from './use-auto-hide.js';

/**
 * Top navigation bar: logo and title, search button (or the `navbarSearch` slot), nav items and menus,
 * version menu (on a site with versions), language menu, appearance toggle, social links, the ecosystem
 * menu (`themeConfig.ecosystem`); below 768 px a menu button opens a drawer instead, and the search button
 * and the ecosystem icon stay. Hides while scrolling down (`themeConfig.hideNavbar: 'auto'`).
 */
export function Navbar() {
  const AppearanceToggle = useThemeComponent('AppearanceToggle', DefaultAppearanceToggle);
  const EcosystemMenu = useThemeComponent('EcosystemMenu', DefaultEcosystemMenu);
  const LocaleMenu = useThemeComponent('LocaleMenu', DefaultLocaleMenu);
  const MobileMenu = useThemeComponent('MobileMenu', DefaultMobileMenu);
  const NavLink = useThemeComponent('NavLink', DefaultNavLink);
  const NavMenu = useThemeComponent('NavMenu', DefaultNavMenu);
  const Search = useThemeComponent('Search', DefaultSearch);
  const SocialLinks = useThemeComponent('SocialLinks', DefaultSocialLinks);
  const VersionMenu = useThemeComponent('VersionMenu', DefaultVersionMenu);
  const site = useSiteData();
  const locale = useLocale();
  const t = useI18n();
  const slots = useSlots();
  const hidden = useAutoHide(useThemeConfig().hideNavbar);
  const home = withBase(`${locale.prefix}/`, site.base);
  const light = typeof site.logo === 'string' ? site.logo : site.logo.light;
  const dark = typeof site.logo === 'string' ? '' : site.logo.dark;
  return (
    <header className={`dg-navbar${hidden ? ' dg-navbar--hidden' : ''}`}>
      <a className="dg-skip-link" href="#dg-main">
        {t('nav.skipToContent')}
      </a>
      <div className="dg-navbar-inner">
        <Link href={home} className="dg-navbar-brand" aria-label={`${site.logoText || locale.title} ${t('nav.home')}`}>
          {light && <img className={`dg-navbar-logo${dark ? ' dg-only-light' : ''}`} src={withBase(light, site.base)} alt="" width="28" height="28" />}
          {dark && <img className="dg-navbar-logo dg-only-dark" src={withBase(dark, site.base)} alt="" width="28" height="28" />}
          <span className="dg-navbar-title">{site.logoText || locale.title}</span>
        </Link>
        {(slots.navbarSearch ?? site.search) && <div className="dg-navbar-search">{slots.navbarSearch ?? <Search />}</div>}
        <nav className="dg-nav" aria-label={t('nav.mainLabel')}>
          {locale.nav.map((item) => (item.items ? <NavMenu key={item.text} item={item} /> : <NavLink key={item.text} item={item} />))}
        </nav>
        <div className="dg-navbar-extra">
          <VersionMenu />
          <LocaleMenu />
          <AppearanceToggle />
          <SocialLinks />
        </div>
        {/* Outside the extra group, so it stays in the navbar below 768 px (that group moves to the drawer). */}
        <EcosystemMenu />
        <MobileMenu />
      </div>
    </header>
  );
}
