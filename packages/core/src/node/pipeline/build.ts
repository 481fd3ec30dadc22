/**
 * `docgen build` as its list of phases over one build context (each phase in its own file of this
 * folder): config (+ plugins' `config` hooks, then `beforeBuild`) → routes (+ `addPages`, `routeGenerated`)
 * → compile → site data (+ `extendPageData`) → bundles → assets → render, with the search index built
 * beside these three → write (the changed files moved into the output folder, or a new one swapped in)
 * → plugins' `afterBuild`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../../config/index.js';
import { scanRoutes, type RouteEntry } from '../routes/scan-routes.js';
import { isUpToDate } from './build-state.js';
import { createBuildContext, need, type BuildContext, type BuildOptions } from './context.js';
import { createTempOutput, trackTemporary } from './output-dir.js';
import { scanPages } from './scan-pages.js';
import { settled } from './run-limited.js';
import { createOutputUpdate, OUTPUT_STATE } from './update-output.js';

export type { BuildOptions } from './context.js';

/** Figures of a finished build. */
export interface BuildResult {
  config: ResolvedConfig;
  outDir: string;
  /** The routed pages (of a build skipped as up to date: scanned when first read). */
  routes: RouteEntry[];
  /** Pages taken from the compile cache. */
  cachedPages: number;
  /** Documents taken from the last build's output instead of rendered again (their server modules did not change). */
  reusedDocuments: number;
  /** True when nothing changed since the last build and the output was kept as it is. */
  upToDate: boolean;
  durationMs: number;
  /**
   * Warnings of this build, as printed (`warning: ` left out): slow pages, page checks at the 'warn' level,
   * corrupt page cache entries (compiled again).
   */
  warnings: string[];
}

/**
 * Builds the site at `options.root` into its `outDir`. The new output (with the cache on, only what
 * changed) is written to a temporary folder and put in place only when everything succeeded
 * (`commitOutput`), so a failed build leaves the previous output intact.
 * @throws DocgenError for invalid input (config, Markdown, links, imports), with file, line and column.
 */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const ctx = await createBuildContext(options);
  await ctx.plugins.beforeBuild(ctx.config);
  // Without plugins that add or read routes, the build key is whole before the routes are scanned: a build
  // with nothing to do skips the scan (~30 ms at 10,000 pages).
  const checkFirst = ctx.cache.enabled && !ctx.plugins.hasHook('addPages') && !ctx.plugins.hasHook('routeGenerated');
  if (checkFirst && isUpToDate(ctx.stateFile, ctx.buildKey, ctx.config)) return upToDate(ctx, () => scanRoutes(ctx.config));
  // The first compile thread loads the compiler (~0.3 s: unified, shiki) while the routes are listed and
  // the page cache is read: a build after an edit waits for it. Started before, it made a build with
  // nothing to do slower (0.24 -> 0.28 s at 1,000 pages per locale), ending it unused.
  const pool = (await import('./compile-pages.js')).createCompilePool(Infinity);
  let handedOver = false;
  try {
    await scanPages(ctx);
    if (ctx.cache.enabled) {
      if (!checkFirst && isUpToDate(ctx.stateFile, ctx.buildKey, ctx.config)) return upToDate(ctx, () => ctx.routes);
      fs.rmSync(ctx.stateFile, { force: true });
    }
    if (ctx.routes.length) {
      ctx.compilePool = pool;
      handedOver = true;
    }
  } finally {
    if (!handedOver) await pool.destroy();
  }
  const { compileSitePages, buildSiteData, navigationByLang, bundleSite, indexSearch, emitAssets, emitSearchIndexes, renderSite, startRenderPool, startSearchPool, writeOutput } = await import('./build-phases.js');
  // Without a last output, the first render and search threads load React and the index code while the
  // pages compile: this thread mostly waits for the compile threads then, and would later share the cores
  // with the bundler. With one, this thread reads most pages from the cache meanwhile: they start later.
  if (!(ctx.cache.enabled && fs.existsSync(path.join(ctx.cacheDir, OUTPUT_STATE)))) {
    ctx.renderPool = startRenderPool();
    ctx.searchPool = startSearchPool(ctx);
  }
  try {
    await compileSitePages(ctx);
    await buildSiteData(ctx);
    await inTemporaryOutput(ctx, async () => {
      ctx.renderPool ??= startRenderPool();
      // The search indexes are built in threads of their own while the bundles are made and the documents
      // rendered (which know the indexes' URLs beforehand), and written as soon as they are built.
      await settled([
        (async () => {
          await bundleSite(ctx);
          emitAssets(ctx);
          await renderSite(ctx);
        })(),
        (async () => {
          await indexSearch(ctx);
          await emitSearchIndexes(ctx, need(ctx.tmpOut, 'tmpOut'));
        })(),
      ]);
      writeOutput(ctx);
    });
  } finally {
    // Not taken when a phase before them failed (or no page needed rendering).
    const pools = [ctx.renderPool, ctx.searchPool];
    ctx.renderPool = ctx.searchPool = undefined;
    await Promise.all(pools.map((pool) => pool?.destroy()));
  }
  await ctx.plugins.afterBuild(ctx.config, ctx.routes, navigationByLang(ctx.config, need(ctx.navigation, 'navigation')));
  ctx.timings.mark('afterBuild');
  return finish(ctx);
}

/**
 * Runs `phases` with `ctx.tmpOut` (beside the output folder) and `ctx.ssrDir` (in the cache) made and
 * tracked, so that Ctrl+C removes them; on failure the temporary output is removed, the SSR folder always.
 */
async function inTemporaryOutput(ctx: BuildContext, phases: () => Promise<void>): Promise<void> {
  const tmpOut = createTempOutput(ctx.config.outDir);
  const ssrDir = path.join(ctx.cacheDir, `ssr-${process.pid}-${Date.now()}`);
  ctx.tmpOut = tmpOut;
  ctx.ssrDir = ssrDir;
  ctx.output = createOutputUpdate(ctx.config.outDir, ctx.cache.enabled ? path.join(ctx.cacheDir, OUTPUT_STATE) : undefined);
  const untrackOut = trackTemporary(tmpOut);
  const untrackSsr = trackTemporary(ssrDir);
  try {
    await phases();
  } catch (error) {
    fs.rmSync(tmpOut, { recursive: true, force: true });
    throw error;
  } finally {
    fs.rmSync(ssrDir, { recursive: true, force: true });
    untrackOut();
    untrackSsr();
  }
}

/** The result of a build skipped as up to date; `routesOf` gives the routes when first read (`routes`, `cachedPages`). */
function upToDate(ctx: BuildContext, routesOf: () => RouteEntry[]): BuildResult {
  const { config } = ctx;
  const durationMs = performance.now() - ctx.started;
  if (ctx.log) console.log(`docgen: ${path.relative(process.cwd(), config.outDir) || '.'} is up to date (nothing changed since the last build)`);
  let routes: RouteEntry[] | undefined;
  return {
    config,
    outDir: config.outDir,
    get routes() {
      return (routes ??= routesOf());
    },
    get cachedPages() {
      return this.routes.length;
    },
    reusedDocuments: 0,
    upToDate: true,
    durationMs,
    warnings: [],
  };
}

/** Prints the phase times (`--profile`), the warnings and the summary line. */
function finish(ctx: BuildContext): BuildResult {
  const { config, routes, cachedPages, warnings } = ctx;
  const reusedDocuments = ctx.reusedDocuments ?? 0;
  const corrupt = ctx.cache.corrupt.length;
  if (corrupt) warnings.push(`${corrupt} page cache ${corrupt === 1 ? 'entry was' : 'entries were'} corrupt (checksum or shape) and compiled again: ${ctx.cache.dir}`);
  ctx.timings.print();
  const durationMs = performance.now() - ctx.started;
  if (ctx.log) {
    for (const warning of warnings) console.warn(`warning: ${warning}`);
    console.log(
      `docgen: ${routes.length} pages built into ${path.relative(process.cwd(), config.outDir) || '.'} in ${(durationMs / 1000).toFixed(2)} s` +
        (cachedPages ? ` (${cachedPages} from cache)` : '') +
        (reusedDocuments ? `, ${reusedDocuments} of ${routes.length + 1} documents unchanged` : ''),
    );
  }
  return { config, outDir: config.outDir, routes, cachedPages, reusedDocuments, upToDate: false, durationMs, warnings };
}
