import { usePageData } from '@docgen/core/runtime';
import { useI18n } from '../../i18n/index.js';

/** "On this page": the page's TOC (h2–h4), server-rendered, linking to heading ids. */
export function Outline() {
  const page = usePageData();
  const t = useI18n();
  if (!page || page.toc.length === 0 || page.frontmatter.outline === false) return null;
  return (
    <aside className="dg-outline">
      <nav aria-labelledby="dg-outline-title">
        <p id="dg-outline-title" className="dg-outline-title">
          {t('outline.title')}
        </p>
        <ul>
          {page.toc.map((item) => (
            <li key={item.id} className={`dg-outline-item dg-outline-depth-${item.depth}`}>
              <a href={`#${item.id}`}>{item.text}</a>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
