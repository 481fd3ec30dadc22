/**
 * Worker-thread side of the search phase: builds one locale's local index, so that the main thread stays
 * free for the bundler's plugin calls while it runs.
 */
import { buildSearchIndex } from '../../shared/search/engine.js';
import type { SearchRecord } from '../../shared/search/types.js';

/** One locale's records and language. */
export interface IndexTask {
  records: SearchRecord[];
  lang: string;
}

/** The locale's index, serialized (`buildSearchIndex`). */
export default function indexLocale(task: IndexTask): string {
  return JSON.stringify(buildSearchIndex(task.records, { lang: task.lang }));
}
