import { createContext } from 'react';
import type { SiteData } from '../shared/types.js';
import type { PageModule } from './page-module.js';

/** What the runtime knows about the page on screen. `page` is null on the 404 page. */
export interface RuntimeState {
  site: SiteData;
  page: PageModule | null;
  /** Route path (base removed) of the location on screen. */
  routePath: string;
}

/** Holds the page on screen; read through the hooks in `hooks.ts`. */
export const RuntimeContext = createContext<RuntimeState | null>(null);
