/**
 * Finds and loads page chunks in the browser. The route table of a locale (route → chunk URL) is a JSON
 * file fetched on first need, so neither the HTML nor the entry chunk grows with the number of pages.
 */
import { localePrefixOf, normalizeRoutePath } from '../shared/route-path.js';
import type { PageBootData, RouteManifest } from '../shared/types.js';
import type { PageModule } from './page-module.js';

/** Per-tab loader state; created once by the client entry. */
export interface RouteLoader {
  /** Loads the page module of a route path (base removed); resolves to null when no such route exists. */
  load(routePath: string): Promise<PageModule | null>;
  /** Starts fetching a route's chunk without waiting; errors are left for `load` to report. */
  preload(routePath: string): void;
  /** A module already loaded for this route path, if any (synchronous, for rendering without a flash). */
  peek(routePath: string): PageModule | undefined;
  /** The manifest entry of a route: `[chunk URL, source path]`, or null when the locale has no such route. */
  lookup(routePath: string): Promise<[chunk: string, filePath: string] | null>;
  /**
   * Forgets every loaded module and route table and takes the new route table URLs (locale prefix → URL),
   * so the next `load` imports the chunks of a newer build (the dev server's in-place update). `chunks`
   * (route path → chunk URL, from the same update, which the new route table lists too) lets `load` import
   * those at once, without waiting for the table.
   */
  reset(manifestUrls: Record<string, string>, chunks?: Record<string, string>): void;
}

/** Creates the loader from the boot data of the first page and the initially loaded page module. */
export function createRouteLoader(boot: PageBootData, initial: PageModule | null): RouteLoader {
  const manifests = new Map<string, Promise<RouteManifest>>();
  const modules = new Map<string, Promise<PageModule | null>>();
  const loaded = new Map<string, PageModule>();
  if (initial) {
    loaded.set(boot.routePath, initial);
    modules.set(boot.routePath, Promise.resolve(initial));
  }
  let manifestUrls = boot.manifests;
  let prefixes = Object.keys(manifestUrls);
  let hints: Record<string, string> = {};

  const manifestFor = (routePath: string): Promise<RouteManifest> => {
    const prefix = localePrefixOf(routePath, prefixes);
    let m = manifests.get(prefix);
    if (!m) {
      const url = manifestUrls[prefix];
      // Its URL stays the same across builds: revalidated, never taken from the HTTP cache unchecked.
      m = fetch(url, { cache: 'no-cache' }).then(async (r) => {
        if (!r.ok) throw new Error(`Could not load the route table ${url}: HTTP ${r.status}`);
        const table = (await r.json()) as RouteManifest;
        // Chunks of a newer build import that build's React and theme: the caller loads the page whole.
        if (table.app !== boot.app) throw new Error(`The site was built again since this page loaded (${url} goes with ${table.app})`);
        return table;
      });
      // A failed fetch is retried on the next navigation instead of being cached.
      m.catch(() => {
        if (manifests.get(prefix) === m) manifests.delete(prefix);
      });
      manifests.set(prefix, m);
    }
    return m;
  };

  const load = (rawPath: string): Promise<PageModule | null> => {
    const routePath = normalizeRoutePath(rawPath);
    let p = modules.get(routePath);
    if (!p) {
      const hint = hints[routePath];
      p = (
        hint === undefined
          ? manifestFor(routePath).then((manifest) => (manifest.routes[routePath] ?? (routePath.endsWith('/') ? undefined : manifest.routes[`${routePath}/`]))?.[0])
          : Promise.resolve(hint)
      ).then(async (chunk) => {
        if (!chunk) return null;
        const mod = (await import(/* chunk URL from the route table or a dev update */ chunk)) as PageModule;
        loaded.set(routePath, mod);
        return mod;
      });
      p.catch(() => {
        if (modules.get(routePath) === p) modules.delete(routePath);
      });
      modules.set(routePath, p);
    }
    return p;
  };

  return {
    load,
    preload(routePath) {
      load(routePath).catch(() => {});
    },
    peek(routePath) {
      return loaded.get(normalizeRoutePath(routePath));
    },
    async lookup(rawPath) {
      const routePath = normalizeRoutePath(rawPath);
      const manifest = await manifestFor(routePath);
      return manifest.routes[routePath] ?? null;
    },
    reset(urls, chunks = {}) {
      manifestUrls = urls;
      prefixes = Object.keys(urls);
      hints = chunks;
      manifests.clear();
      modules.clear();
      loaded.clear();
    },
  };
}
