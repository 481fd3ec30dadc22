/**
 * The site as `docgen dev` holds it: the build's phases run once (config, routes, compile, site data), then
 * the two bundles stay open as esbuild contexts, so a change rebuilds only what changed:
 * - a page's Markdown/MDX edited: that page compiles again (a warm worker, the page cache), the site data is
 *   derived again (a new title reaches the sidebars), both bundles rebuild incrementally, and the pages
 *   whose chunks changed are named in a `DevUpdate`;
 * - a module the bundles read (a component, a fragment, a style, the theme): the bundles rebuild;
 * - anything else (the config, `_meta.json`, a page added or removed, the public folder): the caller opens
 *   the site again.
 * Pages are server-rendered on request from the latest server bundle, with the same document as the build
 * (`planRoutes`, `renderDocument`); nothing is rendered ahead.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build as esbuild, context, type BuildContext as EsbuildContext, type BuildResult, type Metafile, type Plugin } from 'esbuild';
import { Piscina } from 'piscina';
import type { ResolvedConfig } from '../../config/index.js';
import { withBase } from '../../shared/route-path.js';
import type { CompiledPage } from '../markdown/compiled-page.js';
import { buildSiteData } from '../pipeline/build-site-data.js';
import { builtModule } from '../pipeline/built-module.js';
import { planBundles, SHARED_LIKE, sharedSpecifier, type BundlePlan } from '../pipeline/bundle-site.js';
import { checkLinks } from '../pipeline/check-links.js';
import { compilePages } from '../pipeline/compile-pages.js';
import { compileSitePages } from '../pipeline/compile-site-pages.js';
import type { CompileOutcome, CompileTask } from '../pipeline/compile-worker.js';
import { createBuildContext, createTimings, need, type BuildContext } from '../pipeline/context.js';
import { copyPageAssets, emitBundleAssets, emitSearchIndexes, outputUrl, writeManifests } from '../pipeline/emit-assets.js';
import { fragmentCompiler } from '../pipeline/esbuild-plugin.js';
import { indexSearch } from '../pipeline/index-search.js';
import { createTempOutput, trackTemporary } from '../pipeline/output-dir.js';
import { planRoutes } from '../pipeline/render-site.js';
import { renderDocument, type RenderRoute } from '../pipeline/render-routes.js';
import { scanPages } from '../pipeline/scan-pages.js';
import { createPageCompiler } from '../markdown/compile-page.js';

/** Data of the `update` event: the routes whose page module changed, and the new route manifest and search index URLs by locale prefix. */
export interface DevUpdate {
  routes: string[];
  manifests: Record<string, string>;
  searchIndexes?: Record<string, string>;
}

/** Data of the `search` event: the URLs of the search indexes and route tables once a change has settled, by locale prefix. */
export interface SettledState {
  searchIndexes: Record<string, string>;
  manifests: Record<string, string>;
}


/** What a change did: pages to swap in place, a reload, or `reopen` (the caller opens the site again). */
export type DevOutcome = { kind: 'update'; update: DevUpdate } | { kind: 'reload' } | { kind: 'reopen' };

/** A file event of the watcher (chokidar's names). */
export type FileEvent = 'add' | 'addDir' | 'change' | 'unlink' | 'unlinkDir';

/** Options of `openDevSite`. */
export interface DevSiteOptions {
  config: ResolvedConfig;
  /** Markup at the end of every page's body (the dev client). */
  bodyEnd: string;
  /** Print the time of each phase. @default false */
  profile?: boolean;
}

/** What the browser bundle's shared part and page chunks are after a rebuild: decides update or reload. */
interface ClientShape {
  shared: string;
  /** Route path → chunk URL with its imports and styles. */
  pages: Map<string, string>;
}

/** The dev server's open site. */
export interface DevSite {
  config: ResolvedConfig;
  /**
   * The document for a request path inside the base (still encoded): the route's page, or the 404 page with
   * status 404. Rendered on first request after each change.
   * @throws DocgenError for a page whose render fails
   */
  render(sitePath: string): Promise<{ status: number; html: string }>;
  /**
   * Applies a batch of file events.
   * @throws DocgenError for a page that does not compile, a dead link, a failing bundle (the previous state
   *   keeps being served)
   */
  apply(changes: Map<string, FileEvent>): Promise<DevOutcome>;
  /**
   * The work that follows a change but need not hold up the page: the whole browser bundle after pages were
   * bundled alone, the server bundle, the search indexes and the plugins' `afterBuild`. Resolves to the new
   * search index and route table URLs.
   */
  settle(): Promise<SettledState>;
  /** Stops the bundlers and the compile worker; removes the output and server folders. */
  dispose(): Promise<void>;
}

/**
 * Opens the site: scans, compiles (page cache), derives the site data, bundles into a new folder beside
 * `config.outDir` (`DevSite.config.outDir`, removed by `dispose`). Pages can be rendered from then on; the
 * search indexes and the plugins' outputs follow with `settle`.
 * @throws DocgenError as `build()` does, for any input it cannot build
 */
export async function openDevSite({ config: loaded, bodyEnd, profile }: DevSiteOptions): Promise<DevSite> {
  const ctx = await createBuildContext({ config: loaded, dev: true, bodyEnd, log: false, profile });
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
    await compileSitePages(ctx);
    await buildSiteData(ctx);
    if (fs.existsSync(config.publicDir)) fs.cpSync(config.publicDir, outDir, { recursive: true });
    fs.rmSync(ssrDir, { recursive: true, force: true });
    ctx.tmpOut = outDir;
    ctx.ssrDir = ssrDir;
    // Pages rendered before the first `settle` have no search index yet: the dev client learns it then.
    ctx.searchIndexes = {};
    const plan = await planBundles(ctx, { outDir, ssrDir, hashServerEntries: true, sharedEntries: true });
    const [clientContext, serverContext] = await Promise.all([context(plan.client), context(plan.server)]);
    const contexts = new Map<object, EsbuildContext>([
      [plan.client, clientContext],
      [plan.server, serverContext],
    ]);
    site = new OpenSite(ctx, plan, contexts, outDir, untrack);
    // The server bundle starts with the browser bundle and waits only for the asset URLs it needs from it.
    await Promise.all([site.rebundle(ctx.compiled.values()), site.serverBundle()]);
  } catch (error) {
    if (site) await site.dispose();
    else {
      fs.rmSync(outDir, { recursive: true, force: true });
      untrack();
    }
    throw error;
  }
  ctx.timings.print();
  site.warm();
  return site;
}

let openings = 0;

class OpenSite implements DevSite {
  readonly config: ResolvedConfig;
  /** Route path → document, for the current bundles. */
  private documents = new Map<string, Promise<string>>();
  private planned?: Promise<Map<string, RenderRoute>>;
  private serverEntry = '';
  private serverModules = new Map<string, string>();
  private clientMeta: Metafile = { inputs: {}, outputs: {} };
  private serverMeta: Metafile = { inputs: {}, outputs: {} };
  private inputs?: { of: NonNullable<BuildContext['bundles']>; files: Set<string> };
  /** Renders in flight (they import from the server folder). */
  private rendering = new Set<Promise<unknown>>();
  /** The server bundle's rebuild for the current state, once started. */
  private server?: Promise<void>;
  /** Pages were bundled alone since the whole browser bundle was last made. */
  private wholeBundleStale = false;
  /** Files the plugins' `afterBuild` wrote last time (relative to the output folder): removed before it runs again. */
  private pluginOutputs: string[] = [];
  private shape?: ClientShape;
  /** One warm compile thread for edited pages (a new pool would pay the compiler's start-up each time). */
  private pool = new Piscina<CompileTask, CompileOutcome>({ filename: builtModule('compile-worker.js'), maxThreads: 1, idleTimeout: Infinity });

  constructor(
    private ctx: BuildContext,
    private plan: BundlePlan,
    private contexts: Map<object, EsbuildContext>,
    private outDir: string,
    private untrack: () => void,
  ) {
    this.config = ctx.config;
  }

  /** Starts the compile thread with the first page, so the first edit does not wait for it. */
  warm(): void {
    const first = this.ctx.routes.find((r) => /\.mdx?$/.test(r.filePath));
    // Its outcome is not used: a page that does not compile is reported when it is compiled for real.
    if (first) void this.pool.run({ filePath: first.filePath, options: this.ctx.compilerOptions, optionsKey: this.ctx.optionsKey }).catch(() => undefined);
  }

  render(sitePath: string): Promise<{ status: number; html: string }> {
    // Registered before it waits, so that a server rebuild started later waits for it (see `serverBundle`).
    const job = this.serverBundle().then(() => this.renderNow(sitePath));
    this.rendering.add(job);
    const done = () => this.rendering.delete(job);
    job.then(done, done);
    return job;
  }

  private async renderNow(sitePath: string): Promise<{ status: number; html: string }> {
    const planned = (this.planned ??= this.plan404AndRoutes());
    const routes = await planned;
    const routePath = routeOfRequest(sitePath, routes);
    const route = routes.get(routePath ?? '/404')!;
    let html = this.documents.get(route.routePath);
    if (!html) {
      html = renderDocument({ ssrDir: need(this.ctx.ssrDir, 'ssrDir'), ssr: this.config.ssg, serverEntry: this.serverEntry }, route);
      // Kept for the state it was rendered from only: a change applied meanwhile cleared the documents.
      if (planned === this.planned) {
        this.documents.set(route.routePath, html);
        html.catch(() => this.documents.delete(route.routePath));
      }
    }
    return { status: routePath ? 200 : 404, html: await html };
  }

  async apply(changes: Map<string, FileEvent>): Promise<DevOutcome> {
    const { ctx } = this;
    ctx.timings = createTimings(ctx.options.profile ?? false);
    const inputs = this.bundleInputs();
    const edited: string[] = [];
    let rebundle = false;
    for (const [file, event] of changes) {
      if (event === 'change' && ctx.compiled.has(file)) edited.push(file);
      else if (event === 'change' && inputs.has(file)) rebundle = true;
      else return { kind: 'reopen' };
    }
    if (rebundle) {
      // A fragment is compiled again when read; the pages' own compiled code is unchanged.
      ctx.compileFragment = fragmentCompiler(createPageCompiler(ctx.compilerOptions), ctx.cache, ctx.optionsKey);
      this.plan.modules.compileFragment = ctx.compileFragment;
    }
    let compiled: Map<string, CompiledPage> = new Map();
    if (edited.length) {
      ({ pages: compiled } = await compilePages(edited, {
        options: ctx.compilerOptions,
        optionsKey: ctx.optionsKey,
        cache: ctx.cache,
        timeoutMs: this.config.pageTimeout,
        pool: this.pool,
      }));
      const next = new Map(ctx.compiled);
      for (const [file, page] of compiled) next.set(file, page);
      // Checked against the whole site before anything changes: a dead link leaves the last good state served.
      await checkLinks({
        routes: ctx.routes,
        pages: next,
        root: this.config.root,
        publicDir: this.config.publicDir,
        level: this.config.markdown.checkDeadLinks,
        compileFragment: ctx.compileFragment,
      });
      for (const [file, page] of compiled) ctx.compiled.set(file, page);
      ctx.timings.mark('compile');
      const shownElsewhere = this.sharedData();
      await buildSiteData(ctx);
      Object.assign(this.plan.modules, { siteData: ctx.siteData, pages: ctx.pages, sidebars: ctx.sidebars });
      // What other pages show of the edited ones is unchanged: the edited pages are bundled alone.
      if (!rebundle && this.sharedData() === shownElsewhere) {
        const update = await this.bundleAlone(compiled);
        ctx.timings.mark('bundles');
        if (update) {
          ctx.timings.print();
          return { kind: 'update', update };
        }
      }
    }
    const before = this.shape;
    await this.rebundle(compiled.values());
    ctx.timings.print();
    const after = this.shape!;
    if (!before || before.shared !== after.shared || before.pages.size !== after.pages.size) return { kind: 'reload' };
    const routes = [...after.pages].filter(([route, chunk]) => before.pages.get(route) !== chunk).map(([route]) => route);
    return { kind: 'update', update: { routes, manifests: this.withBase(need(ctx.manifests, 'manifests')) } };
  }

  /** The site data, sidebars and overviews as one string: what one page's edit may change in other pages. */
  private sharedData(): string {
    const { ctx } = this;
    return JSON.stringify([ctx.siteData, ctx.sidebars, [...need(ctx.pages, 'pages').values()].map((e) => [e.sidebar, e.overview ?? null])]);
  }

  /**
   * Bundles the edited pages alone (a small esbuild build, whatever the site's size), importing React, the
   * router, the theme and the runtime from the shared entries of the browser bundle by URL, so that they
   * share the app's instances; points the route tables at the new chunks. The whole bundle follows in
   * `settle`. Undefined when that cannot be done (a page with styles of its own, an import of a shared
   * package that has no shared entry, any bundling error): the whole bundle is rebuilt instead, and
   * reports real errors.
   */
  private async bundleAlone(compiled: Map<string, CompiledPage>): Promise<DevUpdate | undefined> {
    const { ctx, config } = this;
    const assets = need(ctx.assets, 'assets');
    const entryNames = need(ctx.entryNames, 'entryNames');
    const routeOf = new Map(ctx.routes.map((r) => [r.filePath, r]));
    const urlOf = (file: string) => outputUrl(file, this.outDir, config.root);
    const shared = new Map<string, string>();
    for (const [file, out] of Object.entries(this.clientMeta.outputs)) {
      if (out.entryPoint?.startsWith('docgen-shared:')) shared.set(out.entryPoint.slice('docgen-shared:'.length), withBase(urlOf(file), config.base));
    }
    const externals: Plugin = {
      name: 'docgen-shared-entries',
      setup(build) {
        build.onResolve({ filter: SHARED_LIKE }, (args) => {
          const url = shared.get(sharedSpecifier(args.path));
          return url ? { path: url, external: true } : { errors: [{ text: `${args.path} has no shared entry` }] };
        });
      },
    };
    let result: BuildResult;
    try {
      result = await esbuild({
        ...this.plan.client,
        entryPoints: [...compiled.keys()].map((file) => ({ in: file, out: entryNames.get(routeOf.get(file)!.path)! })),
        splitting: false,
        plugins: [externals, ...(this.plan.client.plugins ?? [])],
      });
    } catch {
      return undefined;
    }
    const pages = new Map(assets.pages);
    for (const [file, out] of Object.entries(result.metafile!.outputs)) {
      if (!out.entryPoint?.startsWith('docgen-page:') || !file.endsWith('.js')) continue;
      const source = out.entryPoint.slice('docgen-page:'.length);
      if (out.cssBundle || assets.pages.get(source)?.styles.length) return undefined;
      pages.set(source, { chunk: urlOf(file), imports: [], styles: [] });
    }
    ctx.assets = { ...assets, pages };
    ctx.manifests = writeManifests(config, ctx.routes, ctx.assets, this.outDir);
    copyPageAssets(this.outDir, compiled.values());
    this.wholeBundleStale = true;
    this.server = undefined;
    this.documents.clear();
    this.planned = undefined;
    return { routes: [...compiled.keys()].map((file) => routeOf.get(file)!.path), manifests: this.withBase(ctx.manifests) };
  }

  /**
   * Rebuilds the browser bundle (incrementally), writes the route manifests and the assets of `pages`; the
   * server bundle is rebuilt when a page is next requested (an in-place update does not wait for it).
   */
  async rebundle(pages: Iterable<CompiledPage>): Promise<void> {
    const { ctx } = this;
    this.server = undefined;
    this.clientMeta = await this.plan.runClient((options) => this.contexts.get(options)!.rebuild());
    ctx.bundles = { client: this.clientMeta, server: this.serverMeta };
    emitBundleAssets(ctx, this.outDir, pages);
    const assets = need(ctx.assets, 'assets');
    this.shape = {
      shared: JSON.stringify([assets.entry, assets.entryImports, assets.styles]),
      pages: new Map(ctx.routes.map((r) => [r.path, JSON.stringify(assets.pages.get(r.filePath))])),
    };
    this.documents.clear();
    this.planned = undefined;
    ctx.timings.mark('bundles');
  }

  /** The server bundle of the current browser bundle, rebuilt once after each change (at its first need). */
  serverBundle(): Promise<void> {
    // esbuild rewrites the server folder while it rebuilds: renders in flight finish first, and a module
    // is never imported half written (Node would keep that failed import for the life of the process).
    const renders = [...this.rendering];
    this.server ??= Promise.allSettled(renders)
      .then(() => this.plan.runServer((options) => this.contexts.get(options)!.rebuild()))
      .then((server) => {
        const { ctx } = this;
        this.serverMeta = server;
        ctx.bundles = { client: this.clientMeta, server };
        this.serverModules.clear();
        for (const [file, out] of Object.entries(server.outputs)) {
          if (!out.entryPoint || !file.endsWith('.js')) continue;
          const relative = path.relative(need(ctx.ssrDir, 'ssrDir'), path.resolve(this.config.root, file));
          if (out.entryPoint.startsWith('docgen-page:')) this.serverModules.set(out.entryPoint.slice('docgen-page:'.length), relative);
          else if (out.entryPoint.endsWith('server-entry.tsx')) this.serverEntry = relative;
        }
      });
    // A failed rebuild is tried again at the next request.
    this.server.catch(() => (this.server = undefined));
    return this.server;
  }

  async settle(): Promise<SettledState> {
    const { ctx } = this;
    if (this.wholeBundleStale) {
      this.wholeBundleStale = false;
      await this.rebundle([]);
    }
    await this.serverBundle();
    await indexSearch(ctx);
    emitSearchIndexes(ctx, this.outDir);
    // The documents carry the search index URLs.
    this.documents.clear();
    this.planned = undefined;
    // Plugins write beside the bundles; what they wrote last time goes first, so that a plugin that refuses
    // to replace a file it did not write (a file of the public folder) does not find its own.
    for (const file of this.pluginOutputs) fs.rmSync(path.join(this.outDir, file), { force: true });
    const before = listFiles(this.outDir);
    await ctx.plugins.afterBuild(this.config, ctx.routes, Object.fromEntries(need(ctx.navigation, 'navigation')));
    const after = listFiles(this.outDir);
    this.pluginOutputs = [...after].filter(([file, stamp]) => before.get(file) !== stamp).map(([file]) => file);
    return { searchIndexes: this.withBase(need(ctx.searchIndexes, 'searchIndexes')), manifests: this.withBase(need(ctx.manifests, 'manifests')) };
  }

  /** URLs by locale prefix, with the base, as the pages' boot data has them. */
  private withBase(urls: Record<string, string>): Record<string, string> {
    return Object.fromEntries(Object.entries(urls).map(([prefix, url]) => [prefix, withBase(url, this.config.base)]));
  }

  async dispose(): Promise<void> {
    await Promise.all([...this.contexts.values()].map((c) => c.dispose()));
    await this.pool.destroy();
    fs.rmSync(need(this.ctx.ssrDir, 'ssrDir'), { recursive: true, force: true });
    fs.rmSync(this.outDir, { recursive: true, force: true });
    this.untrack();
  }

  private async plan404AndRoutes(): Promise<Map<string, RenderRoute>> {
    const planned = await planRoutes(this.ctx, (route) => this.serverModules.get(route.filePath)!);
    return new Map(planned.map((r) => [r.routePath, r]));
  }

  /**
   * Files the bundles read, by absolute path (the virtual modules left out); listed once per pair of
   * bundles, not at every edit.
   */
  private bundleInputs(): Set<string> {
    const bundles = need(this.ctx.bundles, 'bundles');
    if (this.inputs?.of === bundles) return this.inputs.files;
    const files = new Set<string>();
    for (const metafile of [bundles.client, bundles.server]) {
      for (const input of Object.keys(metafile.inputs)) {
        const file = input.replace(/^docgen-page:/, '');
        if (!/^[\w-]+:/.test(file)) files.add(path.resolve(this.config.root, file));
      }
    }
    this.inputs = { of: bundles, files };
    return files;
  }
}

/**
 * The route a request path names (base removed, still encoded): `/guide/x`, `/guide/x.html`, `/api/`,
 * `/api/index.html`, `/api` (a folder's route without its slash); undefined for none.
 */
function routeOfRequest(sitePath: string, planned: Map<string, RenderRoute>): string | undefined {
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
  return candidates.find((c) => c !== '/404' && planned.has(c));
}

/** Every file under `dir`, relative to it, with its size and mtime as one string. */
function listFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const abs = path.join(entry.parentPath, entry.name);
    const stat = fs.statSync(abs);
    files.set(path.relative(dir, abs), `${stat.size}:${stat.mtimeMs}`);
  }
  return files;
}
