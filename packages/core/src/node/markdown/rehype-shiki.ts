/**
 * Build-time highlighting with shiki: every `pre > code.language-x` becomes shiki's markup with both
 * themes as CSS variables (`--shiki-light`, `--shiki-dark`), wrapped in `div.dg-code`.
 *
 * Code fence meta understood: `title="a.ts"`, `{1,3-5}` (highlighted lines), `showLineNumbers[=false]`,
 * `wrapCode[=false]`; the last two override `markdown.showLineNumbers` / `markdown.defaultWrapCode`.
 * Comments `// [!code ++]`, `// [!code --]`, `// [!code highlight]` and `// [!code focus]` in the code mark
 * lines (@shikijs/transformers); the comment itself is removed.
 */
import type { Element, ElementContent, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { bundledLanguages, createHighlighter, type BundledLanguage, type BundledTheme, type HighlighterGeneric, type ShikiTransformer } from 'shiki';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { transformerNotationDiff, transformerNotationFocus, transformerNotationHighlight } from '@shikijs/transformers';
import { visit } from 'unist-util-visit';
import { DocgenError } from '../../shared/errors.js';
import { HIGHLIGHT_MAX_LINE_LENGTH } from '../../shared/highlight.js';

/** Options of `rehypeShiki`; `cache` holds the highlighter so one is created per process, not per page. */
export interface RehypeShikiOptions {
  lightTheme?: string;
  darkTheme?: string;
  /** Grammars loaded up front (others load on first use). */
  langs?: string[];
  showLineNumbers: boolean;
  defaultWrapCode: boolean;
  /** The site's own transformers (`markdown.shiki.transformers`), run after docgen's. */
  transformers?: ShikiTransformer[];
  cache: { highlighter?: Promise<HighlighterGeneric<BundledLanguage, BundledTheme>> };
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

/** Highlights code blocks; loads each language grammar the first time it is met. */
export function rehypeShiki(options: RehypeShikiOptions) {
  // GitHub's current themes: their colours meet WCAG AA contrast on white and on dark backgrounds.
  const light = options.lightTheme ?? 'github-light-default';
  const dark = options.darkTheme ?? 'github-dark-default';
  return async (tree: Root) => {
    const blocks: { pre: Element; parent: Element | Root; index: number; code: Element }[] = [];
    visit(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName !== 'pre' || index === undefined || !parent) return;
      const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
      if (code) blocks.push({ pre: node, parent: parent as Element, index, code });
    });
    if (blocks.length === 0) return;
    const unknown = (options.langs ?? []).filter((l) => !(l in bundledLanguages));
    if (unknown.length) throw new DocgenError(`markdown.shiki.langs: unknown language ${unknown.join(', ')}`);
    options.cache.highlighter ??= createHighlighter({
      themes: [light as BundledTheme, dark as BundledTheme],
      langs: (options.langs ?? []) as BundledLanguage[],
      engine: createOnigurumaEngine(import('shiki/wasm')),
    });
    const highlighter = await options.cache.highlighter;

    for (const { parent, index, code } of blocks) {
      const classes = (code.properties.className as string[] | undefined) ?? [];
      const requested = classes.find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? 'text';
      let lang = requested.toLowerCase();
      if (!highlighter.getLoadedLanguages().includes(lang)) {
        if (lang in bundledLanguages) await highlighter.loadLanguage(lang as BundledLanguage);
        else lang = 'text';
      }
      const meta = parseCodeMeta(String((code.data as { meta?: string } | undefined)?.meta ?? code.properties.dataMeta ?? ''));
      delete code.properties.dataMeta;
      const source = toString(code).replace(/\n$/, '');
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
      const pre = highlighted.children[0] as Element;
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
