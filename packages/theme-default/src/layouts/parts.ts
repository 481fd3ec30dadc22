/**
 * The page layouts: the home page's layout, the doc layout and the 404 page (the overview has its own
 * module, `#overview-part`). This module is the server's (and tests') copy, with every part imported up
 * front; browser bundles get `parts.browser.ts` instead (the `#layout-parts` import of package.json,
 * `browser` condition), where the parts only some pages draw are chunks of their own, so a doc page's first
 * load does not bring the home page's layout.
 */
export { DocLayout } from '../components/DocLayout/DocLayout.js';
export { HomeLayout } from '../components/HomeLayout/HomeLayout.js';
export { NotFound } from '../components/NotFound/NotFound.js';
