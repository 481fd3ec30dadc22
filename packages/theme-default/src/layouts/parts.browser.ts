/**
 * The browser's copy of `parts.ts`: the home page's layout and the 404 page are chunks of their own
 * (`lazyPart`); the part the page on screen draws (read from the layout's class in the server-rendered
 * markup) starts loading as this module runs, and hydration waits for it. The doc layout, which nearly every
 * page draws, stays in the theme's chunk: measured on the website, a chunk of its own cost doc pages more
 * (0.3 KB gzip, each chunk compressed alone) than it saved the home page.
 */
import { beforeHydration } from '@docgen/core/runtime';
import { lazyPart } from './lazy-part.js';

const home = lazyPart(() => import('../components/HomeLayout/HomeLayout.js').then((m) => m.HomeLayout));
const notFound = lazyPart(() => import('../components/NotFound/NotFound.js').then((m) => m.NotFound));

export { DocLayout } from '../components/DocLayout/DocLayout.js';
export const HomeLayout = home.Component;
export const NotFound = notFound.Component;

if (typeof document !== 'undefined') {
  const layout = document.querySelector('.dg-layout');
  const part = layout?.classList.contains('dg-layout--home') ? home : layout?.classList.contains('dg-layout--404') ? notFound : undefined;
  if (part) beforeHydration(part.preload());
}
