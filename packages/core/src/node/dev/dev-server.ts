/**
 * `docgen dev`: opens the site (`openDevSite`: the shared code bundled into a cache folder, each page
 * compiled, bundled and rendered when first asked for, the others compiled in the background), serves it, watches the site folder with chokidar and applies each batch of changes. It tells the
 * open pages over server-sent events which routes' page modules changed (`update`: the app swaps them in
 * place, see `DevUpdate`), that the search indexes changed (`search`), or, when shared code, the config or
 * the routes changed, to reload. A change that fails keeps the last good state served and shows an error
 * overlay (`build-error`) until a change succeeds.
 */
import fs from 'node:fs';
import path from 'node:path';
import type http from 'node:http';
import { loadConfig, type ResolvedConfig } from '../../config/index.js';
import { DocgenError } from '../../shared/errors.js';
import { startStaticServer, type StaticServer } from '../server/static-server.js';
import { DEV_EVENTS_PATH, devClientScript } from './dev-client.js';
import { REFRESH_RUNTIME_PATH, refreshRuntimeScript } from './fast-refresh.js';
import { openDevSite, type DevSite, type FileEvent, type SettledState } from './dev-site.js';
import { watchSite } from './watch-site.js';

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
  /** Called with each rebuild error (the CLI prints it); not for a job that fails once `close` was called. */
  onError?: (error: unknown) => void;
  /**
   * Called with the server's URL as soon as it serves pages, before `startDevServer` resolves (which
   * waits for every page to have compiled and the search indexes; the CLI prints the URL here).
   */
  onListening?: (url: string) => void;
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

/**
 * Quiet time that gathers file events into one batch, ms: chokidar reports one save as one event (atomic
 * saves included), so this only joins saves of several files made at once (a `git checkout`).
 */
const BATCH_MS = 4;

/** Quiet time after an in-place update before the search indexes and plugin outputs follow, ms. */
const SETTLE_DELAY_MS = 200;
/**
 * The quiet time after settling gave way to a change: edits come in a run then, and each settling started
 * between them (the link check, the site data, a search index thread) would only take the cores from them.
 */
const SETTLE_AGAIN_DELAY_MS = 1000;

/**
 * Opens, serves and watches the site at `options.root`; resolves once every page has compiled and the
 * search indexes and plugin outputs are written (failed or not: a failure is shown in the overlay and
 * given to `onError`).
 * @throws DocgenError when the config, the navigation files or the shared code cannot be used at start
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const root = path.resolve(options.root);
  const overrides = { base: options.base, outDir: options.outDir ?? path.join(root, 'node_modules', '.cache', 'docgen', 'dev-dist'), dev: true };
  const clients = new Set<http.ServerResponse>();
  // The Fast Refresh runtime, a classic script: it runs while the page is parsed, before the app's modules.
  const bodyEnd = `<script src="${REFRESH_RUNTIME_PATH}"></script>${devClientScript()}`;
  const refreshRuntime = refreshRuntimeScript();
  refreshRuntime.catch(() => {}); // reported when a page asks for it
  let waiters: (() => void)[] = [];
  let lastError: DevErrorPayload | undefined;

  const open = async (): Promise<DevSite> =>
    openDevSite({ config: await loadConfig(root, overrides), bodyEnd, profile: options.profile, onReload: () => broadcast('reload', {}) });
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

  // Set once `close` is called. Ctrl+C in a terminal also reaches esbuild's service process, so a job in
  // flight then fails with esbuild's "The service was stopped": that is the stop, not a build error.
  let closing = false;
  const fail = (error: unknown) => {
    if (closing) return;
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
  // The pages compile in the background after each opening: settling waits for them without holding up
  // the changes meanwhile.
  let compiledSite: DevSite | undefined;
  let waitingFor: DevSite | undefined;
  /** Whether the last settling gave way to a change. */
  let gaveWay = false;
  const settle = () => {
    if (running || changed.size) return; // the next update settles after it
    if (compiledSite !== site) {
      const current = site;
      if (waitingFor !== current) {
        waitingFor = current;
        void current.compiled().then(() => {
          compiledSite = current;
          if (site === current) next();
        });
      }
      return;
    }
    settleNeeded = false;
    const answered = settleWaiters;
    settleWaiters = [];
    gaveWay = false;
    // A change that comes meanwhile is applied first (settling stops at its next step, or within ~10 ms
    // while a search index is built), and settling starts again after it.
    running = site
      .settle(() => changed.size > 0)
      .then((state) => {
        if (!state) {
          gaveWay = true;
          return;
        }
        succeed();
        watcher.add(site.dependencies());
        // A page opened later has the pages' new modules already.
        settled = { ...state, routes: [] };
        broadcast('search', state);
      }, fail)
      .finally(() => {
        running = undefined;
        if (gaveWay) {
          settleNeeded = true;
          settleWaiters.unshift(...answered);
        } else answered.forEach((resolve) => resolve());
        next();
      });
  };

  const apply = async (files: Map<string, FileEvent>) => {
    try {
      const outcome = await site.apply(files);
      if (outcome.kind === 'reopen') {
        const next = await open();
        const last = site;
        site = next;
        // Requests from now on reach the new site; those in flight on the last one finish first.
        await last.dispose();
        // Its search indexes come when it settles.
        settled = undefined;
      }
      succeed();
      if (outcome.kind === 'update' && outcome.update.routes.length) broadcast('update', outcome.update);
      else if (outcome.kind === 'refresh') broadcast('refresh', outcome.refresh);
      else if (outcome.kind !== 'update') broadcast('reload', {});
      settleNeeded = true;
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
    }, BATCH_MS);
  };
  /** After a job: the changes that came meanwhile, else the settling an update asked for. */
  const next = () => {
    const [first] = changed;
    if (first) schedule(first[0], first[1]);
    else if (settleNeeded) settleTimer = setTimeout(settle, gaveWay ? SETTLE_AGAIN_DELAY_MS : SETTLE_DELAY_MS);
  };

  // Watching starts with the opening, in a thread of its own (chokidar's first scan of a large site takes
  // about as long as the opening); a change reported meanwhile waits for the opening, and the server
  // answers before the scan is done.
  const watcher = watchSite({ root, ignoredPrefixes }, (event, file) => schedule(file, event as FileEvent), (error) => options.onError?.(error));
  const watching = watcher.ready;
  watching.catch(() => {}); // observed below, once the server is up

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
      if (req.url === REFRESH_RUNTIME_PATH) {
        refreshRuntime.then(
          (code) => {
            res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
            res.end(code);
          },
          (error: unknown) => {
            options.onError?.(error);
            res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
            res.end(`docgen could not load the Fast Refresh runtime: ${(error as Error)?.message ?? String(error)}`);
          },
        );
        return true;
      }
      const events = new URL(req.url ?? '/', 'http://localhost');
      if (events.pathname !== DEV_EVENTS_PATH) return false;
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
      res.write(': connected\n\n');
      // A page opened while the last change is broken shows the overlay too.
      if (lastError) send(res, 'build-error', lastError);
      if (settled) send(res, 'search', settled);
      // The page names the state it was rendered from: a change applied between its render and now was
      // sent before it listened.
      const [routePath, chunk, app] = ['route', 'chunk', 'app'].map((name) => events.searchParams.get(name));
      if (routePath && chunk && app && !lastError) {
        const stale = site.staleness({ routePath, chunk, app });
        if (stale === 'update') send(res, 'update', site.updateOf([routePath]));
        else if (stale === 'reload') send(res, 'reload', {});
      }
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return true;
    },
    prepare: (sitePath) => site.prepare(sitePath),
    json: (sitePath) => site.searchFile(sitePath),
    // A page that does not compile or bundle: the error's overlay, over a document that reloads when a
    // change succeeds.
    render: (sitePath) =>
      site.render(sitePath).catch((error: unknown) => {
        fail(error);
        return { status: 500, html: `<!doctype html><html><head><meta charset="utf-8"><title>Build error</title></head><body>${bodyEnd}</body></html>` };
      }),
  }).catch(async (error: unknown) => {
    await site.dispose();
    return stopWith(error);
  });
  const served = server;
  options.onListening?.(served.url);
  await watching.catch(async (error: unknown) => {
    await site.dispose();
    return stopWith(error);
  });
  // Serving already: the search indexes and the plugins' outputs follow once every page has compiled. A
  // page that does not compile is then shown in the overlay, and the server keeps running.
  const firstSettled = new Promise<void>((resolve) => settleWaiters.push(resolve));
  settleNeeded = true;
  next();
  await firstSettled;

  return {
    ...served,
    nextBuild: () => new Promise((resolve) => waiters.push(resolve)),
    async close() {
      closing = true;
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
