import './Outline.css';
import { usePageData } from '@docgen/core/runtime';
import { useEffect, useState, type MouseEvent } from 'react';
import { useI18n } from '../../i18n/index.js';

/** Height of the sticky navbar plus a margin: a heading above this line counts as passed. */
const OFFSET = 88;

/** Id of the last heading whose top has scrolled above the navbar line (the first one at the top). */
export function currentHeading(ids: string[]): string | undefined {
  let current: string | undefined;
  for (const id of ids) {
    const el = document.getElementById(id);
    if (!el) continue;
    if (el.getBoundingClientRect().top - OFFSET <= 0) current = id;
    else break;
  }
  // At the very bottom the last heading may never reach the line: it is the one being read.
  if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2 && ids.length) current = ids[ids.length - 1];
  return current ?? ids[0];
}

/**
 * "On this page": the page's TOC (h2–h4), server-rendered. While scrolling, the heading being read is
 * highlighted (scroll spy); a click scrolls smoothly to the heading, below the navbar.
 */
export function Outline() {
  const page = usePageData();
  const t = useI18n();
  const [active, setActive] = useState<string>();
  const toc = page?.toc ?? [];
  useEffect(() => {
    const ids = toc.map((item) => item.id);
    if (ids.length === 0) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setActive(currentHeading(ids)));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [toc]);
  if (!page || toc.length === 0 || page.frontmatter.outline === false) return null;
  const jump = (id: string) => (e: MouseEvent<HTMLAnchorElement>) => {
    const el = document.getElementById(id);
    if (!el || e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    // scroll-padding-top (styles) keeps the heading below the navbar.
    el.scrollIntoView({ behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
    history.replaceState(history.state, '', `#${id}`);
    setActive(id);
  };
  return (
    <aside className="dg-outline">
      <nav aria-labelledby="dg-outline-title">
        <p id="dg-outline-title" className="dg-outline-title">
          {t('outline.title')}
        </p>
        <ul>
          {toc.map((item) => (
            <li key={item.id} className={`dg-outline-item dg-outline-depth-${item.depth}`}>
              <a href={`#${item.id}`} className={active === item.id ? 'dg-outline-active' : undefined} aria-current={active === item.id ? 'location' : undefined} onClick={jump(item.id)}>
                {item.text}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
