/**
 * `docgen dev` (first version): builds the site in development mode into a cache folder, serves it,
 * watches the site folder and rebuilds on change, then tells open pages to reload (server-sent events).
 * A failed rebuild prints the error and keeps serving the last good output.
 */
import fs from 'node:fs';
import path from 'node:path';
import type http from 'node:http';
import { loadConfig } from '../../config/index.js';
import { build } from '../pipeline/build.js';
import { startStaticServer, type StaticServer } from '../server/static-server.js';

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
  /** Resolves after the next rebuild finished (for tests). */
  nextBuild(): Promise<void>;
}

const EVENTS_PATH = '/__docgen/events';
const RELOAD_CLIENT = `<script type="module">new EventSource('${EVENTS_PATH}').addEventListener('reload',()=>location.reload())</script>`;

/** Builds, serves and watches the site at `options.root`. */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const root = path.resolve(options.root);
  const overrides = { base: options.base, outDir: options.outDir ?? path.join(root, 'node_modules', '.cache', 'docgen', 'dev-dist'), dev: true };
  const clients = new Set<http.ServerResponse>();
  let waiters: (() => void)[] = [];

  const rebuild = async () => {
    const config = await loadConfig(root, overrides);
    await build({ config, dev: true, bodyEnd: RELOAD_CLIENT, profile: options.profile });
    return config;
  };
  const config = await rebuild();

  const server = await startStaticServer({
    dir: config.outDir,
    base: config.base,
    host: options.host,
    port: options.port ?? 5173,
    noCache: true,
    intercept(req, res) {
      if (req.url !== EVENTS_PATH) return false;
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
      res.write(': connected\n\n');
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return true;
    },
  });

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let pending = false;
  // `docgen build` output (and its temporary siblings) is no source: a build running beside the dev
  // server must not trigger rebuilds and page reloads.
  const buildOut = (await loadConfig(root, { base: options.base })).outDir;
  const ignored = [config.outDir, path.join(root, 'node_modules'), `${config.outDir}.`, buildOut, `${buildOut}.`];
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      if (running) {
        pending = true;
        return;
      }
      running = rebuild()
        .then(() => {
          for (const client of clients) client.write('event: reload\ndata: {}\n\n');
        })
        .catch((error: unknown) => options.onError?.(error))
        .finally(() => {
          running = undefined;
          const w = waiters;
          waiters = [];
          w.forEach((resolve) => resolve());
          if (pending) {
            pending = false;
            schedule();
          }
        });
    }, 80);
  };
  const watcher = fs.watch(root, { recursive: true }, (_event, file) => {
    if (!file) return schedule();
    const abs = path.join(root, file.toString());
    if (ignored.some((p) => abs.startsWith(p)) || /(^|[/\\])\.|\.timestamp-/.test(file.toString())) return;
    schedule();
  });

  return {
    ...server,
    nextBuild: () => new Promise((resolve) => waiters.push(resolve)),
    async close() {
      watcher.close();
      clearTimeout(timer);
      for (const client of clients) client.end();
      await running;
      await server.close();
    },
  };
}
