/**
 * Client-side highlighting, the part that ships with the theme: names, types and entry points. The
 * highlighter itself (shiki's core, the regex engine, grammars and themes) is in `highlighter.ts` and
 * its chunks, fetched with `import()` the first time code is highlighted, so pages that never highlight
 * in the browser load none of it. Code blocks of Markdown pages are highlighted at build time and never
 * need it.
 */
import {
  HIGHLIGHT_LANGUAGES,
  HIGHLIGHT_THEMES,
  type HighlightLanguage,
  type HighlightTheme,
} from './highlight-languages.js';
import type { HighlightedParts, ResolvedHighlightOptions } from './highlighter.js';

export {
  HIGHLIGHT_LANGUAGES,
  HIGHLIGHT_THEMES,
  PLAIN_LANGUAGES,
  type HighlightLanguage,
  type HighlightTheme,
} from './highlight-languages.js';
export type { HighlightedParts } from './highlighter.js';

/** Light theme when none is configured; the same default as the build (`markdown.shiki.lightTheme`). */
export const DEFAULT_LIGHT_THEME: HighlightTheme = 'github-light-default';
/** Dark theme when none is configured; the same default as the build (`markdown.shiki.darkTheme`). */
export const DEFAULT_DARK_THEME: HighlightTheme = 'github-dark-default';

/** Options of `highlight()`. */
export interface HighlightOptions {
  /** Language of the code: a name or alias of `HIGHLIGHT_LANGUAGES`, case-insensitive. @example 'ts' */
  lang: string;
  /** Theme of light mode, one of `HIGHLIGHT_THEMES`. @default 'github-light-default' */
  lightTheme?: string;
  /** Theme of dark mode, one of `HIGHLIGHT_THEMES`. @default 'github-dark-default' */
  darkTheme?: string;
  /**
   * Time shiki may spend on one line, in ms (its `tokenizeTimeLimit`): the rest of a line that takes longer
   * keeps the colour reached so far, so a pathological line cannot freeze the page. 0: no limit, as in the
   * build, for output that must not depend on how busy the machine is. @default 500
   */
  timeLimit?: number;
}

/** `HighlightOptions.timeLimit` when none is given, in ms (shiki's own default). */
export const HIGHLIGHT_TIME_LIMIT = 500;

/**
 * Thrown (as a rejection) by `highlight()` for a language or theme the client-side highlighter cannot
 * load. The message names the value and lists the accepted ones; `kind` and `value` let a UI say it in
 * its own words. Nothing is fetched for such a call.
 */
export class HighlightError extends Error {
  override name = 'HighlightError';
  constructor(
    /** What was not found. */
    readonly kind: 'unknown-language' | 'unknown-theme',
    /** The name as given. */
    readonly value: string,
  ) {
    super(
      kind === 'unknown-language'
        ? `Unknown language "${value}" for client-side highlighting. Known languages: ${HIGHLIGHT_LANGUAGES.join(', ')}.`
        : `Unknown theme "${value}" for client-side highlighting. Known themes: ${HIGHLIGHT_THEMES.join(', ')}.`,
    );
  }
}

/**
 * Checks the names here, in the theme's own code, so a wrong one fails before anything is fetched; the
 * lazily loaded half only imports types from `highlight-languages.ts` (a value import would put that file
 * in a chunk of its own that every page then fetches).
 */
function resolveOptions(options: HighlightOptions): ResolvedHighlightOptions {
  const lang = options.lang.toLowerCase();
  if (!(HIGHLIGHT_LANGUAGES as readonly string[]).includes(lang)) throw new HighlightError('unknown-language', options.lang);
  const theme = (name: string) => {
    if (!(HIGHLIGHT_THEMES as readonly string[]).includes(name)) throw new HighlightError('unknown-theme', name);
    return name as HighlightTheme;
  };
  return {
    lang: lang as HighlightLanguage,
    lightTheme: theme(options.lightTheme ?? DEFAULT_LIGHT_THEME),
    darkTheme: theme(options.darkTheme ?? DEFAULT_DARK_THEME),
    timeLimit: options.timeLimit ?? HIGHLIGHT_TIME_LIMIT,
  };
}

type Highlighter = typeof import('./highlighter.js');
let highlighter: Promise<Highlighter> | undefined;

/** Imports the lazily loaded half once; a failed import (offline) is retried by the next call. */
function loadHighlighter(): Promise<Highlighter> {
  highlighter ??= import('./highlighter.js').catch((error: unknown) => {
    highlighter = undefined;
    throw error;
  });
  return highlighter;
}

/**
 * Highlights `code` in the browser and resolves to the same HTML the build writes for a code block:
 * `<pre class="shiki shiki-themes <light> <dark>" style="--shiki-light:…;--shiki-dark:…" tabindex="0"><code>`
 * with a `span.line` per line, every token a `span` carrying both themes' colours as CSS variables (no
 * `color` of its own: the theme's stylesheet picks the variable of the current mode, inside `.dg-code`).
 *
 * The first call fetches shiki's core and its JavaScript regex engine (`shiki/engine/javascript`, no
 * WebAssembly); each language and theme is fetched the first time it is used. A call made while any of
 * them is still loading waits for it, so there is no "used before loading" state (the oniguruma engine's
 * 'Must invoke loadWasm first.' cannot happen here). Shiki gives up on a line after `timeLimit` ms
 * (500 by default): the rest of that line keeps the colour reached so far, the page stays responsive.
 *
 * Rejects with `HighlightError` for a language or theme outside `HIGHLIGHT_LANGUAGES` /
 * `HIGHLIGHT_THEMES`, and with the browser's error when a chunk cannot be fetched. Must run in the
 * browser (or anywhere `import()` of the theme's chunks works); components call it from an effect.
 */
export async function highlight(code: string, options: HighlightOptions): Promise<string> {
  const resolved = resolveOptions(options);
  return (await loadHighlighter()).highlightToHtml(code, resolved);
}

/** Like `highlight()`, but returns the `pre`'s classes, style and inner HTML separately (for `CodeHighlight`). */
export async function highlightToParts(code: string, options: HighlightOptions): Promise<HighlightedParts> {
  const resolved = resolveOptions(options);
  return (await loadHighlighter()).highlightToParts(code, resolved);
}
