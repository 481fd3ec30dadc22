/**
 * Phase: what the temporary output holds besides the bundles and the HTML: the route manifest of each
 * locale, the files pages link to or show (hashed copies), the public folder and the search indexes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import type { ResolvedConfig } from '../../config/index.js';
import { withBase } from '../../shared/route-path.js';
import type { RouteManifest } from '../../shared/types.js';
import type { RouteEntry } from '../routes/scan-routes.js';
import type { CompiledPage } from '../markdown/compiled-page.js';
import { need, type BuildContext, type ClientAssets } from './context.js';
import { DATA_DIR } from './data-dir.js';
import { writeWhole } from './reuse-documents.js';
import { writeOutputFile } from './update-output.js';
import { settled } from './run-limited.js';
import { searchIndexUrls } from '../search/write-search.js';

/**
 * Sets `ctx.assets`, `ctx.manifests` and `ctx.searchIndexes` (the URLs the search indexes will have:
 * `emitSearchIndexes` writes them once they are built), and writes the route manifests, the files pages
 * use and the public folder.
 */
export function emitAssets(ctx: BuildContext): void {
  const tmpOut = need(ctx.tmpOut, 'tmpOut');
  emitBundleAssets(ctx, tmpOut, ctx.compiled.values());
  if (fs.existsSync(ctx.config.publicDir)) fs.cpSync(ctx.config.publicDir, tmpOut, { recursive: true });
  ctx.searchIndexes = searchIndexUrls(ctx.config);
  ctx.timings.mark('assets');
}

/**
 * Sets `ctx.assets` (from the browser bundle's metafile) and `ctx.manifests`, writes the route manifests
 * into `outDir` and copies the files that `pages` link to or show.
 */
export function emitBundleAssets(ctx: BuildContext, outDir: string, pages: Iterable<CompiledPage>): void {
  const assets = collectAssets(need(ctx.bundles, 'bundles').client, outDir, ctx.config.root);
  ctx.assets = assets;
  ctx.manifests = writeManifests(ctx.config, ctx.routes, assets, outDir);
  copyPageAssets(outDir, pages);
}

/** Copies the files that `pages` link to or show into `outDir`, at their hashed paths. */
export function copyPageAssets(outDir: string, pages: Iterable<CompiledPage>): void {
  for (const page of pages) {
    for (const asset of page.assets) {
      fs.mkdirSync(path.dirname(path.join(outDir, asset.to)), { recursive: true });
      fs.copyFileSync(asset.from, path.join(outDir, asset.to));
    }
  }
}

/** Search index files written at once (libuv's thread pool writes them while the render threads work). */
const WRITES_IN_FLIGHT = 8;

/**
 * Writes the local search index of each locale (`ctx.search`: entry, shards, fragments) into the temporary
 * output `outDir`. The build runs it as soon as the indexes are built, beside the render phase (at 1,000
 * pages per locale they are ~12,000 files), so it leaves `ctx.searchIndexes` as `emitAssets` set it: the
 * documents being rendered read it, with an entry for every locale, one that shares another's index too.
 * Each locale's entry is written after the files it names. Only the files whose content differs from the
 * last build's are written (`writeOutputFile`): an edited page changes a few of the tens of thousands of
 * files of a big site's index.
 * @throws (rejects with) a file-system error of a write, once no write is in flight
 */
export async function emitSearchIndexes(ctx: BuildContext, outDir: string): Promise<void> {
  const search = need(ctx.search, 'search');
  const update = need(ctx.output, 'output');
  const folders = new Set<string>();
  const parts: [name: string, data: string, hash: string | undefined][] = [];
  for (const file of search.files.values()) {
    for (const [part, data] of file.parts) {
      const folder = part.slice(0, part.lastIndexOf('/'));
      if (!folders.has(folder)) {
        fs.mkdirSync(path.join(outDir, folder), { recursive: true });
        folders.add(folder);
      }
      parts.push([part, data, file.hashes?.get(part)]);
    }
  }
  let next = 0;
  const lane = async () => {
    while (next < parts.length) {
      const [part, data, hash] = parts[next++];
      await writeOutputFile(update, outDir, part, data, hash);
    }
  };
  await settled(Array.from({ length: WRITES_IN_FLIGHT }, lane));
  await Promise.all([...search.files.values()].map(({ file, json }) => writeOutputFile(update, outDir, file, json)));
}

/**
 * The dev server's search index files: every locale's entry, shards and fragments from `ctx.search`, by
 * URL path without base (`/docgen-data/search-en.json`), served from memory rather than written (the
 * first settling of 1,000 pages per locale wrote ~12,000 files, ~3 s). Sets `ctx.searchIndexes`.
 * Whoever serves the returned map swaps it in whole, so a reader never meets an entry of one index and
 * a fragment of another.
 */
export function servedSearchFiles(ctx: BuildContext): Map<string, string> {
  const search = need(ctx.search, 'search');
  const files = new Map<string, string>();
  for (const { file, json, parts } of search.files.values()) {
    for (const [part, data] of parts) files.set(`/${part}`, data);
    files.set(`/${file}`, json);
  }
  ctx.searchIndexes = Object.fromEntries([...search.files].map(([prefix, { file }]) => [prefix, `/${file}`]));
  return files;
}

/**
 * The URL (without base) of a bundle output: `file` as a metafile names it (relative to `root`), served from
 * `outDir`. `assets/app-1a2b3c4d.js` → `/assets/app-1a2b3c4d.js`.
 */
export function outputUrl(file: string, outDir: string, root: string): string {
  return '/' + path.relative(outDir, path.resolve(root, file)).split(path.sep).join('/');
}

/**
 * The app's entry, its static imports and styles, and each page chunk's URL, static imports (beyond the
 * entry's) and styles, from a browser bundle's metafile (paths relative to `root`); URLs without base.
 */
export function collectAssets(metafile: Metafile, outDir: string, root: string): ClientAssets {
  // The metafile names outputs by posix paths relative to `root`: those under `outDir` by one prefix
  // (path.relative for each of a big site's outputs took ~70 ms at 2,000 pages).
  const prefix = `${path.relative(root, outDir).split(path.sep).join('/')}/`;
  const url = (file: string) => (file.startsWith(prefix) && !file.includes('/.') ? file.slice(prefix.length - 1) : outputUrl(file, outDir, root));
  const outputs = Object.entries(metafile.outputs);
  const staticImports = (file: string, seen = new Set<string>()): string[] => {
    for (const imp of metafile.outputs[file]?.imports ?? []) {
      // A page chunk imports the shared entries and its sidebar module by relative URL (external to its build).
      const target = imp.external && imp.path.startsWith('./') ? path.posix.join(path.posix.dirname(file), imp.path) : imp.path;
      if (imp.kind === 'import-statement' && !seen.has(target)) {
        seen.add(target);
        staticImports(target, seen);
      }
    }
    return [...seen];
  };
  const [entryFile, entryOut] = outputs.find(([, o]) => o.entryPoint?.endsWith('client-entry.tsx'))!;
  const entryImports = staticImports(entryFile);
  const entrySet = new Set(entryImports);
  // Styles of a shared entry a page imports (a theme module's own CSS) that the app's styles do not hold.
  const appStyles = new Set(Object.keys((entryOut.cssBundle && metafile.outputs[entryOut.cssBundle]?.inputs) || {}));
  const extraStyles = (file: string) => {
    const css = metafile.outputs[file]?.cssBundle;
    return css && Object.keys(metafile.outputs[css]?.inputs ?? {}).some((input) => !appStyles.has(input)) ? [url(css)] : [];
  };
  const pages = new Map<string, { chunk: string; imports: string[]; styles: string[] }>();
  for (const [file, out] of outputs) {
    if (!out.entryPoint?.startsWith('docgen-page:') || !file.endsWith('.js')) continue;
    const imports = staticImports(file).filter((f) => !entrySet.has(f));
    pages.set(out.entryPoint.slice('docgen-page:'.length), {
      chunk: url(file),
      imports: imports.map(url),
      styles: [...new Set([...imports.flatMap(extraStyles), ...(out.cssBundle ? [url(out.cssBundle)] : [])])],
    });
  }
  return {
    entry: url(entryFile),
    entryImports: entryImports.map(url),
    styles: entryOut.cssBundle ? [url(entryOut.cssBundle)] : [],
    pages,
  };
}

/**
 * Writes the route table of each locale (of each version), `docgen-data/routes-<key>.json` (`routes-en.json`, `routes-1.x-zh.json`) (`RouteManifest`, naming the app
 * entry it goes with); returns locale prefix → its URL (without base).
 */
export function writeManifests(config: ResolvedConfig, routes: RouteEntry[], assets: ClientAssets, outDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const locale of config.contentLocales) {
    const table: RouteManifest = { app: withBase(assets.entry, config.base), routes: {} };
    for (const r of routes) {
      if (r.lang === locale.lang && r.version === locale.version) table.routes[r.path] = [withBase(assets.pages.get(r.filePath)!.chunk, config.base), r.relativePath];
    }
    const file = `${DATA_DIR}/routes-${locale.key}.json`;
    writeWhole(path.join(outDir, file), JSON.stringify(table));
    out[locale.prefix] = `/${file}`;
  }
  return out;
}
