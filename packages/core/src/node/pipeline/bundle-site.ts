/**
 * Phase: the browser and server bundles, made by esbuild from the same entries (the runtime's client or
 * server entry plus one entry per page) in parts, the browser bundle into the temporary output folder and
 * the server bundle into the build's SSR folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import crypto from 'node:crypto';
import { build as esbuild, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import type { ResolvedConfig } from '../../config/index.js';
import { isExternalUrl, localePrefixOf, normalizeRoutePath, removeBase, withBase } from '../../shared/route-path.js';
import { routeHref } from '../../shared/url-policy.js';
import { localeOfRoute, type RouteEntry } from '../routes/scan-routes.js';
import { splitUrl } from '../markdown/page-links.js';
import { need, type BuildContext } from './context.js';
import { aliasPlugin } from './alias-plugin.js';
import type { SidebarSection } from '../../shared/types.js';
import { docgenPlugin, esbuildFailure, pageModuleSource, sharedEntryPoints, type SiteModules } from './esbuild-plugin.js';
import { allOutputs, BUNDLE_STATE, fromRecord, inputHasher, pageOutputs, readBundleState, takeOutputs, type BundleState } from './reuse-bundles.js';
import { sha256, writeWhole } from './reuse-documents.js';
import { linkOrCopy } from './update-output.js';
import { settled } from './run-limited.js';
import { CORE_ROOT } from '../core-root.js';


/** Pages per esbuild build of the page modules: esbuild's memory grows with a build's modules, not the site. */
const PAGE_BATCH = 200;

/**
 * Sets `ctx.entryNames`, `ctx.bundles` (the browser bundle whole, the server bundle's shared part) and
 * `ctx.bundleServerPages`, which the render phase calls for the pages it renders. Each bundle is made in
 * parts, so that no esbuild build grows with the site:
 * - the shared part: the app (browser) or server entry, plus one entry per shared module (React, the
 *   router, the theme, the runtime: `sharedEntryPoints`), split into common chunks;
 * - the pages, a batch of `PAGE_BATCH` at a time, each page module bundled alone, importing the shared
 *   modules from their entries (one React, one theme context) and, in the browser, its sidebar section from
 *   a module of its own (`assets/sidebar-<hash>.js`, shared by the pages of the section).
 * With the cache on, a page whose chunk would be what the last build made (`reuse-bundles.ts`) takes the
 * last build's files instead. The bundles run in esbuild's own threads: the caller may do other work (the
 * search index) meanwhile.
 * @throws DocgenError with esbuild's messages located in their files (a missing import, a syntax error)
 */
export async function bundleSite(ctx: BuildContext): Promise<void> {
  const { config } = ctx;
  const outDir = need(ctx.tmpOut, 'tmpOut');
  const ssrDir = need(ctx.ssrDir, 'ssrDir');
  const plan = await planBundles(ctx, { outDir, ssrDir });
  const last = ctx.cache.enabled ? readBundleState(path.join(ctx.cacheDir, BUNDLE_STATE)) : undefined;
  const lastPages = last?.outDir === config.outDir ? last.pages : {};
  const extra = new Set<string>();
  const parts = plan.parts((specifier) => extra.add(specifier));
  // Only the modules pages import get a shared entry: an entry keeps every export of its module, which the
  // app's own imports would otherwise tree-shake (all of the router's, the theme's), and the app's chunks
  // that pages load first would hold them.
  let specifiers = [...new Set(['react/jsx-runtime', ...(last?.shared ?? [])])];
  const sidebarUrls = writeSidebarModules(plan.modules.sidebars, path.join(outDir, 'assets'));
  const serverSidebars = writeSidebarModules(plan.modules.sidebars, ssrDir);
  const salt = sha256(JSON.stringify([ctx.optionsKey, config, ctx.plugins.fingerprint(), plan.client.define, plan.client.alias ?? null]));
  const compiledOf = (file: string) => ctx.compiled.get(file) ?? need(ctx.compileFragment, 'compileFragment')(file);
  // What docgen serves for the bundles' virtual modules, by metafile name, for their keys.
  const sharedModule = sharedVirtual(plan.modules);
  const virtual = async (namespace: string, name: string): Promise<string | undefined> => {
    if (namespace === 'docgen-page') {
      // The code by its hash, recorded in the page cache: hashing every page's code again costs ~0.1 s at 2,000 pages.
      const compiled = await compiledOf(name);
      return pageModuleSource(plan.modules, name, `// code ${ctx.cache.codeHash(compiled)}`);
    }
    return sharedModule(namespace, name);
  };
  const sharedDir = path.join(ctx.cacheDir, 'shared-server');
  const kept = need(ctx.output, 'output').kept;
  for (;;) {
    extra.clear();
    const keptBefore = new Set(kept);
    const hashInputs = inputHasher(config.root, virtual);
    const sharedKeyOf = async (inputs: string[]) => {
      const inputsHash = await hashInputs(inputs);
      return inputsHash && sha256(JSON.stringify([salt, specifiers, inputsHash]));
    };
    const lastShared = last?.outDir === config.outDir ? last.sharedParts : undefined;
    let shared = lastShared && (await sharedKeyOf(lastShared.inputs)) === lastShared.key ? takeSharedParts(lastShared, { lastOutDir: config.outDir, outDir, ssrDir, sharedDir, root: config.root, kept }) : undefined;
    if (shared) parts.adopt(shared);
    else {
      shared = await parts.shared(specifiers);
      if (ctx.cache.enabled) keepServerPart(shared.server, { ssrDir, sharedDir, root: config.root });
    }
    const sharedInputs = [...new Set([...Object.keys(shared.client.inputs), ...Object.keys(shared.server.inputs)])];
    const sharedKey = await sharedKeyOf(sharedInputs);
    const keyOf = async (page: { in: string }, inputs: string[]) => {
      const inputsHash = await hashInputs(inputs);
      const entry = plan.modules.pages.get(page.in);
      const sidebar = entry && entry.sidebar >= 0 ? sidebarUrls[entry.sidebar] : '';
      return inputsHash && sha256(JSON.stringify([salt, shared.clientFiles, sidebar, inputsHash]));
    };
    // The last build's chunks of unchanged pages, kept; the other pages bundled.
    const metas: Metafile[] = [shared.client];
    const pages: NonNullable<typeof ctx.pageBundles>['pages'] = new Map();
    const toBundle: { in: string; out: string }[] = [];
    for (const page of plan.pages) {
      const recorded = lastPages[page.in];
      const key = recorded && (await keyOf(page, recorded.inputs));
      const outputs = key === recorded?.key && recorded ? takeOutputs(recorded, { lastOutDir: config.outDir, outDir, root: config.root, kept }) : undefined;
      if (!outputs || !recorded) {
        toBundle.push(page);
        continue;
      }
      metas.push({ inputs: Object.fromEntries(recorded.inputs.map((i) => [i, { bytes: 0, imports: [] }])), outputs });
      pages.set(page.in, { key: recorded.key, inputs: recorded.inputs, outputs: Object.entries(recorded.outputs).map(([f, [, , r]]) => [f, r as Metafile['outputs'][string]]), stats: recorded.outputs });
    }
    // The server modules of the pages bundled again are needed (their documents change): made beside the
    // page chunks, taking their asset URLs once the browser bundle is whole.
    let resolveAssetUrls!: (urls: Map<string, string>) => void;
    const assetUrls = new Promise<Map<string, string>>((resolve) => (resolveAssetUrls = resolve));
    const serverMetas: Metafile[] = [shared.server];
    const serverDone = new Set<string>();
    const serverRun = (async () => {
      for (const batch of chunk(toBundle, PAGE_BATCH)) {
        serverMetas.push(await parts.serverPages(batch, assetUrls, (n) => serverSidebars[n]));
        for (const page of batch) serverDone.add(page.in);
      }
    })();
    const clientRun = (async () => {
      for (const batch of chunk(toBundle, PAGE_BATCH)) {
        const meta = await parts.clientPages(batch, (n) => sidebarUrls[n]);
        metas.push(meta);
        for (const [file, out] of Object.entries(meta.outputs)) {
          if (!out.entryPoint?.startsWith('docgen-page:') || !file.endsWith('.js')) continue;
          const source = out.entryPoint.slice('docgen-page:'.length);
          const made = pageOutputs(meta, file, outDir, config.root);
          const key = await keyOf({ in: source }, made.inputs);
          if (key) pages.set(source, { key, ...made });
        }
      }
    })().finally(() => resolveAssetUrls(parts.assetUrlsOf(mergeMetafiles(metas))));
    await settled([clientRun, serverRun]);
    // A page imported a module of the theme or runtime that has no shared entry yet: it gets one, and the
    // bundles are made again (rare: a subpath export of the theme; recorded for the next build).
    if (extra.size === 0) {
      const client = mergeMetafiles(metas);
      ctx.pageBundles = {
        shared: specifiers,
        pages,
        sharedParts: sharedKey
          ? { key: sharedKey, inputs: sharedInputs, outputs: allOutputs(shared.client, outDir, config.root), server: allOutputs(shared.server, ssrDir, config.root), serverHash: shared.serverHash }
          : undefined,
      };
      ctx.bundleServerPages = async (files) => {
        const entries = plan.pages.filter((p) => files.has(p.in) && !serverDone.has(p.in));
        for (const batch of chunk(entries, PAGE_BATCH)) serverMetas.push(await parts.serverPages(batch, assetUrls, (n) => serverSidebars[n]));
        ctx.bundles = { client, server: mergeMetafiles(serverMetas) };
      };
      ctx.bundles = { client, server: mergeMetafiles(serverMetas) };
      ctx.serverSharedHash = shared.serverHash;
      if (ctx.options.metafile) writeWhole(path.resolve(ctx.options.metafile), JSON.stringify(client));
      break;
    }
    specifiers = [...specifiers, ...extra];
    // What this attempt wrote goes (the folders themselves hold docgen's marker and the sidebar modules).
    for (const meta of [...metas, ...serverMetas]) for (const file of Object.keys(meta.outputs)) fs.rmSync(path.resolve(config.root, file), { force: true });
    for (const file of kept) if (!keptBefore.has(file)) kept.delete(file);
  }
  ctx.timings.mark('bundles');
}

/**
 * What docgen serves for the virtual modules of the shared parts (`docgen-shared:`, plugins' runtime
 * modules, site data, global UI), by namespace and metafile name, for reuse keys; undefined for others.
 */
export function sharedVirtual(modules: SiteModules): (namespace: string, name: string) => Promise<string | undefined> {
  return async (namespace, name) => {
    if (namespace === 'docgen-runtime-module') return modules.runtimeModules.get(name);
    if (namespace === 'docgen-shared') return name;
    if (namespace === 'docgen' && name.endsWith('site-data')) return JSON.stringify(modules.siteData);
    if (namespace === 'docgen' && name.endsWith('global-ui')) return JSON.stringify(modules.globalUI);
    return undefined;
  };
}

/** `items` in runs of `size`. */
function chunk<T>(items: T[], size: number): T[][] {
  const runs: T[][] = [];
  for (let i = 0; i < items.length; i += size) runs.push(items.slice(i, i + size));
  return runs;
}

/**
 * Writes each sidebar section as a module, `sidebar-<hash>.js` (its default export), into `dir`, the
 * folder of the page modules, unless a file of that name is there; returns its URL relative to them, by
 * section index.
 */
export function writeSidebarModules(sidebars: SidebarSection[], dir: string): string[] {
  fs.mkdirSync(dir, { recursive: true });
  return sidebars.map((section) => {
    const code = `export default ${JSON.stringify(section)};\n`;
    const name = `sidebar-${sha256(code).slice(0, 8)}.js`;
    // Named by content: a file already there holds it (and may be being imported: the dev server writes again).
    if (!fs.existsSync(path.join(dir, name))) fs.writeFileSync(path.join(dir, name), code);
    return `./${name}`;
  });
}

/** The shared parts of both bundles: their metafiles, the browser part's shared entries, the server part's contents as a hash. */
export interface SharedParts {
  client: Metafile;
  server: Metafile;
  clientFiles: Record<string, string>;
  serverHash: string;
}

/** sha256 of files by name and content, in name order, hex. */
export function hashFiles(files: string[]): string {
  const hash = crypto.createHash('sha256');
  for (const file of [...files].sort((a, b) => (path.basename(a) < path.basename(b) ? -1 : 1))) hash.update(`${path.basename(file)}\0`).update(fs.readFileSync(file));
  return hash.digest('hex');
}

/**
 * Keeps the server part's files in `sharedDir` (the cache), which outlives the build's SSR folder, for a
 * later build to take (`takeSharedParts`); linked (or copied) beside and renamed into place. The bundler
 * names them by their content's hash and never writes other bytes under those names; `serverHash` checks
 * them before they are taken.
 */
function keepServerPart(server: Metafile, { ssrDir, sharedDir, root }: { ssrDir: string; sharedDir: string; root: string }): void {
  const tmp = `${sharedDir}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  for (const file of Object.keys(server.outputs)) {
    const from = path.resolve(root, file);
    linkOrCopy(from, path.join(tmp, path.relative(ssrDir, from)));
  }
  fs.rmSync(sharedDir, { recursive: true, force: true });
  fs.renameSync(tmp, sharedDir);
}

/**
 * The shared parts an earlier build made and recorded (`BundleState.sharedParts`): the browser part's files
 * kept in the output folder, the server part's linked (or copied) from `sharedDir` into `ssrDir`; undefined
 * when a file is missing or changed.
 */
function takeSharedParts(
  recorded: NonNullable<BundleState['sharedParts']>,
  { lastOutDir, outDir, ssrDir, sharedDir, root, kept }: { lastOutDir: string; outDir: string; ssrDir: string; sharedDir: string; root: string; kept: Set<string> },
): SharedParts | undefined {
  const serverFiles = recorded.server.map(([relative]) => path.join(sharedDir, relative));
  if (!serverFiles.every((file) => fs.existsSync(file)) || hashFiles(serverFiles) !== recorded.serverHash) return undefined;
  const outputs = takeOutputs(recorded, { lastOutDir, outDir, root, kept });
  if (!outputs) return undefined;
  const inputs = Object.fromEntries(recorded.inputs.map((input) => [input, { bytes: 0, imports: [] }]));
  const server: Metafile = { inputs, outputs: {} };
  for (const [relative, record] of recorded.server) {
    const to = path.join(ssrDir, relative);
    linkOrCopy(path.join(sharedDir, relative), to);
    server.outputs[path.relative(root, to).split(path.sep).join('/')] = fromRecord(record as Metafile['outputs'][string], ssrDir, root);
  }
  const client: Metafile = { inputs, outputs };
  return { client, server, clientFiles: Object.fromEntries(sharedFilesOf(client)), serverHash: recorded.serverHash };
}

/** The two bundles of a site, made in parts (`bundleSite`, and the dev server page by page). */
export interface BundlePlan {
  /** What the docgen esbuild plugin serves; the dev server replaces its page data and site data in place. */
  modules: SiteModules;
  client: BuildOptions;
  server: BuildOptions;
  /** One entry per page: source file and entry name. */
  pages: { in: string; out: string }[];
  /**
   * The bundles in parts (see `bundleSite`), each run with esbuild's `build`; `unshared` is called with a
   * shared-like import (theme, runtime, React) that has no shared entry.
   * Each part throws DocgenError with esbuild's messages located in their files.
   */
  parts(unshared: (specifier: string) => void): {
    /** The shared parts of both bundles, with an entry per specifier; the server part's contents as a hash. */
    shared(specifiers: string[]): Promise<SharedParts>;
    /** Takes shared parts made by an earlier build (`takeSharedParts`) as if `shared` had made them. */
    adopt(shared: SharedParts): void;
    /** Page chunks of the browser bundle; `sidebarUrl`: URL of sidebar section n's module, relative to the chunks. */
    clientPages(batch: { in: string; out: string }[], sidebarUrl: (n: number) => string): Promise<Metafile>;
    /** Page modules of the server bundle, rendering the asset URLs of the browser bundle (`assetUrls`, awaited when an asset is met). */
    serverPages(batch: { in: string; out: string }[], assetUrls: Promise<Map<string, string>>, sidebarUrl: (n: number) => string): Promise<Metafile>;
    /** Source path of each asset (image, font) → its URL, from the browser bundle's metafile. */
    assetUrlsOf(meta: Metafile): Map<string, string>;
  };
}

/**
 * Plans the browser bundle (into `outDir`) and the server bundle (into `ssrDir`) of the site; sets
 * `ctx.entryNames`. For the dev server: `hashServerEntries` names server modules `[name]-[hash]`, so that a
 * process importing the modules of one state after another never gets a stale module from Node's cache;
 * `stablePageNames` names page chunks `assets/<entry name>.js`, without a hash, so that a page's URL is
 * known before it is bundled.
 */
export async function planBundles(
  ctx: BuildContext,
  { outDir, ssrDir, hashServerEntries = false, stablePageNames = false }: { outDir: string; ssrDir: string; hashServerEntries?: boolean; stablePageNames?: boolean },
): Promise<BundlePlan> {
  const { config, routes, options } = ctx;
  const modules: SiteModules = {
    siteData: need(ctx.siteData, 'siteData'),
    pages: need(ctx.pages, 'pages'),
    sidebars: need(ctx.sidebars, 'sidebars'),
    compiled: ctx.compiled,
    originals: new Map(routes.flatMap((r) => (r.originalFile ? [[r.filePath, r.originalFile]] : []))),
    localizeLink: fallbackLinkLocalizer(config, routes),
    compileFragment: need(ctx.compileFragment, 'compileFragment'),
    themeEntry: resolveThemeEntry(config),
    themeAppEntry: resolveThemeAppEntry(config),
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
  const runtime = path.join(CORE_ROOT, 'src/runtime') + path.sep;
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
  const appEntry = { in: path.join(runtime, 'client-entry.tsx'), out: 'app' };
  const serverEntry = { in: path.join(runtime, 'server-entry.tsx'), out: 'server-entry' };
  const client: BuildOptions = {
    ...common,
    entryPoints: [appEntry, ...pageEntries],
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
    entryPoints: [serverEntry, ...pageEntries],
    outdir: ssrDir,
    entryNames: hashServerEntries ? '[name]-[hash]' : '[name]',
    chunkNames: 'chunk-[hash]',
    platform: 'node',
    target: 'node20',
    loader: { ...common.loader, '.css': 'empty' },
    define: { ...extra.define, 'process.env.NODE_ENV': '"production"' },
    plugins: pluginsFor(true),
  };
  const parts: BundlePlan['parts'] = (unshared) => {
    let clientFiles = new Map<string, string>();
    let serverFiles = new Map<string, string>();
    const part = async (options: BuildOptions): Promise<Metafile> => {
      try {
        return (await esbuild(options)).metafile!;
      } catch (error) {
        esbuildFailure(error);
      }
    };
    const pagesOf = (options: BuildOptions, batch: { in: string; out: string }[], files: Map<string, string>, sidebarUrl: (n: number) => string) =>
      part({ ...options, entryPoints: batch, splitting: false, plugins: [sharedImports(files, sidebarUrl, unshared), ...(options.plugins ?? [])] });
    const pageClient = stablePageNames ? { ...client, entryNames: 'assets/[name]' } : client;
    return {
      async shared(specifiers) {
        // Both waited for, failed or not: no part is still writing when the caller removes the folders.
        const [clientResult, serverResult] = await Promise.allSettled([
          part({ ...client, entryPoints: [appEntry, ...sharedEntryPoints(specifiers)] }),
          part({ ...server, entryPoints: [serverEntry, ...sharedEntryPoints(specifiers)] }),
        ]);
        if (clientResult.status === 'rejected') throw clientResult.reason;
        if (serverResult.status === 'rejected') throw serverResult.reason;
        const [clientMeta, serverMeta] = [clientResult.value, serverResult.value];
        clientFiles = sharedFilesOf(clientMeta);
        serverFiles = sharedFilesOf(serverMeta);
        const serverHash = hashFiles(Object.keys(serverMeta.outputs).map((file) => path.resolve(config.root, file)));
        return { client: clientMeta, server: serverMeta, clientFiles: Object.fromEntries(clientFiles), serverHash };
      },
      adopt(shared) {
        clientFiles = sharedFilesOf(shared.client);
        serverFiles = sharedFilesOf(shared.server);
      },
      clientPages: (batch, sidebarUrl) => pagesOf(pageClient, batch, clientFiles, sidebarUrl),
      serverPages(batch, assetUrls, sidebarUrl) {
        modules.assetUrls = assetUrls;
        return pagesOf(server, batch, serverFiles, sidebarUrl);
      },
      assetUrlsOf: (meta) => assetUrlsOf(meta, outDir, config),
    };
  };
  return { modules, client, server, pages: pageEntries, parts };
}

/**
 * For fallback pages (`i18n.fallback`): a link of the original to a page of its own locale leads to the same
 * page in the fallback page's locale, when it is built there (with fallback on, it always is).
 */
function fallbackLinkLocalizer(config: ResolvedConfig, routes: RouteEntry[]): SiteModules['localizeLink'] {
  const fallbacks = new Map(routes.filter((r) => r.originalFile).map((r) => [r.filePath, r]));
  if (!fallbacks.size) return undefined;
  const paths = new Set(routes.map((r) => r.path));
  const byFile = new Map(routes.map((r) => [r.filePath, r]));
  const policy = { base: config.base, cleanUrls: config.route.cleanUrls };
  return (file, href) => {
    const route = fallbacks.get(file);
    const original = route && byFile.get(route.originalFile!);
    if (!route || !original || isExternalUrl(href)) return undefined;
    const { pathname, suffix } = splitUrl(href);
    const target = normalizeRoutePath(removeBase(pathname, config.base));
    const from = localeOfRoute(config, original).prefix;
    const to = localeOfRoute(config, route).prefix;
    if (!paths.has(target) || !(from === '' || target === from || target.startsWith(`${from}/`))) return undefined;
    // Already another locale's page: `/zh/x` is no page of the '' locale to translate.
    if (localePrefixOf(target, config.contentLocales.map((l) => l.prefix)) !== from) return undefined;
    const localized = to + target.slice(from.length);
    return paths.has(localized) ? routeHref(localized, policy) + suffix : undefined;
  };
}

/** Imports that must reach the app's own instance (React, the theme, the runtime and its router). */
export const SHARED_LIKE = /^(react|react-dom)(\/.*)?$|^@theme(-default)?(\/.*)?$|^@docgen\/(theme-default|core)(\/.*)?$/;

/** The specifier a shared-like import names: `@theme-default/x` is `@docgen/theme-default/x`. */
export function sharedSpecifier(path: string): string {
  return path.replace(/^@theme-default/, '@docgen/theme-default');
}

/** Shared specifier → its entry's output file, relative to the folder the pages are written to (`./shared-react-1a2b.js`). */
export function sharedFilesOf(metafile: Metafile): Map<string, string> {
  const files = new Map<string, string>();
  for (const [file, out] of Object.entries(metafile.outputs)) {
    if (out.entryPoint?.startsWith('docgen-shared:') && file.endsWith('.js')) files.set(out.entryPoint.slice('docgen-shared:'.length), `./${path.basename(file)}`);
  }
  return files;
}

/**
 * Makes a page batch import the shared modules from their entries (`files`) and its
 * sidebar section from its module; both by relative URL, so the chunks work under any base. Styles of the
 * theme are bundled with the page that imports them.
 */
function sharedImports(files: Map<string, string>, sidebarUrl: (n: number) => string, unshared: (specifier: string) => void): Plugin {
  return {
    name: 'docgen-shared-imports',
    setup(build) {
      build.onResolve({ filter: SHARED_LIKE }, (args) => {
        if (/\.css$/.test(args.path)) return undefined;
        const specifier = sharedSpecifier(args.path);
        const file = files.get(specifier);
        if (file) return { path: file, external: true };
        unshared(specifier);
        return { path: args.path, external: true };
      });
      build.onResolve({ filter: /^docgen:sidebar\/\d+$/ }, (args) => ({ path: sidebarUrl(Number(args.path.slice('docgen:sidebar/'.length))), external: true }));
    },
  };
}

/** The metafiles of a bundle's parts as one. */
export function mergeMetafiles(metas: Metafile[]): Metafile {
  return { inputs: Object.assign({}, ...metas.map((m) => m.inputs)), outputs: Object.assign({}, ...metas.map((m) => m.outputs)) };
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

/** The module the app imports as `@theme`; see `SiteModules.themeAppEntry`. */
function resolveThemeAppEntry(config: ResolvedConfig): string {
  const entry = resolveThemeEntry(config);
  return entry.startsWith(config.themeDir + path.sep) ? entry : createRequire(import.meta.url).resolve('@docgen/theme-default/app');
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

