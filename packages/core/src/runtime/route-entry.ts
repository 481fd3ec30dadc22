/**
 * Route entries (path, element, source file path, preload
 * action, lang, version), built on demand from the locale's route manifest, so no list of every route is
 * shipped with the app.
 */
import { createElement, lazy, type ReactElement } from 'react';
import { localePrefixOf, normalizeRoutePath } from '../shared/route-path.js';
import type { SiteData } from '../shared/types.js';
import type { RouteLoader } from './route-loader.js';

/** A route of the site, in the browser. */
export interface RouteEntry {
  /** Route path without base, e.g. `/guide/start/introduction`. */
  path: string;
  /** The page's content as a React element (loads the page chunk when first rendered). */
  element: ReactElement;
  /** Source path relative to the site root, e.g. `en/guide/start/introduction.mdx`. */
  filePath: string;
  /** Fetches and evaluates the page's chunk ahead of navigation. */
  preload: () => Promise<void>;
  lang: string;
  /** Always '' until multi-version sites land. */
  version: string;
}

let activeLoader: RouteLoader | null = null;

/** Called once by the client entry. */
export function setRouteLoader(loader: RouteLoader): void {
  activeLoader = loader;
}

/**
 * The route entry of `routePath` (base removed), or null when the site has no such route or when called
 * during SSR.
 * @throws when the route manifest cannot be fetched.
 */
export async function getRouteEntry(routePath: string, site: SiteData): Promise<RouteEntry | null> {
  const loader = activeLoader;
  if (!loader) return null;
  const path = normalizeRoutePath(routePath);
  const found = await loader.lookup(path);
  if (!found) return null;
  const prefix = localePrefixOf(path, site.locales.map((l) => l.prefix));
  const Page = lazy(async () => {
    const mod = await loader.load(path);
    return { default: mod ? mod.default : () => null };
  });
  return {
    path,
    element: createElement(Page),
    filePath: found[1],
    preload: async () => {
      await loader.load(path);
    },
    lang: site.locales.find((l) => l.prefix === prefix)?.lang ?? site.lang,
    version: site.locales.find((l) => l.prefix === prefix)?.version ?? '',
  };
}
