/**
 * The lazily loaded half of client-side highlighting (see `highlight.ts`): shiki's core, created once,
 * with its JavaScript regex engine and one loader per language and theme.
 *
 * Every loader is an `import()` of a literal path, so esbuild emits each grammar, each theme and the
 * engine as a chunk of its own and the browser fetches only those a page uses. (A template string such
 * as `import(\`shiki/langs/${lang}.mjs\`)` would not be split: it is why the maps are written out.)
 */
import {
  createHighlighterCore,
  hastToHtml,
  type HighlighterCore,
  type LanguageRegistration,
  type ThemeRegistrationAny,
} from 'shiki/core';
import { HIGHLIGHT_MAX_LINE_LENGTH } from '@docgen/core/shared';
import type { HighlightLanguage, HighlightTheme, PLAIN_LANGUAGES } from './highlight-languages.js';

/** `highlight()`'s result split for a component that renders the `pre` itself. */
export interface HighlightedParts {
  /** Classes of shiki's `pre`: `shiki shiki-themes <light> <dark>`. */
  className: string;
  /** Inline style of shiki's `pre`: the themes' colours as `--shiki-light`, `--shiki-dark`, `--shiki-light-bg`, `--shiki-dark-bg`. */
  style: string;
  /** Inner HTML of the `pre`: `<code>` with one `span.line` per line and a `span` with the colour variables per token. */
  html: string;
}

/** Options with the names checked, lower-cased and the themes' defaults applied: what `highlight.ts` passes here. */
export interface ResolvedHighlightOptions {
  lang: HighlightLanguage;
  lightTheme: HighlightTheme;
  darkTheme: HighlightTheme;
  /** shiki's `tokenizeTimeLimit`, in ms per line (0: none). */
  timeLimit: number;
}

/** Fetches one grammar (with the grammars it embeds) or one theme: a module of `shiki/langs` or `shiki/themes`. */
type Loader<T> = () => Promise<{ default: T }>;
type LanguageLoader = Loader<LanguageRegistration[]>;
type ThemeLoader = Loader<ThemeRegistrationAny>;

// shiki's HAST types, without a dependency on `@types/hast` of our own.
type Root = ReturnType<HighlighterCore['codeToHast']>;
type Element = Extract<Root['children'][number], { type: 'element' }>;

const typescript = () => import('shiki/langs/typescript.mjs');
const javascript = () => import('shiki/langs/javascript.mjs');
const shellscript = () => import('shiki/langs/shellscript.mjs');
const markdown = () => import('shiki/langs/markdown.mjs');
const yaml = () => import('shiki/langs/yaml.mjs');

/** Grammar loaders by language name and alias (aliases share their language's loader and chunk). */
const languages: Record<Exclude<HighlightLanguage, (typeof PLAIN_LANGUAGES)[number]>, LanguageLoader> = {
  typescript,
  ts: typescript,
  cts: typescript,
  mts: typescript,
  tsx: () => import('shiki/langs/tsx.mjs'),
  javascript,
  js: javascript,
  cjs: javascript,
  mjs: javascript,
  jsx: () => import('shiki/langs/jsx.mjs'),
  json: () => import('shiki/langs/json.mjs'),
  jsonc: () => import('shiki/langs/jsonc.mjs'),
  shellscript,
  bash: shellscript,
  sh: shellscript,
  shell: shellscript,
  zsh: shellscript,
  css: () => import('shiki/langs/css.mjs'),
  html: () => import('shiki/langs/html.mjs'),
  markdown,
  md: markdown,
  mdx: () => import('shiki/langs/mdx.mjs'),
  yaml,
  yml: yaml,
  toml: () => import('shiki/langs/toml.mjs'),
  diff: () => import('shiki/langs/diff.mjs'),
  vue: () => import('shiki/langs/vue.mjs'),
};

/** Theme loaders by theme name (the theme's own `name`, which `codeToHast` is then given). */
const themes: Record<HighlightTheme, ThemeLoader> = {
  'github-light-default': () => import('shiki/themes/github-light-default.mjs'),
  'github-dark-default': () => import('shiki/themes/github-dark-default.mjs'),
  'github-light': () => import('shiki/themes/github-light.mjs'),
  'github-dark': () => import('shiki/themes/github-dark.mjs'),
  'github-dark-dimmed': () => import('shiki/themes/github-dark-dimmed.mjs'),
  'github-light-high-contrast': () => import('shiki/themes/github-light-high-contrast.mjs'),
  'github-dark-high-contrast': () => import('shiki/themes/github-dark-high-contrast.mjs'),
  'vitesse-light': () => import('shiki/themes/vitesse-light.mjs'),
  'vitesse-dark': () => import('shiki/themes/vitesse-dark.mjs'),
  'one-light': () => import('shiki/themes/one-light.mjs'),
  'one-dark-pro': () => import('shiki/themes/one-dark-pro.mjs'),
  'light-plus': () => import('shiki/themes/light-plus.mjs'),
  'dark-plus': () => import('shiki/themes/dark-plus.mjs'),
  'min-light': () => import('shiki/themes/min-light.mjs'),
  'min-dark': () => import('shiki/themes/min-dark.mjs'),
  'catppuccin-latte': () => import('shiki/themes/catppuccin-latte.mjs'),
  'catppuccin-mocha': () => import('shiki/themes/catppuccin-mocha.mjs'),
};

let core: Promise<HighlighterCore> | undefined;
/** Loads in progress or done, by loader: a language asked for under two aliases is fetched once. */
const loads = new Map<LanguageLoader | ThemeLoader, Promise<void>>();

/** The one highlighter of the page; its engine is fetched with it, on first use. */
function getCore(): Promise<HighlighterCore> {
  core ??= createHighlighterCore({
    themes: [],
    langs: [],
    // No WebAssembly to fetch and compile: shiki's JavaScript engine turns the grammars' Oniguruma
    // patterns into native RegExps; every language listed above is supported by it.
    engine: import('shiki/engine/javascript').then((m) => m.createJavaScriptRegexEngine()),
  }).catch((error: unknown) => {
    core = undefined; // offline: the next call tries again
    throw error;
  });
  return core;
}

/**
 * Fetches a grammar or theme once and registers it with the highlighter. The chunk is requested at
 * once, while the core and its engine may still be on their way: the three fetches run side by side.
 */
function loadOnce<T>(
  loader: Loader<T>,
  core: Promise<HighlighterCore>,
  register: (highlighter: HighlighterCore, module: { default: T }) => Promise<void>,
): Promise<void> {
  let pending = loads.get(loader as LanguageLoader | ThemeLoader);
  if (!pending) {
    const module = loader();
    module.catch(() => {}); // observed below once the core is there; not an unhandled rejection meanwhile
    pending = core
      .then(async (highlighter) => register(highlighter, await module))
      .catch((error: unknown) => {
        loads.delete(loader as LanguageLoader | ThemeLoader); // offline: the next call tries again
        throw error;
      });
    loads.set(loader as LanguageLoader | ThemeLoader, pending);
  }
  return pending;
}

/** Loads what is missing and returns shiki's HAST (a root holding the `pre`); `highlight.ts` checked the names. */
async function toHast(code: string, { lang, lightTheme: light, darkTheme: dark, timeLimit }: ResolvedHighlightOptions): Promise<Root> {
  const language: LanguageLoader | undefined = (languages as Record<string, LanguageLoader>)[lang]; // undefined: plain text
  const core = getCore();
  await Promise.all([
    language && loadOnce(language, core, (highlighter, module) => highlighter.loadLanguage(module)),
    loadOnce(themes[light], core, (highlighter, module) => highlighter.loadTheme(module)),
    loadOnce(themes[dark], core, (highlighter, module) => highlighter.loadTheme(module)),
  ]);
  // The build's options (packages/core/src/node/markdown/rehype-shiki.ts): both themes as CSS variables
  // and no default colour, so the theme's `.dg-code` styles pick light or dark; long lines left plain.
  // The time limit is the browser's own: the build has none.
  return (await core).codeToHast(code, { lang, themes: { light, dark }, defaultColor: false, tokenizeMaxLineLength: HIGHLIGHT_MAX_LINE_LENGTH, tokenizeTimeLimit: timeLimit });
}

/** Implements `highlight()`: the `pre` as HTML. */
export async function highlightToHtml(code: string, options: ResolvedHighlightOptions): Promise<string> {
  return hastToHtml(await toHast(code, options));
}

/** Implements `highlightToParts()`: the `pre`'s classes and style, and its inner HTML. */
export async function highlightToParts(code: string, options: ResolvedHighlightOptions): Promise<HighlightedParts> {
  const pre = (await toHast(code, options)).children[0] as Element;
  const className = pre.properties.class;
  return {
    className: Array.isArray(className) ? className.join(' ') : String(className ?? ''),
    style: String(pre.properties.style ?? ''),
    html: hastToHtml({ type: 'root', children: pre.children }),
  };
}
