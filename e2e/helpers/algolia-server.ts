/**
 * A small Algolia-compatible search service for tests: `POST /1/indexes/*\/queries` answered from DocSearch
 * records by docgen's own engine, on 127.0.0.1 and a free port, so the real algoliasearch client in a real
 * page talks to a real server. Each server can be switched to answer with an error status, and logs every
 * request it gets.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import {
  buildSearchIndex,
  openBuiltIndex,
  type LocalSearchEngine,
  type SearchParams,
  type SearchRecord,
  type SearchResponse,
} from '@docgen/core/search';

/** `ok` answers searches; `status:<code>` answers every search with that HTTP status and Algolia's error body. */
export type AlgoliaMode = 'ok' | `status:${number}`;

/** One search of a multi-query request, its parameters decoded; keys the engine ignores are kept. */
export type AlgoliaSearch = SearchParams & { indexName?: string } & Record<string, unknown>;

/** One request the server got. */
export interface AlgoliaRequest {
  method: string;
  /** Path without the query string, e.g. `/1/indexes/*\/queries`. */
  path: string;
  /** Credentials as sent, in the query string (browser client) or in headers (Node client). */
  appId: string | null;
  apiKey: string | null;
  /** The searches of a multi-query request (a `params` string is spread out). */
  requests: AlgoliaSearch[];
  /** Status the server answered with. */
  status: number;
}

/** Options of `startAlgoliaServer`. */
export interface AlgoliaServerOptions {
  /** Every locale's records, as `docgen build` writes them to `search.recordsFile`; `load()` replaces them. @default [] */
  records?: SearchRecord[];
  /** The one index this service holds; searches of another index get 404 as on Algolia. */
  indexName: string;
  /** @default 'ok' */
  mode?: AlgoliaMode;
}

/** A running service. */
export interface AlgoliaServer {
  /** `http://127.0.0.1:<port>`, the form `search.hosts` takes. */
  url: string;
  port: number;
  mode: AlgoliaMode;
  /** Every request so far, preflights included, oldest first. */
  readonly log: AlgoliaRequest[];
  /** Number of search requests (POST …/queries) so far, whatever they were answered. */
  readonly queries: number;
  /**
   * Replaces the records searched (a site is built after its servers started, since their URLs are part
   * of its config).
   */
  load(records: SearchRecord[]): void;
  /** Forgets the log and goes back to mode `ok`. */
  reset(): void;
  close(): Promise<void>;
}

const QUERIES_PATH = /^\/1\/indexes\/\*\/queries$/;

// The page is served from another port, that is another origin; the browser client sends text/plain and
// puts the credentials in the query string, so it needs no preflight, but a client sending them as
// headers does.
const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'content-type, x-algolia-application-id, x-algolia-api-key, x-algolia-agent',
  'Access-Control-Max-Age': '600',
};

/**
 * Starts the service.
 * @throws (rejects) when 127.0.0.1 cannot be listened on.
 */
export async function startAlgoliaServer(options: AlgoliaServerOptions): Promise<AlgoliaServer> {
  const log: AlgoliaRequest[] = [];
  const state = { mode: options.mode ?? ('ok' as AlgoliaMode), search: createMultiLocaleSearch(options.records ?? []) };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const entry: AlgoliaRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      appId: url.searchParams.get('x-algolia-application-id') ?? header(req, 'x-algolia-application-id'),
      apiKey: url.searchParams.get('x-algolia-api-key') ?? header(req, 'x-algolia-api-key'),
      requests: [],
      status: 0,
    };
    log.push(entry);
    const send = (status: number, body?: unknown) => {
      entry.status = status;
      res.writeHead(status, { ...CORS_HEADERS, ...(body === undefined ? {} : { 'Content-Type': 'application/json; charset=utf-8' }) });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };

    if (entry.method === 'OPTIONS') return send(204);
    if (entry.method !== 'POST' || !QUERIES_PATH.test(url.pathname)) return send(404, { message: 'Path not found', status: 404 });

    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: { requests?: RawRequest[] };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { requests?: RawRequest[] };
      } catch {
        return send(400, { message: 'Invalid JSON', status: 400 });
      }
      if (!Array.isArray(body.requests)) return send(400, { message: 'Missing requests', status: 400 });
      entry.requests = body.requests.map(decodeRequest);
      const failure = /^status:(\d{3})$/.exec(state.mode);
      if (failure) {
        const status = Number(failure[1]);
        return send(status, { message: status === 403 ? 'Invalid Application-ID or API key' : `Test server answers ${status}`, status });
      }
      const missing = entry.requests.find((r) => r.indexName !== options.indexName);
      if (missing) return send(404, { message: `Index ${String(missing.indexName)} does not exist`, status: 404 });
      Promise.all(entry.requests.map((r) => state.search(r))).then(
        (results) => send(200, { results }),
        (error: unknown) => send(500, { message: error instanceof Error ? error.message : String(error), status: 500 }),
      );
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    get mode() {
      return state.mode;
    },
    set mode(mode: AlgoliaMode) {
      state.mode = mode;
    },
    log,
    get queries() {
      return log.filter((r) => r.method === 'POST' && QUERIES_PATH.test(r.path)).length;
    },
    load(records) {
      state.search = createMultiLocaleSearch(records);
    },
    reset() {
      log.length = 0;
      state.mode = 'ok';
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A port on 127.0.0.1 that refuses connections: one the system just handed out and that nothing listens
 * on any more. (Another process could take it in between; on a test machine that is unlikely.)
 */
export async function refusedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A search as a client may send it: v5 spreads the parameters, older clients send a `params` query string. */
type RawRequest = Record<string, unknown> & { params?: string | Record<string, unknown> };

function decodeRequest(raw: RawRequest): AlgoliaSearch {
  const { params, ...rest } = raw;
  let decoded: Record<string, unknown> = {};
  if (typeof params === 'string') {
    for (const [key, value] of new URLSearchParams(params)) decoded[key] = decodeParam(value);
  } else if (params && typeof params === 'object') {
    decoded = params;
  }
  const merged = { ...decoded, ...rest };
  return { ...merged, query: typeof merged.query === 'string' ? merged.query : '' } as AlgoliaSearch;
}

/** `params` values are strings; arrays, numbers and booleans come JSON-encoded (`facetFilters=["lang:zh"]`). */
function decodeParam(value: string): unknown {
  if (/^[[{]/.test(value) || /^(true|false|-?\d+(\.\d+)?)$/.test(value)) {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return value;
}

function header(req: http.IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
}

/**
 * Searches the records of every locale: one engine per language (an engine gives all its records its own
 * `lang`), each applying the request's facet filters, hits of all engines together.
 */
function createMultiLocaleSearch(records: SearchRecord[]): (params: SearchParams) => Promise<SearchResponse> {
  const byLang = new Map<string, SearchRecord[]>();
  for (const record of records) {
    const list = byLang.get(record.lang) ?? [];
    list.push(record);
    byLang.set(record.lang, list);
  }
  const engines: LocalSearchEngine[] = [...byLang].map(([lang, list]) => openBuiltIndex(buildSearchIndex(list, { lang })));
  return async (params) => {
    const started = Date.now();
    const responses = await Promise.all(engines.map((engine) => engine.search(params)));
    const hitsPerPage = params.hitsPerPage ?? 20;
    const nbHits = responses.reduce((n, r) => n + r.nbHits, 0);
    return {
      hits: responses.flatMap((r) => r.hits).slice(0, hitsPerPage),
      nbHits,
      page: 0,
      nbPages: Math.ceil(nbHits / hitsPerPage),
      hitsPerPage,
      processingTimeMS: Date.now() - started,
      exhaustiveNbHits: true,
      query: params.query ?? '',
      params: '',
    };
  };
}
