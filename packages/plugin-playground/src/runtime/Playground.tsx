/**
 * A playground: the example's code (first the server-rendered, highlighted block; CodeMirror from the
 * first interaction on) beside or above its live result. Both heavy parts are chunks of their own,
 * fetched by URL only here: the compiler when the playground comes near the viewport, the editor when the
 * reader hovers, clicks or tabs into the code. Edits run again after a pause (`debounce`) and are kept in
 * the URL fragment (`hash-state.ts`), so that the address bar can share them.
 */
import './Playground.css';
import { Component, useCallback, useEffect, useRef, useState, type ComponentType, type FocusEvent, type PointerEvent, type ReactNode } from 'react';
import { useLocale } from '@docgen/core/runtime';
import { PLAYGROUND_STRINGS, type PlaygroundStringKey } from '../strings.js';
import { allowed, compilerUrl, debounce, editorUrl, loaders } from 'docgen-playground:config';
import { decodeCode, hashKey, readHashEntries, writeHashEntry } from './hash-state.js';
import { createRequire, loadModules, runExample } from './run-example.js';
import type { EditorHandle } from './lazy/editor.js';
import type { PlaygroundLang } from './lazy/transpile.js';

type EditorChunk = typeof import('./lazy/editor.js');
type CompilerChunk = typeof import('./lazy/transpile.js');

type StringKey = PlaygroundStringKey;

// The chunks load once per page load, whatever number of playgrounds asks for them. The URL is not a
// literal for the bundler: these files are built by the plugin, beside the site's bundle.
let editorChunk: Promise<EditorChunk> | undefined;
let compilerChunk: Promise<CompilerChunk> | undefined;
let modules: Promise<Map<string, unknown>> | undefined;
const loadEditor = () => (editorChunk ??= import(/* @vite-ignore */ editorUrl) as Promise<EditorChunk>);
const loadCompiler = () => (compilerChunk ??= import(/* @vite-ignore */ compilerUrl) as Promise<CompilerChunk>);
const loadAllowed = () => (modules ??= loadModules(loaders));

/** Props the remark plugin gives (`remark-playground.ts`); the highlighted code block is the child. */
export interface PlaygroundProps {
  /** The example's source as written in the page. */
  code: string;
  lang: PlaygroundLang;
  /** Place of the playground in its page, from 1: its key in the URL fragment (`pg-<index>`). */
  index: string;
  layout: 'horizontal' | 'vertical';
  children?: ReactNode;
}

/** What the result pane shows. */
type Result =
  | { state: 'waiting' }
  | { state: 'rendered'; component: ComponentType; run: number }
  | { state: 'error'; title: StringKey; message: string };

/** The playground component (default export, imported by pages through the plugin's runtime module). */
export default function Playground({ code: original, lang, index, layout, children }: PlaygroundProps) {
  const locale = useLocale();
  const t = (key: StringKey) => locale.strings[key] ?? (PLAYGROUND_STRINGS[key] as Record<string, string>)[locale.lang] ?? PLAYGROUND_STRINGS[key].en;
  const root = useRef<HTMLDivElement>(null);
  const editorHost = useRef<HTMLDivElement>(null);
  const editor = useRef<EditorHandle | null>(null);
  // False in the server render and the hydration: the page without JavaScript shows the code block only.
  const [hydrated, setHydrated] = useState(false);
  const [code, setCode] = useState(original);
  const [editor_, setEditorState] = useState<'static' | 'loading' | 'ready'>('static');
  const [visible, setVisible] = useState(false);
  const [result, setResult] = useState<Result>({ state: 'waiting' });
  const [notice, setNotice] = useState('');
  const runs = useRef(0);
  const key = hashKey(Number(index));

  const openEditor = useCallback(
    (opts: { focus: boolean; at?: { x: number; y: number }; code: string }) => {
      if (editor.current || editor_ === 'loading') return;
      setEditorState('loading');
      loadEditor().then(
        ({ createEditor }) => {
          if (!editorHost.current) return;
          editor.current = createEditor(editorHost.current, { code: opts.code, lang, label: t('playground.editorLabel'), onChange: setCode, at: opts.at });
          setEditorState('ready');
          if (opts.focus) editor.current.focus();
        },
        (error: unknown) => {
          setEditorState('static');
          setResult({ state: 'error', title: 'playground.loadError', message: messageOf(error) });
        },
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [editor_, lang, locale],
  );

  // After hydration: the code of a shared link, and the compiler once the playground nears the viewport.
  useEffect(() => {
    setHydrated(true);
    const encoded = readHashEntries(window.location.hash).get(key);
    if (encoded !== undefined) {
      try {
        const shared = decodeCode(encoded);
        setCode(shared);
        setVisible(true);
        openEditor({ focus: false, code: shared });
      } catch {
        setNotice(t('playground.badLink'));
      }
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setVisible(true);
        observer.disconnect();
      }
    }, { rootMargin: '200px' });
    observer.observe(root.current!);
    return () => {
      observer.disconnect();
      editor.current?.destroy();
      editor.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Runs the example: at once the first time, then `debounce` ms after the last edit.
  const ranOnce = useRef(false);
  useEffect(() => {
    if (!visible) return;
    let cancelled = false;
    const run = async () => {
      try {
        const [{ transpile }, loaded] = await Promise.all([loadCompiler(), loadAllowed()]);
        if (cancelled) return;
        const component = runExample(transpile(code, lang), createRequire(loaded, allowed)) as ComponentType;
        setResult({ state: 'rendered', component, run: ++runs.current });
      } catch (error) {
        if (cancelled) return;
        const syntax = (error as Error | undefined)?.name === 'ExampleSyntaxError';
        setResult({ state: 'error', title: syntax ? 'playground.syntaxError' : 'playground.runtimeError', message: messageOf(error) });
      }
    };
    const delay = ranOnce.current ? debounce : 0;
    ranOnce.current = true;
    const timer = setTimeout(() => {
      void run();
      // The fragment follows the code; `replaceState` keeps the router's entry (its key) and adds no history.
      const hash = writeHashEntry(window.location.hash, Number(index), code === original ? null : code);
      if (hash !== window.location.hash && (hash || window.location.hash)) {
        window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search + hash);
      }
    }, delay);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [code, visible, lang, index, original]);

  const reset = () => {
    setCode(original);
    setNotice('');
    editor.current?.setCode(original);
  };

  // The first interaction with the static block opens the editor; hovering fetches it ahead.
  const staticEvents = {
    // A failed fetch is not lost: the promise is kept, and the click that follows reports it in the pane.
    onPointerEnter: () => void loadEditor().catch(() => undefined),
    onPointerDown: (e: PointerEvent) => {
      if (!(e.target as Element).closest('button')) openEditor({ focus: true, at: { x: e.clientX, y: e.clientY }, code });
    },
    onFocus: (e: FocusEvent) => {
      if (!(e.target as Element).closest('button')) openEditor({ focus: true, code });
    },
  };

  return (
    <div ref={root} className={`dg-playground dg-playground--${layout}`} data-playground={index} data-editor={editor_}>
      {hydrated && (
        <div className="dg-playground-toolbar">
          <span className="dg-playground-title">{t('playground.title')}</span>
          <span className="dg-playground-hint">{t('playground.hint')}</span>
          <button type="button" className="dg-playground-reset" onClick={reset} disabled={code === original} aria-label={t('playground.resetLabel')}>
            {t('playground.reset')}
          </button>
        </div>
      )}
      <div className="dg-playground-body">
        <div className="dg-playground-code">
          <div className="dg-playground-static" hidden={editor_ === 'ready'} {...staticEvents}>
            {children}
          </div>
          <div ref={editorHost} className="dg-playground-editor" hidden={editor_ !== 'ready'} />
        </div>
        {hydrated && (
          <div className="dg-playground-side">
            {notice && <p className="dg-playground-notice">{notice}</p>}
            <div className="dg-playground-result" role="region" aria-label={t('playground.result')} aria-busy={result.state === 'waiting'}>
              {result.state === 'waiting' && <p className="dg-playground-waiting">{t('playground.running')}</p>}
              {result.state === 'error' && <ErrorMessage title={t(result.title)} message={result.message} />}
              {result.state === 'rendered' && (
                <ResultBoundary key={result.run} title={t('playground.runtimeError')}>
                  <result.component />
                </ResultBoundary>
              )}
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

function ErrorMessage({ title, message }: { title: string; message: string }) {
  return (
    <div className="dg-playground-error" role="alert">
      <strong>{title}</strong>
      <pre>{message}</pre>
    </div>
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Shows an error the example throws while rendering, in place of its result; a new run starts afresh (new key). */
class ResultBoundary extends Component<{ title: string; children: ReactNode }, { error: unknown }> {
  state: { error: unknown } = { error: undefined };
  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('unknown error') };
  }
  render() {
    if (this.state.error !== undefined) return <ErrorMessage title={this.props.title} message={messageOf(this.state.error)} />;
    return this.props.children;
  }
}
