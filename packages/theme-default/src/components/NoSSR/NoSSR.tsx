import { useSyncExternalStore, type ReactNode } from 'react';

/** Props of `NoSSR`. */
export interface NoSSRProps {
  /**
   * Content rendered in the browser only: content that needs `window` or differs per reader.
   * @zh 只在浏览器中渲染的内容：需要 `window` 或因读者而异的内容。
   */
  children?: ReactNode;
  /**
   * Content of the static HTML, until the page has started (hydration). Defaults to nothing.
   * @zh 静态 HTML 中的内容，显示到页面启动（水合）为止。默认不渲染任何内容。
   */
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
