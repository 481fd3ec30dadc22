/**
 * Serves a built site over HTTP, gzip-compressed (compression), with clean URLs (sirv): `/guide/x` → `guide/x.html`, `/api/` →
 * `api/index.html`; anything else gets `404.html` with status 404. Used by `docgen preview` and `docgen dev`.
 * Only files inside `dir` are sent (`resolveServedPath`): paths that climb out of it, null bytes, backslashes and
 * symbolic links that lead out of it get 403.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import compression from 'compression';
import sirv from 'sirv';
import { removeBase } from '../../shared/route-path.js';
import { resolveServedPath, type ServedPath } from './safe-path.js';

/** Options of `startStaticServer`. */
export interface StaticServerOptions {
  /** Folder to serve, or a function giving it at each request (the dev server moves to a new folder after some changes). */
  dir: string | (() => string);
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
  /**
   * Answers requests inside the base that match no file of `dir` (the dev server renders its pages on
   * request): gets the path with the base removed, still encoded, and resolves to the document and its
   * status. Without it such requests get `404.html`.
   */
  render?: (sitePath: string) => Promise<{ status: number; html: string }>;
  /**
   * Called with each request's path inside the base (base removed, still encoded) before a file is looked
   * up; a promise it returns is waited for (the dev server bundles a page when its chunk is asked for). A
   * rejected promise answers 500 with its message.
   */
  prepare?: (sitePath: string) => Promise<void> | undefined;
  /**
   * JSON kept in memory rather than in `dir` (the dev server's search indexes): gets the request's path
   * inside the base (base removed, still encoded, no query) and returns the file's text, or undefined to
   * look the path up in `dir`. Only exact paths it knows match, so `..` and its encodings never reach it.
   */
  json?: (sitePath: string) => string | undefined;
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
  const dirOf = typeof options.dir === 'string' ? () => options.dir as string : options.dir;
  let served: { dir: string; serve: ReturnType<typeof sirv> } | undefined;
  const serverOf = (dir: string) => {
    if (served?.dir !== dir) served = { dir, serve: sirv(dir, { extensions: ['html'], dev: true, etag: true, dotfiles: false }) };
    return served.serve;
  };
  // Compressed like the static hosts a site is deployed to, so what is measured here is what readers get.
  const compress = compression();
  const server = http.createServer((req, res) => {
    if (options.intercept?.(req, res)) return;
    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => handle(req, res));
  });
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const dir = dirOf();
    if (options.noCache) res.setHeader('Cache-Control', 'no-store');
    // The path as sent, not as `new URL` would normalize it: `resolveServedPath` judges `..` and its encodings.
    const [pathname, query] = splitQuery(req.url ?? '/');
    const inBase = base === '/' || pathname === base.slice(0, -1) || pathname.startsWith(base);
    if (!inBase) return notFound(dir, res);
    const sitePath = removeBase(pathname, base);
    const json = options.json?.(sitePath);
    if (json !== undefined) {
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.end(req.method === 'HEAD' ? undefined : json);
      return;
    }
    const preparing = options.prepare?.(sitePath);
    if (preparing) {
      preparing.then(
        () => serve(req, res, dir, pathname, query),
        (error: unknown) => {
          res.statusCode = 500;
          res.setHeader('Content-Type', 'text/plain; charset=utf-8');
          res.end(`docgen could not make this file: ${(error as Error)?.message ?? String(error)}`);
        },
      );
      return;
    }
    serve(req, res, dir, pathname, query);
  };
  const serve = (req: http.IncomingMessage, res: http.ServerResponse, dir: string, pathname: string, query: string) => {
    let file: ServedPath;
    try {
      file = resolveServedPath(removeBase(pathname, base), { root: dir, extensions: ['html'] });
    } catch (error) {
      res.statusCode = 500;
      res.end(`Cannot read the file: ${(error as Error).message}`);
      return;
    }
    if (file.status === 403) return forbidden(res, file.reason);
    if (file.status === 404) {
      if (!options.render) return notFound(dir, res);
      options.render(removeBase(pathname, base)).then(
        ({ status, html }) => {
          res.statusCode = status;
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.end(html);
        },
        (error: unknown) => {
          res.statusCode = 500;
          res.setHeader('Content-Type', 'text/plain; charset=utf-8');
          res.end(`docgen could not render this page: ${(error as Error)?.message ?? String(error)}`);
        },
      );
      return;
    }
    // sirv looks the path up again and decodes it with decodeURI; a name with `?` or `#` would not survive the trip.
    const relative = path.relative(path.resolve(dir), file.file).split(path.sep).join('/');
    if (/[?#]/.test(relative)) return notFound(dir, res);
    req.url = `/${encodeURI(relative)}${query}`;
    serverOf(dir)(req, res, () => notFound(dir, res));
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

/** `url` split into its path and its query (with the `?`, or ''). */
function splitQuery(url: string): [string, string] {
  const q = url.indexOf('?');
  return q === -1 ? [url, ''] : [url.slice(0, q), url.slice(q)];
}

function forbidden(res: http.ServerResponse, reason: string) {
  res.statusCode = 403;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end(`Forbidden: ${reason}`);
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
