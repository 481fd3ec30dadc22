/**
 * `@docgen/plugin-playground`: code blocks marked `playground` (```` ```tsx playground ````) become live
 * examples: the code, editable, beside its rendered result. Built from four parts:
 * - a remark plugin (`remark-playground.ts`) that wraps each such block in the playground component and
 *   imports that component into the page, only into pages that have a playground;
 * - the component (`runtime/Playground.tsx`), bundled with those pages: the server-rendered, highlighted
 *   block first, then CodeMirror, the result and the URL-fragment state;
 * - two lazy chunks the plugin bundles itself, the editor and the compiler (`lazy-chunks.ts`), fetched
 *   by the component only when a playground needs them;
 * - a runtime module (`docgen-playground:config`) with the modules examples may import, loaded by the
 *   site bundler, and the chunks' URLs.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { definePlugin, validatePluginOptions, type DocgenPlugin, type ResolvedConfig } from '@docgen/core';
import * as z from '@docgen/core/zod';
import { bundleLazyChunks, writeLazyChunks, type LazyChunks } from './lazy-chunks.js';
import type { RemarkPlaygroundOptions } from './remark-playground.js';

export { PLAYGROUND_LANGS, COMPONENT_NAME, type RemarkPlaygroundOptions } from './remark-playground.js';

const runtimeDir = fileURLToPath(new URL('../src/runtime/', import.meta.url));
const COMPONENT = path.join(runtimeDir, 'Playground.tsx');
/** The remark plugin as the compile threads load it: a module of this package's `dist`. */
const REMARK_PLUGIN = fileURLToPath(new URL('./remark-playground.js', import.meta.url));
/** Runtime modules: the component as pages import it, and what it reads of the options. */
export const COMPONENT_MODULE = 'docgen-playground:component';
export const CONFIG_MODULE = 'docgen-playground:config';
/** The JSX runtime the compiler's output requires: always served, from the site's own React. */
const JSX_RUNTIME = 'react/jsx-runtime';

/** A bare module specifier as examples write it: a package (`react`, `@scope/ui`, `ui/button`). */
const specifier = z
  .string()
  .min(1)
  .refine((s) => /^(@[\w.-]+\/)?[\w.-]+(\/[\w.-]+)*$/.test(s) && !s.startsWith('.'), {
    message: 'is not a package name (such as react, @scope/ui or ui/button): examples import packages, not paths',
  });
/** What the site bundler loads for a specifier: a package name or an absolute path. */
const target = z
  .string()
  .min(1)
  .refine((s) => !s.startsWith('.'), { message: 'is a relative path: give an absolute path or a package name' });

const optionsSchema = z
  .object({
    /**
     * The modules examples may import: a list of package names the site's bundler resolves (from the site
     * root), or an object from the name examples use to what the bundler loads (a package name or an
     * absolute path). An import of anything else fails in the result pane, naming the module and these.
     * The JSX runtime (`react/jsx-runtime`) is always available.
     * @default ['react']
     * @example ['react', '@acme/ui'] or { react: 'react', '@acme/ui': '/abs/path/to/ui/index.ts' }
     */
    imports: z.union([z.array(specifier), z.record(specifier, target)]).default(() => ['react']),
    /**
     * Where the result goes: `horizontal` beside the code, `vertical` below it. Playgrounds narrower
     * than 560 px (phones) always stack. A block's meta `layout=vertical` overrides it.
     * @default 'horizontal'
     */
    layout: z.enum(['horizontal', 'vertical']).default('horizontal'),
    /**
     * Milliseconds after the reader's last keystroke before the example runs again.
     * @default 300
     */
    debounce: z.number().int().min(0).max(10_000).default(300),
  })
  .strict();

/** Options of `pluginPlayground`. */
export type PlaygroundOptions = z.input<typeof optionsSchema>;


/**
 * Creates the plugin.
 * @throws DocgenError `[playground] options: …` for a wrong option
 * @example plugins: [pluginPlayground({ imports: ['react', '@acme/ui'], layout: 'vertical' })]
 */
export function pluginPlayground(options: PlaygroundOptions = {}): DocgenPlugin {
  const { imports, layout, debounce } = validatePluginOptions('playground', optionsSchema, options);
  const loaders: Record<string, string> = Array.isArray(imports) ? Object.fromEntries(imports.map((s) => [s, s])) : { ...imports };
  // Bundled once per process (dev server rebuilds included): the chunks depend on this package only.
  let chunks: Promise<LazyChunks> | undefined;
  // The first caller's cache folder counts (the hooks of one build all get the same).
  const lazyChunks = (cacheDir: string | null) => (chunks ??= bundleLazyChunks(cacheDir));
  const remarkOptions: RemarkPlaygroundOptions = { component: COMPONENT_MODULE, layout };
  return definePlugin({
    name: 'playground',
    markdown: { remarkPlugins: [[REMARK_PLUGIN, remarkOptions]] },
    async addRuntimeModules(config, env) {
      const { editor, compiler } = await lazyChunks(env.cacheDir);
      return {
        [COMPONENT_MODULE]: `export { default } from ${JSON.stringify(COMPONENT)};\n`,
        [CONFIG_MODULE]: configModuleSource({ loaders, base: config.base, editor: editor.file, compiler: compiler.file, debounce }),
      };
    },
    esbuild: {
      plugins: [
        {
          // The dev server serves its output folder while pages still compile, long before `afterBuild`:
          // the chunks go in as soon as the browser bundle starts.
          name: 'playground-lazy-chunks',
          setup(build) {
            const { outdir, platform } = build.initialOptions;
            if (platform !== 'browser' || !outdir) return;
            build.onStart(async () => {
              writeLazyChunks(outdir, await lazyChunks(null));
            });
          },
        },
      ],
    },
    async afterBuild(config, env) {
      writeLazyChunks(config.outDir, await lazyChunks(env.cacheDir));
    },
  });
}

/**
 * Source of the `docgen-playground:config` runtime module: a loader per allowed module (an `import()` the
 * site bundler resolves from the site root), the allowed names, the chunks' URLs under `base`, the delay.
 */
export function configModuleSource({ loaders, base, editor, compiler, debounce }: { loaders: Record<string, string>; base: ResolvedConfig['base']; editor: string; compiler: string; debounce: number }): string {
  const entries = Object.entries({ ...loaders, ...(JSX_RUNTIME in loaders ? {} : { [JSX_RUNTIME]: JSX_RUNTIME }) });
  const lines = [
    'export const loaders = {',
    ...entries.map(([name, target]) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(target)}),`),
    '};',
    `export const allowed = ${JSON.stringify(Object.keys(loaders))};`,
    `export const editorUrl = ${JSON.stringify(base + editor)};`,
    `export const compilerUrl = ${JSON.stringify(base + compiler)};`,
    `export const debounce = ${debounce};`,
  ];
  return `${lines.join('\n')}\n`;
}
