/**
 * The app: the theme's Layout inside the runtime context, switching pages as the location changes.
 * The page on screen stays until the next one has loaded, so navigation never shows an empty page.
 */
import { Layout, mdxComponents } from '@theme';
import siteData from 'docgen:site-data';
import { globalMdxComponents, globalUIComponents } from 'docgen:global-ui';
import { startTransition, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { normalizeRoutePath } from '../shared/route-path.js';
import { devContent, GlobalMdxComponentsContext } from './content.js';
import { RuntimeContext, type RuntimeState } from './context.js';
import { localeOf } from './hooks.js';
import { LoaderContext } from './loader-context.js';
import { savedScrollPosition, useRouter } from './router.js';
import { setSearchIndexUrls } from './search-index.js';
import { useLinkDelegation } from './use-link-delegation.js';
import type { PageModule } from './page-module.js';

/**
 * Root component. `initialPage` is the page module of the first route rendered (null for 404) and
 * `initialRoutePath` the route the HTML was rendered for: the 404 page is one file served for any
 * unknown path, so it hydrates as rendered and then switches to the visited path (and its language).
 */
// The theme's MDX components after the plugins', so a theme can still replace one by its name.
const mdxComponentsOfSite = { ...globalMdxComponents, ...mdxComponents };

export function App({ initialPage, initialRoutePath }: { initialPage: PageModule | null; initialRoutePath: string }) {
  const { location, action } = useRouter();
  const loader = useContext(LoaderContext);
  const routePath = normalizeRoutePath(location.pathname);
  const [state, setState] = useState<RuntimeState>(() => ({ site: siteData, page: initialPage, routePath: initialRoutePath }));
  useLinkDelegation(siteData.base, loader);
  const shownRoute = useRef(state.routePath);
  shownRoute.current = state.routePath;
  const shownPage = useRef(state.page);
  shownPage.current = state.page;

  // `docgen dev`: page modules of a newer build swapped into the state in place (no reload), so scroll
  // position and the theme's UI state survive an edit. The dev server's page script dispatches the event
  // and reloads the page when nobody cancels it.
  useEffect(() => {
    // A build's browser bundle (NODE_ENV 'production') leaves this out.
    if (process.env.NODE_ENV === 'production' || !loader) return;
    // The page script's window event and the property where it keeps the updates that came before this
    // app started (their names are defined with the dev server).
    const DEV_UPDATE_EVENT = 'docgen:dev-update';
    const DEV_PENDING_GLOBAL = '__docgenDevPending';
    const onUpdate = (event: Event) => {
      const update = (event as CustomEvent<DevUpdate>).detail;
      event.preventDefault();
      // A `search` event brings new search indexes only.
      if (update.manifests) loader.reset(update.manifests, update.chunks);
      if (update.searchIndexes) setSearchIndexUrls(update.searchIndexes);
      const routePath = shownRoute.current;
      if (!update.routes.includes(routePath)) return;
      loader.load(routePath).then(
        (page) => {
          // Only the content changed (the usual edit of a page's text): only the content renders again.
          const shown = shownPage.current;
          if (page && shown && shownRoute.current === routePath && samePageRecord(shown, page)) {
            // The new module registered its content component with Fast Refresh under the page's name:
            // refreshing renders the content on screen with it, in place rather than mounted anew.
            const refreshed = (window as unknown as { __dgRefresh?: { perform(): RefreshUpdate | null } }).__dgRefresh?.perform();
            // The headings' source offsets moved with the text before them: taken over in place, as nothing
            // the page shows depends on them.
            shown.pageData.toc.forEach((item, i) => (item.charIndex = page.pageData.toc[i].charIndex));
            // Only when the refresh did not reach the content (no runtime, or the module registered no
            // component): rendering it again after a refresh repeated its render (~20 ms in React's
            // development build on a 2-core machine).
            if (!refreshedContent(refreshed, page.default)) devContent.set(shown, page.default);
          }
          else startTransition(() => setState((s) => (s.routePath === routePath ? { ...s, page } : s)));
        },
        (error: unknown) => {
          console.error(error);
          window.location.reload();
        },
      );
    };
    window.addEventListener(DEV_UPDATE_EVENT, onUpdate);
    const pending = (window as unknown as Record<string, DevUpdate[] | undefined>)[DEV_PENDING_GLOBAL];
    (window as unknown as Record<string, unknown>)[DEV_PENDING_GLOBAL] = undefined;
    for (const update of pending ?? []) onUpdate(new CustomEvent(DEV_UPDATE_EVENT, { detail: update, cancelable: true }));
    return () => window.removeEventListener(DEV_UPDATE_EVENT, onUpdate);
  }, [loader]);

  useEffect(() => {
    if (!loader || routePath === state.routePath) return;
    let cancelled = false;
    // In a transition: a page that draws a part of the theme not loaded yet (a lazy component) keeps the
    // page on screen until the part has loaded.
    const show = (page: PageModule | null) => startTransition(() => setState({ site: siteData, page, routePath }));
    const ready = loader.peek(routePath);
    if (ready) {
      show(ready);
      return;
    }
    loader.load(routePath).then(
      (page) => {
        if (!cancelled) show(page);
      },
      (error: unknown) => {
        // The chunk could not be fetched (new deploy, offline), or the site was built again with other shared
        // code: a full load of the URL recovers. The router has put the URL in place already, and assigning a
        // URL that differs only in its fragment would not load it: reload.
        console.error(error);
        if (!cancelled) window.location.reload();
      },
    );
    return () => {
      cancelled = true;
    };
  }, [loader, routePath, state.routePath, location]);

  // After a page change: back and forward restore the entry's scroll position, other navigations go to
  // the URL's fragment or the top.
  useLayoutEffect(() => {
    if (typeof window === 'undefined' || !loader) return;
    const saved = action === 'pop' ? savedScrollPosition(location.key) : undefined;
    const hash = decodeURIComponent(location.hash.slice(1));
    const target = hash ? document.getElementById(hash) : null;
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (target) target.scrollIntoView();
    else if (location.state !== 'keep-scroll') window.scrollTo(0, 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.routePath]);

  // Back and forward within the page on screen (between its `#fragment` entries): the browser's own
  // restoration is off while the app runs.
  useLayoutEffect(() => {
    if (action !== 'pop' || routePath !== shownRoute.current) return;
    const saved = savedScrollPosition(location.key);
    if (saved !== undefined) window.scrollTo(0, saved);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  useEffect(() => {
    const page = state.page?.pageData;
    const locale = localeOf(siteData, page, state.routePath);
    document.title = pageTitle(page?.title, page?.frontmatter.titleSuffix, locale?.title ?? siteData.title);
    document.documentElement.lang = page?.lang ?? locale?.lang ?? siteData.lang;
  }, [state.page, state.routePath]);

  return (
    <RuntimeContext.Provider value={state}>
      <GlobalMdxComponentsContext.Provider value={mdxComponentsOfSite}>
        <Layout />
        {globalUIComponents.map(([Component, props], i) => (
          <Component key={i} {...props} />
        ))}
      </GlobalMdxComponentsContext.Provider>
    </RuntimeContext.Provider>
  );
}

/** Data of the dev server's page script's window event (defined with the dev server). */
interface DevUpdate {
  routes: string[];
  manifests?: Record<string, string>;
  searchIndexes?: Record<string, string>;
  /** Route path → its new chunk URL. */
  chunks?: Record<string, string>;
}

/** What `performReactRefresh` of `react-refresh/runtime` returns when it refreshed: the families it re-rendered or mounted anew. */
interface RefreshUpdate {
  updatedFamilies: Set<{ current: unknown }>;
  staleFamilies: Set<{ current: unknown }>;
}

/** Whether `update` (a refresh, or null when there was nothing to refresh) re-rendered the family whose component is now `content`. */
function refreshedContent(update: RefreshUpdate | null | undefined, content: unknown): boolean {
  if (!update) return false;
  for (const family of [...update.updatedFamilies, ...update.staleFamilies]) if (family.current === content) return true;
  return false;
}

/**
 * Whether two modules of one page have the same page data, sidebar and overview (they may differ in
 * content), the TOC's `charIndex` left out: a heading's offset in the source moves with any edit of the
 * text above it.
 */
function samePageRecord(a: PageModule, b: PageModule): boolean {
  const record = (m: PageModule) => JSON.stringify([m.pageData, m.sidebar, m.overview], (key, value: unknown) => (key === 'charIndex' ? undefined : value));
  return record(a) === record(b);
}

/** `<title>` text: `Page | Site`, the suffix replaced by front matter `titleSuffix` when given. */
export function pageTitle(title: string | undefined, titleSuffix: string | undefined, siteTitle: string): string {
  const suffix = titleSuffix ?? siteTitle;
  if (!title) return suffix || siteTitle;
  if (!suffix || title === suffix) return title;
  return `${title} | ${suffix}`;
}
