import './NavProgress.css';
import { normalizeRoutePath, useLocation, useRoutePath } from '@docgen/core/runtime';
import { useEffect } from 'react';
import type { NProgress } from 'nprogress';

/**
 * nprogress settings (minimum 0.08, speed 200 ms, trickle speed 800 ms, easing `ease`; the
 * 0.02 trickle rate and the 0.994 maximum before `done()` are nprogress's own). The template drops
 * nprogress's spinner and its made-up ARIA role (`role="bar"`), which accessibility checkers reject.
 */
export const NPROGRESS_SETTINGS = {
  minimum: 0.08,
  speed: 200,
  trickleSpeed: 800,
  easing: 'ease',
  showSpinner: false,
  template: '<div class="bar"><div class="peg"></div></div>',
  barSelector: '.bar',
} as const;

/** A navigation that takes longer than this, in ms, shows the bar; faster ones show nothing (no flicker). */
export const NAV_PROGRESS_DELAY = 150;

let nprogress: Promise<NProgress> | undefined;

/** Loads nprogress (its own chunk) on the first client-side navigation, configured. */
function loadNProgress(): Promise<NProgress> {
  if (!nprogress) {
    nprogress = import('nprogress').then(({ default: np }) => np.configure(NPROGRESS_SETTINGS));
    nprogress.catch(() => (nprogress = undefined));
  }
  return nprogress;
}

/**
 * Whether a client-side navigation is in progress: the router's location already names another route
 * than the page on screen, which the app keeps until the new page's chunk (and, on the first
 * navigation into a locale, its route table) has loaded.
 */
export function useNavigationPending(): boolean {
  const location = useLocation();
  const routePath = useRoutePath();
  return normalizeRoutePath(location.pathname) !== routePath;
}

/**
 * A thin bar in the brand colour at the top of the window while a client-side navigation loads (start,
 * trickle increments, done), drawn by nprogress. It appears only when the navigation takes longer
 * than `NAV_PROGRESS_DELAY`; nprogress is loaded when the first navigation starts. Renders nothing itself.
 */
export function NavProgress() {
  const pending = useNavigationPending();
  useEffect(() => {
    if (!pending) return;
    let cancelled = false;
    let started = false;
    const loading = loadNProgress();
    const timer = setTimeout(() => {
      loading.then(
        (np) => {
          if (cancelled) return;
          started = true;
          np.start();
        },
        // Navigation goes on without a bar; say why it is missing.
        (error: unknown) => console.warn('docgen: the progress bar (nprogress) could not be loaded', error),
      );
    }, NAV_PROGRESS_DELAY);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      if (started) void loading.then((np) => np.done());
    };
  }, [pending]);
  return null;
}
