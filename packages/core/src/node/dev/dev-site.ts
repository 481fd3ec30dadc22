/**
 * The site as `docgen dev` holds it, made on demand so that it is served at once whatever its size:
 * - opening scans the routes, gives every page a stand-in (`standInPage`: its front matter and first
 *   heading, enough for the sidebars), derives the site data and bundles the shared parts of both bundles
 *   (the app or server entry, React, the router, the theme, the runtime: `BundlePlan.parts`);
 * - a page is compiled (page cache, a warm worker thread), bundled (its browser chunk and its server module,
 *   alone) and rendered when it is first asked for. Its chunk has a stable name (`assets/p-<route>.js`),
 *   listed in the route tables with its version (`?v=3`), so a reader's navigation bundles the page it
 *   goes to;
 * - the other pages compile in the background (worker threads); once all have, `settle` checks the links,
 *   derives the site data from the real titles, builds the search indexes and runs the plugins' `afterBuild`.
 * A change: an edited page compiles again and gets a new version, and so do the pages whose sidebar,
 * overview, page data or imported modules changed (`DevUpdate.routes`); a module of the shared parts (a
 * theme component) makes them again and the pages reload; anything else (the config, `_meta.json`, a page
 * added or removed, the public folder) makes the caller open the site again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Piscina } from 'piscina';
import type { ResolvedConfig } from '../../config/index.js';
import { DocgenError } from '../../shared/errors.js';
import { withBase } from '../../shared/route-path.js';
import type { CompiledPage } from '../markdown/compiled-page.js';
import { lazyPageCompiler } from '../markdown/lazy-compiler.js';
import { StandInMemo } from './stand-in-page.js';
import type { RouteEntry } from '../routes/scan-routes.js';
import { buildSiteData, navigationByLang, pageDataOf } from '../pipeline/build-site-data.js';
import { builtModule } from '../pipeline/built-module.js';
import { isReadDependency } from '../pipeline/page-cache.js';
import { mergeMetafiles, planBundles, sharedVirtual, writeSidebarModules, type BundlePlan, type SharedParts } from '../pipeline/bundle-site.js';
import { sha256 } from '../pipeline/reuse-documents.js';
import { keepDevShared, takeDevShared, type DevSharedCacheOptions } from './dev-shared-cache.js';
import { checkImportCycles } from '../pipeline/check-import-cycles.js';
import { checkLinks, compileImportedFragments } from '../pipeline/check-links.js';
import { compilePages } from '../pipeline/compile-pages.js';
import type { CompileOutcome, CompileTask } from '../pipeline/compile-worker.js';
import { createBuildContext, createTimings, need, type BuildContext } from '../pipeline/context.js';
import { collectAssets, copyPageAssets, servedSearchFiles, writeManifests } from '../pipeline/emit-assets.js';
import { fragmentCompiler, SHARED_SPECIFIERS } from '../pipeline/esbuild-plugin.js';
import { indexSearch } from '../pipeline/index-search.js';
import { createTempOutput, trackTemporary } from '../pipeline/output-dir.js';
import { routePlanner } from '../pipeline/render-site.js';
import { renderTimeoutError, type RenderRoute } from '../pipeline/render-routes.js';
import { runLimited, settled, type Timed } from '../pipeline/run-limited.js';
import type { DevRenderOutcome, DevRenderTask } from './dev-render-worker.js';
import { refreshPlugin, registrations } from './fast-refresh.js';
import { scanPages } from '../pipeline/scan-pages.js';

/**
 * Data of the `update` event: the routes whose page module changed, the new route table and search index
 * URLs by locale prefix, and each changed route's new chunk URL (with the base), which the app imports at
 * once, without fetching the route table first.
 */
export interface DevUpdate {
  routes: string[];
  manifests: Record<string, string>;
  searchIndexes?: Record<string, string>;
  chunks?: Record<string, string>;
}

/**
 * Data of the `search` event, once every page has compiled and a change has settled: the URLs of the search
 * indexes and route tables by locale prefix, and the routes whose page module changed meanwhile (the real
 * titles in the sidebars where stand-ins were).
 */
export interface SettledState {
  searchIndexes: Record<string, string>;
  manifests: Record<string, string>;
  routes: string[];
}

/**
 * Data of the `refresh` event (a theme module changed): the URLs of the browser bundle's new shared
 * entries, whose changed modules register the new components for React Fast Refresh, and the new route
 * tables.
 */
export interface DevRefresh {
  modules: string[];
  manifests: Record<string, string>;
}

/**
 * What a change did: pages to swap in place, theme components to refresh, a reload, or `reopen` (the caller
 * opens the site again).
 */
export type DevOutcome = { kind: 'update'; update: DevUpdate } | { kind: 'refresh'; refresh: DevRefresh } | { kind: 'reload' } | { kind: 'reopen' };

/** A file event of the watcher (chokidar's names). */
export type FileEvent = 'add' | 'addDir' | 'change' | 'unlink' | 'unlinkDir';

/** Options of `openDevSite`. */
export interface DevSiteOptions {
  config: ResolvedConfig;
  /** Markup at the end of every page's body (the dev client). */
  bodyEnd: string;
  /** Print the time of each phase. @default false */
  profile?: boolean;
  /**
   * Called when the shared parts were made again outside a change (a page imports a theme module that had
   * no shared entry): the open pages must reload, their modules would meet a second React.
   */
  onReload?: () => void;
}

/** The dev server's open site. */
export interface DevSite {
  config: ResolvedConfig;
  /**
   * The document for a request path inside the base (still encoded): the route's page, compiled and
   * bundled first if it was not, or the 404 page with status 404.
   * @throws DocgenError for a page that does not compile, bundle or render
   */
  render(sitePath: string): Promise<{ status: number; html: string }>;
  /**
   * For the path of a page's chunk or styles (`/assets/p-guide_intro.js`, base removed): the page bundled,
   * so that the file can be served; undefined for any other path.
   */
  prepare(sitePath: string): Promise<void> | undefined;
  /**
   * The search index file at a path inside the base (`/docgen-data/search-en.json`, base removed, no
   * query) as the last whole settling made it, served from memory; undefined for any other path.
   */
  searchFile(sitePath: string): string | undefined;
  /**
   * What a document rendered earlier must do to show the current state, from its boot data (URLs with the
   * base): `reload` when the app entry it names was replaced or its route is gone, `update` when its route's
   * chunk has a newer version, undefined when it is current. The dev server asks as the page connects, so
   * that a change sent before it did is not lost.
   */
  staleness(boot: { routePath: string; chunk: string; app: string }): 'update' | 'reload' | undefined;
  /** The `update` event of `routes` in the current state: their chunk URLs and the route table URLs, with the base. */
  updateOf(routes: string[]): DevUpdate;
  /**
   * Applies a batch of file events.
   * @throws DocgenError for a page that does not compile or bundle, a dead link once every page has
   *   compiled (then nothing changed: the previous state keeps being served)
   */
  apply(changes: Map<string, FileEvent>): Promise<DevOutcome>;
  /** Resolves when every page has compiled in the background, or failed to (`settle` reports failures). */
  compiled(): Promise<void>;
  /**
   * Files other than pages that the compiled pages read (e.g. a component whose props a remark plugin put
   * in a table, recorded in `file.data.dependencies`), absolute: a change to one compiles its pages again.
   */
  dependencies(): string[];
  /**
   * Once every page has compiled: the link and import checks, the site data from the real titles, the
   * search indexes and the plugins' `afterBuild`. `giveWay` is asked between these steps and every 10 ms
   * while the search indexes are built in their thread; once it returns true, settling stops there and
   * resolves undefined, the search indexes and plugin outputs served as before: a change that came
   * meanwhile is applied first, and the caller settles again after it.
   * @throws DocgenError for the pages that did not compile, import cycles, dead links
   */
  settle(giveWay?: () => boolean): Promise<SettledState | undefined>;
  /** Stops the compile threads; removes the output and server folders. */
  dispose(): Promise<void>;
}

/**
 * Opens the site: scans the routes, derives the site data from stand-ins, bundles the shared parts into a
 * new folder beside `config.outDir` (`DevSite.config.outDir`, removed by `dispose`), and starts compiling the
 * pages in the background. Pages can be rendered from then on.
 * @throws DocgenError for a config, `_meta.json` or `_nav.json` it cannot use, or shared code that does not bundle
 */
export async function openDevSite({ config: loaded, bodyEnd, profile, onReload }: DevSiteOptions): Promise<DevSite> {
  const ctx = await createBuildContext({ config: loaded, dev: true, bodyEnd, log: false, profile });
  // The warm compile thread starts first: it loads the Markdown pipeline and the highlighter meanwhile.
  const pool = new Piscina<CompileTask, CompileOutcome>({ filename: builtModule('compile-worker.js'), minThreads: 1, maxThreads: 1, idleTimeout: Infinity });
  warmHighlighter(pool, ctx);
  // The render thread too: it loads React meanwhile (`dev-render-worker.ts`).
  const renderer = new Piscina<DevRenderTask, DevRenderOutcome>({ filename: builtModule('../dev/dev-render-worker.js'), minThreads: 1, maxThreads: 1, idleTimeout: Infinity });
  // A folder of its own beside `outDir` (`<outDir>.tmp-<pid>-<ms>`, with the marker): the site opened before
  // keeps being served from its folder until this one is ready, and a killed server's is cleaned up by the
  // next start, like an interrupted build's.
  const outDir = createTempOutput(loaded.outDir);
  const untrack = trackTemporary(outDir);
  const config: ResolvedConfig = { ...loaded, outDir };
  ctx.config = config;
  // One folder per opening (its name as a build's, so a killed server's is cleaned up): the site opened
  // before keeps its server modules until it is disposed.
  const ssrDir = path.join(ctx.cacheDir, `ssr-${process.pid}-${++openings}`);
  let site: OpenSite | undefined;
  try {
    await ctx.plugins.beforeBuild(config);
    await scanPages(ctx);
    const standIns = new Set<string>();
    const memo = new StandInMemo(path.join(ctx.cacheDir, STAND_IN_MEMO), ctx.optionsKey, config.root);
    for (const route of ctx.routes) {
      ctx.compiled.set(route.filePath, memo.standIn(route.filePath));
      standIns.add(route.filePath);
    }
    memo.save();
    ctx.compileFragment = fragmentCompiler(lazyPageCompiler(ctx.compilerOptions), ctx.cache, ctx.optionsKey);
    ctx.timings.mark('stand-ins');
    await buildSiteData(ctx);
    if (fs.existsSync(config.publicDir)) fs.cpSync(config.publicDir, outDir, { recursive: true });
    fs.rmSync(ssrDir, { recursive: true, force: true });
    fs.mkdirSync(ssrDir, { recursive: true });
    ctx.tmpOut = outDir;
    ctx.ssrDir = ssrDir;
    // Pages rendered before the first `settle` have no search index yet: the dev client learns it then.
    ctx.searchIndexes = {};
    const plan = await planBundles(ctx, { outDir, ssrDir, hashServerEntries: true, stablePageNames: true });
    ctx.timings.mark('bundle plan');
    // The theme's components register with React Fast Refresh in the browser bundle.
    const themeDirs = [...new Set([path.dirname(createRequire(import.meta.url).resolve('@docgen/theme-default')), path.dirname(plan.modules.themeEntry)])];
    plan.client.plugins = [refreshPlugin(themeDirs), ...(plan.client.plugins ?? [])];
    // A page's content component too, under a name that stays from one version of the page to the next: an
    // edit of its text then updates the content in place (`Content`), keeping the state of the components
    // in it (a tab chosen in a code group), rather than mounting it anew.
    plan.modules.pageSuffix = (file, code) => registrations(code, file);
    site = new OpenSite(ctx, plan, pool, renderer, outDir, untrack, standIns, themeDirs, onReload);
    site.warmUp();
    await site.bundleShared({ opening: true });
    site.sent();
    ctx.timings.mark('shared parts');
  } catch (error) {
    if (site) await site.dispose();
    else {
      await Promise.all([pool.destroy(), renderer.destroy()]);
      fs.rmSync(outDir, { recursive: true, force: true });
      fs.rmSync(ssrDir, { recursive: true, force: true });
      untrack();
    }
    throw error;
  }
  ctx.timings.print();
  site.compileInBackground();
  return site;
}

let openings = 0;

/** The stand-ins of the last opening, in the cache (`StandInMemo`). */
const STAND_IN_MEMO = 'dev-stand-ins.json';

/** How often settling asks whether to give way while the search indexes are built, ms. */
const GIVE_WAY_POLL_MS = 10;

/**
 * Has the warm compile thread compile a page of code blocks in the languages docs use most (and those of
 * `markdown.shiki.langs`), which loads the Markdown pipeline, the highlighter and those grammars before
 * the first page is asked for. Its result is dropped; a failure is left for the pages' own compiles.
 */
function warmHighlighter(pool: Piscina<CompileTask, CompileOutcome>, ctx: BuildContext): void {
  const langs = [...new Set([...WARM_LANGS, ...(ctx.compilerOptions.shiki.langs ?? [])])];
  const source = langs.map((lang) => `\`\`\`${lang}\n${WARM_CODE}\n\`\`\`\n`).join('\n');
  void pool.run({ options: ctx.compilerOptions, optionsKey: ctx.optionsKey, filePath: path.join(ctx.config.root, 'docgen-warm-up.md'), source }).catch(() => undefined);
}

/** Languages whose grammars the warm compile thread loads before the first page is asked for. */
const WARM_LANGS = ['ts', 'tsx', 'js', 'bash', 'json'];
/** Code that runs through the common rules of those grammars (imports, types, calls, strings, objects). */
const WARM_CODE = 'import { a } from "b";\nexport const c: number = f({ d: [1, "e"] }); // g\nnpm run build -- --flag';

/** How often `warmCompiler` compiles the warm-up page. */
const WARM_ROUNDS = 30;

/** A page of what docs pages hold: front matter, headings, paragraphs with links and inline code, lists, a table, a container, code. */
const WARM_PAGE = `---
title: Warm-up
---

# Warm-up

A paragraph with a [link](#install), \`inline code\`, *emphasis* and **strong** text.

## Install

- First item with \`code\`
- Second item with a [link](https://example.com)

1. One
2. Two

| option | type | default |
| --- | --- | --- |
| \`enabled\` | boolean | false |

::: tip
A container with **text**.
:::

\`\`\`ts
${WARM_CODE}
\`\`\`

### Details

> A quote.
`;

/** A page's bundles in the dev server. */
interface PageState {
  /** Bumped at each change of what the page's chunk holds; part of the chunk's URL (`?v=`). */
  version: number;
  /** The page's chunk and server module for this version, once asked for. */
  bundled?: Promise<void>;
  /** The page's server module, relative to the SSR folder, once bundled. */
  serverModule?: string;
  /** Files the page's bundles read (absolute), once bundled. */
  inputs: string[];
}

class OpenSite implements DevSite {
  readonly config: ResolvedConfig;
  /** Route path → document, for the current state of its page. */
  private documents = new Map<string, Promise<string>>();
  private planned?: Promise<(routePath: string) => RenderRoute>;
  private states = new Map<string, PageState>();
  private routeOfFile: Map<string, RouteEntry>;
  /** Entry name (`p-guide_intro`) → source file. */
  private fileOfEntry = new Map<string, string>();
  /** Route path → source file. */
  private fileOfRoute: Map<string, string>;
  /** Fallback pages' files → their originals (`i18n.fallback`), which they are compiled from. */
  private originals: Map<string, string>;
  private parts: ReturnType<BundlePlan['parts']>;
  private specifiers = [...SHARED_SPECIFIERS];
  private unshared = new Set<string>();
  private shared?: SharedParts;
  private sharedInputs = new Set<string>();
  private serverEntry = '';
  private sidebarUrls: string[] = [];
  private serverSidebars: string[] = [];
  /** Pages whose chunk changed since the last update or settled state was sent, by route path. */
  private unsent = new Set<string>();
  /** Pages that failed to compile in the background, with the error (reported by `settle`). */
  private failed = new Map<string, unknown>();
  private background: Promise<void> = Promise.resolve();
  private backgroundPool?: Piscina<CompileTask, CompileOutcome>;
  /** Pages waiting to be bundled, with the callers' promises. */
  private pending = new Map<string, { resolve: () => void; reject: (error: unknown) => void }[]>();
  /** The loop bundling the pending pages, while it runs (`drain`). */
  private draining?: Promise<void>;
  /** Requests in flight: renders, and chunks being bundled for a request. */
  private rendering = new Set<Promise<unknown>>();
  /** Changes, bundles and requests in progress: the background compile waits meanwhile (see `foreground`). */
  private busy = 0;
  private onIdle: (() => void)[] = [];
  private disposed = false;
  /** Whether `warmCompiler` ran. */
  private warmed = false;
  /** Times the search indexes were made. */
  private searchVersion = 0;
  /** The search index files of the last whole settling, by path without base (`servedSearchFiles`). */
  private searchFiles = new Map<string, string>();
  /** Files the plugins' `afterBuild` wrote last time (relative to the output folder): removed before it runs again. */
  private pluginOutputs: string[] = [];

  constructor(
    private ctx: BuildContext,
    private plan: BundlePlan,
    /** One warm compile thread for the pages asked for and edited, beside the background compile. */
    private pool: Piscina<CompileTask, CompileOutcome>,
    /** The render thread: documents render there within `pageTimeout` (`renderInThread`). */
    private renderer: Piscina<DevRenderTask, DevRenderOutcome>,
    private outDir: string,
    private untrack: () => void,
    /** Pages whose entry in `ctx.compiled` is a stand-in (`standInPage`), not yet compiled. */
    private standIns: Set<string>,
    /** Folders of the theme's modules (absolute): an edit there is refreshed in place. */
    private themeDirs: string[],
    private onReload?: () => void,
  ) {
    this.config = ctx.config;
    this.routeOfFile = new Map(ctx.routes.map((r) => [r.filePath, r]));
    this.originals = new Map(ctx.routes.flatMap((r) => (r.originalFile ? [[r.filePath, r.originalFile]] : [])));
    this.fileOfRoute = new Map(ctx.routes.map((r) => [r.path, r.filePath]));
    const entryNames = need(ctx.entryNames, 'entryNames');
    for (const route of ctx.routes) {
      this.states.set(route.filePath, { version: 1, inputs: [] });
      this.fileOfEntry.set(entryNames.get(route.path)!, route.filePath);
    }
    this.parts = plan.parts((specifier) => this.unshared.add(specifier));
  }

  /**
   * Bundles the shared parts of both bundles (again) and points every page at them: new chunk versions, new
   * route tables. `opening`: the first bundling of this opening, which takes the parts a former start kept
   * when they would come out the same (`takeDevShared`), and else keeps the new ones for the next start.
   * @throws DocgenError for shared code that does not bundle
   */
  async bundleShared({ opening = false }: { opening?: boolean } = {}): Promise<void> {
    const { ctx, config } = this;
    const cache = opening && ctx.cache.enabled ? this.sharedCache() : undefined;
    let shared = cache && (await takeDevShared(cache));
    if (shared) this.parts.adopt(shared);
    else {
      shared = await this.parts.shared(this.specifiers);
      if (cache) await keepDevShared(shared, cache);
    }
    this.shared = shared;
    this.sharedInputs = new Set([...inputsOf(Object.keys(shared.client.inputs), config.root), ...inputsOf(Object.keys(shared.server.inputs), config.root)]);
    const ssrDir = need(ctx.ssrDir, 'ssrDir');
    for (const [file, out] of Object.entries(shared.server.outputs)) {
      if (out.entryPoint?.endsWith('server-entry.tsx') && file.endsWith('.js')) this.serverEntry = path.relative(ssrDir, path.resolve(config.root, file));
    }
    const app = collectAssets(shared.client, this.outDir, config.root);
    ctx.assets = { ...app, pages: new Map() };
    this.writeSidebars();
    for (const file of this.states.keys()) this.restale(file);
    this.writeManifests();
  }

  /** Where the shared parts are kept between starts, and what else than their inputs they depend on. */
  private sharedCache(): DevSharedCacheOptions {
    const { ctx, config, plan } = this;
    // The output folder's name changes with every start; the outputs are kept relative to it.
    const salt = sha256(JSON.stringify([ctx.optionsKey, { ...config, outDir: '' }, ctx.plugins.fingerprint(), plan.client.define, plan.server.define, plan.client.alias ?? null, this.themeDirs]));
    return {
      dir: path.join(ctx.cacheDir, 'dev-shared'),
      root: config.root,
      outDir: this.outDir,
      ssrDir: need(ctx.ssrDir, 'ssrDir'),
      salt,
      specifiers: this.specifiers,
      virtual: sharedVirtual(plan.modules),
    };
  }

  /**
   * Compiles the home page in the warm compile thread into the page cache, without taking it (the site data
   * is derived once the shared parts are bundled). A failure is left for the page's own compile.
   */
  warmUp(): void {
    const { ctx } = this;
    const home = this.homeFile();
    if (home) void compilePages([home], { options: ctx.compilerOptions, optionsKey: ctx.optionsKey, cache: ctx.cache, timeoutMs: this.config.pageTimeout, pool: this.pool, originals: this.originals }).catch(() => undefined);
  }

  private homeFile(): string | undefined {
    const { ctx } = this;
    return this.fileOfRoute.get(ctx.config.resolvedLocales[0]?.prefix ? `${ctx.config.resolvedLocales[0].prefix}/` : '/') ?? ctx.routes[0]?.filePath;
  }

  /**
   * Starts compiling the stand-in pages in the background, in all cores but one, at low priority; takes the
   * home page (`warmUp` compiled it into the page cache meanwhile) and imports the server entry, so that the
   * first request waits for neither.
   */
  compileInBackground(): void {
    const { ctx } = this;
    const home = this.homeFile();
    // A page that does not compile is reported when it is asked for, and by `settle`.
    if (home) void this.compileNow([home]).catch(() => undefined);
    // The render thread imports the server entry and renders once, within the time limit too: a theme whose
    // 404 page never finishes would otherwise hold the thread from every page. A failure is the first
    // render's to report.
    const warmed = runLimited(this.renderer, [undefined], {
      limit: 1,
      timeoutMs: this.config.pageTimeout,
      taskOf: (_, clock) => ({ job: this.renderJob(), clock }),
      onDone: () => undefined,
    }).catch(() => undefined);
    const threads = Math.max(1, os.availableParallelism() - 1);
    // No thread until a page misses the cache: a start whose pages all come from it (a restart) starts none.
    const pool = new Piscina<CompileTask, CompileOutcome>({ filename: builtModule('compile-worker.js'), minThreads: 0, maxThreads: threads, idleTimeout: 1000 });
    this.backgroundPool = pool;
    const queue = [...this.standIns];
    const worker = async () => {
      // After the render thread's warm-up, so that neither a compile thread loading the Markdown pipeline
      // nor the page cache read on this thread shares the cores with the first page's render.
      await warmed;
      for (let file = queue.shift(); file !== undefined && !this.disposed; file = queue.shift()) {
        if (!this.standIns.has(file)) continue; // compiled when it was asked for
        // A page taken from the cache never waits for a thread: without a turn of the event loop between
        // pages, the loop ran through every cached page before a request that came meanwhile was read
        // (~0.5 s at 2,000 pages, right when the server starts listening).
        await new Promise<void>((resolve) => setImmediate(resolve));
        while (this.busy) await new Promise<void>((resolve) => this.onIdle.push(resolve));
        try {
          const { pages } = await compilePages([file], { options: ctx.compilerOptions, optionsKey: ctx.optionsKey, cache: ctx.cache, timeoutMs: this.config.pageTimeout, pool, background: true, originals: this.originals });
          // Only a stand-in is replaced: a page edited or asked for meanwhile was compiled from a newer source.
          if (this.standIns.has(file)) this.takeCompiled(file, pages.get(file)!);
        } catch (error) {
          if (this.standIns.has(file) && !this.disposed) this.failed.set(file, error);
        }
      }
    };
    this.background = Promise.all(Array.from({ length: threads * 2 }, worker)).then(async () => {
      this.backgroundPool = undefined;
      await pool.destroy();
    });
  }

  /** Forgets the pages changed so far: the open pages have them (or there are none yet). */
  sent(): void {
    this.unsent.clear();
  }

  compiled(): Promise<void> {
    return this.background;
  }

  /**
   * Runs `work` with the background compile held (each of its threads finishes the page it is on): on a
   * machine with few cores, an edit or the page a reader waits for does not share them with it.
   */
  private async foreground<T>(work: () => Promise<T>): Promise<T> {
    this.busy++;
    try {
      return await work();
    } finally {
      if (--this.busy === 0) this.onIdle.splice(0).forEach((resume) => resume());
    }
  }

  render(sitePath: string): Promise<{ status: number; html: string }> {
    let routePath = routeOfRequest(sitePath, this.fileOfRoute);
    let file = routePath && this.fileOfRoute.get(routePath);
    // Deleted since the site opened (the watcher's event is on its way): a 404, as the next state has it.
    if (file && !fs.existsSync(file)) routePath = file = undefined;
    // The background compile waits meanwhile: its reads of the page cache held up the answer (the first
    // request of the website's start answered 0.31 s after listening with them, 0.26 s without).
    const job = this.foreground(() => (file ? this.bundle(file) : Promise.resolve()).then(() => this.renderNow(routePath, file)));
    // Waited for by `dispose`: a render imports from the SSR folder.
    this.rendering.add(job);
    const done = () => this.rendering.delete(job);
    job.then(done, done);
    // Once the first page is served, the warm thread warms up for the edits to come.
    job.then(() => this.warmCompiler(), () => undefined);
    return job;
  }

  searchFile(sitePath: string): string | undefined {
    return this.searchFiles.get(sitePath);
  }

  staleness(boot: { routePath: string; chunk: string; app: string }): 'update' | 'reload' | undefined {
    if (boot.app !== withBase(need(this.ctx.assets, 'assets').entry, this.config.base)) return 'reload';
    const file = this.fileOfRoute.get(boot.routePath);
    if (!file) return 'reload';
    return withBase(this.chunkUrl(file), this.config.base) === boot.chunk ? undefined : 'update';
  }

  updateOf(routes: string[]): DevUpdate {
    const chunks: Record<string, string> = {};
    for (const route of routes) {
      const file = this.fileOfRoute.get(route);
      if (file) chunks[route] = withBase(this.chunkUrl(file), this.config.base);
    }
    return { routes, manifests: this.withBase(need(this.ctx.manifests, 'manifests')), chunks };
  }

  prepare(sitePath: string): Promise<void> | undefined {
    const match = /^\/assets\/(p-[\w-]+)\.(?:js|css)$/.exec(sitePath);
    const file = match ? this.fileOfEntry.get(match[1]) : undefined;
    if (!file) return undefined;
    const job = this.foreground(() => this.bundle(file));
    // Waited for by `dispose`, as renders are.
    this.rendering.add(job);
    const done = () => this.rendering.delete(job);
    job.then(done, done);
    return job;
  }

  private async renderNow(routePath: string | undefined, file: string | undefined): Promise<{ status: number; html: string }> {
    const key = routePath ?? '/404';
    let html = this.documents.get(key);
    if (!html) {
      const version = file && this.states.get(file)!.version;
      const planned = (this.planned ??= this.planDocuments());
      html = planned.then((plan) => {
        const route = plan(key);
        const moduleFile = file ? need(this.states.get(file)!.serverModule, 'serverModule') : '';
        return this.renderInThread({ ...route, moduleFile });
      });
      // Kept for the state it was rendered from only.
      if (planned === this.planned && (!file || this.states.get(file)!.version === version)) {
        this.documents.set(key, html);
        html.catch(() => this.documents.delete(key));
      }
    }
    return { status: routePath ? 200 : 404, html: await html };
  }

  private renderJob(): DevRenderTask['job'] {
    return { ssrDir: need(this.ctx.ssrDir, 'ssrDir'), ssr: this.config.ssg, serverEntry: this.serverEntry };
  }

  /**
   * The document of `route`, rendered in the render thread within `pageTimeout` (its busy time, not the
   * time it waited for a core): a render that runs over is stopped with its thread, which the pool starts
   * again, and the server goes on.
   * @throws DocgenError of a page that throws while it renders, or that ran over the time limit
   */
  private async renderInThread(route: RenderRoute): Promise<string> {
    let timed: Timed<DevRenderOutcome> | undefined;
    await runLimited(this.renderer, [route], {
      limit: 1,
      timeoutMs: this.config.pageTimeout,
      taskOf: (item, clock) => ({ job: this.renderJob(), route: item, clock }),
      onDone: (_, result) => (timed = result),
    });
    const result = need(timed, 'render result');
    if (!result.ok) throw renderTimeoutError(route, this.config.pageTimeout);
    if (!result.value.ok) throw new DocgenError(result.value.message, result.value.locations);
    return result.value.html;
  }

  /** Plans the document of a route path ('/404' for the 404 page) when first asked for, for the current state. */
  private async planDocuments(): Promise<(routePath: string) => RenderRoute> {
    // The module file of each page is set when it is rendered, once bundled.
    const plan = await routePlanner(this.ctx, () => '');
    const routes = new Map(this.ctx.routes.map((r) => [r.path, r]));
    const planned = new Map<string, RenderRoute>();
    return (routePath) => {
      let route = planned.get(routePath);
      if (!route) planned.set(routePath, (route = routePath === '/404' || !routes.has(routePath) ? plan.notFound() : plan.route(routes.get(routePath)!)));
      return route;
    };
  }

  /**
   * The page's chunk and server module for its current version, bundled with the other pages asked for
   * meanwhile (one esbuild build of each bundle per batch, so that asset URLs never mix).
   */
  private bundle(file: string): Promise<void> {
    const state = this.states.get(file)!;
    if (!state.bundled) {
      const bundled = new Promise<void>((resolve, reject) => {
        const waiting = this.pending.get(file) ?? [];
        waiting.push({ resolve, reject });
        this.pending.set(file, waiting);
      });
      state.bundled = bundled;
      // A failure is tried again at the next request.
      bundled.catch(() => {
        if (state.bundled === bundled) state.bundled = undefined;
      });
      void this.drain();
    }
    return state.bundled;
  }

  private drain(): Promise<void> {
    this.draining ??= (async () => {
      try {
        while (this.pending.size && !this.disposed) {
          const batch = new Map(this.pending);
          this.pending.clear();
          try {
            await this.foreground(() => this.bundleBatch([...batch.keys()]));
            for (const waiting of batch.values()) waiting.forEach((w) => w.resolve());
          } catch (error) {
            for (const waiting of batch.values()) waiting.forEach((w) => w.reject(error));
          }
        }
      } finally {
        this.draining = undefined;
      }
    })();
    return this.draining;
  }

  /** Compiles the stand-ins among `files`, then bundles each page alone into both bundles. */
  private async bundleBatch(files: string[]): Promise<void> {
    const { ctx, config } = this;
    await this.compileNow(files);
    const versions = new Map(files.map((file) => [file, this.states.get(file)!.version]));
    const entryNames = need(ctx.entryNames, 'entryNames');
    const batch = files.map((file) => ({ in: file, out: entryNames.get(this.routeOfFile.get(file)!.path)! }));
    const shared = need(this.shared, 'shared');
    this.unshared.clear();
    const client = this.parts.clientPages(batch, (n) => this.sidebarUrls[n]);
    const assetUrls = client.then(
      (meta) => this.parts.assetUrlsOf(mergeMetafiles([shared.client, meta])),
      () => new Map<string, string>(),
    );
    const server = this.parts.serverPages(batch, assetUrls, (n) => this.serverSidebars[n]);
    await settled([client, server]);
    if (this.unshared.size) {
      // A page imports a theme or runtime module that has no shared entry: it gets one, and every open
      // page must reload to meet the new shared parts.
      this.specifiers.push(...this.unshared);
      await this.bundleShared();
      this.unsent.clear();
      this.onReload?.();
      return this.bundleBatch(files);
    }
    const [clientMeta, serverMeta] = [await client, await server];
    const assets = need(ctx.assets, 'assets');
    const made = collectAssets(mergeMetafiles([shared.client, clientMeta]), this.outDir, config.root);
    const ssrDir = need(ctx.ssrDir, 'ssrDir');
    const inputs = new Map<string, string[]>();
    for (const meta of [clientMeta, serverMeta]) {
      for (const [output, out] of Object.entries(meta.outputs)) {
        if (!out.entryPoint?.startsWith('docgen-page:') || !output.endsWith('.js')) continue;
        const file = out.entryPoint.slice('docgen-page:'.length);
        inputs.set(file, [...(inputs.get(file) ?? []), ...inputsOf(Object.keys(out.inputs), config.root)]);
        if (meta === serverMeta) this.states.get(file)!.serverModule = path.relative(ssrDir, path.resolve(config.root, output));
      }
    }
    for (const file of files) {
      const state = this.states.get(file)!;
      // Changed while it was bundled: the next request bundles it again.
      if (state.version !== versions.get(file)) continue;
      state.inputs = inputs.get(file) ?? [];
      const page = made.pages.get(file);
      if (page) assets.pages.set(file, { ...page, chunk: this.chunkUrl(file) });
    }
    // The documents carry the pages' styles and preloads.
    this.planned = undefined;
  }

  /**
   * Compiles the stand-ins among `files` in the warm thread; derives the site data again when one shows
   * other pages something its stand-in did not (a title from a heading the stand-in missed), else only
   * their own page data. @throws DocgenError as `compilePages`
   */
  private async compileNow(files: string[]): Promise<void> {
    const todo = files.filter((file) => this.standIns.has(file));
    if (!todo.length) return;
    const { ctx } = this;
    const { pages } = await compilePages(todo, { options: ctx.compilerOptions, optionsKey: ctx.optionsKey, cache: ctx.cache, timeoutMs: this.config.pageTimeout, pool: this.pool, originals: this.originals });
    const overviews = this.hasOverviews();
    let derive = false;
    for (const [file, page] of pages) {
      const standIn = ctx.compiled.get(file)!;
      this.takeCompiled(file, page);
      if (shownElsewhere(standIn, overviews) !== shownElsewhere(page, overviews)) derive = true;
    }
    if (derive) await this.deriveSiteData();
    else await this.updatePageData([...pages.keys()]);
  }

  /** Whether a page of the site is an overview (front matter `overview: true`): only then do `h2` headings show on other pages. */
  private hasOverviews(): boolean {
    for (const page of this.ctx.compiled.values()) if (page.frontmatter.overview === true) return true;
    return false;
  }

  /** The page data of `files` again, from their compiled pages; the rest of the site data is kept. */
  private async updatePageData(files: string[]): Promise<void> {
    const { ctx } = this;
    const pagesData = need(ctx.pages, 'pages');
    for (const file of files) {
      const entry = pagesData.get(file)!;
      pagesData.set(file, { ...entry, pageData: await pageDataOf(ctx, this.routeOfFile.get(file)!, ctx.compiled.get(file)!) });
    }
  }

  /** Takes the compiled form of a page (no longer a stand-in) and copies the files it links to. */
  dependencies(): string[] {
    const files = new Set<string>();
    for (const page of this.ctx.compiled.values()) for (const file of page.dependencies) if (isReadDependency(file)) files.add(file);
    return [...files];
  }

  /** The pages whose compile read `file` (a dependency that is not a linked page). */
  private readersOf(file: string): string[] {
    if (!isReadDependency(file)) return [];
    const readers: string[] = [];
    for (const [page, compiled] of this.ctx.compiled) if (compiled.dependencies.includes(file)) readers.push(page);
    return readers;
  }

  private takeCompiled(file: string, page: CompiledPage): void {
    this.ctx.compiled.set(file, page);
    this.standIns.delete(file);
    this.failed.delete(file);
    copyPageAssets(this.outDir, [page]);
  }

  /**
   * Derives the site data, sidebars and page data again from `ctx.compiled`; gives a new version to every
   * page whose page data, sidebar or overview changed.
   */
  private async deriveSiteData(): Promise<void> {
    const { ctx } = this;
    const before = new Map(ctx.routes.map((r) => [r.filePath, this.shownOf(r.filePath)]));
    await buildSiteData(ctx);
    Object.assign(this.plan.modules, { siteData: ctx.siteData, pages: ctx.pages, sidebars: ctx.sidebars });
    this.writeSidebars();
    let changed = false;
    for (const route of ctx.routes) {
      if (this.shownOf(route.filePath) === before.get(route.filePath)) continue;
      this.restale(route.filePath);
      changed = true;
    }
    if (changed) this.writeManifests();
  }

  /** What a page's module holds besides its compiled code: its page data, sidebar module and overview, as one string. */
  private shownOf(file: string): string {
    const entry = this.ctx.pages?.get(file);
    if (!entry) return '';
    return JSON.stringify([entry.pageData, entry.sidebar >= 0 ? this.sidebarUrls[entry.sidebar] : '', entry.overview ?? null]);
  }

  /** Gives the page a new version: a new chunk URL, bundled at its next request. */
  private restale(file: string): void {
    const state = this.states.get(file)!;
    const route = this.routeOfFile.get(file)!;
    state.version++;
    state.bundled = undefined;
    const assets = need(this.ctx.assets, 'assets');
    const last = assets.pages.get(file);
    assets.pages.set(file, { chunk: this.chunkUrl(file), imports: [], styles: last?.styles ?? [] });
    this.documents.delete(route.path);
    this.unsent.add(route.path);
  }

  private chunkUrl(file: string): string {
    const name = need(this.ctx.entryNames, 'entryNames').get(this.routeOfFile.get(file)!.path)!;
    return `/assets/${name}.js?v=${this.states.get(file)!.version}`;
  }

  private writeSidebars(): void {
    const sidebars = need(this.ctx.sidebars, 'sidebars');
    this.sidebarUrls = writeSidebarModules(sidebars, path.join(this.outDir, 'assets'));
    this.serverSidebars = writeSidebarModules(sidebars, need(this.ctx.ssrDir, 'ssrDir'));
  }

  private writeManifests(): void {
    this.ctx.manifests = writeManifests(this.config, this.ctx.routes, need(this.ctx.assets, 'assets'), this.outDir);
    this.planned = undefined;
  }

  apply(changes: Map<string, FileEvent>): Promise<DevOutcome> {
    return this.foreground(() => this.applyNow(changes));
  }

  private async applyNow(changes: Map<string, FileEvent>): Promise<DevOutcome> {
    const { ctx, config } = this;
    ctx.timings = createTimings(ctx.options.profile ?? false);
    const edited: string[] = [];
    const touched = new Set<string>();
    // Whether other pages may show something new (a title, front matter, h2 headings in an overview).
    let derive = false;
    let sharedChanged = false;
    let themeOnly = true;
    for (const [file, event] of changes) {
      // A file a page read while compiling (not one it links to): the page compiles again, whatever else the file is.
      const readers = event === 'change' ? this.readersOf(file) : [];
      edited.push(...readers.filter((reader) => !edited.includes(reader)));
      if (event === 'change' && ctx.compiled.has(file)) {
        if (!edited.includes(file)) edited.push(file);
        // The fallback pages showing this original (`i18n.fallback`) change with it.
        for (const [copy, original] of this.originals) if (original === file && !edited.includes(copy)) edited.push(copy);
      }
      else if (event === 'change' && this.sharedInputs.has(file)) {
        sharedChanged = true;
        themeOnly &&= /\.[jt]sx$/.test(file) && this.themeDirs.some((dir) => file.startsWith(dir + path.sep));
      }
      else if (event === 'change' && [...this.states.values()].some((s) => s.inputs.includes(file))) touched.add(file);
      else if (!readers.length) return { kind: 'reopen' };
    }
    if (sharedChanged || touched.size) {
      // A fragment is compiled again when read; the pages' own compiled code is unchanged.
      ctx.compileFragment = fragmentCompiler(lazyPageCompiler(ctx.compilerOptions), ctx.cache, ctx.optionsKey);
      this.plan.modules.compileFragment = ctx.compileFragment;
    }
    if (edited.length) {
      const { pages } = await compilePages(edited, { options: ctx.compilerOptions, optionsKey: ctx.optionsKey, cache: ctx.cache, timeoutMs: config.pageTimeout, pool: this.pool, originals: this.originals });
      // Once every page has compiled, links are checked against the whole site before anything changes: a
      // dead link leaves the last good state served. Before, `settle` checks them all.
      if (this.standIns.size === 0) {
        const next = new Map(ctx.compiled);
        for (const [file, page] of pages) next.set(file, page);
        await checkLinks({ routes: ctx.routes, pages: next, root: config.root, publicDir: config.publicDir, level: config.markdown.checkDeadLinks, compileFragment: ctx.compileFragment });
      }
      const overviews = this.hasOverviews() || [...pages.values()].some((page) => page.frontmatter.overview === true);
      for (const [file, page] of pages) {
        const last = ctx.compiled.get(file)!;
        this.takeCompiled(file, page);
        this.restale(file);
        if (shownElsewhere(last, overviews) !== shownElsewhere(page, overviews)) derive = true;
      }
      ctx.timings.mark('compile');
    }
    if (sharedChanged) {
      await this.bundleShared();
      ctx.timings.mark('bundles');
      ctx.timings.print();
      this.unsent.clear();
      if (!themeOnly || edited.length || touched.size) return { kind: 'reload' };
      // Theme components: the open pages import the new shared entries and refresh them in place.
      const modules = Object.values(need(this.shared, 'shared').clientFiles).map((file) => withBase(`/assets/${file.slice(2)}`, config.base));
      return { kind: 'refresh', refresh: { modules, manifests: this.withBase(need(ctx.manifests, 'manifests')) } };
    }
    for (const [file, state] of this.states) if (state.inputs.some((input) => touched.has(input))) this.restale(file);
    if (derive) await this.deriveSiteData();
    // Only the edited pages' own page data changed: the site data is derived again when they settle.
    else await this.updatePageData(edited);
    this.writeManifests();
    ctx.timings.mark('site data');
    // The edited pages are bundled now, so that their errors show in the overlay and the open page's import
    // finds its chunk made; the other pages changed are bundled when asked for.
    await settled(edited.map((file) => this.bundle(file)));
    ctx.timings.mark('bundles');
    ctx.timings.print();
    const routes = [...this.unsent];
    this.unsent.clear();
    return { kind: 'update', update: this.updateOf(routes) };
  }

  async settle(giveWay: () => boolean = () => false): Promise<SettledState | undefined> {
    const { ctx, config } = this;
    await this.background;
    if (this.failed.size) {
      const errors = [...this.failed.values()].map((e) => (e instanceof DocgenError ? e : new DocgenError(String(e), [])));
      throw new DocgenError(errors.map((e) => e.message).join('\n'), errors.flatMap((e) => e.locations));
    }
    const compileFragment = need(ctx.compileFragment, 'compileFragment');
    const fragments = await compileImportedFragments(ctx.compiled, compileFragment, { root: config.root, publicDir: config.publicDir });
    checkImportCycles(ctx.compiled, fragments);
    await checkLinks({ routes: ctx.routes, pages: ctx.compiled, root: config.root, publicDir: config.publicDir, level: config.markdown.checkDeadLinks, fragments });
    if (giveWay()) return undefined;
    await this.deriveSiteData();
    if (giveWay()) return undefined;
    // Indexing a locale of 1,000 pages takes ~1 s in its thread: a change that comes meanwhile stops it.
    const change = new AbortController();
    const asking = setInterval(() => giveWay() && change.abort(), GIVE_WAY_POLL_MS);
    try {
      await indexSearch(ctx, change.signal);
    } catch (error) {
      if (change.signal.aborted) return undefined;
      throw error;
    } finally {
      clearInterval(asking);
    }
    if (giveWay()) return undefined;
    this.searchFiles = servedSearchFiles(ctx);
    // Same files, new contents: a version in the URL makes the open pages' search load them again.
    const version = ++this.searchVersion;
    ctx.searchIndexes = Object.fromEntries(Object.entries(need(ctx.searchIndexes, 'searchIndexes')).map(([prefix, url]) => [prefix, `${url}?v=${version}`]));
    // The documents carry the search index URLs.
    this.documents.clear();
    this.planned = undefined;
    // Plugins write beside the bundles; what they wrote last time goes first, so that a plugin that refuses
    // to replace a file it did not write (a file of the public folder) does not find its own.
    for (const file of this.pluginOutputs) fs.rmSync(path.join(this.outDir, file), { force: true });
    const before = listFiles(this.outDir);
    await ctx.plugins.afterBuild(config, ctx.routes, navigationByLang(config, need(ctx.navigation, 'navigation')));
    const after = listFiles(this.outDir);
    this.pluginOutputs = [...after].filter(([file, stamp]) => before.get(file) !== stamp).map(([file]) => file);
    const routes = [...this.unsent];
    this.unsent.clear();
    this.warmCompiler();
    return { searchIndexes: this.withBase(need(ctx.searchIndexes, 'searchIndexes')), manifests: this.withBase(need(ctx.manifests, 'manifests')), routes };
  }

  /**
   * Once, after the first page is served (or the first settling, if that comes first): has the warm compile
   * thread, which compiles the edited pages, compile the warm-up page `WARM_ROUNDS` times (results dropped,
   * nothing written). Until V8 has optimized the Markdown pipeline a page compiles ~2–3× slower: measured
   * on a 2 KB page, ~30 ms at the first edits against ~12 ms after some 30 compiles. It does not wait for
   * the settling: a writer's first edits come while the other pages still compile in the background, and
   * those threads run at low priority. One compile at a time, so a page a reader waits for queues behind
   * one warm-up compile at most.
   */
  private warmCompiler(): void {
    if (this.warmed) return;
    this.warmed = true;
    const { ctx } = this;
    const task = { options: ctx.compilerOptions, optionsKey: ctx.optionsKey, filePath: path.join(ctx.config.root, 'docgen-warm-up.md'), source: WARM_PAGE };
    void (async () => {
      for (let round = 0; round < WARM_ROUNDS && !this.disposed; round++) {
        // Dropped: a failure is the pages' own compiles' to report.
        const outcome = await this.pool.run(task).catch(() => undefined);
        if (!outcome?.ok) return;
      }
    })();
  }

  /** URLs by locale prefix, with the base, as the pages' boot data has them. */
  private withBase(urls: Record<string, string>): Record<string, string> {
    return Object.fromEntries(Object.entries(urls).map(([prefix, url]) => [prefix, withBase(url, this.config.base)]));
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    // Requests that reached this site before the next one replaced it are answered first: their pages
    // compile in this site's threads (destroyed, they would fail the request with a 500).
    await Promise.allSettled([...this.rendering]);
    await Promise.all([this.pool.destroy(), this.backgroundPool?.destroy(), this.renderer.destroy()]);
    await this.background;
    // Bundles in flight finish before their folders go.
    await this.draining;
    fs.rmSync(need(this.ctx.ssrDir, 'ssrDir'), { recursive: true, force: true });
    fs.rmSync(this.outDir, { recursive: true, force: true });
    this.untrack();
  }
}

/**
 * What other pages show of a page (sidebars, prev/next links and, when the site has overview pages, its
 * `h2` headings in them), as one string.
 */
function shownElsewhere(page: CompiledPage, overviews: boolean): string {
  return JSON.stringify([page.title, page.frontmatter, overviews ? page.toc.filter((item) => item.depth === 2) : []]);
}

/** Absolute paths of the files that metafile inputs name (relative to `root`; virtual modules left out, a page's own file kept). */
function inputsOf(inputs: string[], root: string): string[] {
  const files: string[] = [];
  for (const input of inputs) {
    const file = input.replace(/^docgen-page:/, '');
    if (!/^[\w-]+:/.test(file)) files.push(path.resolve(root, file));
  }
  return files;
}

/**
 * The route a request path names (base removed, still encoded): `/guide/x`, `/guide/x.html`, `/api/`,
 * `/api/index.html`, `/api` (a folder's route without its slash); undefined for none.
 */
function routeOfRequest(sitePath: string, routes: Map<string, string>): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(sitePath);
  } catch {
    return undefined;
  }
  const candidates = [decoded];
  if (decoded.endsWith('/index.html')) candidates.push(decoded.slice(0, -'index.html'.length));
  else if (decoded.endsWith('.html')) candidates.push(decoded.slice(0, -'.html'.length));
  if (!decoded.endsWith('/')) candidates.push(`${decoded}/`);
  return candidates.find((c) => c !== '/404' && routes.has(c));
}

/** Every file under `dir`, relative to it (posix), with its size and mtime as one string. */
function listFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const abs = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dir, abs).split(path.sep).join('/');
    const stat = fs.statSync(abs);
    files.set(relative, `${stat.size}:${stat.mtimeMs}`);
  }
  return files;
}
