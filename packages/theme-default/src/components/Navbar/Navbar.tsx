import { Link, useLocale, usePageData, useRoutePath, useSiteData, withBase, type NavItem } from '@docgen/core/runtime';
import { useI18n } from '../../i18n/index.js';
import { useAutoHide } from './use-auto-hide.js';

/** True when `item` should be marked active for `routePath`. */
export function isNavItemActive(item: NavItem, routePath: string): boolean {
  if (item.activeMatch) return new RegExp(item.activeMatch).test(routePath);
  if (item.items) return item.items.some((child) => isNavItemActive(child, routePath));
  return !!item.link && item.link.startsWith('/') && (routePath === item.link || (item.link !== '/' && routePath.startsWith(item.link)));
}

function NavMenu({ item, active }: { item: NavItem; active: boolean }) {
  return (
    <div className={`dg-nav-menu${active ? ' dg-nav-active' : ''}`}>
      <button type="button" className="dg-nav-menu-button" aria-haspopup="true">
        {item.text}
        <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true">
          <path fill="currentColor" d="M7 10l5 5 5-5z" />
        </svg>
      </button>
      <div className="dg-nav-menu-items">
        {item.items!.map((child) => (
          <NavLink key={child.text} item={child} />
        ))}
      </div>
    </div>
  );
}

function NavLink({ item, active }: { item: NavItem; active?: boolean }) {
  const { base } = useSiteData();
  const href = item.link?.startsWith('/') ? withBase(item.link, base) : (item.link ?? '#');
  return (
    <Link href={href} className={`dg-nav-link${active ? ' dg-nav-active' : ''}`} aria-current={active ? 'page' : undefined}>
      {item.text}
    </Link>
  );
}

/** The route of the same page in another locale: swaps the locale prefix. */
function localizedPath(routePath: string, from: string, to: string): string {
  const rest = from && routePath.startsWith(from) ? routePath.slice(from.length) || '/' : routePath;
  return to + rest;
}

/** Top navigation bar: logo and title, nav items and menus, language links, social links. */
export function Navbar() {
  const site = useSiteData();
  const locale = useLocale();
  const routePath = useRoutePath();
  const page = usePageData();
  const t = useI18n();
  const hidden = useAutoHide(site.themeConfig.hideNavbar);
  const logo = typeof site.logo === 'string' ? site.logo : site.logo.light;
  const home = withBase(`${locale.prefix}/`, site.base);
  return (
    <header className={`dg-navbar${hidden ? ' dg-navbar--hidden' : ''}`}>
      <a className="dg-skip-link" href="#dg-main">
        {t('nav.skipToContent')}
      </a>
      <div className="dg-navbar-inner">
        <Link href={home} className="dg-navbar-brand" aria-label={`${locale.title} ${t('nav.home')}`}>
          {logo && <img className="dg-navbar-logo" src={withBase(logo, site.base)} alt="" width="28" height="28" />}
          <span className="dg-navbar-title">{site.logoText || locale.title}</span>
        </Link>
        <nav className="dg-nav" aria-label={t('nav.mainLabel')}>
          {locale.nav.map((item) =>
            item.items ? (
              <NavMenu key={item.text} item={item} active={isNavItemActive(item, routePath)} />
            ) : (
              <NavLink key={item.text} item={item} active={isNavItemActive(item, routePath)} />
            ),
          )}
        </nav>
        {site.locales.length > 1 && (
          <div className="dg-nav-menu dg-nav-locales">
            <button type="button" className="dg-nav-menu-button" aria-haspopup="true" aria-label={t('nav.language')}>
              {locale.label}
            </button>
            <div className="dg-nav-menu-items">
              {site.locales.map((l) => (
                <Link
                  key={l.lang}
                  href={withBase(page ? localizedPath(routePath, locale.prefix, l.prefix) : `${l.prefix}/`, site.base)}
                  className={`dg-nav-link${l.lang === locale.lang ? ' dg-nav-active' : ''}`}
                  lang={l.lang}
                  hrefLang={l.lang}
                >
                  {l.label}
                </Link>
              ))}
            </div>
          </div>
        )}
        {site.themeConfig.socialLinks.length > 0 && (
          <div className="dg-social" aria-label={t('nav.social')}>
            {site.themeConfig.socialLinks.map((s) => (
              <Link key={s.link} href={s.link} className="dg-social-link" aria-label={s.ariaLabel ?? s.icon}>
                <SocialIcon icon={s.icon} />
              </Link>
            ))}
          </div>
        )}
      </div>
    </header>
  );
}

function SocialIcon({ icon }: { icon: string }) {
  if (icon === 'github') {
    return (
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 .5a12 12 0 0 0-3.8 23.4c.6.1.8-.3.8-.6v-2.2c-3.3.7-4-1.4-4-1.4-.6-1.4-1.4-1.8-1.4-1.8-1-.7.1-.7.1-.7 1.2.1 1.8 1.2 1.8 1.2 1 1.8 2.8 1.3 3.5 1 .1-.8.4-1.3.7-1.6-2.7-.3-5.5-1.3-5.5-5.9 0-1.3.5-2.4 1.2-3.2-.1-.3-.5-1.5.1-3.2 0 0 1-.3 3.3 1.2a11.5 11.5 0 0 1 6 0C17.3 4.6 18.3 5 18.3 5c.7 1.7.2 2.9.1 3.2.8.8 1.2 1.9 1.2 3.2 0 4.6-2.8 5.6-5.5 5.9.4.4.8 1.1.8 2.2v3.3c0 .3.2.7.8.6A12 12 0 0 0 12 .5z"
        />
      </svg>
    );
  }
  return <span className="dg-social-text">{icon}</span>;
}
