/**
 * The parts of the layout that only some pages draw: the home page's layout, the doc layout and the 404
 * page (the overview has its own, `#overview-part`). This module is the server's (and tests') copy, with every part imported up front;
 * browser bundles get `parts.browser.ts` instead (the `#layout-parts` import of package.json, `browser`
 * condition), where each part is a chunk of its own, so a page's first load brings only the parts it draws.
 */
export { DocLayout } from '../components/DocLayout/DocLayout.js';
export { HomeLayout } from '../components/HomeLayout/HomeLayout.js';
export { NotFound } from '../components/NotFound/NotFound.js';
