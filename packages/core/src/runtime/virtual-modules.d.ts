/** Modules the site bundler provides (see node/build/esbuild-plugin.ts). */
declare module 'docgen:site-data' {
  import type { SiteData } from '@docgen/core/shared';
  const siteData: SiteData;
  export default siteData;
}

declare module '@theme' {
  import type { ComponentType } from 'react';
  /** The theme's root component: renders the whole page from the runtime hooks. */
  export const Layout: ComponentType;
  /** Components MDX content renders its elements with (`a`, `pre`, …) and tags it may use. */
  export const mdxComponents: Record<string, ComponentType<any>> | undefined;
}
