/**
 * The browser side of `@docgen/plugin-preview`, which pages with demos import as `docgen-preview:runtime`:
 * `Preview` (a demo and its code, in a page) and `DemoPage` (the content of an iframe demo's own page).
 */
export { Preview, type PreviewProps } from './Preview.js';
export { DemoPage, type DemoPageProps } from './DemoPage.js';
export { DemoBoundary, type DemoBoundaryProps } from './DemoBoundary.js';
