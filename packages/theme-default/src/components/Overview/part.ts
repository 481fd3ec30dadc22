/** The overview as the doc layout draws it: imported up front here, on the server; see `part.browser.ts`. */
export { Overview } from './Overview.js';
