/**
 * Client-side highlighting, its own entry (`@theme-default/highlight`, or `@docgen/theme-default/highlight`
 * in a site that depends on the theme): kept out of the theme's main entry so that a site that never
 * highlights at run time has none of shiki's lazy chunks in its build.
 */
export { CodeHighlight, type CodeHighlightProps } from './CodeHighlight.js';
export {
  highlight,
  HighlightError,
  HIGHLIGHT_LANGUAGES,
  HIGHLIGHT_THEMES,
  type HighlightOptions,
  type HighlightLanguage,
  type HighlightTheme,
} from './highlight.js';
