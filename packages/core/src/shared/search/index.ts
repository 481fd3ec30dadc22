/**
 * @docgen/core/search: the local search engine, its index builder and their data shapes, isomorphic (Node
 * and browser). Kept out of `@docgen/core/shared` so that nothing pulls the engine into a page's
 * first-load JavaScript.
 */
export * from './types.js';
export { tokenize, segmentWords, isCjk } from './tokenize.js';
export { openSearchIndex, matchRanges, escapeHtml, type LocalSearchEngine, type IndexFileLoader } from './engine.js';
export { buildSearchIndex, openBuiltIndex, type BuiltSearchIndex, type IndexLayout } from './build-index.js';
export type { SearchIndexEntry } from './index-format.js';
