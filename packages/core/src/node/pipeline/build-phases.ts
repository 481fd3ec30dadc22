/**
 * The phases that make a build's output, in one module that `build()` loads only once it knows a build is
 * needed: a build with nothing to do starts without the compiler, the bundler and the renderer.
 */
export { bundleSite } from './bundle-site.js';
export { buildSiteData, navigationByLang } from './build-site-data.js';
export { compileSitePages } from './compile-site-pages.js';
export { emitAssets, emitSearchIndexes } from './emit-assets.js';
export { indexSearch, startSearchPool } from './index-search.js';
export { renderSite, startRenderPool } from './render-site.js';
export { writeOutput } from './write-output.js';
