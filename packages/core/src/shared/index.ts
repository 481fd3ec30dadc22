/** Isomorphic helpers and types of docgen, safe in Node and in the browser. */
export * from './types.js';
export * from './route-path.js';
export * from './url-policy.js';
export * from './errors.js';
export * from './highlight.js';
export * from './url-policy.js';
