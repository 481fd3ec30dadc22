/**
 * Serves a built site over HTTP, gzip-compressed (compression), with clean URLs (sirv): `/guide/x` → `guide/x.html`, `/api/` →
 * `api/index.html`; anything else gets `404.html` with status 404. Used by `docgen preview` and `docgen dev`.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import compression from 'compression';
import sirv from 'sirv';
import { removeBase } from '../../shared/route-path.js';

/** Options of `startStaticServer`. */
export interface StaticServerOptions {
  /** Folder to serve. */
  dir: string;
  /** Base the site was built with; requests outside it get 404. @default '/' */
  base?: string;
  /** @default '127.0.0.1' */
  host?: string;
  /** Port to try first; the next free one is used when taken. 0 picks any free port. */
  port: number;
  /** Handles a request before static files (the dev server's event stream); returns true when it answered. */
  intercept?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
  /** Disable HTTP caching (dev). @default false */
  noCache?: boolean;
}

/** A running server. */
export interface StaticServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Starts the server.
 * @throws when no port in `port`…`port + 20` can be bound.
 */
export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const base = options.base ?? '/';
  const host = options.host ?? '127.0.0.1';
  // sirv reads the folder on each request (dev: true), so a rebuilt output is served at once.
  const serve = sirv(options.dir, { extensions: ['html'], dev: true, etag: true, dotfiles: false });
  // Compressed like the static hosts a site is deployed to, so what is measured here is what readers get.
  const compress = compression();
  const server = http.createServer((req, res) => {
    if (options.intercept?.(req, res)) return;
    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => handle(req, res));
  });
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (options.noCache) res.setHeader('Cache-Control', 'no-store');
    const url = new URL(req.url ?? '/', 'http://x');
    const inBase = base === '/' || url.pathname === base.slice(0, -1) || url.pathname.startsWith(base);
    if (inBase) {
      req.url = removeBase(url.pathname, base) + url.search;
      serve(req, res, () => notFound(options.dir, res));
    } else {
      notFound(options.dir, res);
    }
  };
  const port = await listen(server, options.port, host);
  return {
    port,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}${base}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function notFound(dir: string, res: http.ServerResponse) {
  const page = path.join(dir, '404.html');
  res.statusCode = 404;
  if (fs.existsSync(page)) {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(fs.readFileSync(page));
  } else {
    res.end('Not found');
  }
}

async function listen(server: http.Server, port: number, host: string): Promise<number> {
  for (let attempt = 0; attempt <= 20; attempt++) {
    const tryPort = port === 0 ? 0 : port + attempt;
    const result = await new Promise<number | NodeJS.ErrnoException>((resolve) => {
      const onError = (error: NodeJS.ErrnoException) => resolve(error);
      server.once('error', onError);
      server.listen(tryPort, host, () => {
        server.off('error', onError);
        resolve((server.address() as AddressInfo).port);
      });
    });
    if (typeof result === 'number') return result;
    if (result.code !== 'EADDRINUSE' || port === 0) throw result;
  }
  throw new Error(`No free port between ${port} and ${port + 20} on ${host}`);
}
