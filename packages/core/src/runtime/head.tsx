/**
 * `Head`: adds tags to the document's `<head>` from anywhere in a page (MDX or components).
 * During SSR the tags are collected and written into the page's head; in the browser React 19 hoists
 * `<title>`, `<meta>` and `<link>` rendered anywhere into `document.head`, and the server-written copies
 * (marked `data-dg-head`) are removed once the app runs, so nothing is doubled.
 */
import { createContext, useContext, useEffect, type ReactNode } from 'react';

/** Collector of head tags during SSR; null in the browser. */
export const HeadContext = createContext<ReactNode[] | null>(null);

/** Adds `children` (`<title>`, `<meta>`, `<link>`) to the page's head. */
export function Head({ children }: { children?: ReactNode }) {
  const collector = useContext(HeadContext);
  useEffect(() => {
    document.head.querySelectorAll('[data-dg-head]').forEach((el) => el.remove());
  }, []);
  if (collector) {
    collector.push(children);
    return null;
  }
  return <>{children}</>;
}

/** Marks server-rendered head tags so the browser can drop them once React has hoisted its own. */
export function markHeadTags(html: string): string {
  return html.replace(/<(title|meta|link|base|style|script)\b/g, '<$1 data-dg-head=""');
}
