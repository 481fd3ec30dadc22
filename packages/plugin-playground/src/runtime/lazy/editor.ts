/**
 * The editor chunk, loaded on demand (`import()` of its own file, never part of a page's first load):
 * CodeMirror 6 with JavaScript/TypeScript/JSX support, themed with the site's CSS custom properties, so it
 * follows the light and dark mode of the page without being reconfigured.
 */
import { minimalSetup, EditorView } from 'codemirror';
import { lineNumbers, highlightActiveLine } from '@codemirror/view';
import { javascript } from '@codemirror/lang-javascript';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags as t } from '@lezer/highlight';
import type { PlaygroundLang } from './transpile.js';

/** What the playground does with a mounted editor. */
export interface EditorHandle {
  /** Replaces the whole text (Reset); the change listener is not called. */
  setCode(code: string): void;
  focus(): void;
  destroy(): void;
}

/** Options of `createEditor`. */
export interface EditorOptions {
  /** The text to start with. */
  code: string;
  lang: PlaygroundLang;
  /** Accessible name of the text area, e.g. "Editable example code". */
  label: string;
  /** Called with the whole text after each change the reader makes. */
  onChange(code: string): void;
  /** Viewport coordinates (CSS px) of the click that opened the editor: the cursor goes there. */
  at?: { x: number; y: number };
}

/**
 * Token colours as custom properties (`--dg-playground-*`, set for light and dark mode in Playground.css),
 * matching the GitHub themes the static code block is highlighted with.
 */
const highlight = HighlightStyle.define([
  { tag: [t.keyword, t.operator], color: 'var(--dg-playground-keyword)' },
  { tag: [t.comment, t.meta], color: 'var(--dg-playground-comment)', fontStyle: 'italic' },
  { tag: [t.string, t.regexp, t.escape], color: 'var(--dg-playground-string)' },
  { tag: [t.number, t.bool, t.null, t.atom, t.propertyName, t.attributeName], color: 'var(--dg-playground-constant)' },
  { tag: [t.function(t.variableName), t.function(t.propertyName)], color: 'var(--dg-playground-function)' },
  { tag: [t.typeName, t.className, t.definition(t.typeName)], color: 'var(--dg-playground-type)' },
  { tag: [t.tagName, t.angleBracket], color: 'var(--dg-playground-tag)' },
  { tag: t.invalid, color: 'var(--dg-c-danger)' },
]);

const theme = EditorView.theme({
  '&': { color: 'var(--dg-c-text-1)', backgroundColor: 'transparent', fontSize: '14px' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'var(--dg-font-mono)', lineHeight: '1.6' },
  '.cm-content': { padding: '16px 0', caretColor: 'var(--dg-c-text-1)' },
  '.cm-line': { padding: '0 20px 0 8px' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--dg-c-text-1)' },
  '.cm-gutters': { backgroundColor: 'transparent', color: 'var(--dg-c-text-3)', border: 'none' },
  '.cm-activeLine': { backgroundColor: 'var(--dg-c-highlight-line)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'var(--dg-playground-selection)',
  },
});

/** Mounts an editor into `parent` (emptied first). */
export function createEditor(parent: HTMLElement, options: EditorOptions): EditorHandle {
  // Set while Reset replaces the text: that change is the playground's own, not the reader's.
  let replacing = false;
  const view = new EditorView({
    parent,
    doc: options.code,
    extensions: [
      minimalSetup,
      lineNumbers(),
      highlightActiveLine(),
      // JSX everywhere but in `ts`, as the compiler reads it (`transpile`).
      javascript({ jsx: options.lang !== 'ts', typescript: options.lang === 'ts' || options.lang === 'tsx' }),
      syntaxHighlighting(highlight),
      theme,
      // Wrapped, not scrolled: a scrolling box of non-focusable content is out of reach of the keyboard
      // (axe's scrollable-region-focusable), and the pane is narrow.
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': options.label }),
      EditorView.updateListener.of((update) => {
        if (update.docChanged && !replacing) options.onChange(update.state.doc.toString());
      }),
    ],
  });
  if (options.at) {
    const pos = view.posAtCoords(options.at);
    if (pos !== null) view.dispatch({ selection: { anchor: pos } });
  }
  return {
    setCode(code) {
      replacing = true;
      try {
        view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: code } });
      } finally {
        replacing = false;
      }
    },
    focus: () => view.focus(),
    destroy: () => view.destroy(),
  };
}
