/**
 * Build-time highlighting with shiki: every `pre > code.language-x` becomes shiki's markup with both
 * themes as CSS variables (`--shiki-light`, `--shiki-dark`), wrapped in `div.dg-code`.
 *
 * Code fence meta understood: `title="a.ts"`, `{1,3-5}` (highlighted lines), `showLineNumbers[=false]`,
 * `wrapCode[=false]`; the last two override `markdown.showLineNumbers` / `markdown.defaultWrapCode`.
 * Comments `// [!code ++]`, `// [!code --]`, `// [!code highlight]` and `// [!code focus]` in the code mark
 * lines (@shikijs/transformers); the comment itself is removed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Element, ElementContent, Root } from 'hast';
import type { VFile } from 'vfile';
import { toString } from 'hast-util-to-string';
import type { BundledLanguage, BundledTheme, HighlighterGeneric, ShikiTransformer } from 'shiki';
import { visit } from 'unist-util-visit';
import { DocgenError } from '../../shared/errors.js';
import { HIGHLIGHT_MAX_LINE_LENGTH } from '../../shared/highlight.js';

let shikiModules: Promise<[typeof import('shiki'), typeof import('shiki/engine/oniguruma'), typeof import('@shikijs/transformers')]> | undefined;
/**
 * Shiki, its engine and transformers, loaded on first use (about 80 ms): a compile whose code blocks all come
 * from the `HighlightMemo`, as after an edit of a page's text, never loads them.
 */
function loadShiki() {
  shikiModules ??= Promise.all([import('shiki'), import('shiki/engine/oniguruma'), import('@shikijs/transformers')]);
  return shikiModules;
}

let onigurumaWasm: Promise<Buffer> | undefined;

/**
 * The Oniguruma engine's WebAssembly binary, read from shiki's `onig.wasm`. Shiki's `shiki/wasm` module
 * carries it as base64 text decoded byte by byte in JavaScript: ~0.1 s of every compile thread's start.
 */
function readOnigurumaWasm(): Promise<Buffer> {
  onigurumaWasm ??= fs.promises.readFile(createRequire(import.meta.url).resolve('shiki/onig.wasm'));
  return onigurumaWasm;
}

type Highlighter = HighlighterGeneric<BundledLanguage, BundledTheme>;

/** Options of `rehypeShiki`; `cache` holds the highlighters so they are created per process, not per page. */
export interface RehypeShikiOptions {
  lightTheme?: string;
  darkTheme?: string;
  /** Grammars loaded up front (others load on first use). */
  langs?: string[];
  showLineNumbers: boolean;
  defaultWrapCode: boolean;
  /** The site's own transformers (`markdown.shiki.transformers`), run after docgen's. */
  transformers?: ShikiTransformer[];
  cache: {
    highlighter?: Promise<Highlighter>;
    /** Language → its own highlighter, for languages that embed others lazily (`highlighterFor`). */
    isolated?: Map<string, Promise<Highlighter>>;
    /** Language → the bundled languages its grammar embeds lazily. */
    lazyEmbeds?: Map<string, Promise<string[]>>;
  };
}

/** Parsed code fence meta. */
export interface CodeMeta {
  title?: string;
  highlightLines: Set<number>;
  showLineNumbers?: boolean;
  wrapCode?: boolean;
}

/** Parses `title="x" {1,3-5} showLineNumbers wrapCode=false`. */
export function parseCodeMeta(meta: string): CodeMeta {
  const out: CodeMeta = { highlightLines: new Set() };
  const title = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  if (title) out.title = title[1] ?? title[2] ?? title[3];
  const lines = /\{([\d,\s-]+)\}/.exec(meta);
  if (lines) {
    for (const part of lines[1].split(',')) {
      const [a, b] = part.trim().split('-').map(Number);
      if (!Number.isFinite(a)) continue;
      for (let n = a; n <= (Number.isFinite(b) ? b : a); n++) out.highlightLines.add(n);
    }
  }
  const flag = (name: string) => {
    const m = new RegExp(`(?:^|\\s)${name}(?:=(true|false))?(?=\\s|$)`).exec(meta);
    return m ? m[1] !== 'false' : undefined;
  };
  out.showLineNumbers = flag('showLineNumbers');
  out.wrapCode = flag('wrapCode');
  return out;
}

/**
 * Keeps code fence meta across rehype-raw, which re-parses the tree and drops `node.data`:
 * runs before it and copies `data.meta` into a `data-meta` property that `rehypeShiki` reads.
 */
export function rehypeCodeMeta() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      const meta = (node.data as { meta?: string } | undefined)?.meta;
      if (node.tagName === 'code' && meta) node.properties.dataMeta = meta;
    });
  };
}

/**
 * The highlighted code blocks of one page: those of its last compile (`previous`, block key → shiki's
 * `pre` element), handed out again for blocks of the same language, meta and code, and those of this
 * compile (`blocks`), to keep for the next. Valid for one set of compiler options (themes, transformers):
 * the caller keeps memos per options key. Compiling a page whose blocks are all in the memo loads no
 * grammar (~0.2 s for the first language of a worker).
 */
export class HighlightMemo {
  private readonly next = new Map<string, Element>();
  private fresh = false;

  constructor(private readonly previous: ReadonlyMap<string, Element> = new Map()) {}

  /** A copy of the block's `pre` as last highlighted, or undefined. */
  take(key: string): Element | undefined {
    const pre = this.previous.get(key) ?? this.next.get(key);
    if (!pre) return undefined;
    this.next.set(key, pre);
    return structuredClone(pre);
  }

  /** Records a block highlighted now (a copy: later plugins may change the tree). */
  keep(key: string, pre: Element): void {
    this.next.set(key, structuredClone(pre));
    this.fresh = true;
  }

  /** The blocks of this compile, block key → `pre`. */
  get blocks(): ReadonlyMap<string, Element> {
    return this.next;
  }

  /** True when this compile's blocks differ from `previous` (one was highlighted, or one is gone). */
  get changed(): boolean {
    return this.fresh || this.next.size !== this.previous.size;
  }

  /** Key of a block: its language as written, its fence meta and its code. */
  static key(lang: string, meta: string, code: string): string {
    return crypto.hash('sha256', `${lang}\0${meta}\0${code}`, 'base64url');
  }
}

/**
 * Highlights code blocks; loads each language grammar the first time it is met. A `HighlightMemo` in
 * `file.data.highlights` gives the blocks highlighted by the page's last compile and receives this one's.
 */
export function rehypeShiki(options: RehypeShikiOptions) {
  // GitHub's current themes: their colours meet WCAG AA contrast on white and on dark backgrounds.
  const light = options.lightTheme ?? 'github-light-default';
  const dark = options.darkTheme ?? 'github-dark-default';
  return async (tree: Root, file: VFile) => {
    const memo = file.data.highlights;
    const blocks: { pre: Element; parent: Element | Root; index: number; code: Element }[] = [];
    visit(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName !== 'pre' || index === undefined || !parent) return;
      const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
      if (code) blocks.push({ pre: node, parent: parent as Element, index, code });
    });
    if (blocks.length === 0) return;
    if (options.langs?.length) {
      const [{ bundledLanguages }] = await loadShiki();
      const unknown = options.langs.filter((l) => !(l in bundledLanguages));
      if (unknown.length) throw new DocgenError(`markdown.shiki.langs: unknown language ${unknown.join(', ')}`);
    }

    for (const { parent, index, code } of blocks) {
      const classes = (code.properties.className as string[] | undefined) ?? [];
      const requested = classes.find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? 'text';
      const metaText = String((code.data as { meta?: string } | undefined)?.meta ?? code.properties.dataMeta ?? '');
      const meta = parseCodeMeta(metaText);
      delete code.properties.dataMeta;
      const source = toString(code).replace(/\n$/, '');
      const key = memo && HighlightMemo.key(requested, metaText, source);
      let pre = key ? memo.take(key) : undefined;
      if (!pre) {
        pre = await highlight(source, requested, meta, { options, light, dark });
        if (key) memo.keep(key, pre);
      }
      const lineNumbers = meta.showLineNumbers ?? options.showLineNumbers;
      const wrap = meta.wrapCode ?? options.defaultWrapCode;
      const wrapperClasses = ['dg-code'];
      if (lineNumbers) wrapperClasses.push('dg-code--line-numbers');
      if (wrap) wrapperClasses.push('dg-code--wrap');
      const children: ElementContent[] = [];
      if (meta.title) {
        children.push({ type: 'element', tagName: 'div', properties: { className: ['dg-code-title'] }, children: [{ type: 'text', value: meta.title }] });
      }
      children.push(pre);
      parent.children[index] = {
        type: 'element',
        tagName: 'div',
        properties: { className: wrapperClasses, dataLang: requested },
        children,
      };
    }
  };
}

/**
 * Shiki's `pre` element for one code block: `requested` is the language as written (case-insensitive;
 * one shiki does not know is highlighted as plain text).
 */
async function highlight(source: string, requested: string, meta: CodeMeta, { options, light, dark }: { options: RehypeShikiOptions; light: string; dark: string }): Promise<Element> {
  const [{ bundledLanguages }, , { transformerNotationDiff, transformerNotationFocus, transformerNotationHighlight }] = await loadShiki();
  const bundled = requested.toLowerCase() in bundledLanguages;
  const highlighter = await highlighterFor(bundled ? requested.toLowerCase() : undefined, options, [light, dark]);
  // Not bundled: one of shiki's own (`ansi`…) when the highlighter knows it, else plain text.
  const lang = bundled || highlighter.getLoadedLanguages().includes(requested.toLowerCase()) ? requested.toLowerCase() : 'text';
  const highlighted = highlighter.codeToHast(source, {
    lang,
    themes: { light, dark },
    defaultColor: false,
    tokenizeMaxLineLength: HIGHLIGHT_MAX_LINE_LENGTH,
    // No time limit (shiki's default gives up on a line after 500 ms): output must not depend on how
    // busy the machine is, and the line length cap already bounds the work per line.
    tokenizeTimeLimit: 0,
    transformers: [
      transformerNotationDiff({ matchAlgorithm: 'v3' }),
      transformerNotationHighlight({ matchAlgorithm: 'v3' }),
      transformerNotationFocus({ matchAlgorithm: 'v3' }),
      {
        line(node, line) {
          if (meta.highlightLines.has(line)) this.addClassToHast(node, 'highlighted');
        },
      },
      ...(options.transformers ?? []),
    ],
  });
  return highlighted.children[0] as Element;
}

/**
 * The highlighter to use for the bundled language `lang` (undefined: any other), with its grammar loaded. Most languages share one highlighter. A
 * language whose grammar embeds others lazily (Markdown's code fences and front matter, Vue's blocks…)
 * highlights those parts only when they are already loaded, so in a shared highlighter its output would
 * depend on the pages compiled before in the same worker: such a language gets a highlighter of its own,
 * with a fixed set of embedded languages (YAML, for front matter, and those of `markdown.shiki.langs`).
 */
async function highlighterFor(lang: string | undefined, options: RehypeShikiOptions, themes: [string, string]): Promise<Highlighter> {
  const { cache } = options;
  const [{ bundledLanguagesInfo, createHighlighter }, { createOnigurumaEngine }] = await loadShiki();
  const create = (langs: string[]) =>
    createHighlighter({ themes: themes as BundledTheme[], langs: langs as BundledLanguage[], engine: createOnigurumaEngine(readOnigurumaWasm()) });
  const lazy = lang === undefined ? [] : await lazyEmbeddedLangs(lang, cache);
  const languageId = (name: string) => {
    const lower = name.toLowerCase();
    return bundledLanguagesInfo.find((info) => info.id === lower || info.aliases?.includes(lower))?.id ?? lower;
  };
  if (lang !== undefined && lazy.length) {
    cache.isolated ??= new Map();
    let isolated = cache.isolated.get(lang);
    if (!isolated) {
      // By grammar id: `langs` may name a language by an alias (`ts` for typescript).
      const wanted = new Set(['yaml', ...(INHERENT_EMBEDS[lang] ?? []), ...(options.langs ?? []).map(languageId)]);
      const embedded = lazy.filter((l) => wanted.has(languageId(l)));
      isolated = create([lang, ...embedded]);
      cache.isolated.set(lang, isolated);
    }
    return isolated;
  }
  cache.highlighter ??= create(options.langs ?? []);
  const shared = await cache.highlighter;
  if (lang !== undefined && !shared.getLoadedLanguages().includes(lang)) await shared.loadLanguage(lang as BundledLanguage);
  return shared;
}

/**
 * Languages a grammar embeds for its own syntax rather than for code fences: MDX's import/export lines and
 * JSX are TSX, so an MDX block always has it, as the browser's highlighter gives it.
 */
const INHERENT_EMBEDS: Record<string, string[]> = { mdx: ['tsx'] };

/** The bundled languages `lang`'s grammar embeds lazily (none for most). */
function lazyEmbeddedLangs(lang: string, cache: RehypeShikiOptions['cache']): Promise<string[]> {
  cache.lazyEmbeds ??= new Map();
  let found = cache.lazyEmbeds.get(lang);
  if (!found) {
    found = loadShiki().then(([{ bundledLanguages }]) => bundledLanguages[lang as BundledLanguage]().then(({ default: grammars }) =>
      (grammars.at(-1)?.embeddedLangsLazy ?? []).filter((l) => l in bundledLanguages),
    ));
    cache.lazyEmbeds.set(lang, found);
  }
  return found;
}
