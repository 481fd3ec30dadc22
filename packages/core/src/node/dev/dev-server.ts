/**
 * `docgen dev`: opens the site (`openDevSite`: compiled, bundled into a cache folder, pages rendered on
 * request), serves it, watches the site folder with chokidar and applies each batch of changes. It tells the
 * open pages over server-sent events which routes' page modules changed (`update`: the app swaps them in
 * place, see `DevUpdate`), that the search indexes changed (`search`), or, when shared code, the config or
 * the routes changed, to reload. A change that fails keeps the last good state served and shows an error
 * overlay (`build-error`) until a change succeeds.
 */
import fs from 'node:fs';
import path from 'node:path';
import type http from 'node:http';
import { watch } from 'chokidar';
import { loadConfig, type ResolvedConfig } from '../../config/index.js';
import { DocgenError } from '../../shared/errors.js';
import { startStaticServer, type StaticServer } from '../server/static-server.js';
import { DEV_EVENTS_PATH, devClientScript } from './dev-client.js';
import { openDevSite, type DevSite, type FileEvent, type SettledState } from './dev-site.js';

export type { DevUpdate } from './dev-site.js';

/** Options of `startDevServer`. */
export interface DevServerOptions {
  root: string;
  port?: number;
  host?: string;
  base?: string;
  outDir?: string;
  /** Print the time of each phase at start and at every change. @default false */
  profile?: boolean;
  /** Called with each rebuild error (the CLI prints it). */
  onError?: (error: unknown) => void;
}

/** A running dev server. */
export interface DevServer extends StaticServer {
  /**
   * Resolves when the next change applied after this call has finished, failed or not, including the work
   * that follows an in-place update (server bundle, search indexes, plugin outputs) (for tests).
   */
  nextBuild(): Promise<void>;
}

/** Data of the `build-error` event: the error's message and its places with a few lines of source around. */
export interface DevErrorPayload {
  message: string;
  locations: { message: string; file: string; line: number; column: number; excerpt: { line: number; text: string }[] }[];
}

/** Quiet time after an in-place update before the search indexes and plugin outputs follow, ms. */
const SETTLE_DELAY_MS = 200;

/** Opens, serves and watches the site at `options.root`. @throws DocgenError when the site cannot be built at start */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const root = path.resolve(options.root);
  const overrides = { base: options.base, outDir: options.outDir ?? path.join(root, 'node_modules', '.cache', 'docgen', 'dev-dist'), dev: true };
  const clients = new Set<http.ServerResponse>();
  let waiters: (() => void)[] = [];
  let lastError: DevErrorPayload | undefined;

  const open = async (): Promise<DevSite> => openDevSite({ config: await loadConfig(root, overrides), bodyEnd: devClientScript(), profile: options.profile });
  // Set once the site is open, before anything reads it.
  let site!: DevSite;
  // The search indexes and plugin outputs of the state served, once made (sent to each new page too).
  let settled: SettledState | undefined;
  // Every opening of the site has a folder of its own beside this one.
  const devOut = overrides.outDir;
  let server: StaticServer | undefined;

  const send = (res: http.ServerResponse, event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const broadcast = (event: string, data: unknown) => clients.forEach((res) => send(res, event, data));

  let timer: NodeJS.Timeout | undefined;
  // The job running (opening, an update, settling): changes wait for it and follow in one batch.
  let running: Promise<void> | undefined;
  let changed = new Map<string, FileEvent>();
  // `docgen build` output (and its temporary siblings) is no source: a build running beside the dev
  // server must not trigger rebuilds and page reloads.
  const buildOut = (await loadConfig(root, { base: options.base })).outDir;
  const ignoredPrefixes = [devOut, path.join(root, 'node_modules'), `${devOut}.`, buildOut, `${buildOut}.`];
  const ignored = (file: string) =>
    ignoredPrefixes.some((p) => file === p || file.startsWith(p.endsWith('.') ? p : p + path.sep)) ||
    /(^|[/\\])\.[^/\\]|\.timestamp-/.test(path.relative(root, file));

  const fail = (error: unknown) => {
    lastError = errorPayload(error);
    broadcast('build-error', lastError);
    options.onError?.(error);
  };
  const succeed = () => {
    if (lastError) broadcast('clear', {});
    lastError = undefined;
  };
  // After an in-place update: the server bundle, the search indexes and the plugins' outputs, once the
  // changes have stopped for a moment, so that the tabs load the new page modules first.
  let settleTimer: NodeJS.Timeout | undefined;
  let settleNeeded = false;
  // `nextBuild` waiters of an update that settles later: answered once it has (or by the next update).
  let settleWaiters: (() => void)[] = [];
  const settle = () => {
    if (running || changed.size) return; // the next update settles after it
    settleNeeded = false;
    const answered = settleWaiters;
    settleWaiters = [];
    running = site
      .settle()
      .then((state) => {
        succeed();
        settled = state;
        broadcast('search', state);
      }, fail)
      .finally(() => {
        running = undefined;
        answered.forEach((resolve) => resolve());
        next();
      });
  };

  const apply = async (files: Map<string, FileEvent>) => {
    try {
      const outcome = await site.apply(files);
      if (outcome.kind === 'reopen') {
        const next = await open();
        try {
          settled = await next.settle();
        } catch (error) {
          await next.dispose();
          throw error;
        }
        await site.dispose();
        site = next;
      }
      succeed();
      if (outcome.kind === 'update') {
        if (outcome.update.routes.length) broadcast('update', outcome.update);
        settleNeeded = true;
      } else broadcast('reload', {});
    } catch (error) {
      fail(error);
    }
  };

  const schedule = (file: string, event: FileEvent) => {
    // A later event of a file wins, except that a file added in this batch stays added.
    changed.set(file, changed.get(file) === 'add' && event === 'change' ? 'add' : event);
    clearTimeout(timer);
    clearTimeout(settleTimer);
    timer = setTimeout(() => {
      if (running) return; // the running update schedules the next one when it ends
      const files = changed;
      changed = new Map();
      // Waiters of `nextBuild` so far are answered by this update (once it has settled), later ones by the next.
      const answered = [...settleWaiters, ...waiters];
      waiters = [];
      settleWaiters = [];
      running = apply(files).finally(() => {
        running = undefined;
        if (settleNeeded) settleWaiters.push(...answered);
        else answered.forEach((resolve) => resolve());
        next();
      });
    }, 30);
  };
  /** After a job: the changes that came meanwhile, else the settling an update asked for. */
  const next = () => {
    const [first] = changed;
    if (first) schedule(first[0], first[1]);
    else if (settleNeeded) settleTimer = setTimeout(settle, SETTLE_DELAY_MS);
  };

  // Watching starts first, so that no change made while the site opens is missed: it waits for the opening.
  // chokidar's atomic-save handling (on by default) reports an editor's write-to-temporary-then-rename as
  // one change; new folders are watched as they appear. Symbolic links are not followed, as the build does
  // not follow them: a link that loops (a folder linked into itself) would make chokidar walk it forever.
  const watcher = watch(root, { ignored, ignoreInitial: true, followSymlinks: false });
  watcher.on('all', (event, file) => schedule(path.resolve(file), event as FileEvent));
  await new Promise<void>((resolve, reject) => {
    watcher.once('ready', resolve);
    watcher.once('error', reject);
  });
  watcher.on('error', (error) => options.onError?.(error));

  const stopWith = async (error: unknown): Promise<never> => {
    await watcher.close();
    clearTimeout(timer);
    await server?.close();
    throw error;
  };
  const opening = open().then((opened) => {
    site = opened;
  });
  running = opening;
  await opening.catch(stopWith);
  running = undefined;
  const config: ResolvedConfig = site.config;
  server = await startStaticServer({
    dir: () => site.config.outDir,
    base: config.base,
    host: options.host,
    port: options.port ?? 5173,
    noCache: true,
    intercept(req, res) {
      if (req.url !== DEV_EVENTS_PATH) return false;
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
      res.write(': connected\n\n');
      // A page opened while the last change is broken shows the overlay too.
      if (lastError) send(res, 'build-error', lastError);
      if (settled) send(res, 'search', settled);
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return true;
    },
    render: (sitePath) => site.render(sitePath),
  }).catch(async (error: unknown) => {
    await site.dispose();
    return stopWith(error);
  });
  // Serving already: the first page need not wait for the search indexes and the plugins' outputs.
  const first = site.settle().then((state) => {
    settled = state;
  });
  running = first;
  await first.catch(async (error: unknown) => {
    await site.dispose();
    return stopWith(error);
  });
  running = undefined;
  next();
  const served = server;

  return {
    ...served,
    nextBuild: () => new Promise((resolve) => waiters.push(resolve)),
    async close() {
      await watcher.close();
      clearTimeout(timer);
      clearTimeout(settleTimer);
      for (const client of clients) client.end();
      await running;
      await served.close();
      await site.dispose();
    },
  };
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
