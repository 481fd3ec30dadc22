import './Footer.css';
import { usePageData } from '@docgen/core/runtime';
import { useThemeConfig } from '../../hooks/use-theme-config.js';
import { useSlots } from '../../layouts/slots.js';

/** Site footer with `themeConfig.footer.message` (HTML allowed: it comes from the site's own config). */
export function Footer() {
  const themeConfig = useThemeConfig();
  const page = usePageData();
  const slots = useSlots();
  const message = themeConfig.footer?.message;
  if (page?.frontmatter.footer === false || (!message && !slots.beforeFooter && !slots.afterFooter)) return null;
  return (
    <footer className="dg-footer">
      {slots.beforeFooter}
      {message && <div className="dg-footer-message" dangerouslySetInnerHTML={{ __html: message }} />}
      {slots.afterFooter}
    </footer>
  );
}
