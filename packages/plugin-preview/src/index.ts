/**
 * `@docgen/plugin-preview`: component demos next to their code, as component-library docs show them. A
 * `tsx`/`jsx` code block marked `preview`, or a `<code src="./demo.tsx" />` tag, renders its default export
 * above its highlighted code, either in the page (`inline`: rendered into the static HTML, then hydrated)
 * or in a page of its own shown in an iframe 375 px wide (`iframe`), for demos that need their own CSS or a
 * phone's viewport. Demos that throw show their source's file and line instead of the demo.
 *
 * The parts, all through the public plugin API:
 * - `markdown.remarkPlugins`: `remark-preview.ts` turns demos into the runtime's `Preview` element and
 *   imports inline demos into the page's module (only pages with demos load the runtime);
 * - `esbuild.plugins`: `demo-module.ts` serves those imports to both site bundles;
 * - `addPages`: one blank page per iframe demo, found by a line scan of the pages (`scan-demos.ts`);
 * The runtime components bring their own styles and UI strings (English, Chinese), so pages without a
 * demo load neither.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { definePlugin, scanRoutes, validatePluginOptions, type AddedPage, type DocgenPlugin, type ResolvedConfig, type RouteEntry } from '@docgen/core';
import * as z from '@docgen/core/zod';
import { demoRoutePath } from './demo-route.js';
import { iframeSpecifier, previewEsbuildPlugin, RUNTIME_SPECIFIER } from './demo-module.js';
import type { RemarkPreviewOptions } from './remark-preview.js';
import { scanDemos, type DemoDefaults } from './scan-demos.js';

export { demoRoutePath } from './demo-route.js';
export { scanDemos, classifyFence, parsePreviewMeta, type PreviewMode, type ScannedDemo, type ScanResult, type DemoDefaults, type PageDemoSettings } from './scan-demos.js';
export type { RemarkPreviewOptions } from './remark-preview.js';

/**
 * The remark plugin as the compile workers load it: built JavaScript (workers import it by path, and Node
 * runs no TypeScript), so the package must be built (`node scripts/build-packages.mjs plugin-preview`)
 * also when its TypeScript source is what imports this module.
 */
export const REMARK_PLUGIN = fileURLToPath(new URL('../dist/remark-preview.js', import.meta.url));

const optionsSchema = z
  .object({
    /**
     * Where a demo renders when its block names no mode (`preview iframe`, `preview inline`) and its page's
     * front matter no `previewMode`: in the page (`inline`) or in an iframe showing a page of its own (`iframe`).
     * @default 'inline'
     * @example 'iframe'
     */
    mode: z.enum(['inline', 'iframe']).default('inline'),
    /**
     * Preview every `tsx` and `jsx` code block of the site, without the `preview` word; a block opts out with
     * `preview=false`, a page with front matter `preview: false`.
     * @default false
     * @example true
     */
    previewAll: z.boolean().default(false),
    /**
     * Whether the code shows below the demo from the start; else the reader opens it with "Show code".
     * @default true
     * @example false
     */
    codeExpanded: z.boolean().default(true),
    /** The iframe of iframe demos. */
    iframe: z
      .object({
        /**
         * Width of the iframe (the demo's viewport) in CSS pixels: a phone's by default.
         * @default 375
         * @example 414
         */
        width: z.number().int().min(200).max(1920).default(375),
        /**
         * Height of the iframe in CSS pixels.
         * @default 640
         * @example 480
         */
        height: z.number().int().min(100).max(2000).default(640),
        /**
         * Route prefix of the demo pages, inside each locale's prefix: a page's demos are at
         * `<locale prefix><routePrefix><page route>/<n>` (`/_preview/guide/button/1`).
         * @default '/_preview'
         * @example '/demos'
         */
        routePrefix: z
          .string()
          .refine((p) => /^(\/[\w.~-]+)+$/.test(p), { message: 'must be a route prefix such as /_preview (a slash, then letters, digits, _ . ~ -, no slash at the end)' })
          .default('/_preview'),
      })
      .strict()
      .default({ width: 375, height: 640, routePrefix: '/_preview' }),
  })
  .strict();

/** Options of `pluginPreview`. */
export type PreviewOptions = z.input<typeof optionsSchema>;
/** Options of `pluginPreview` with the defaults filled in. */
export type ResolvedPreviewOptions = z.output<typeof optionsSchema>;

/**
 * Creates the plugin.
 * @throws DocgenError `[preview] options: …` for a wrong option
 * @example plugins: [pluginPreview()] // then ```tsx preview in a page
 * @example plugins: [pluginPreview({ mode: 'iframe', iframe: { height: 560 } })]
 */
export function pluginPreview(options: PreviewOptions = {}): DocgenPlugin {
  const resolved = validatePluginOptions('preview', optionsSchema, options);
  const defaults: DemoDefaults = { mode: resolved.mode, previewAll: resolved.previewAll };
  const remarkOptions: RemarkPreviewOptions = { ...defaults, codeExpanded: resolved.codeExpanded, iframe: resolved.iframe };
  return definePlugin({
    name: 'preview',
    markdown: { remarkPlugins: [[REMARK_PLUGIN, remarkOptions]] },
    esbuild: { plugins: [previewEsbuildPlugin(defaults)] },
    addPages: (config, env) => demoPages(config, defaults, resolved.iframe.routePrefix, env.routes),
  });
}

/**
 * One blank page per iframe demo of the site's Markdown and MDX pages (`routes`: the routes core scanned,
 * which `addPages` gets; scanned here when not given): each page's source is read and scanned once
 * (`scanDemos`), so the cost grows with the size of the pages.
 */
export function demoPages(config: ResolvedConfig, defaults: DemoDefaults, routePrefix: string, routes: RouteEntry[] = scanRoutes(config)): AddedPage[] {
  const pages: AddedPage[] = [];
  for (const route of routes) {
    if (!/\.mdx?$/.test(route.filePath)) continue;
    const source = fs.readFileSync(route.filePath, 'utf8');
    const demos = scanDemos(source, defaults).demos.filter((d) => d.mode === 'iframe');
    if (!demos.length) continue;
    const prefix = config.resolvedLocales.find((l) => l.lang === route.lang)?.prefix ?? '';
    demos.forEach((demo, index) => {
      pages.push({
        routePath: demoRoutePath(route.path, prefix, routePrefix, index),
        format: 'mdx',
        content: demoPageSource({ page: route.filePath, file: route.relativePath, line: demo.line, index, src: demo.src }),
      });
    });
  }
  return pages;
}

/** The MDX of a demo page: a blank layout kept out of search and sidebars, the demo in its error boundary. */
function demoPageSource({ page, file, line, index, src }: { page: string; file: string; line: number; index: number; src?: string }): string {
  return [
    '---',
    `title: ${JSON.stringify(`Demo ${index + 1} of ${file}`)}`,
    'pageType: blank',
    'sidebar: false',
    'outline: false',
    'search: false',
    '---',
    '',
    `import { DemoPage } from ${JSON.stringify(RUNTIME_SPECIFIER)};`,
    `import Demo from ${JSON.stringify(iframeSpecifier({ page, index }))};`,
    '',
    `<DemoPage demo={Demo} file={${JSON.stringify(file)}} line={${line}}${src === undefined ? '' : ` src={${JSON.stringify(src)}}`} />`,
    '',
  ].join('\n');
}
