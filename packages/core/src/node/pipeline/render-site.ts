/** Phase: server rendering of every route into its HTML file (SSG), or client-rendered shells with `ssg: false`. */
import os from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import { withBase } from '../../shared/route-path.js';
import { DocgenError } from '../../shared/errors.js';
import { displayPath } from '../display-path.js';
import { localeOfRoute, sourceFileOf, type RouteEntry } from '../routes/scan-routes.js';
import { routeOutputFile, routeUrl } from '../../shared/url-policy.js';
import { builtModule } from './built-module.js';
import { renderHeadTags } from './html-template.js';
import { need, type BuildContext } from './context.js';
import { createProgress } from './progress.js';
import { renderTimeoutError, type RenderJob, type RenderRoute } from './render-routes.js';

/** File of the cache folder that records the last build's documents (`reuse-documents.ts`). */
export const RENDER_STATE = 'render-state.json';
import type { RenderOutcome } from './render-worker.js';
import { runLimited } from './run-limited.js';
import { canReuseDocument, documentKeys, readRenderState } from './reuse-documents.js';

/**
 * Plans the document of every route (and the 404 page): head, preloads, boot data; then renders them in
 * worker threads, one page per task, each within `pageTimeout`.
 * @throws DocgenError naming every page that failed to render (route, source file, the error) or ran over
 *   the time limit
 */
export async function renderSite(ctx: BuildContext): Promise<void> {
  const { config } = ctx;
  const entryNames = need(ctx.entryNames, 'entryNames');
  const planned = await planRoutes(ctx, (route) => `${entryNames.get(route.path)}.js`);
  // Documents whose server modules and parts did not change since the last build: taken from its output.
  const pageKeys = need(ctx.pageBundles, 'pageBundles').pages;
  const sourceOf = new Map(ctx.routes.map((r) => [r.path, r.filePath]));
  const keys = ctx.cache.enabled
    ? documentKeys(planned, { salt: ctx.optionsKey, server: need(ctx.serverSharedHash, 'serverSharedHash'), pageKey: (route) => pageKeys.get(sourceOf.get(route.routePath) ?? '')?.key })
    : undefined;
  const last = keys ? readRenderState(path.join(ctx.cacheDir, RENDER_STATE)) : undefined;
  // Which documents can be taken (a stat each): they stay in the output folder.
  const reusable = planned.map((route) => canReuseDocument(route, keys?.get(route.htmlFile), last, config.outDir));
  const toReuse = planned.filter((_, i) => reusable[i]);
  const toRender = planned.filter((_, i) => !reusable[i]);
  ctx.documentKeys = keys;
  ctx.lastDocuments = last;
  const kept = need(ctx.output, 'output').kept;
  for (const route of toReuse) kept.add(route.htmlFile);
  ctx.reusedDocuments = toReuse.length;
  // Server modules only for the pages rendered.
  await need(ctx.bundleServerPages, 'bundleServerPages')(new Set(toRender.flatMap((r) => sourceOf.get(r.routePath) ?? [])));
  await renderRoutesInPool(ctx, toRender);
  ctx.timings.mark('render');
}

/**
 * Pages one pool of render threads renders before it is replaced: a thread keeps every page module it
 * imported (ES modules are never unloaded), so a thread that rendered the whole site would hold all of
 * them; a new pool per run of pages keeps the threads' memory flat in the site's size.
 */
const PAGES_PER_POOL = 1000;

/**
 * A pool of render threads whose first thread starts now and loads React (`render-worker.ts`, ~0.1–0.2 s
 * here) while the caller works on: on a build without a last output it is started before the pages
 * compile, on others before the bundles are made. `renderSite` takes it (`ctx.renderPool`) for its first
 * run of pages. At most one thread per core (and 8); the render phase runs as many tasks at
 * once as it needs.
 */
export function startRenderPool(): Piscina<RenderJob, RenderOutcome> {
  return new Piscina<RenderJob, RenderOutcome>({ filename: builtModule('render-worker.js'), minThreads: 1, maxThreads: Math.max(1, Math.min(os.availableParallelism(), 8)), idleTimeout: 1000 });
}

/**
 * Renders `routes` in worker threads, one page per task, each within `pageTimeout`.
 * @throws DocgenError naming every page that failed or ran over the time limit
 */
async function renderRoutesInPool(ctx: BuildContext, toRender: RenderRoute[]): Promise<void> {
  if (toRender.length === 0) return;
  const { config, log } = ctx;
  const ssrDir = need(ctx.ssrDir, 'ssrDir');
  const tmpOut = need(ctx.tmpOut, 'tmpOut');
  const progress = log ? createProgress('rendering pages') : undefined;
  let done = 0;
  // Always in worker threads: a page whose render never ends (an MDX expression that loops) can only be
  // stopped by terminating its thread. One thread per ~32 routes up to the cores.
  const threads = Math.max(1, Math.min(os.availableParallelism(), 8, Math.ceil(toRender.length / 32)));
  const failures: DocgenError[] = [];
  const renderRun = async (routes: RenderRoute[]) => {
    // The pool started while the bundles were made serves the first run.
    const pool = ctx.renderPool ?? new Piscina<RenderJob, RenderOutcome>({ filename: builtModule('render-worker.js'), maxThreads: threads, idleTimeout: 1000 });
    ctx.renderPool = undefined;
    try {
      await runLimited(pool, routes, {
        limit: threads,
        timeoutMs: config.pageTimeout,
        taskOf: (route, clock) => ({ ssrDir, outDir: tmpOut, ssr: config.ssg, routes: [route], clock }),
        onDone: (route, result) => {
          if (!result.ok) {
            failures.push(renderTimeoutError(route, config.pageTimeout));
          } else if (!result.value.ok) {
            failures.push(new DocgenError(result.value.message, result.value.locations));
          }
          progress?.update(++done, toRender.length);
        },
      });
    } finally {
      await pool.destroy();
    }
  };
  try {
    for (let from = 0; from < toRender.length; from += PAGES_PER_POOL) await renderRun(toRender.slice(from, from + PAGES_PER_POOL));
  } finally {
    progress?.done();
  }
  if (failures.length) throw new DocgenError(failures.map((f) => f.message).join('\n'), failures.flatMap((f) => f.locations));
}

/**
 * The document of every route, then of the 404 page (last): head, preloads, boot data, and the server
 * module to render it with (`moduleFileOf`: a file of the server bundle, relative to its folder).
 */
export async function planRoutes(ctx: BuildContext, moduleFileOf: (route: RouteEntry) => string): Promise<RenderRoute[]> {
  const plan = await routePlanner(ctx, moduleFileOf);
  return [...ctx.routes.map(plan.route), plan.notFound()];
}

/** Plans documents one at a time (`routePlanner`). */
export interface RoutePlanner {
  /** The document of `route`, one of the context's routes. */
  route(route: RouteEntry): RenderRoute;
  /** The document of the 404 page. */
  notFound(): RenderRoute;
}

/**
 * What `planRoutes` does, a route at a time: the site-wide part (head tags, manifests, the routes by
 * locale-free path for alternates) is made once, each route's document when asked for. The dev server plans
 * only the pages it renders: planning all 2,002 routes of a site took ~60 ms before its first page.
 */
export async function routePlanner(ctx: BuildContext, moduleFileOf: (route: RouteEntry) => string): Promise<RoutePlanner> {
  const { config, routes } = ctx;
  const { bodyEnd } = ctx.options;
  const assets = need(ctx.assets, 'assets');
  const b = (u: string) => withBase(u, config.base);
  const manifests = Object.fromEntries(Object.entries(need(ctx.manifests, 'manifests')).map(([k, v]) => [k, b(v)]));
  const indexes = need(ctx.searchIndexes, 'searchIndexes');
  const searchIndexes = Object.keys(indexes).length
    ? Object.fromEntries(Object.entries(indexes).map(([k, v]) => [k, b(v)]))
    : undefined;
  const href = (routePath: string) => routeUrl(routePath, { siteUrl: config.siteUrl, base: config.base, cleanUrls: config.route.cleanUrls });
  // Same page in other locales (of the same version): same path once the locale prefix is removed. A
  // fallback page is no translation: it is nobody's alternate, and its canonical page is its original.
  const keyOf = (r: RouteEntry) => `${r.version}\0${r.path.slice(localeOfRoute(config, r).prefix.length)}`;
  const byKey = new Map<string, RouteEntry[]>();
  for (const r of routes) if (!r.originalFile) byKey.set(keyOf(r), [...(byKey.get(keyOf(r)) ?? []), r]);
  const routeByFile = new Map(routes.map((r) => [r.filePath, r]));
  const routePaths = new Set(routes.map((r) => r.path));
  const { default: defaultVersion, noindex } = config.multiVersion;
  // An older version's page: kept out of search engines, pointing them at the default version's same page.
  const olderVersion = (route: RouteEntry) => noindex && route.version !== '' && route.version !== defaultVersion;
  const canonicalOf = (route: RouteEntry): string => {
    if (route.originalFile) return href(routeByFile.get(route.originalFile)?.path ?? route.path);
    if (olderVersion(route)) {
      const own = localeOfRoute(config, route);
      const current = config.contentLocales.find((l) => l.version === defaultVersion && l.lang === route.lang);
      const same = current && current.prefix + route.path.slice(own.prefix.length);
      if (same && routePaths.has(same)) return href(same);
    }
    return href(route.path);
  };
  const icon = config.icon ? b(config.icon) : '';
  const headTags = renderHeadTags([...config.head, ...(await ctx.plugins.headTags(config))]);
  // One list for every document: the document keys serialize a shared value once (`documentKeys`).
  const entryImports = assets.entryImports.map(b);

  const planRoute = (route: RouteEntry): RenderRoute => {
    const locale = localeOfRoute(config, route);
    const page = assets.pages.get(route.filePath)!;
    const siblings = route.originalFile ? [] : (byKey.get(keyOf(route)) ?? []);
    const alternates =
      siblings.length > 1
        ? [
            ...siblings.map((s) => ({ hreflang: s.lang, href: href(s.path) })),
            { hreflang: 'x-default', href: href((siblings.find((s) => s.lang === config.lang) ?? siblings[0]).path) },
          ]
        : [];
    return {
      routePath: route.path,
      moduleFile: moduleFileOf(route),
      sourceFile: displayPath(sourceFileOf(route)),
      htmlFile: routeOutputFile(route.path),
      siteTitle: locale.title,
      defaultDescription: locale.description,
      parts: {
        lang: route.lang,
        canonical: canonicalOf(route),
        robots: olderVersion(route) ? 'noindex' : '',
        alternates,
        icon,
        headTags,
        styles: [...assets.styles, ...page.styles].map(b),
        preloads: [page.chunk, ...page.imports].map(b),
        entryImports,
        entry: b(assets.entry),
        boot: { routePath: route.path, chunk: b(page.chunk), app: b(assets.entry), manifest: manifests[locale.prefix], manifests, searchIndexes },
        bodyEnd,
      },
    };
  };
  const defaultLocale = config.resolvedLocales[0];
  const notFound = (): RenderRoute => ({
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
      headTags,
      styles: assets.styles.map(b),
      preloads: [],
      entryImports,
      entry: b(assets.entry),
      boot: { routePath: '/404', chunk: '', app: b(assets.entry), manifest: manifests[''] ?? '', manifests, searchIndexes },
      bodyEnd,
    },
  });
  return { route: planRoute, notFound };
}
