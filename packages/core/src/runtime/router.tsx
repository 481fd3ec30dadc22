/**
 * The client-side router: the current location as React state, `navigate` on top of the History API, and
 * scroll restoration on back and forward. A documentation site needs no route matching here (the route
 * tables map paths to page chunks), so this is all the app keeps of a general router.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/** Where the app is: `pathname` without the site's base (always starting with `/`), `search` and `hash` with their `?`/`#` or empty. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What `navigate(to, { state })` gave for this history entry, else null. */
  state: unknown;
  /** Unique per history entry; `'default'` on the first render, before the router has given the document's own entry a key. */
  key: string;
}

/** Options of a navigation: `replace` swaps the current history entry instead of adding one. */
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/**
 * Moves the app to `to`, a URL without the site's base: an absolute path (`/guide/`), a path relative
 * to the current one, or only `?query` / `#hash`. A number moves through the history (`-1` is back).
 */
export interface NavigateFunction {
  (to: string, options?: NavigateOptions): void;
  (delta: number): void;
}

interface RouterState {
  location: Location;
  navigate: NavigateFunction;
  /** How the location was last reached: `pop` for back and forward, which restores the scroll position. */
  action: 'load' | 'push' | 'replace' | 'pop';
}

const RouterContext = createContext<RouterState | null>(null);

/** The current location; throws outside a router. */
export function useLocation(): Location {
  return useRouter().location;
}

/** The `navigate` function of the router around the component; throws outside a router. */
export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

/** @internal The app's view of the router: the location and how it was reached. */
export function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error('docgen: useLocation and useNavigate need a router around the component (BrowserRouter, or StaticRouter on the server)');
  return router;
}

/** The history entry's data this router writes: the entry's key and the navigation's state. */
interface EntryState {
  key: string;
  usr: unknown;
}

function readLocation(basename: string): Location {
  const { pathname, search, hash } = window.location;
  const entry = window.history.state as Partial<EntryState> | null;
  return { pathname: stripBasename(pathname, basename), search, hash, state: entry?.usr ?? null, key: typeof entry?.key === 'string' ? entry.key : 'default' };
}

function stripBasename(pathname: string, basename: string): string {
  if (!basename) return pathname;
  if (pathname === basename) return '/';
  return pathname.startsWith(basename + '/') ? pathname.slice(basename.length) : pathname;
}

let keys = 0;
const newKey = () => `${Date.now().toString(36)}${(keys++).toString(36)}`;

/** Scroll positions by history entry key, kept in session storage so that they survive a reload. */
const SCROLL_STORAGE_KEY = 'docgen:scroll';
/** Entries remembered; the oldest are dropped past this. */
const SCROLL_ENTRIES = 100;
let scrollPositions: Record<string, number> | undefined;

function readScrollPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    // Storage blocked (privacy settings) or damaged: scroll restoration starts empty.
    return {};
  }
}

/** The scroll position of the history entry `key` when the reader left it (`window.scrollY`, CSS pixels), if known. */
export function savedScrollPosition(key: string): number | undefined {
  return scrollPositions?.[key];
}

/** The key of the history entry on screen. */
let entryKey = 'default';

function currentKey(): string {
  const entry = window.history.state as Partial<EntryState> | null;
  return typeof entry?.key === 'string' ? entry.key : 'default';
}

/** Records where the reader is on the entry on screen, before it is left. */
function saveScrollPosition(): void {
  scrollPositions ??= readScrollPositions();
  delete scrollPositions[entryKey];
  scrollPositions[entryKey] = window.scrollY;
  const keys = Object.keys(scrollPositions);
  if (keys.length > SCROLL_ENTRIES) delete scrollPositions[keys[0]!];
}

/**
 * The router of the browser. `basename` is the site's base without its trailing slash (`/docs`), or empty.
 * Every history entry gets a key, and the scroll position of an entry is recorded when it is left (a
 * navigation, a click on a link, back or forward, leaving the document). While the app runs, the browser's
 * own scroll restoration is off (`history.scrollRestoration = 'manual'`): on back and forward the page on
 * screen changes only once the next page's chunk has loaded, and the app then restores the position
 * recorded for the entry (`savedScrollPosition`). Leaving the document turns it back on, so a reload
 * restores the position natively.
 */
export function BrowserRouter({ basename = '', children }: { basename?: string; children: ReactNode }) {
  const [current, setCurrent] = useState<{ location: Location; action: RouterState['action'] }>(() => ({ location: readLocation(basename), action: 'load' }));

  useEffect(() => {
    scrollPositions ??= readScrollPositions();
    // The document's own entry gets a key here; so do entries of in-page `#fragment` links, which the
    // browser adds (announced by `hashchange`, and by `popstate` in some browsers).
    const keyEntry = () => {
      const state = window.history.state as Partial<EntryState> | null;
      if (typeof state?.key === 'string') return false;
      window.history.replaceState({ ...state, key: newKey(), usr: state?.usr ?? null }, '');
      entryKey = currentKey();
      return true;
    };
    keyEntry();
    entryKey = currentKey();
    // Before the browser follows an in-page link (and scrolls), and before the app handles any other link.
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest('a[href]')) saveScrollPosition();
    };
    const onEntry = () => {
      if (keyEntry()) {
        setCurrent({ location: readLocation(basename), action: 'push' });
        return;
      }
      const key = currentKey();
      if (key === entryKey) return;
      // Back or forward: the browser has not scrolled (restoration is manual), so this is where the reader left.
      saveScrollPosition();
      entryKey = key;
      setCurrent({ location: readLocation(basename), action: 'pop' });
    };
    const onLeave = () => {
      saveScrollPosition();
      try {
        sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(scrollPositions));
      } catch {
        // Full or blocked storage only costs the restoration after a reload.
      }
      window.history.scrollRestoration = 'auto';
    };
    const onShow = () => {
      window.history.scrollRestoration = 'manual';
    };
    onShow();
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onEntry);
    window.addEventListener('hashchange', onEntry);
    window.addEventListener('pagehide', onLeave);
    window.addEventListener('pageshow', onShow);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onEntry);
      window.removeEventListener('hashchange', onEntry);
      window.removeEventListener('pagehide', onLeave);
      window.removeEventListener('pageshow', onShow);
    };
  }, [basename]);

  const navigate = useCallback(
    ((to: string | number, options: NavigateOptions = {}) => {
      if (typeof to === 'number') return window.history.go(to);
      const url = new URL(to.startsWith('/') ? basename + to : to, window.location.href);
      const entry: EntryState = { key: newKey(), usr: options.state ?? null };
      if (options.replace) window.history.replaceState(entry, '', url);
      else {
        saveScrollPosition();
        window.history.pushState(entry, '', url);
      }
      entryKey = entry.key;
      setCurrent({ location: readLocation(basename), action: options.replace ? 'replace' : 'push' });
    }) as NavigateFunction,
    [basename],
  );

  const value = useMemo(() => ({ ...current, navigate }), [current, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/**
 * A router fixed at one URL, for server rendering and tests: `location` is the full path with the base
 * (and optionally `?search#hash`); `navigate` throws, since nothing can move during a render.
 */
export function StaticRouter({ location, basename = '', children }: { location: string; basename?: string; children: ReactNode }) {
  const value = useMemo<RouterState>(() => {
    const url = new URL(location, 'http://localhost');
    return {
      location: { pathname: stripBasename(url.pathname, basename), search: url.search, hash: url.hash, state: null, key: 'default' },
      action: 'load',
      navigate: (() => {
        throw new Error('docgen: navigate() was called during a server render');
      }) as NavigateFunction,
    };
  }, [location, basename]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}
