import './SocialLinks.css';
import { Link } from '@docgen/core/runtime';
import { useThemeConfig } from '../../hooks/use-theme-config.js';
import { useI18n } from '../../i18n/index.js';

/** SVG paths (24×24) of the social icons the theme knows; other names show as text. */
const ICONS: Record<string, string> = {
  github:
    'M12 .5a12 12 0 0 0-3.8 23.4c.6.1.8-.3.8-.6v-2.2c-3.3.7-4-1.4-4-1.4-.6-1.4-1.4-1.8-1.4-1.8-1-.7.1-.7.1-.7 1.2.1 1.8 1.2 1.8 1.2 1 1.8 2.8 1.3 3.5 1 .1-.8.4-1.3.7-1.6-2.7-.3-5.5-1.3-5.5-5.9 0-1.3.5-2.4 1.2-3.2-.1-.3-.5-1.5.1-3.2 0 0 1-.3 3.3 1.2a11.5 11.5 0 0 1 6 0C17.3 4.6 18.3 5 18.3 5c.7 1.7.2 2.9.1 3.2.8.8 1.2 1.9 1.2 3.2 0 4.6-2.8 5.6-5.5 5.9.4.4.8 1.1.8 2.2v3.3c0 .3.2.7.8.6A12 12 0 0 0 12 .5z',
  x: 'M17.8 2.5h3.3l-7.2 8.2 8.5 11.3h-6.6l-5.2-6.8-6 6.8H1.3l7.7-8.8L.9 2.5h6.8l4.7 6.2 5.4-6.2zm-1.2 17.5h1.8L7.1 4.4H5.1l11.5 15.6z',
  discord:
    'M20.3 4.4A19.8 19.8 0 0 0 15.4 3l-.6 1.3a18.3 18.3 0 0 0-5.5 0L8.6 3a19.7 19.7 0 0 0-4.9 1.5C.6 9.1-.3 13.6.1 18.1a19.9 19.9 0 0 0 6 3l1.3-2.1c-.7-.3-1.4-.6-2-1l.5-.4a14.2 14.2 0 0 0 12.2 0l.5.4c-.6.4-1.3.7-2 1l1.3 2.1a19.8 19.8 0 0 0 6-3c.5-5.2-.8-9.7-3.6-13.7zM8 15.3c-1.2 0-2.2-1.1-2.2-2.4s1-2.4 2.2-2.4 2.2 1.1 2.2 2.4-1 2.4-2.2 2.4zm8 0c-1.2 0-2.2-1.1-2.2-2.4s1-2.4 2.2-2.4 2.2 1.1 2.2 2.4-1 2.4-2.2 2.4z',
  npm: 'M0 7v8h6.7v1.3H12V15h12V7H0zm6.7 6.7H5.3v-4H4v4H1.3V8.3h5.4v5.4zm4 0v1.3H8V8.3h5.3v5.4h-2.6zm12 0h-1.4v-4H20v4h-1.3v-4h-1.4v4h-2.6V8.3h8v5.4zM10.7 9.7H12v2.6h-1.3V9.7z',
  youtube:
    'M23.5 6.2a3 3 0 0 0-2.1-2.1C19.5 3.6 12 3.6 12 3.6s-7.5 0-9.4.5A3 3 0 0 0 .5 6.2 31 31 0 0 0 0 12a31 31 0 0 0 .5 5.8 3 3 0 0 0 2.1 2.1c1.9.5 9.4.5 9.4.5s7.5 0 9.4-.5a3 3 0 0 0 2.1-2.1A31 31 0 0 0 24 12a31 31 0 0 0-.5-5.8zM9.6 15.6V8.4l6.2 3.6-6.2 3.6z',
  bluesky:
    'M5.2 3.2C8 5.3 10.9 9.5 12 11.7c1.1-2.2 4-6.4 6.8-8.5 2-1.5 5.2-2.6 5.2 1 0 .7-.4 6.1-.7 7-.8 3.1-4 3.9-6.8 3.4 4.9.8 6.1 3.6 3.4 6.4-5.1 5.2-7.3-1.3-7.9-3L12 17.7l-.1.3c-.6 1.7-2.8 8.2-7.9 3-2.7-2.8-1.5-5.6 3.4-6.4-2.8.5-6-.3-6.8-3.4C.4 10.3 0 4.9 0 4.2c0-3.6 3.2-2.5 5.2-1z',
};

/** The social links of `themeConfig.socialLinks`, as icons with accessible names. */
export function SocialLinks() {
  const themeConfig = useThemeConfig();
  const t = useI18n();
  if (themeConfig.socialLinks.length === 0) return null;
  return (
    <div className="dg-social" role="group" aria-label={t('nav.social')}>
      {themeConfig.socialLinks.map((s) => (
        <Link key={s.link} href={s.link} className="dg-social-link dg-icon-button" aria-label={s.ariaLabel ?? s.icon} title={s.ariaLabel ?? s.icon}>
          {ICONS[s.icon] ? (
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
              <path fill="currentColor" d={ICONS[s.icon]} />
            </svg>
          ) : (
            <span className="dg-social-text">{s.icon}</span>
          )}
        </Link>
      ))}
    </div>
  );
}
