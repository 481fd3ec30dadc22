/**
 * The local engine behind the search-client interface DocSearch accepts (`transformSearchClient`): its
 * `search({ requests })` answers from the locale's sharded index, whose entry is fetched on first use and
 * whose shards and fragments are fetched as queries need them, all kept for the session.
 */
import { openSearchIndex, type LocalSearchEngine, type SearchIndexEntry, type SearchParams, type SearchResponse } from '@docgen/core/search';

const engines = new Map<string, Promise<LocalSearchEngine>>();

/**
 * Hits of one lvl0 group the dialog shows (its `maxResultsPerGroup`, DocSearch's default); the local
 * engine is told, so it downloads the text of those hits only.
 */
export const RESULTS_PER_GROUP = 5;

/** A fetch error named `RetryError`: DocSearch shows its error screen ('Unable to fetch results') for that name. */
function retryError(what: string, cause: unknown): Error {
  const error = new Error(`Unable to load the search index ${what}: ${cause instanceof Error ? cause.message : String(cause)}`);
  error.name = 'RetryError';
  return error;
}

async function fetchJson(url: string, cache: RequestCache): Promise<unknown> {
  const response = await fetch(url, { cache });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

/**
 * The engine of the index whose entry is at `url`, opened once; a failed fetch is forgotten so the next
 * search tries again. Shards are named by their content and taken from the HTTP cache; the entry and the
 * fragments keep their URLs across builds, so they are revalidated.
 * @throws (rejects) a `RetryError` when the entry cannot be fetched or read.
 */
export function loadEngine(url: string): Promise<LocalSearchEngine> {
  let engine = engines.get(url);
  if (!engine) {
    engine = (fetchJson(url, 'no-cache') as Promise<SearchIndexEntry>)
      .then((entry) =>
        openSearchIndex(entry, (file) =>
          fetchJson(new URL(file, new URL(url, window.location.href)).href, file.startsWith(entry.frag) ? 'no-cache' : 'default').catch((cause: unknown) => {
            throw retryError(file, cause);
          }),
        ),
      )
      .catch((cause: unknown) => {
        engines.delete(url);
        throw cause instanceof Error && cause.name === 'RetryError' ? cause : retryError(url, cause);
      });
    engines.set(url, engine);
  }
  return engine;
}

/** DocSearch's view of a search client (algoliasearch v5 lite `search` and the agent hooks it calls). */
export interface DocSearchClient {
  search: (body: { requests: (SearchParams & { indexName?: string })[] }) => Promise<{ results: SearchResponse[] }>;
  addAlgoliaAgent: (segment: string, version?: string) => void;
  transporter: { algoliaAgent: { value: string; add: (options: { segment: string; version?: string }) => unknown } };
}

/**
 * A search client over the local index at `indexUrl`. The dialog searches on every keystroke: a search
 * overtaken by a newer one while it waited for shards downloads no display text, and answers with the
 * newer one's results (the dialog shows only the newest answer anyway).
 */
export function createLocalSearchClient(indexUrl: string): DocSearchClient {
  const agent = { value: 'docgen-local', add: () => agent };
  let latest = 0;
  let newest: Promise<SearchResponse[]> | undefined;
  const run = async (requests: SearchParams[], id: number): Promise<SearchResponse[]> => {
    const engine = await loadEngine(indexUrl);
    const results = await Promise.all(requests.map((request) => engine.search({ ...request, maxHitsPerGroup: RESULTS_PER_GROUP }, () => id !== latest)));
    if (results.every((r): r is SearchResponse => r !== undefined)) return results;
    // Overtaken: wait for the newest search, whichever that is by then.
    let settled: Promise<SearchResponse[]> | undefined;
    while (settled !== newest) {
      settled = newest;
      await settled?.catch(() => undefined);
    }
    return newest!;
  };
  return {
    async search({ requests }) {
      const id = ++latest;
      const answer = run(requests, id);
      newest = answer;
      return { results: await answer };
    },
    addAlgoliaAgent: () => {},
    transporter: { algoliaAgent: agent },
  };
}
