/**
 * The overview in the browser: a chunk of its own, loaded by overview pages (`overview: true`); on such a
 * page, hydration waits for it.
 */
import { beforeHydration } from '@docgen/core/runtime';
import { lazyPart } from '../../layouts/lazy-part.js';

const overview = lazyPart(() => import('./Overview.js').then((m) => m.Overview));

export const Overview = overview.Component;

if (typeof document !== 'undefined' && document.querySelector('.dg-overview')) beforeHydration(overview.preload());
