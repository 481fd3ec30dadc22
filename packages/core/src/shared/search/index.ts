/**
 * @docgen/core/search: the local search engine and its data shapes, isomorphic (Node and browser). Kept
 * out of `@docgen/core/shared` so that nothing pulls MiniSearch into a page's first-load JavaScript.
 */
export * from './types.js';
export { tokenize, segmentWords, isCjk } from './tokenize.js';
export { buildSearchIndex, loadSearchIndex, matchRanges, escapeHtml, type LocalSearchEngine } from './engine.js';
