/**
 * `@docgen/plugin-typedoc`: API reference pages generated from TypeScript entry points by TypeDoc with
 * typedoc-plugin-markdown. Once per build, TypeDoc's Markdown is added as pages under a route prefix
 * (`/api/reference/`) of each chosen locale, its links rewritten to those routes, with a sidebar group. The
 * output is kept in the plugin's cache folder and reused while the program's files, the tsconfig files, the
 * options and the tools' versions stay the same; TypeDoc is then not even loaded.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DocgenError, definePlugin, validatePluginOptions, type AddedPage, type DocgenPlugin, type HookEnv, type ResolvedConfig } from '@docgen/core';
import * as z from '@docgen/core/zod';
import { cacheFile, readCachedReference, settingsKey, writeCachedReference, type GeneratedReference } from './reference-cache.js';
import { pageRoute, rewriteLinks } from './routes.js';
import { addReferenceGroup, referenceGroup } from './sidebar.js';
import { withoutSearch } from './front-matter.js';

export { pageRoute, rewriteLinks } from './routes.js';
export { addReferenceGroup, referenceGroup, type ReferenceGroupOptions, type ReferenceNavItem } from './sidebar.js';
export { hashFiles, readCachedReference, settingsKey, stableJson, writeCachedReference, type CacheLookup, type GeneratedReference } from './reference-cache.js';

/** TypeDoc options the plugin sets itself: giving them in `typedocOptions` is an error. */
const RESERVED = ['entryPoints', 'tsconfig', 'out', 'plugin', 'fileExtension', 'outputs', 'html', 'json', 'emit', 'watch', 'options', 'preserveWatchOutput'];

/** What a route prefix may hold: absolute, ending with `/`, no `#`, `?`, `%`, backslash or whitespace. */
const ROUTE_PREFIX = /^\/(?:[^#?%\\\s\u0000-\u001f\u007f]*\/)?$/;

const entryPoint = z.union([
  z.string().min(1),
  z
    .object({
      /** The entry point's file. */
      path: z.string().min(1),
      /** The module's name in the reference, instead of the one TypeDoc derives from the path. */
      name: z.string().min(1),
    })
    .strict(),
]);

const optionsSchema = z
  .object({
    /**
     * The TypeScript files whose exports are documented: paths relative to the site root, or absolute. An
     * entry `{ path, name }` names the module (`@docgen/core` rather than TypeDoc's `index`); with one entry
     * point, the name is the project's (TypeDoc's `name`).
     * @example ['../src/index.ts']
     * @example [{ path: '../src/index.ts', name: 'my-lib' }, { path: '../src/react.ts', name: 'my-lib/react' }]
     */
    entryPoints: z.array(entryPoint).min(1),
    /**
     * The tsconfig file of the program (relative to the site root, or absolute); several files are
     * documented as one project, a program each (a package whose Node and browser code have separate
     * tsconfigs).
     * @default the nearest `tsconfig.json` above the first entry point
     * @example '../tsconfig.json'
     */
    tsconfig: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
    /**
     * The route prefix of the pages, without the locale's prefix (the reference of locale `zh` is under
     * `/zh/api/reference/`); starts and ends with `/`.
     * @default '/api/reference/'
     */
    routePrefix: z
      .string()
      .regex(ROUTE_PREFIX, 'must start and end with / and hold no #, ?, %, backslash or space (e.g. /api/reference/)')
      .default('/api/reference/'),
    /**
     * The title of the reference's sidebar group: one for every locale, or one per language (`lang` of a
     * locale), for every locale that gets the pages.
     * @default 'API Reference'
     * @example { en: 'API Reference', zh: 'API 参考' }
     */
    sidebarLabel: z.union([z.string().min(1), z.record(z.string(), z.string().min(1))]).default('API Reference'),
    /**
     * The languages (`lang` of the config's locales) that get the pages, each under its own prefix; the
     * content is the same (TypeDoc's output, in the language of the doc comments).
     * @default every locale
     * @example ['en']
     */
    locales: z.array(z.string().min(1)).min(1).optional(),
    /**
     * Whether the built-in search indexes the reference pages. Off, they get `search: false` in their front
     * matter: a site whose guide pages explain the same names keeps those first in the results.
     * @default true
     */
    search: z.boolean().default(true),
    /**
     * More options for TypeDoc and typedoc-plugin-markdown, as on their command line (`excludePrivate`,
     * `sourceLinkTemplate`, `useCodeBlocks`…). TypeDoc resolves relative paths in them from the working
     * directory: give absolute ones. The plugin's own defaults, which these override: `readme: 'none'`,
     * `hidePageHeader: true`, `hideBreadcrumbs: true`, `logLevel: 'Warn'`. Keys the plugin sets itself
     * (`entryPoints`, `tsconfig`, `out`, `plugin`, `fileExtension`, `outputs`…) are refused.
     * @default {}
     * @see https://typedoc.org/documents/Options.html
     * @see https://typedoc-plugin-markdown.org/docs/options
     */
    typedocOptions: z
      .record(z.string(), z.unknown())
      .superRefine((value, ctx) => {
        for (const key of RESERVED) {
          if (key in value) ctx.addIssue({ code: 'custom', path: [key], message: 'is set by the plugin (use the plugin option of that name, if there is one)' });
        }
        try {
          JSON.stringify(value);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: `must be plain data (${(error as Error).message})` });
        }
      })
      .default(() => ({})),
  })
  .strict();

/** Options of `pluginTypedoc`. */
export type TypedocOptions = z.input<typeof optionsSchema>;

/** The plugin's defaults for TypeDoc: no README page (the modules list is the index), no page header or breadcrumbs (the site has its sidebar), warnings and errors only. */
const TYPEDOC_DEFAULTS = { readme: 'none', hidePageHeader: true, hideBreadcrumbs: true, logLevel: 'Warn' };

/** The reference of one build, from TypeDoc or the cache. */
interface BuildReference {
  reference: GeneratedReference;
  /** Generated file → route path without the locale's prefix. */
  routes: Map<string, string>;
  entryFileName: string;
}

/**
 * Creates the plugin.
 * @throws DocgenError `[typedoc] options: …` for a wrong option; when building, `[typedoc] addPages: …` for a
 *   language in `locales` or `sidebarLabel` the site does not have, a missing entry point or tsconfig, and
 *   TypeDoc's errors (`TypeDoc failed in the conversion with 2 errors: src/a.ts:3:7: TS2322: …`), each with
 *   its file, line and column when TypeDoc gives them
 * @example plugins: [pluginTypedoc({ entryPoints: ['../src/index.ts'] })]
 */
export function pluginTypedoc(options: TypedocOptions): DocgenPlugin {
  const opts = validatePluginOptions('typedoc', optionsSchema, options);
  const typedocOptions: Record<string, unknown> = { ...TYPEDOC_DEFAULTS, ...opts.typedocOptions };
  const entryFileName = typeof typedocOptions.entryFileName === 'string' ? typedocOptions.entryFileName : 'README.md';
  let built: BuildReference | undefined;
  let langs = new Set<string>();

  const labelOf = (lang: string): string => (typeof opts.sidebarLabel === 'string' ? opts.sidebarLabel : opts.sidebarLabel[lang]);

  return definePlugin({
    name: 'typedoc',
    async addPages(config, env) {
      built = undefined;
      const known = config.resolvedLocales.map((l) => l.lang);
      const unknown = (opts.locales ?? []).filter((lang) => !known.includes(lang));
      if (unknown.length) throw new Error(`the locales option names ${unknown.join(', ')}, which the site does not have (its locales: ${known.join(', ')})`);
      langs = new Set(opts.locales ?? known);
      const unlabelled = [...langs].filter((lang) => !labelOf(lang));
      if (unlabelled.length) throw new Error(`sidebarLabel has no label for ${unlabelled.join(', ')}`);

      const reference = await loadReference(config, env, opts, typedocOptions);
      const routes = new Map(reference.pages.map((p) => [p.file, pageRoute(p.file, opts.routePrefix, entryFileName)]));
      built = { reference, routes, entryFileName };
      const pages: AddedPage[] = [];
      for (const locale of config.resolvedLocales) {
        if (!langs.has(locale.lang)) continue;
        const localized = localizedRoutes(routes, locale.prefix);
        for (const page of reference.pages) {
          const content = rewriteLinks(page.content, page.file, localized);
          pages.push({ routePath: localized.get(page.file)!, content: opts.search ? content : withoutSearch(content), format: 'md' });
        }
      }
      return pages;
    },
    extendNavigation(navigation, env) {
      // The reference documents the code as it is: its pages belong to the default version only.
      if (!built || !langs.has(env.lang) || env.version !== (env.config.multiVersion.versions.length ? env.config.multiVersion.default : '')) return;
      const routes = localizedRoutes(built.routes, env.prefix);
      const group = referenceGroup({
        label: labelOf(env.lang),
        index: { title: built.reference.projectName, route: env.prefix + opts.routePrefix },
        navigation: built.reference.navigation,
        routes,
      });
      addReferenceGroup(navigation, env.prefix + opts.routePrefix, group);
    },
  });
}

/** `routes` with the locale's prefix (`/zh`) in front. */
function localizedRoutes(routes: Map<string, string>, prefix: string): Map<string, string> {
  return prefix ? new Map([...routes].map(([file, route]) => [file, prefix + route])) : routes;
}

type ParsedOptions = z.output<typeof optionsSchema>;

/**
 * The reference: from the cache when its settings and inputs are unchanged, else from TypeDoc (loaded only
 * then), written to the cache. Prints TypeDoc's warnings in both cases (from the cache: those of the run
 * that made it), and a line when TypeDoc ran.
 * @throws DocgenError `[typedoc] addPages: …` for a missing entry point or tsconfig, and TypeDoc's errors
 */
async function loadReference(config: ResolvedConfig, env: HookEnv, opts: ParsedOptions, typedocOptions: Record<string, unknown>): Promise<GeneratedReference> {
  const { cacheDir } = env;
  const entryPoints = opts.entryPoints.map((e) => (typeof e === 'string' ? { path: path.resolve(config.root, e) } : { path: path.resolve(config.root, e.path), name: e.name }));
  for (const e of entryPoints) {
    if (!fs.statSync(e.path, { throwIfNoEntry: false })?.isFile()) throw new Error(`the entry point ${e.path} does not exist`);
  }
  const tsconfigs = opts.tsconfig === undefined ? [nearestTsconfig(entryPoints[0].path)] : [opts.tsconfig].flat().map((p) => path.resolve(config.root, p));
  for (const file of tsconfigs) {
    if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) throw new Error(`the tsconfig ${file} does not exist`);
  }
  const key = settingsKey({ entryPoints, tsconfigs, typedocOptions, cwd: process.cwd() });
  if (cacheDir) {
    const lookup = readCachedReference(cacheDir, key);
    if (lookup.kind === 'hit') {
      for (const warning of lookup.reference.warnings) env.warn(`${warning} (from the cached run)`);
      return lookup.reference;
    }
    if (lookup.kind === 'corrupt') env.warn(`the cached reference is unusable and is made again: ${lookup.message}`);
  }
  const started = performance.now();
  const { runTypedoc } = await import('./run-typedoc.js');
  let reference: GeneratedReference;
  try {
    reference = await runTypedoc({ entryPoints, tsconfigs, typedocOptions, cwd: process.cwd() });
  } catch (error) {
    // The container keeps a DocgenError named after the plugin as it is, with its places.
    if (error instanceof DocgenError) throw new DocgenError(`[typedoc] addPages: ${error.message}`, error.locations);
    throw error;
  }
  for (const warning of reference.warnings) env.warn(warning);
  if (cacheDir) writeCachedReference(cacheDir, key, reference);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  env.info(`${reference.pages.length} API reference pages generated by TypeDoc in ${seconds} s${cacheDir ? ` (cached in ${path.relative(process.cwd(), cacheFile(cacheDir))})` : ''}`);
  return reference;
}

/**
 * The nearest `tsconfig.json` in the folder of `file` or above.
 * @throws Error when there is none
 */
function nearestTsconfig(file: string): string {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'tsconfig.json');
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`no tsconfig.json in the folder of ${file} or above: set the tsconfig option`);
  }
}
