/**
 * Modules the site bundler provides (see node/pipeline/esbuild-plugin.ts). `@theme` (the active theme) is
 * type-checked through the tsconfig `paths` entry that names the default theme: every theme must export
 * `Layout` and `mdxComponents` like it.
 */
declare module 'docgen:site-data' {
  import type { SiteData } from '@docgen/core/shared';
  const siteData: SiteData;
  export default siteData;
}

/** What plugins add to every page: components rendered after the layout, components MDX may use by name. */
declare module 'docgen:global-ui' {
  import type { ComponentType } from 'react';
  export const globalUIComponents: [ComponentType<Record<string, unknown>>, Record<string, unknown>][];
  export const globalMdxComponents: Record<string, ComponentType<Record<string, unknown>>>;
}

/**
 * Replaced by the bundler (esbuild `define`): `'development'` in `docgen dev`'s browser bundle, `'production'`
 * in a build's and in the server bundles, so that dev-only code drops out of a build.
 */
declare const process: { env: { NODE_ENV: string } };
