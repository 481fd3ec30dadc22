/**
 * Phase: the routed pages of the site: the files of its locale folders (`scanRoutes`), then the pages
 * plugins add (`addPages`), then the plugins read the final list (`routeGenerated`).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../../config/load-config.js';
import { DocgenError } from '../../shared/errors.js';
import { localePrefixOf } from '../../shared/route-path.js';
import type { AddedPage } from '../plugins/plugin.js';
import { scanRoutes, type RouteEntry } from '../routes/scan-routes.js';
import type { BuildContext } from './context.js';

/** What a route path of an added page may hold: no `#`, `?`, `%`, backslash, whitespace or control character. */
const ROUTE_PATH = /^\/[^#?%\\\s\u0000-\u001f\u007f]*$/;

/**
 * Sets `ctx.routes`, adds the added pages' sources to the build key.
 * @throws DocgenError for a bad site layout (missing locale folders, names that cannot be URLs, clashes),
 *   and `[plugin] addPages: …` for an added page whose route is taken or malformed, or whose file is missing
 */
export async function scanPages(ctx: BuildContext): Promise<void> {
  // The folders as the build key's walk read them, unless a `beforeBuild` hook ran since (it may write pages).
  const routes = scanRoutes(ctx.config, ctx.plugins.hasHook('beforeBuild') ? undefined : ctx.listing);
  ctx.listing = undefined;
  const added = await ctx.plugins.addPages(ctx.config, routes);
  if (added.length) {
    const taken = new Map(routes.map((r) => [clashKey(r.path), r.relativePath]));
    const written = new Set<string>();
    const dir = path.join(ctx.cacheDir, 'added-pages');
    const key = crypto.createHash('sha256').update(ctx.buildKey);
    for (const { plugin, page } of added) {
      const route = addedRoute(ctx.config, dir, plugin, page);
      const other = taken.get(clashKey(route.path));
      if (other !== undefined) throw addError(plugin, `the route ${route.path} is taken by ${other || 'another added page'}`);
      taken.set(clashKey(route.path), route.relativePath);
      if ('content' in page) {
        written.add(route.filePath);
        // Written only when changed: the file's mtime keeps the page cache and the up-to-date check valid.
        fs.mkdirSync(path.dirname(route.filePath), { recursive: true });
        if (!fs.existsSync(route.filePath) || fs.readFileSync(route.filePath, 'utf8') !== page.content) fs.writeFileSync(route.filePath, page.content);
      }
      key.update(`${route.path}\0${route.filePath}\0${'content' in page ? page.content : fs.statSync(route.filePath).mtimeMs}\n`);
      routes.push(route);
    }
    removeStale(dir, written);
    ctx.buildKey = key.digest('hex');
  } else fs.rmSync(path.join(ctx.cacheDir, 'added-pages'), { recursive: true, force: true });
  routes.push(...fallbackRoutes(ctx, routes));
  await ctx.plugins.routeGenerated(routes);
  ctx.routes = routes;
  ctx.timings.mark('routes');
}

/**
 * With `i18n.fallback`: for each page of the default language that another locale (of the same version,
 * when the version has a folder for that language) lacks, a route in that locale's URL space showing the original. Its `filePath` is a copy of the original
 * in `<cache>/fallback-pages/` (what plugins reading the route's file get); the compiler and the bundler
 * take the original (`originalFile`), so its relative imports and links resolve where they were written.
 */
function fallbackRoutes(ctx: BuildContext, routes: RouteEntry[]): RouteEntry[] {
  const { config } = ctx;
  const dir = path.join(ctx.cacheDir, 'fallback-pages');
  if (!config.i18n.fallback || config.resolvedLocales.length < 2) {
    fs.rmSync(dir, { recursive: true, force: true });
    return [];
  }
  const taken = new Set(routes.map((r) => clashKey(r.path)));
  const fallbacks: RouteEntry[] = [];
  const written = new Set<string>();
  for (const original of config.contentLocales.filter((l) => l.lang === config.lang)) {
    // Markdown and MDX pages: a component page's module imports from its own folder, which a copy has not.
    const originals = routes.filter((r) => r.lang === original.lang && r.version === original.version && r.relativePath && /\.mdx?$/.test(r.filePath));
    // A version without a folder for a language does not offer that language: no fallback pages there.
    for (const locale of config.contentLocales.filter((l) => l.version === original.version && l.lang !== config.lang && fs.existsSync(l.dir))) {
      for (const route of originals) {
        const routePath = locale.prefix + route.path.slice(original.prefix.length);
        if (taken.has(clashKey(routePath))) continue;
        taken.add(clashKey(routePath));
        const translation = path.relative(config.root, path.join(locale.dir, path.relative(original.dir, route.filePath)));
        const filePath = path.join(dir, translation);
        const content = fs.readFileSync(route.filePath);
        fs.mkdirSync(path.dirname(filePath), { recursive: true });
        if (!fs.existsSync(filePath) || !fs.readFileSync(filePath).equals(content)) fs.writeFileSync(filePath, content);
        written.add(filePath);
        fallbacks.push({ path: routePath, filePath, relativePath: route.relativePath, lang: locale.lang, version: locale.version, originalFile: route.filePath });
      }
    }
  }
  removeStale(dir, written);
  return fallbacks;
}

/** `/a` and `/a/` are one URL for hosts and readers. */
const clashKey = (p: string) => (p.length > 1 ? p.replace(/\/$/, '') : p);

/**
 * The route of an added page: its locale from the route's prefix; a page given by content is written to
 * `<cache>/added-pages/<plugin>/<route>.<md|mdx>`, where the page compiler and the bundler read it.
 */
function addedRoute(config: ResolvedConfig, dir: string, plugin: string, page: AddedPage): RouteEntry {
  if (!ROUTE_PATH.test(page.routePath)) {
    throw addError(plugin, `the route ${JSON.stringify(page.routePath)} cannot be a URL path (it must start with / and hold no #, ?, %, backslash or space)`);
  }
  // The longest matching prefix: `/1.x/zh/x` is of the locale `/1.x/zh`, not `/1.x`.
  const prefix = localePrefixOf(page.routePath, config.contentLocales.map((l) => l.prefix));
  const locale = config.contentLocales.find((l) => l.prefix === prefix)!;
  const routePath = page.routePath === locale.prefix ? `${locale.prefix}/` : page.routePath;
  let filePath: string;
  if ('filepath' in page) {
    filePath = page.filepath;
    if (!/\.mdx?$/.test(filePath)) throw addError(plugin, `${filePath} is not a .md or .mdx file`);
    if (!fs.statSync(filePath, { throwIfNoEntry: false })?.isFile()) throw addError(plugin, `${filePath} does not exist`);
    const rel = path.relative(config.root, filePath);
    if (rel.startsWith('..') || path.isAbsolute(rel)) throw addError(plugin, `${filePath} lies outside the site root ${config.root}: give its content instead`);
  } else {
    const name = routePath.endsWith('/') ? `${routePath}index` : routePath;
    filePath = path.join(dir, plugin.replace(/[^\w.-]+/g, '_'), `${name.slice(1)}.${page.format ?? 'mdx'}`);
  }
  return {
    path: routePath,
    filePath,
    // Pages given by content have no source file of their own to edit.
    relativePath: 'filepath' in page ? path.relative(config.root, filePath).split(path.sep).join('/') : '',
    lang: locale.lang,
    version: locale.version,
  };
}

/** Deletes files of `dir` (docgen's own cache) that this build did not write: pages a plugin no longer adds. */
function removeStale(dir: string, written: Set<string>): void {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && !written.has(file)) fs.rmSync(file, { force: true });
  }
}

function addError(plugin: string, message: string): DocgenError {
  return new DocgenError(`[${plugin}] addPages: ${message}`);
}
