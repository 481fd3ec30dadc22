/**
 * The languages and themes of client-side highlighting: the names both halves share, `highlight.ts` (which
 * checks them) and the lazily loaded `highlighter.ts` (which maps each to its grammar or theme chunk, and
 * imports only the types from here).
 */

/** Names of `HIGHLIGHT_LANGUAGES` that need no grammar (shiki's plain-text names). */
export const PLAIN_LANGUAGES = ['text', 'txt', 'plain', 'plaintext'] as const;

/**
 * Languages the client-side highlighter can load, with their aliases (`ts` = `typescript`, `sh` =
 * `shellscript`, …), plus the plain-text names, which need no grammar. Each grammar is its own chunk;
 * a grammar that embeds others (`vue`, `html`) brings them along.
 */
export const HIGHLIGHT_LANGUAGES = [
  'typescript', 'ts', 'cts', 'mts',
  'tsx',
  'javascript', 'js', 'cjs', 'mjs',
  'jsx',
  'json',
  'jsonc',
  'shellscript', 'bash', 'sh', 'shell', 'zsh',
  'css',
  'html',
  'markdown', 'md',
  'mdx',
  'yaml', 'yml',
  'toml',
  'diff',
  'vue',
  // PLAIN_LANGUAGES, written out: a spread would count as a side effect and keep the list in every page's
  // JavaScript even where nothing uses it.
  'text', 'txt', 'plain', 'plaintext',
] as const;

/** A language name `highlight()` accepts (case-insensitive). */
export type HighlightLanguage = (typeof HIGHLIGHT_LANGUAGES)[number];

/**
 * Themes the client-side highlighter can load: the two defaults and the common light/dark pairs bundled
 * with shiki. `markdown.shiki.lightTheme` / `darkTheme` must be one of them for `CodeHighlight` to work.
 */
export const HIGHLIGHT_THEMES = [
  'github-light-default', 'github-dark-default',
  'github-light', 'github-dark', 'github-dark-dimmed',
  'github-light-high-contrast', 'github-dark-high-contrast',
  'vitesse-light', 'vitesse-dark',
  'one-light', 'one-dark-pro',
  'light-plus', 'dark-plus',
  'min-light', 'min-dark',
  'catppuccin-latte', 'catppuccin-mocha',
] as const;

/** A theme name `highlight()` accepts. */
export type HighlightTheme = (typeof HIGHLIGHT_THEMES)[number];
