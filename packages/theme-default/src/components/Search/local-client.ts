/**
 * The local engine behind the search-client interface DocSearch accepts (`transformSearchClient`): its
 * `search({ requests })` answers from the locale's index, fetched on first use and kept for the session.
 */
import { loadSearchIndex, type LocalSearchEngine, type SearchParams, type SearchResponse, type SerializedSearchIndex } from '@docgen/core/search';

const engines = new Map<string, Promise<LocalSearchEngine>>();

/**
 * The engine of the index at `url`, fetched and loaded once; a failed fetch is forgotten so the next
 * search tries again.
 * @throws (rejects) an Error named `RetryError` when the index cannot be fetched or read: DocSearch shows
 * its error screen ('Unable to fetch results') for that name.
 */
export function loadEngine(url: string): Promise<LocalSearchEngine> {
  let engine = engines.get(url);
  if (!engine) {
    // Its URL stays the same across builds: revalidated, never taken from the HTTP cache unchecked.
    engine = fetch(url, { cache: 'no-cache' })
      .then((response) => {
        if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
        return response.json() as Promise<SerializedSearchIndex>;
      })
      .then(loadSearchIndex)
      .catch((cause: unknown) => {
        engines.delete(url);
        const error = new Error(`Unable to load the search index ${url}: ${cause instanceof Error ? cause.message : String(cause)}`);
        error.name = 'RetryError';
        throw error;
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

/** A search client over the local index at `indexUrl`. */
export function createLocalSearchClient(indexUrl: string): DocSearchClient {
  const agent = { value: 'docgen-local', add: () => agent };
  return {
    async search({ requests }) {
      const engine = await loadEngine(indexUrl);
      return { results: requests.map((request) => engine.search(request)) };
    },
    addAlgoliaAgent: () => {},
    transporter: { algoliaAgent: agent },
  };
}
