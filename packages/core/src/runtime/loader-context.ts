import { createContext, useContext } from 'react';
import type { RouteLoader } from './route-loader.js';

/** The route loader; null during SSR, where no other page is ever loaded. */
export const LoaderContext = createContext<RouteLoader | null>(null);

/** Returns a function that starts loading a route's chunk (no-op during SSR). */
export function usePreload(): (routePath: string) => void {
  const loader = useContext(LoaderContext);
  return (routePath) => loader?.preload(routePath);
}
