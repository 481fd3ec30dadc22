/**
 * The build context: what the phases of a build share. `build()` creates it with `createBuildContext` and
 * passes it through the phases in order (each phase is one file of this folder); a phase reads what the
 * phases before it set and adds its own result. Fields a later phase sets are optional, and read through
 * `need`, so a phase run out of order fails at once with the field's name.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Metafile } from 'esbuild';
import type { Piscina } from 'piscina';
import type { RenderJob } from './render-routes.js';
import type { RenderState } from './reuse-documents.js';
import type { IndexTask } from './search-index-worker.js';
import type { RenderOutcome } from './render-worker.js';
import { loadConfig, type ConfigOverrides, type ResolvedConfig } from '../../config/index.js';
import type { OverviewGroup, PageData, SidebarSection, SiteData } from '../../shared/types.js';
import type { CompiledPage, CompilerOptions } from '../markdown/compile-page.js';
import type { resolveNavigation } from '../nav/resolve-nav-sidebar.js';
import type { FolderListing, RouteEntry } from '../routes/scan-routes.js';
import type { SearchOutput } from '../search/write-search.js';
import { PluginContainer } from '../plugins/plugin-container.js';
import type { DocgenPlugin } from '../plugins/plugin.js';
import { buildKey } from './build-state.js';
import { cacheDirOf, checkOutDir, recoverInterrupted } from './output-dir.js';
import { PageCache } from './page-cache.js';
import type { OutputUpdate } from './update-output.js';
import type { CompileOutcome, CompileTask } from './compile-worker.js';
import { CORE_FINGERPRINT, VERSION } from '../core-fingerprint.js';

/** Options of `build`. */
export interface BuildOptions extends ConfigOverrides {
  /** Site root (folder of `docgen.config.ts`). @default process.cwd() */
  root?: string;
  /** Development build: no minification, plus `bodyEnd` markup in every page. @default false */
  dev?: boolean;
  /** Markup appended to every page's body (the dev server's reload client). */
  bodyEnd?: string;
  /** Print progress and a summary. @default true */
  log?: boolean;
  /**
   * Use the page cache and the up-to-date check (`node_modules/.cache/docgen`); false (`--no-cache`):
   * every page compiles, and no cache entry or build state is read or written.
   * @default true
   */
  cache?: boolean;
  /** Print the time of each phase after the build (`--profile`). @default false */
  profile?: boolean;
  /**
   * Path (relative to the working directory) to write esbuild's metafile of the browser bundle to: every
   * input and output with its bytes, for bundle analysis (`--metafile`). Written by a build that bundles;
   * a build skipped as up to date writes none.
   */
  metafile?: string;
  /** Config already loaded (the dev server reuses it). */
  config?: ResolvedConfig;
  /**
   * Replace an existing output folder that docgen did not make (it must still hold no source files).
   * @default false
   */
  emptyOutDir?: boolean;
}

/** Browser outputs by role, URLs without the base. */
export interface ClientAssets {
  entry: string;
  /** Static imports of the entry (to preload). */
  entryImports: string[];
  styles: string[];
  /** Page file (absolute) → chunk URL and its static imports not already preloaded with the entry. */
  pages: Map<string, { chunk: string; imports: string[]; styles: string[] }>;
}

/** What the bundles get of one routed page besides its compiled code. */
export interface PageEntry {
  pageData: PageData;
  /** Index of the page's sidebar section in `BuildContext.sidebars`, -1 for none. */
  sidebar: number;
  /** Data of an overview page (`overview: true`). */
  overview?: OverviewGroup[];
}

/** Phase timings, printed by `print()` when the build profiles (`--profile`). */
export interface Timings {
  /** Ends the phase running since the last mark (or the start) under `name`. */
  mark(name: string): void;
  /** Prints `name N ms · …` for every phase when profiling. */
  print(): void;
}

/** The state a build's phases share. */
export interface BuildContext {
  options: BuildOptions;
  config: ResolvedConfig;
  /** Print progress, warnings and the summary. */
  log: boolean;
  /** `performance.now()` when the build started. */
  started: number;
  timings: Timings;
  /** Calls the plugins' hooks. */
  plugins: PluginContainer;
  /** docgen's cache folder of the site (`node_modules/.cache/docgen`). */
  cacheDir: string;
  /** The page cache; `cache.enabled` is false for `cache: false`. */
  cache: PageCache;
  compilerOptions: CompilerOptions;
  /** Hash of the compiler options, user plugins and docgen's own code: part of every page's cache key. */
  optionsKey: string;
  /** File of the last build's inputs, for the up-to-date check. */
  stateFile: string;
  /** Key of everything besides the input files that makes a build's output; '' in the dev server. */
  buildKey: string;
  /**
   * The folders of the site root as the build key's walk read them, for `scanPages` (which takes it once:
   * a later scan reads the folders again).
   */
  listing?: FolderListing;
  /** Compile threads started before the compile phase (`build`); the compile phase destroys them. */
  compilePool?: Piscina<CompileTask, CompileOutcome>;
  /** Render threads started while the pages compile (`startRenderPool`); the render phase takes them. */
  renderPool?: Piscina<RenderJob, RenderOutcome>;
  /** Search index threads started while the pages compile (`startSearchPool`); the search phase takes them. */
  searchPool?: Piscina<IndexTask, string>;
  /** Routed pages (`scanPages`). */
  routes: RouteEntry[];
  /** Compiled routed pages by source file (`compileSitePages`). */
  compiled: Map<string, CompiledPage>;
  /** Pages taken from the page cache. */
  cachedPages: number;
  /** Warnings of this build, as printed (without `warning: `). */
  warnings: string[];
  /** Compiles a fragment once per build, through the page cache (link check and bundler share it). */
  compileFragment?: (file: string) => Promise<CompiledPage>;
  navigation?: ReturnType<typeof resolveNavigation>;
  /** Translations whose original changed since `docgen i18n mark` (`buildSiteData`): translation's file → its original's route. */
  staleTranslations?: Map<string, { original: RouteEntry }>;
  siteData?: SiteData;
  sidebars?: SidebarSection[];
  /** Page data of routed pages by source file (`buildSiteData`). */
  pages?: Map<string, PageEntry>;
  /** Temporary output folder, put in place by `writeOutput`. */
  tmpOut?: string;
  /** What the build keeps of the last output and what it wrote from memory (`update-output.ts`). */
  output?: OutputUpdate;
  /** Folder of the server bundle, removed after the build. */
  ssrDir?: string;
  /** Route path → name of its page entry in both bundles. */
  entryNames?: Map<string, string>;
  /** Metafiles of the two bundles (`bundleSite`; the server bundle's pages added by `bundleServerPages`). */
  bundles?: { client: Metafile; server: Metafile };
  /** Bundles the server modules of the pages given by source file (`bundleSite`); the render phase calls it for the pages it renders. */
  bundleServerPages?: (files: Set<string>) => Promise<void>;
  /** Hash of the server bundle's shared part (server entry, theme, runtime): part of every document's key. */
  serverSharedHash?: string;
  /** The page chunks of this build (`bundleSite`), recorded by `writeOutput` for the next build to reuse. */
  pageBundles?: {
    shared: string[];
    /**
     * Page source → its chunk's key, inputs and outputs; `stats`: the sizes and mtimes of outputs kept from
     * the last build, as it recorded them (checked when taken, and not written since).
     */
    pages: Map<string, { key: string; inputs: string[]; outputs: [string, Metafile['outputs'][string]][]; stats?: Record<string, [number, number, unknown]> }>;
    sharedParts?: { key: string; inputs: string[]; outputs: [string, Metafile['outputs'][string]][]; server: [string, Metafile['outputs'][string]][]; serverHash: string };
  };
  search?: SearchOutput;
  assets?: ClientAssets;
  /** Locale prefix → route manifest URL (without base). */
  manifests?: Record<string, string>;
  /** Locale prefix → local search index URL (without base). */
  searchIndexes?: Record<string, string>;
  /** Documents taken from the last build's output instead of rendered (`renderSite`). */
  reusedDocuments?: number;
  /** Output file → key of its document (`documentKeys`), recorded by `writeOutput` for the next build to reuse. */
  documentKeys?: Map<string, string>;
  /** The last build's record of its documents (`readRenderState`), when the render phase read one. */
  lastDocuments?: RenderState;
}

/**
 * A field a phase before this one sets.
 * @throws Error naming the field when it is not set (a phase ran out of order: a bug, not bad input)
 */
export function need<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`docgen internal error: ${name} is read before the phase that makes it ran`);
  return value;
}

export { VERSION, coreFingerprint } from '../core-fingerprint.js';

/**
 * The first phase: loads the config (unless given), checks the output folder (`checkOutDir`), cleans up
 * after an interrupted build, and derives the compiler options and the keys of the caches.
 * @throws DocgenError for an invalid config or a refused output folder
 */
export async function createBuildContext(options: BuildOptions): Promise<BuildContext> {
  const started = performance.now();
  const timings = createTimings(options.profile ?? false);
  const config = options.config ?? (await loadConfig(options.root ?? process.cwd(), options));
  const cacheDir = cacheDirOf(config);
  checkOutDir(config, { emptyOutDir: options.emptyOutDir, option: options.outDir === undefined ? 'outDir' : '--out-dir' });
  recoverInterrupted(config.outDir, cacheDir);
  const dev = options.dev ?? false;
  const log = options.log ?? true;
  const warnings: string[] = [];
  const plugins = new PluginContainer([...configContributions(config), ...config.plugins], {
    isProd: !dev,
    cacheRoot: options.cache === false ? null : path.join(cacheDir, 'plugins'),
    log,
    // A build prints its warnings when it ends; the dev server has no end, so it prints them at once.
    onWarning: (message) => {
      warnings.push(message);
      if (dev && log) console.warn(`warning: ${message}`);
    },
  });

  const compilerOptions: CompilerOptions = {
    root: config.root,
    base: config.base,
    locales: config.contentLocales.map((l) => ({ dir: l.dir, prefix: l.prefix, lang: l.lang })),
    ...(config.i18n.fallback && {
      fallback: config.contentLocales
        .filter((l) => l.lang !== config.lang)
        .map((l) => ({ dir: l.dir, originalDir: config.contentLocales.find((o) => o.lang === config.lang && o.version === l.version)!.dir })),
    }),
    excludeFragments: config.route.excludeFragments,
    htmlLinks: !config.route.cleanUrls,
    showLineNumbers: config.markdown.showLineNumbers,
    defaultWrapCode: config.markdown.defaultWrapCode,
    shiki: config.markdown.shiki,
    // The config's own Markdown plugins first, then the plugins', in plugin order.
    remarkPlugins: [...config.markdown.remarkPlugins, ...plugins.markdownPlugins('remarkPlugins')],
    rehypePlugins: [...config.markdown.rehypePlugins, ...plugins.markdownPlugins('rehypePlugins')],
    publicDir: config.publicDir,
    checkDeadLinks: config.markdown.checkDeadLinks,
    sanitize: config.markdown.sanitize,
  };
  const optionsKey = crypto
    .createHash('sha256')
    .update(JSON.stringify(compilerOptions))
    .update(markdownPluginFingerprint(config.root, compilerOptions))
    .update(CORE_FINGERPRINT)
    .digest('hex');
  const listing: FolderListing = new Map();
  const ctx: BuildContext = {
    options,
    config,
    log,
    started,
    timings,
    plugins,
    cacheDir,
    cache: new PageCache(path.join(cacheDir, 'pages'), { enabled: options.cache ?? true, snapshot: !dev }),
    compilerOptions,
    optionsKey,
    stateFile: path.join(cacheDir, dev ? 'dev-build-state.json' : 'build-state.json'),
    // The dev server keeps no up-to-date check: the walk of the root (as long as the site is big) is left out.
    buildKey: dev ? '' : buildKey(config, { dev, bodyEnd: options.bodyEnd ?? '', optionsKey, plugins: plugins.fingerprint() }, VERSION, listing),
    listing: dev ? undefined : listing,
    routes: [],
    compiled: new Map(),
    cachedPages: 0,
    warnings,
  };
  timings.mark('config');
  return ctx;
}

/** Phase timings from now on; `print` prints them only when `enabled` (`--profile`). */
export function createTimings(enabled: boolean): Timings {
  const phases: [string, number][] = [];
  let last = performance.now();
  return {
    mark(name) {
      const now = performance.now();
      phases.push([name, now - last]);
      last = now;
    },
    print() {
      if (enabled) console.log(phases.map(([name, ms]) => `${name} ${Math.round(ms)} ms`).join(' · '));
    },
  };
}


/**
 * Size and mtime of each remark/rehype plugin's entry file (the config's and the plugins'): editing one
 * then invalidates the page cache (changes in modules it imports are not seen).
 */
function markdownPluginFingerprint(root: string, options: Pick<CompilerOptions, 'remarkPlugins' | 'rehypePlugins' | 'shiki'>): string {
  const require = createRequire(path.join(root, 'noop.js'));
  return [...options.remarkPlugins, ...options.rehypePlugins, ...(options.shiki.transformers ?? [])]
    .map((entry) => {
      const name = Array.isArray(entry) ? entry[0] : entry;
      try {
        const file = name.startsWith('.') ? path.resolve(root, name) : require.resolve(name);
        const stat = fs.statSync(file);
        return `${file}:${stat.size}:${stat.mtimeMs}`;
      } catch {
        return `${name}:unresolved`; // the compile reports it with its own message
      }
    })
    .join('\n');
}

/**
 * The config's own global styles, global UI components and aliases, as a plugin named `docgen.config` that
 * runs first: the container checks and bundles them like the plugins' (an error reads
 * `[docgen.config] globalStyles: … does not exist`).
 */
function configContributions(config: ResolvedConfig): DocgenPlugin[] {
  const { globalStyles, globalUIComponents, alias } = config;
  if (!globalStyles && !globalUIComponents.length && !Object.keys(alias).length) return [];
  return [{ name: 'docgen.config', globalStyles, globalUIComponents, esbuild: { alias } }];
}
