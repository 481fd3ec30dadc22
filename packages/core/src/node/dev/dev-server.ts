/**
 * `docgen dev`: builds the site in development mode into a cache folder, serves it, watches the site
 * folder with chokidar and rebuilds on change. After a rebuild it tells the open pages over server-sent
 * events either which routes' page modules changed (`update`: the app swaps them in place, see
 * `DevUpdate`) or, when anything else changed (theme, config, styles, routes), to reload. A failed
 * rebuild keeps the last good output served and shows an error overlay (`build-error`) until a rebuild
 * succeeds.
 */
import fs from 'node:fs';
import path from 'node:path';
import type http from 'node:http';
import { watch } from 'chokidar';
import { loadConfig } from '../../config/index.js';
import { DocgenError } from '../../shared/errors.js';
import { build } from '../pipeline/build.js';
import { startStaticServer, type StaticServer } from '../server/static-server.js';
import { DEV_EVENTS_PATH, devClientScript } from './dev-client.js';

/** Options of `startDevServer`. */
export interface DevServerOptions {
  root: string;
  port?: number;
  host?: string;
  base?: string;
  outDir?: string;
  /** Print the time of each build phase at every rebuild. @default false */
  profile?: boolean;
  /** Called with each rebuild error (the CLI prints it). */
  onError?: (error: unknown) => void;
}

/** A running dev server. */
export interface DevServer extends StaticServer {
  /** Resolves when the next rebuild that starts after this call has finished, failed or not (for tests). */
  nextBuild(): Promise<void>;
}

/**
 * Data of the `update` event: the routes whose page module changed, and the new URLs of the route
 * manifests and search indexes (both carry content hashes), keyed by locale prefix as in `PageBootData`.
 */
export interface DevUpdate {
  routes: string[];
  manifests: Record<string, string>;
  searchIndexes?: Record<string, string>;
}

/** Data of the `build-error` event: the error's message and its places with a few lines of source around. */
export interface DevErrorPayload {
  message: string;
  locations: { message: string; file: string; line: number; column: number; excerpt: { line: number; text: string }[] }[];
}

/** What of a build's output decides between an in-place update and a reload. */
interface OutputSnapshot {
  boot: Pick<DevUpdate, 'manifests' | 'searchIndexes'>;
  /** Route path → page chunk URL, over all locales. */
  chunks: Map<string, string>;
  /** Asset files that are neither page chunks nor route manifests nor search indexes, sorted. */
  shared: string[];
}

/** Source files whose change can be applied in place (the rest reload the page). */
const PAGE_SOURCE = /\.mdx?$/;

/** Builds, serves and watches the site at `options.root`. */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const root = path.resolve(options.root);
  const overrides = { base: options.base, outDir: options.outDir ?? path.join(root, 'node_modules', '.cache', 'docgen', 'dev-dist'), dev: true };
  const clients = new Set<http.ServerResponse>();
  let waiters: (() => void)[] = [];
  let lastError: DevErrorPayload | undefined;

  const rebuild = async () => {
    const config = await loadConfig(root, overrides);
    await build({ config, dev: true, bodyEnd: devClientScript(), profile: options.profile });
    return config;
  };
  const config = await rebuild();
  let snapshot = snapshotOutput(config.outDir);

  const send = (res: http.ServerResponse, event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const broadcast = (event: string, data: unknown) => clients.forEach((res) => send(res, event, data));

  const server = await startStaticServer({
    dir: config.outDir,
    base: config.base,
    host: options.host,
    port: options.port ?? 5173,
    noCache: true,
    intercept(req, res) {
      if (req.url !== DEV_EVENTS_PATH) return false;
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
      res.write(': connected\n\n');
      // A page opened while the last rebuild is broken shows the overlay too.
      if (lastError) send(res, 'build-error', lastError);
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return true;
    },
  });

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let changed = new Set<string>();
  // `docgen build` output (and its temporary siblings) is no source: a build running beside the dev
  // server must not trigger rebuilds and page reloads.
  const buildOut = (await loadConfig(root, { base: options.base })).outDir;
  const ignoredPrefixes = [config.outDir, path.join(root, 'node_modules'), `${config.outDir}.`, buildOut, `${buildOut}.`];
  const ignored = (file: string) =>
    ignoredPrefixes.some((p) => file === p || file.startsWith(p.endsWith('.') ? p : p + path.sep)) ||
    /(^|[/\\])\.[^/\\]|\.timestamp-/.test(path.relative(root, file));

  const runRebuild = async (files: Set<string>) => {
    try {
      const next = await rebuild();
      const before = snapshot;
      snapshot = snapshotOutput(next.outDir);
      if (lastError) broadcast('clear', {});
      lastError = undefined;
      const onlyPages = [...files].every((f) => PAGE_SOURCE.test(f));
      const update = onlyPages ? inPlaceUpdate(before, snapshot) : undefined;
      if (!update) broadcast('reload', {});
      else if (update.routes.length) broadcast('update', update);
    } catch (error) {
      lastError = errorPayload(error);
      broadcast('build-error', lastError);
      options.onError?.(error);
    }
  };

  const schedule = (file: string) => {
    changed.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (running) return; // the running rebuild schedules the next one when it ends
      const files = changed;
      changed = new Set();
      // Waiters of `nextBuild` so far are answered by this rebuild, later ones by the next.
      const answered = waiters;
      waiters = [];
      running = runRebuild(files).finally(() => {
        running = undefined;
        answered.forEach((resolve) => resolve());
        if (changed.size) schedule([...changed][0]);
      });
    }, 30);
  };

  // chokidar's atomic-save handling (on by default) reports an editor's write-to-temporary-then-rename as
  // one change; new folders are watched as they appear. Symbolic links are not followed, as the build does
  // not follow them: a link that loops (a folder linked into itself) would make chokidar walk it forever.
  const watcher = watch(root, { ignored, ignoreInitial: true, followSymlinks: false });
  watcher.on('all', (_event, file) => schedule(file));
  await new Promise<void>((resolve, reject) => {
    watcher.once('ready', resolve);
    watcher.once('error', reject);
  });
  watcher.on('error', (error) => options.onError?.(error));

  return {
    ...server,
    nextBuild: () => new Promise((resolve) => waiters.push(resolve)),
    async close() {
      await watcher.close();
      clearTimeout(timer);
      for (const client of clients) client.end();
      await running;
      await server.close();
    },
  };
}

/**
 * The page modules to swap in place from `before` to `after`, or undefined when the page must reload:
 * shared code or styles changed, or a route was added or removed (the sidebar and nav change with it).
 */
function inPlaceUpdate(before: OutputSnapshot, after: OutputSnapshot): DevUpdate | undefined {
  if (before.shared.join('\n') !== after.shared.join('\n') || before.chunks.size !== after.chunks.size) return undefined;
  const routes: string[] = [];
  for (const [route, chunk] of after.chunks) {
    const old = before.chunks.get(route);
    if (old === undefined) return undefined;
    if (old !== chunk) routes.push(route);
  }
  return { routes, ...after.boot };
}

/** Reads the route manifests and asset list of a dev build's output. */
function snapshotOutput(outDir: string): OutputSnapshot {
  const html = ['404.html', 'index.html'].map((f) => path.join(outDir, f)).find((f) => fs.existsSync(f));
  const bootJson = html && /<script id="__DG_PAGE__" type="application\/json">(.*?)<\/script>/s.exec(fs.readFileSync(html, 'utf8'))?.[1];
  const boot: Pick<DevUpdate, 'manifests' | 'searchIndexes'> = bootJson ? (JSON.parse(bootJson) as DevUpdate) : { manifests: {} };
  const chunks = new Map<string, string>();
  const special = new Set<string>();
  const urls: string[] = [...Object.values(boot.manifests), ...Object.values(boot.searchIndexes ?? {})];
  for (const url of urls) special.add(path.posix.basename(url));
  for (const url of Object.values(boot.manifests)) {
    const file = path.join(outDir, 'assets', path.posix.basename(url));
    if (!fs.existsSync(file)) continue;
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, [string, string]>;
    for (const [route, [chunk]] of Object.entries(manifest)) {
      chunks.set(route, chunk);
      special.add(path.posix.basename(chunk));
    }
  }
  const assetsDir = path.join(outDir, 'assets');
  const shared = fs.existsSync(assetsDir) ? (fs.readdirSync(assetsDir, { recursive: true, encoding: 'utf8' }) as string[]).filter((f) => !special.has(f)).sort() : [];
  return { boot: { manifests: boot.manifests, searchIndexes: boot.searchIndexes }, chunks, shared };
}

/** The overlay's data for a rebuild error: a DocgenError's places with two lines of source either side. */
function errorPayload(error: unknown): DevErrorPayload {
  if (!(error instanceof DocgenError)) return { message: error instanceof Error ? error.message : String(error), locations: [] };
  const locations: DevErrorPayload['locations'] = [];
  for (const { message, location } of error.locations) {
    if (!location) continue;
    let excerpt: { line: number; text: string }[] = [];
    try {
      const lines = fs.readFileSync(path.resolve(location.file), 'utf8').split(/\r?\n/);
      const from = Math.max(1, location.line - 2);
      const to = Math.min(lines.length, location.line + 2);
      for (let n = from; n <= to; n++) excerpt.push({ line: n, text: lines[n - 1] });
    } catch {
      // The file is gone (deleted since): the line the compiler reported is all there is.
      excerpt = location.lineText === undefined ? [] : [{ line: location.line, text: location.lineText }];
    }
    locations.push({ message, file: location.file, line: location.line, column: location.column, excerpt });
  }
  return { message: error.message, locations };
}
