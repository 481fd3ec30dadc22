/**
 * The browser's copy of `parts.ts`: each part is a chunk of its own (`lazyPart`). The part the page on
 * screen draws (read from the layout's class in the server-rendered markup) starts loading as this module
 * runs, and hydration waits for it.
 */
import { beforeHydration } from '@docgen/core/runtime';
import { lazyPart } from './lazy-part.js';

const doc = lazyPart(() => import('../components/DocLayout/DocLayout.js').then((m) => m.DocLayout));
const home = lazyPart(() => import('../components/HomeLayout/HomeLayout.js').then((m) => m.HomeLayout));
const notFound = lazyPart(() => import('../components/NotFound/NotFound.js').then((m) => m.NotFound));

export const DocLayout = doc.Component;
export const HomeLayout = home.Component;
export const NotFound = notFound.Component;

if (typeof document !== 'undefined') {
  const layout = document.querySelector('.dg-layout');
  const part = layout?.classList.contains('dg-layout--doc') ? doc : layout?.classList.contains('dg-layout--home') ? home : layout?.classList.contains('dg-layout--404') ? notFound : undefined;
  if (part) beforeHydration(part.preload());
}
