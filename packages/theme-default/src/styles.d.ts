/** Stylesheets: side-effect imports, or their text with `with { type: 'text' }` (esbuild), as the search dialog does. */
declare module '*.css';
