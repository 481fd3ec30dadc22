/**
 * `docgen build`: config → routes → compile (worker pool + cache) → nav/sidebars → browser and server
 * bundles (esbuild) → SSG of every route → output swapped in atomically.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build as esbuild, type Metafile } from 'esbuild';
import { Piscina } from 'piscina';
import { loadConfig, type ConfigOverrides, type ResolvedConfig } from '../../config/index.js';
import { withBase } from '../../shared/route-path.js';
import type { LocaleData, OverviewGroup, PageData, RouteManifest, SidebarItem, SidebarSection, SiteData } from '../../shared/types.js';
import { createPageCompiler, type CompiledPage, type CompilerOptions, type PageWarning } from '../markdown/compile-page.js';
import { resolveNavigation, sidebarFor } from '../nav/resolve-nav-sidebar.js';
import { routeToHtmlFile, scanRoutes, type RouteEntry } from '../routes/scan-routes.js';
import { compilePages } from './compile-pages.js';
import { checkLinks } from './check-links.js';
import { docgenPlugin, esbuildFailure, fragmentCompiler, type SiteModules } from './esbuild-plugin.js';
import { builtModule } from './built-module.js';
import { buildKey, isUpToDate, saveState } from './build-state.js';
import type { RenderJob, RenderRoute } from './render-routes.js';
import type { RenderOutcome } from './render-worker.js';
import { runLimited } from './run-limited.js';
import { DocgenError } from '../../shared/errors.js';
import { PageCache } from './page-cache.js';
import { createProgress } from './progress.js';
import { cacheDirOf, checkOutDir, createTempOutput, recoverInterrupted, swapOutput, trackTemporary } from './output-dir.js';
import { createSearchOutput, writeRecordsFile, type SearchOutput } from '../search/write-search.js';
import { displayPath } from '../display-path.js';

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
  /** Config already loaded (the dev server reuses it). */
  config?: ResolvedConfig;
  /**
   * Replace an existing output folder that docgen did not make (it must still hold no source files).
   * @default false
   */
  emptyOutDir?: boolean;
}

/** Figures of a finished build. */
export interface BuildResult {
  config: ResolvedConfig;
  outDir: string;
  routes: RouteEntry[];
  /** Pages taken from the compile cache. */
  cachedPages: number;
  /** True when nothing changed since the last build and the output was kept as it is. */
  upToDate: boolean;
  durationMs: number;
  /** Warnings of this build, as printed (`warning: ` left out): slow pages, page checks at the 'warn' level. */
  warnings: string[];
}

const coreRoot = new URL('../../..', import.meta.url);
const VERSION = (JSON.parse(fs.readFileSync(new URL('package.json', coreRoot), 'utf8')) as { version: string }).version;

/**
 * Builds the site at `options.root` into its `outDir`. The new output is written to a temporary folder
 * and swapped in only when everything succeeded, so a failed build leaves the previous output intact.
 * @throws DocgenError for invalid input (config, Markdown, links, imports), with file, line and column.
 */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  const timings = createTimings();
  const config = options.config ?? (await loadConfig(options.root ?? process.cwd(), options));
  const log = options.log ?? true;
  const cacheDir = cacheDirOf(config);
  checkOutDir(config, { emptyOutDir: options.emptyOutDir, option: options.outDir === undefined ? 'outDir' : '--out-dir' });
  recoverInterrupted(config.outDir, cacheDir);
  const routes = scanRoutes(config);
  const cache = new PageCache(path.join(cacheDir, 'pages'));

  const compilerOptions: CompilerOptions = {
    root: config.root,
    base: config.base,
    locales: config.resolvedLocales.map((l) => ({ dir: l.dir, prefix: l.prefix })),
    excludeFragments: config.route.excludeFragments,
    htmlLinks: !config.route.cleanUrls,
    showLineNumbers: config.markdown.showLineNumbers,
    defaultWrapCode: config.markdown.defaultWrapCode,
    shiki: config.markdown.shiki,
    remarkPlugins: config.markdown.remarkPlugins,
    rehypePlugins: config.markdown.rehypePlugins,
    publicDir: config.publicDir,
    checkDeadLinks: config.markdown.checkDeadLinks,
    sanitize: config.markdown.sanitize,
  };
  const optionsKey = crypto
    .createHash('sha256')
    .update(JSON.stringify(compilerOptions))
    .update(pluginFingerprint(config))
    .update(CORE_FINGERPRINT)
    .digest('hex');

  const stateFile = path.join(cacheDir, options.dev ? 'dev-build-state.json' : 'build-state.json');
  const key = buildKey(config, { dev: options.dev ?? false, bodyEnd: options.bodyEnd ?? '', optionsKey }, VERSION);
  if (isUpToDate(stateFile, key, config)) {
    const durationMs = performance.now() - started;
    if (log) console.log(`docgen: ${path.relative(process.cwd(), config.outDir) || '.'} is up to date (nothing changed since the last build)`);
    return { config, outDir: config.outDir, routes, cachedPages: routes.length, upToDate: true, durationMs, warnings: [] };
  }
  fs.rmSync(stateFile, { force: true });

  const compileProgress = log ? createProgress('compiling pages') : undefined;
  const { pages: compiled, cached, slow } = await compilePages(
    routes.map((r) => r.filePath),
    { options: compilerOptions, optionsKey, cache, timeoutMs: config.pageTimeout, onProgress: compileProgress?.update },
  ).finally(() => compileProgress?.done());
  // One fragment compiler for the link check and the bundler: each fragment compiles once per build.
  const compileFragment = fragmentCompiler(createPageCompiler(compilerOptions), cache, optionsKey);
  const deadLinkWarnings = await checkLinks({
    routes,
    pages: compiled,
    root: config.root,
    publicDir: config.publicDir,
    level: config.markdown.checkDeadLinks,
    compileFragment,
  });
  const warnings = [
    ...[...compiled.values()].flatMap((page) => page.warnings.map(formatWarning)),
    ...deadLinkWarnings,
    ...slow.map(({ file, ms }) => `${displayPath(file)} took ${(ms / 1000).toFixed(1)} s to compile`),
  ];

  timings.mark('compile');
  const titles = new Map(routes.map((r) => [r.path, compiled.get(r.filePath)!.title]));
  const navigation = resolveNavigation(config, routes, titles);
  const siteData = createSiteData(config, navigation);

  const sidebars = [...navigation.values()].flatMap((n) => n.sidebars);
  const pages = new Map<string, { pageData: PageData; sidebar: number; overview?: OverviewGroup[] }>();
  const routeByPath = new Map(routes.map((r) => [r.path, r]));
  for (const route of routes) {
    const page = compiled.get(route.filePath)!;
    const section = sidebarFor(navigation.get(route.lang)?.sidebars ?? [], route.path);
    const hideSidebar = page.frontmatter.sidebar === false || (page.frontmatter.pageType && page.frontmatter.pageType !== 'doc');
    pages.set(route.filePath, {
      pageData: {
        title: page.title,
        routePath: route.path,
        lang: route.lang,
        toc: page.toc,
        frontmatter: page.frontmatter,
        version: route.version,
        _relativePath: route.relativePath,
      },
      sidebar: section && !hideSidebar ? sidebars.indexOf(section) : -1,
      overview: page.frontmatter.overview === true ? overviewOf(section, route.path, routeByPath, compiled) : undefined,
    });
  }

  const modules: SiteModules = {
    siteData,
    pages,
    sidebars,
    compiled,
    compileFragment,
    themeEntry: resolveThemeEntry(config),
    site: { root: config.root, publicDir: config.publicDir },
  };

  const entryNames = entryNamesOf(routes);
  const tmpOut = createTempOutput(config.outDir);
  const ssrDir = path.join(cacheDir, `ssr-${process.pid}-${Date.now()}`);
  const untrackOut = trackTemporary(tmpOut);
  const untrackSsr = trackTemporary(ssrDir);
  try {
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
      loader: { '.svg': 'file', '.png': 'file', '.jpg': 'file', '.jpeg': 'file', '.gif': 'file', '.webp': 'file', '.woff2': 'file', '.woff': 'file' } as const,
    };
    // Both bundles run at once. The server bundle takes asset URLs from the browser bundle (it imports its
    // chunks relatively, without publicPath), so both render the same `src`: its asset loader waits.
    let resolveAssetUrls!: (urls: Map<string, string>) => void;
    let rejectAssetUrls!: (error: unknown) => void;
    modules.assetUrls = new Promise((resolve, reject) => {
      resolveAssetUrls = resolve;
      rejectAssetUrls = reject;
    });
    modules.assetUrls.catch(() => {}); // observed through the server build's own failure
    const clientBuild = esbuild({
      ...common,
      entryPoints: [{ in: path.join(runtime, 'client-entry.tsx'), out: 'app' }, ...pageEntries],
      outdir: tmpOut,
      entryNames: 'assets/[name]-[hash]',
      chunkNames: 'assets/chunk-[hash]',
      assetNames: 'assets/[name]-[hash]',
      publicPath: config.base,
      platform: 'browser',
      target: ['chrome90', 'edge90', 'firefox90', 'safari15'],
      minify: !options.dev,
      define: { 'process.env.NODE_ENV': JSON.stringify(options.dev ? 'development' : 'production') },
      plugins: [docgenPlugin(modules, { server: false })],
    }).then(
      (result) => {
        resolveAssetUrls(assetUrlsOf(result.metafile!, tmpOut, config));
        return result;
      },
      (error: unknown) => {
        rejectAssetUrls(error);
        throw error;
      },
    );
    const serverBuild = esbuild({
      ...common,
      entryPoints: [{ in: path.join(runtime, 'server-entry.tsx'), out: 'server-entry' }, ...pageEntries],
      outdir: ssrDir,
      entryNames: '[name]',
      chunkNames: 'chunk-[hash]',
      platform: 'node',
      target: 'node20',
      loader: { ...common.loader, '.css': 'empty' },
      define: { 'process.env.NODE_ENV': '"production"' },
      plugins: [docgenPlugin(modules, { server: true })],
    });
    // Indexing is plain JavaScript in this thread: it runs while esbuild bundles in its own threads.
    await new Promise((resolve) => setImmediate(resolve));
    const search: SearchOutput = createSearchOutput(config, routes, compiled, pages, navigation);
    timings.mark('search index');
    const [clientResult, serverResult] = await Promise.allSettled([clientBuild, serverBuild]);
    if (clientResult.status === 'rejected') esbuildFailure(clientResult.reason);
    if (serverResult.status === 'rejected') esbuildFailure(serverResult.reason);
    const client = clientResult.value;
    timings.mark('bundles');
    const assets = collectAssets(client.metafile!, tmpOut, config.root);
    const manifests = writeManifests(config, routes, assets, tmpOut);
    for (const page of compiled.values()) {
      for (const asset of page.assets) {
        fs.mkdirSync(path.dirname(path.join(tmpOut, asset.to)), { recursive: true });
        fs.copyFileSync(asset.from, path.join(tmpOut, asset.to));
      }
    }
    if (fs.existsSync(config.publicDir)) fs.cpSync(config.publicDir, tmpOut, { recursive: true });

    for (const { file, json } of search.files.values()) fs.writeFileSync(path.join(tmpOut, file), json);
    const searchIndexes = Object.fromEntries([...search.files].map(([prefix, { file }]) => [prefix, `/${file}`]));

    await renderPages({ config, routes, assets, manifests, searchIndexes, ssrDir, tmpOut, entryNames, log, bodyEnd: options.bodyEnd });
    timings.mark('render');
    swapOutput(tmpOut, config.outDir);
    writeRecordsFile(config, search);
    const inputs = [client.metafile!, serverResult.value.metafile!].flatMap((m) => Object.keys(m.inputs));
    saveState(
      stateFile,
      key,
      inputs.filter((f) => !/^[\w-]+:/.test(f)).map((f) => path.resolve(config.root, f)),
      config.root,
    );
  } catch (error) {
    fs.rmSync(tmpOut, { recursive: true, force: true });
    throw error;
  } finally {
    fs.rmSync(ssrDir, { recursive: true, force: true });
    untrackOut();
    untrackSsr();
  }
  cache.prune();
  timings.mark('write');
  timings.print();

  const durationMs = performance.now() - started;
  if (log) {
    for (const warning of warnings) console.warn(`warning: ${warning}`);
    console.log(
      `docgen: ${routes.length} pages built into ${path.relative(process.cwd(), config.outDir) || '.'} in ${(durationMs / 1000).toFixed(2)} s` +
        (cached ? ` (${cached} from cache)` : ''),
    );
  }
  return { config, outDir: config.outDir, routes, cachedPages: cached, upToDate: false, durationMs, warnings };
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

/**
 * docgen's version and the size and mtime of its own Node modules: an upgraded or edited docgen never
 * serves pages compiled, or a build made, by the previous one.
 */
const CORE_FINGERPRINT = (() => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const parts = [VERSION];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'runtime' && !entry.name.startsWith('__')) walk(abs);
      } else if (/\.(js|ts)$/.test(entry.name) && !entry.name.includes('.test.')) {
        const stat = fs.statSync(abs);
        parts.push(`${path.relative(root, abs)}:${stat.size}:${stat.mtimeMs}`);
      }
    }
  };
  walk(root);
  return parts.join('\n');
})();

/**
 * Size and mtime of each user remark/rehype plugin's entry file: editing a plugin then invalidates the
 * page cache (changes in modules it imports are not seen).
 */
function pluginFingerprint(config: ResolvedConfig): string {
  const require = createRequire(path.join(config.root, 'noop.js'));
  return [...config.markdown.remarkPlugins, ...config.markdown.rehypePlugins]
    .map((entry) => {
      const name = Array.isArray(entry) ? entry[0] : entry;
      try {
        const file = name.startsWith('.') ? path.resolve(config.root, name) : require.resolve(name);
        const stat = fs.statSync(file);
        return `${file}:${stat.size}:${stat.mtimeMs}`;
      } catch {
        return `${name}:unresolved`; // the compile reports it with its own message
      }
    })
    .join('\n');
}

/** Phase timings printed when `DOCGEN_TIMINGS` is set, to see where a build spends its time. */
function createTimings() {
  const enabled = Boolean(process.env.DOCGEN_TIMINGS);
  const phases: [string, number][] = [];
  let last = performance.now();
  return {
    mark(name: string) {
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
 * The data of an overview page: the pages of its sidebar section, grouped as in the sidebar, each with its
 * h2 headings. External links and the overview page itself are left out.
 */
function overviewOf(
  section: SidebarSection | null,
  self: string,
  routeByPath: Map<string, RouteEntry>,
  compiled: Map<string, CompiledPage>,
): OverviewGroup[] {
  if (!section) return [];
  const pageOf = (item: SidebarItem) => {
    const route = item.link ? routeByPath.get(item.link) : undefined;
    if (!route || route.path === self) return [];
    const page = compiled.get(route.filePath)!;
    return [{ title: item.text, link: route.path, headings: page.toc.filter((t) => t.depth === 2).map(({ text, id }) => ({ text, id })) }];
  };
  const flatten = (items: SidebarItem[]): SidebarItem[] => items.flatMap((i) => (i.items ? flatten(i.items) : [i]));
  const groups: OverviewGroup[] = [];
  const loose: OverviewGroup = { title: '', pages: [] };
  for (const item of section.items) {
    if (item.items) groups.push({ title: item.text, pages: flatten(item.items).flatMap(pageOf) });
    else loose.pages.push(...pageOf(item));
  }
  return [...(loose.pages.length ? [loose] : []), ...groups.filter((g) => g.pages.length)];
}

/** Browser outputs by role, URLs with the base. */
interface ClientAssets {
  entry: string;
  /** Static imports of the entry (to preload). */
  entryImports: string[];
  styles: string[];
  /** Page file (absolute) → chunk URL and its static imports not already preloaded with the entry. */
  pages: Map<string, { chunk: string; imports: string[]; styles: string[] }>;
}

function collectAssets(metafile: Metafile, outDir: string, root: string): ClientAssets {
  const url = (file: string) => '/' + path.relative(outDir, path.resolve(root, file)).split(path.sep).join('/');
  const outputs = Object.entries(metafile.outputs);
  const staticImports = (file: string, seen = new Set<string>()): string[] => {
    for (const imp of metafile.outputs[file]?.imports ?? []) {
      if (imp.kind === 'import-statement' && !seen.has(imp.path)) {
        seen.add(imp.path);
        staticImports(imp.path, seen);
      }
    }
    return [...seen];
  };
  const [entryFile, entryOut] = outputs.find(([, o]) => o.entryPoint?.endsWith('client-entry.tsx'))!;
  const entryImports = staticImports(entryFile);
  const entrySet = new Set(entryImports);
  const pages = new Map<string, { chunk: string; imports: string[]; styles: string[] }>();
  for (const [file, out] of outputs) {
    if (!out.entryPoint?.startsWith('docgen-page:') || !file.endsWith('.js')) continue;
    pages.set(out.entryPoint.slice('docgen-page:'.length), {
      chunk: url(file),
      imports: staticImports(file).filter((f) => !entrySet.has(f)).map(url),
      styles: out.cssBundle ? [url(out.cssBundle)] : [],
    });
  }
  return {
    entry: url(entryFile),
    entryImports: entryImports.map(url),
    styles: entryOut.cssBundle ? [url(entryOut.cssBundle)] : [],
    pages,
  };
}

/** Writes `assets/routes-<lang>-<hash>.json` per locale; returns locale prefix → manifest URL (without base). */
function writeManifests(config: ResolvedConfig, routes: RouteEntry[], assets: ClientAssets, outDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const locale of config.resolvedLocales) {
    const table: RouteManifest = {};
    for (const r of routes) if (r.lang === locale.lang) table[r.path] = [withBase(assets.pages.get(r.filePath)!.chunk, config.base), r.relativePath];
    const json = JSON.stringify(table);
    const hash = crypto.createHash('sha256').update(json).digest('hex').slice(0, 8);
    const file = `assets/routes-${locale.lang}-${hash}.json`;
    fs.writeFileSync(path.join(outDir, file), json);
    out[locale.prefix] = `/${file}`;
  }
  return out;
}

interface RenderContext {
  config: ResolvedConfig;
  routes: RouteEntry[];
  assets: ClientAssets;
  manifests: Record<string, string>;
  /** Locale prefix → local search index URL (without base). */
  searchIndexes: Record<string, string>;
  ssrDir: string;
  tmpOut: string;
  /** Route path → name of its page entry in both bundles (`entryNamesOf`). */
  entryNames: Map<string, string>;
  log: boolean;
  bodyEnd?: string;
}

/** Plans the document of every route (and the 404 page), then renders them in this thread or in workers. */
async function renderPages(ctx: RenderContext): Promise<void> {
  const { config, routes, assets } = ctx;
  const b = (u: string) => withBase(u, config.base);
  const manifests = Object.fromEntries(Object.entries(ctx.manifests).map(([k, v]) => [k, b(v)]));
  const searchIndexes = Object.keys(ctx.searchIndexes).length
    ? Object.fromEntries(Object.entries(ctx.searchIndexes).map(([k, v]) => [k, b(v)]))
    : undefined;
  const href = (routePath: string) => {
    const p = !config.route.cleanUrls && !routePath.endsWith('/') ? `${routePath}.html` : routePath;
    return (config.siteUrl ? config.siteUrl.replace(/\/$/, '') : '') + b(p);
  };
  // Same page in other locales: same path once the locale prefix is removed.
  const localeOf = (lang: string) => config.resolvedLocales.find((l) => l.lang === lang)!;
  const keyOf = (r: RouteEntry) => r.path.slice(localeOf(r.lang).prefix.length);
  const byKey = new Map<string, RouteEntry[]>();
  for (const r of routes) byKey.set(keyOf(r), [...(byKey.get(keyOf(r)) ?? []), r]);
  const icon = config.icon ? b(config.icon) : '';

  const planned: RenderRoute[] = routes.map((route) => {
    const locale = localeOf(route.lang);
    const page = assets.pages.get(route.filePath)!;
    const siblings = byKey.get(keyOf(route)) ?? [];
    const alternates =
      siblings.length > 1
        ? [
            ...siblings.map((s) => ({ hreflang: s.lang, href: href(s.path) })),
            { hreflang: 'x-default', href: href((siblings.find((s) => s.lang === config.lang) ?? siblings[0]).path) },
          ]
        : [];
    return {
      routePath: route.path,
      moduleFile: `${ctx.entryNames.get(route.path)}.js`,
      sourceFile: displayPath(route.filePath),
      htmlFile: routeToHtmlFile(route.path),
      siteTitle: locale.title,
      defaultDescription: locale.description,
      parts: {
        lang: route.lang,
        canonical: href(route.path),
        alternates,
        icon,
        styles: [...assets.styles, ...page.styles].map(b),
        preloads: [page.chunk, ...page.imports].map(b),
        entryImports: assets.entryImports.map(b),
        entry: b(assets.entry),
        boot: { routePath: route.path, chunk: b(page.chunk), manifest: manifests[locale.prefix], manifests, searchIndexes },
        bodyEnd: ctx.bodyEnd,
      },
    };
  });
  const defaultLocale = config.resolvedLocales[0];
  planned.push({
    routePath: '/404',
    moduleFile: '',
    sourceFile: '',
    htmlFile: '404.html',
    siteTitle: defaultLocale.title,
    defaultDescription: '',
    parts: {
      lang: defaultLocale.lang,
      canonical: '',
      alternates: [],
      icon,
      styles: assets.styles.map(b),
      preloads: [],
      entryImports: assets.entryImports.map(b),
      entry: b(assets.entry),
      boot: { routePath: '/404', chunk: '', manifest: manifests[''] ?? '', manifests, searchIndexes },
      bodyEnd: ctx.bodyEnd,
    },
  });

  const progress = ctx.log ? createProgress('rendering pages') : undefined;
  let done = 0;
  // Always in worker threads: a page whose render never ends (an MDX expression that loops) can only be
  // stopped by terminating its thread. One thread per ~32 routes up to the cores.
  const threads = Math.max(1, Math.min(os.availableParallelism(), 8, Math.ceil(planned.length / 32)));
  const pool = new Piscina<RenderJob, RenderOutcome>({ filename: builtModule('render-worker.js'), maxThreads: threads, idleTimeout: 1000 });
  const failures: DocgenError[] = [];
  try {
    await runLimited(pool, planned, {
      limit: threads,
      timeoutMs: config.pageTimeout,
      taskOf: (route) => ({ ssrDir: ctx.ssrDir, outDir: ctx.tmpOut, ssr: config.ssg, routes: [route] }),
      onDone: (route, result) => {
        if (!result.ok) {
          const message = `Rendering ${route.routePath}${route.sourceFile ? ` (${route.sourceFile})` : ''} took longer than ${config.pageTimeout / 1000} s (pageTimeout) and was stopped`;
          failures.push(new DocgenError(message, route.sourceFile ? [{ message, location: { file: route.sourceFile, line: 1, column: 1 } }] : []));
        } else if (!result.value.ok) {
          failures.push(new DocgenError(result.value.message, result.value.locations));
        }
        progress?.update(++done, planned.length);
      },
    });
  } finally {
    await pool.destroy();
    progress?.done();
  }
  if (failures.length) throw new DocgenError(failures.map((f) => f.message).join('\n'), failures.flatMap((f) => f.locations));
}

function createSiteData(config: ResolvedConfig, navigation: ReturnType<typeof resolveNavigation>): SiteData {
  const locales: LocaleData[] = config.resolvedLocales.map((l) => ({
    lang: l.lang,
    label: l.label,
    prefix: l.prefix,
    title: l.title,
    description: l.description,
    nav: navigation.get(l.lang)?.nav ?? [],
    editLink: l.editLink,
    strings: l.strings,
    // Like nav: a locale's own landing, else the top-level one for the default locale only.
    landing: config.themeConfig.locales[l.lang]?.landing ?? (l.lang === config.lang ? config.themeConfig.landing : undefined),
  }));
  const { nav: _nav, sidebar: _sidebar, locales: _locales, landing: _landing, ...themeConfig } = config.themeConfig;
  return {
    title: config.title,
    description: config.description,
    base: config.base,
    lang: config.lang,
    icon: config.icon,
    logo: config.logo,
    logoText: config.logoText,
    cleanUrls: config.route.cleanUrls,
    locales,
    themeConfig,
    markdown: {
      showLineNumbers: config.markdown.showLineNumbers,
      defaultWrapCode: config.markdown.defaultWrapCode,
      shiki: { lightTheme: config.markdown.shiki.lightTheme, darkTheme: config.markdown.shiki.darkTheme },
    },
    multiVersion: config.multiVersion,
    search: config.search && {
      provider: config.search.provider,
      appId: config.search.appId,
      apiKey: config.search.apiKey,
      indexName: config.search.indexName,
      searchParameters: config.search.searchParameters,
      insights: config.search.insights,
      hosts: config.search.hosts,
      missingResultsUrl: config.search.missingResultsUrl,
    },
  };
}

function resolveThemeEntry(config: ResolvedConfig): string {
  for (const name of ['index.tsx', 'index.ts', 'index.jsx', 'index.js']) {
    const file = path.join(config.themeDir, name);
    if (fs.existsSync(file)) return file;
  }
  return fileURLToPath(new URL('../theme-default/src/index.tsx', coreRoot));
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


/** A page warning as one line: `file:line:column: message` when its place is known. */
function formatWarning(warning: PageWarning): string {
  const at = warning.location;
  return at && !warning.message.startsWith(at.file) ? `${at.file}:${at.line}:${at.column}: ${warning.message}` : warning.message;
}
