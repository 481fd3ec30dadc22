import { useSyncExternalStore, type ReactNode } from 'react';

/** Props of `NoSSR`. */
export interface NoSSRProps {
  /** Rendered in the browser only: content that needs `window` or differs per reader. */
  children?: ReactNode;
  /** Rendered instead in the HTML and until hydration. @default nothing */
  fallback?: ReactNode;
}

const subscribe = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/**
 * Renders `children` only in the browser: the HTML and the hydrating render show `fallback`, and the
 * children replace it once the page has mounted, so hydration always matches the HTML. Where nothing
 * is hydrated (a page reached by in-app navigation), the children render at once.
 */
export function NoSSR({ children, fallback = null }: NoSSRProps) {
  // useSyncExternalStore gives the server value during SSR and hydration, the client value otherwise.
  const mounted = useSyncExternalStore(subscribe, inBrowser, onServer);
  return <>{mounted ? children : fallback}</>;
}
