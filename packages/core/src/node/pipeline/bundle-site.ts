/**
 * Phase: the browser and server bundles, made at once by esbuild from the same entries (the runtime's
 * client or server entry plus one entry per page), the browser bundle into the temporary output folder and
 * the server bundle into the build's SSR folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build as esbuild, type BuildOptions, type BuildResult, type Metafile } from 'esbuild';
import type { ResolvedConfig } from '../../config/index.js';
import { withBase } from '../../shared/route-path.js';
import type { RouteEntry } from '../routes/scan-routes.js';
import { need, type BuildContext } from './context.js';
import { aliasPlugin } from './alias-plugin.js';
import { docgenPlugin, esbuildFailure, sharedEntryPoints, type SiteModules } from './esbuild-plugin.js';

const coreRoot = new URL('../../..', import.meta.url);

/**
 * Sets `ctx.entryNames` and, once both bundles are written, `ctx.bundles`. The bundles run in esbuild's
 * own threads: the caller may do other work (the search index) until this resolves.
 * @throws DocgenError with esbuild's messages located in their files (a missing import, a syntax error)
 */
export async function bundleSite(ctx: BuildContext): Promise<void> {
  const plan = await planBundles(ctx, { outDir: need(ctx.tmpOut, 'tmpOut'), ssrDir: need(ctx.ssrDir, 'ssrDir') });
  ctx.bundles = await plan.run((options) => esbuild(options));
  ctx.timings.mark('bundles');
}

/** The two bundles of a site, ready to run once (`bundleSite`) or again and again (the dev server). */
export interface BundlePlan {
  /** What the docgen esbuild plugin serves; the dev server replaces its page data and site data in place. */
  modules: SiteModules;
  client: BuildOptions;
  server: BuildOptions;
  /**
   * Runs both bundles with `runner` (esbuild's `build`, or a context's `rebuild`), the server bundle taking
   * asset URLs from the browser bundle.
   * @throws DocgenError with esbuild's messages located in their files
   */
  run(runner: (options: BuildOptions) => Promise<BuildResult>): Promise<{ client: Metafile; server: Metafile }>;
  /** Runs the browser bundle alone; a server bundle run later takes its asset URLs. @throws as `run` */
  runClient(runner: (options: BuildOptions) => Promise<BuildResult>): Promise<Metafile>;
  /** Runs the server bundle alone, with the asset URLs of the last browser bundle run. @throws as `run` */
  runServer(runner: (options: BuildOptions) => Promise<BuildResult>): Promise<Metafile>;
}

/**
 * Plans the browser bundle (into `outDir`) and the server bundle (into `ssrDir`) of the site; sets
 * `ctx.entryNames`. For the dev server: `hashServerEntries` names server entries `[name]-[hash]`, so that a
 * process importing the modules of one build after another never gets a stale module from Node's cache;
 * `sharedEntries` adds the shared modules' entries to the browser bundle (`sharedEntryPoints`).
 */
export async function planBundles(
  ctx: BuildContext,
  { outDir, ssrDir, hashServerEntries = false, sharedEntries = false }: { outDir: string; ssrDir: string; hashServerEntries?: boolean; sharedEntries?: boolean },
): Promise<BundlePlan> {
  const { config, routes, options } = ctx;
  const modules: SiteModules = {
    siteData: need(ctx.siteData, 'siteData'),
    pages: need(ctx.pages, 'pages'),
    sidebars: need(ctx.sidebars, 'sidebars'),
    compiled: ctx.compiled,
    compileFragment: need(ctx.compileFragment, 'compileFragment'),
    themeEntry: resolveThemeEntry(config),
    site: { root: config.root, publicDir: config.publicDir },
    globalUI: {
      components: ctx.plugins.globalUIComponents(),
      mdxComponents: ctx.plugins.globalComponents(),
      styles: ctx.plugins.globalStyles(),
    },
    runtimeModules: await ctx.plugins.runtimeModules(config),
  };
  const extra = ctx.plugins.esbuildOptions();
  const alias = aliasPlugin(extra.alias);
  // Aliases first, so an aliased import in a page reaches docgen's hooks as the path it stands for.
  const pluginsFor = (server: boolean) => [...(alias ? [alias] : []), docgenPlugin(modules, { server }), ...extra.plugins];
  const entryNames = entryNamesOf(routes);
  ctx.entryNames = entryNames;
  const pageEntries = routes.map((r) => ({ in: r.filePath, out: entryNames.get(r.path)! }));
  const runtime = fileURLToPath(new URL('src/runtime/', coreRoot));
  const common = {
    bundle: true,
    splitting: true,
    format: 'esm' as const,
    jsx: 'automatic' as const,
    metafile: true,
    logLevel: 'silent' as const,
    absWorkingDir: config.root,
    // Pages import `.md`/`.mdx` files without their extension too, after code files of the same name.
    resolveExtensions: ['.tsx', '.ts', '.jsx', '.js', '.mdx', '.md', '.css', '.json'],
    loader: { '.svg': 'file', '.png': 'file', '.jpg': 'file', '.jpeg': 'file', '.gif': 'file', '.webp': 'file', '.woff2': 'file', '.woff': 'file' } as const,
  };
  const client: BuildOptions = {
    ...common,
    entryPoints: [{ in: path.join(runtime, 'client-entry.tsx'), out: 'app' }, ...(sharedEntries ? sharedEntryPoints() : []), ...pageEntries],
    outdir: outDir,
    entryNames: 'assets/[name]-[hash]',
    chunkNames: 'assets/chunk-[hash]',
    assetNames: 'assets/[name]-[hash]',
    publicPath: config.base,
    platform: 'browser',
    target: ['chrome90', 'edge90', 'firefox90', 'safari15'],
    minify: !options.dev,
    define: { ...extra.define, 'process.env.NODE_ENV': JSON.stringify(options.dev ? 'development' : 'production') },
    plugins: pluginsFor(false),
  };
  const server: BuildOptions = {
    ...common,
    entryPoints: [{ in: path.join(runtime, 'server-entry.tsx'), out: 'server-entry' }, ...pageEntries],
    outdir: ssrDir,
    entryNames: hashServerEntries ? '[name]-[hash]' : '[name]',
    chunkNames: 'chunk-[hash]',
    platform: 'node',
    target: 'node20',
    loader: { ...common.loader, '.css': 'empty' },
    define: { ...extra.define, 'process.env.NODE_ENV': '"production"' },
    plugins: pluginsFor(true),
  };
  const runClient: BundlePlan['runClient'] = async (runner) => {
    // The server bundle takes asset URLs from the browser bundle (it imports its chunks relatively, without
    // publicPath), so both render the same `src`: its asset loader waits.
    let resolveAssetUrls!: (urls: Map<string, string>) => void;
    let rejectAssetUrls!: (error: unknown) => void;
    modules.assetUrls = new Promise((resolve, reject) => {
      resolveAssetUrls = resolve;
      rejectAssetUrls = reject;
    });
    modules.assetUrls.catch(() => {}); // observed through the server build's own failure
    let result: BuildResult;
    try {
      result = await runner(client);
    } catch (error) {
      rejectAssetUrls(error);
      esbuildFailure(error);
    }
    resolveAssetUrls(assetUrlsOf(result.metafile!, outDir, config));
    return result.metafile!;
  };
  const runServer: BundlePlan['runServer'] = async (runner) => {
    try {
      return (await runner(server)).metafile!;
    } catch (error) {
      esbuildFailure(error);
    }
  };
  const run: BundlePlan['run'] = async (runner) => {
    const [clientResult, serverResult] = await Promise.allSettled([runClient(runner), runServer(runner)]);
    // The browser bundle's failure first: the server bundle fails with it when an asset waited for it.
    if (clientResult.status === 'rejected') throw clientResult.reason;
    if (serverResult.status === 'rejected') throw serverResult.reason;
    return { client: clientResult.value, server: serverResult.value };
  };
  return { modules, client, server, run, runClient, runServer };
}

/** Absolute source path of each file-loader asset → its URL (with base) in the browser bundle. */
function assetUrlsOf(metafile: Metafile, outDir: string, config: ResolvedConfig): Map<string, string> {
  const urls = new Map<string, string>();
  for (const [file, out] of Object.entries(metafile.outputs)) {
    if (out.entryPoint || file.endsWith('.js') || file.endsWith('.css') || file.endsWith('.map')) continue;
    const url = withBase('/' + path.relative(outDir, path.resolve(config.root, file)).split(path.sep).join('/'), config.base);
    for (const input of Object.keys(out.inputs)) urls.set(path.resolve(config.root, input), url);
  }
  return urls;
}

function resolveThemeEntry(config: ResolvedConfig): string {
  for (const name of ['index.tsx', 'index.ts', 'index.jsx', 'index.js']) {
    const file = path.join(config.themeDir, name);
    if (fs.existsSync(file)) return file;
  }
  // By package name, as docgen depends on it: the default theme is found wherever the package manager put it.
  return createRequire(import.meta.url).resolve('@docgen/theme-default');
}

/**
 * Entry names of the page modules, `p-<route as a name>`: `/zh/guide/x` → `p-zh_guide_x`, `/` → `p-index`.
 * Different routes can give one name (`/x_b` and `/x/b`); a later one gets a numbered suffix, so two pages
 * never write one output file.
 */
function entryNamesOf(routes: RouteEntry[]): Map<string, string> {
  const names = new Map<string, string>();
  const used = new Set<string>();
  for (const route of routes) {
    const flat = route.path.replace(/^\/|\/$/g, '').replace(/[^\w-]+/g, '_');
    const base = `p-${route.path.endsWith('/') ? `${flat || 'index'}${flat ? '_index' : ''}` : flat}`;
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base}-${n}`;
    used.add(name.toLowerCase());
    names.set(route.path, name);
  }
  return names;
}

