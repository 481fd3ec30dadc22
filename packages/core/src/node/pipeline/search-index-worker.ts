/**
 * Worker-thread side of the search phase: builds one locale's local index, so that the main thread stays
 * free for the bundler's plugin calls while it runs.
 */
import { buildSearchIndex } from '../../shared/search/build-index.js';
import type { SearchRecord } from '../../shared/search/types.js';

/** One locale's records and language. */
export interface IndexTask {
  records: SearchRecord[];
  lang: string;
}

/** The locale's index (`buildSearchIndex`), serialized as one JSON text. */
export default function indexLocale(task: IndexTask): string {
  return JSON.stringify(buildSearchIndex(task.records, { lang: task.lang }));
}
