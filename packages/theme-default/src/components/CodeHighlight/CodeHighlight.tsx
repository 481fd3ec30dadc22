import './CodeHighlight.css';
import { Fragment, useEffect, useState, type CSSProperties } from 'react';
import { useSiteData } from '@docgen/core/runtime';
import { useI18n } from '../../i18n/index.js';
import { CodeBlock } from '../CodeBlock/CodeBlock.js';
import { HighlightError, highlightToParts, type HighlightedParts } from './highlight.js';

/** Props of `CodeHighlight`. */
export interface CodeHighlightProps {
  /**
   * The code; one trailing newline is dropped, as in Markdown code blocks.
   * @zh 代码；末尾的一个换行会被去掉，与 Markdown 代码块相同。
   */
  code: string;
  /**
   * A language the client-side highlighter knows (`HIGHLIGHT_LANGUAGES`), by name or alias, in any case:
   * `ts`, `tsx`, `js`, `json`, `bash`, `css`, `html`, `md`, `mdx`, `yaml`, `toml`, `diff`, `vue`, `text`…
   * @zh 浏览器端高亮器认识的语言（`HIGHLIGHT_LANGUAGES`），可用名称或别名，不区分大小写：`ts`、`tsx`、`js`、`json`、`bash`、`css`、`html`、`md`、`mdx`、`yaml`、`toml`、`diff`、`vue`、`text`……
   * @example 'tsx'
   */
  lang: string;
  /**
   * A title bar above the code, like `title="…"` on a code fence.
   * @zh 代码上方的标题栏，与代码块上的 `title="…"` 相同。
   */
  title?: string;
  /**
   * Line numbers. Defaults to the site's `markdown.showLineNumbers`.
   * @zh 行号。默认为站点的 `markdown.showLineNumbers`。
   */
  showLineNumbers?: boolean;
  /**
   * Wrap long lines instead of scrolling. Defaults to the site's `markdown.defaultWrapCode`.
   * @zh 长行换行而不是滚动。默认为站点的 `markdown.defaultWrapCode`。
   */
  wrapCode?: boolean;
}

interface Outcome {
  code: string;
  lang: string;
  parts?: HighlightedParts;
  error?: unknown;
}

/** `"--a:#fff;color:red"` → `{ '--a': '#fff', color: 'red' }`: shiki writes inline styles as text, React wants an object. */
export function styleToObject(style: string): CSSProperties {
  const out: Record<string, string> = {};
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 1) continue;
    const name = declaration.slice(0, colon).trim();
    const key = name.startsWith('--') ? name : name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    out[key] = declaration.slice(colon + 1).trim();
  }
  return out as CSSProperties;
}

/**
 * A code block for code that only exists at run time (a live playground's output, code typed by the
 * reader), highlighted in the browser with the site's themes (`markdown.shiki.lightTheme` / `darkTheme`)
 * and rendered in the same markup as the build's code blocks (`div.dg-code` > shiki's `pre`, copy
 * button included), so it looks the same in light and dark mode.
 *
 * The server and the first render show the code as plain text (`data-state="loading"`); an effect then
 * calls `highlightToParts()`, which fetches the highlighter, the language and the themes on first use
 * (see `highlight()`), and swaps in the highlighted markup (`data-state="highlighted"`). When that fails
 * — a language outside `HIGHLIGHT_LANGUAGES`, or a chunk that cannot be fetched — the code stays plain and
 * readable, a note under it says so in the page's language (`code.unknownLanguage`,
 * `code.highlightFailed`), the error goes to the console and the block has `data-state="error"`.
 *
 * For code known when the site builds, write a Markdown code block: it is highlighted at build time.
 */
export function CodeHighlight({ code, lang, title, showLineNumbers, wrapCode }: CodeHighlightProps) {
  const site = useSiteData();
  const t = useI18n();
  const source = code.replace(/\n$/, '');
  const lightTheme = site.markdown.shiki?.lightTheme;
  const darkTheme = site.markdown.shiki?.darkTheme;
  const [outcome, setOutcome] = useState<Outcome>();

  useEffect(() => {
    // A later render (new code) may finish first: only the latest request may update the block.
    let latest = true;
    highlightToParts(source, { lang, lightTheme, darkTheme }).then(
      (parts) => latest && setOutcome({ code: source, lang, parts }),
      (error: unknown) => {
        if (!latest) return;
        console.error(error);
        setOutcome({ code: source, lang, error });
      },
    );
    return () => {
      latest = false;
    };
  }, [source, lang, lightTheme, darkTheme]);

  // Until the outcome for this code arrives, the plain text: never colours of older code.
  const current = outcome?.code === source && outcome.lang === lang ? outcome : undefined;
  const state = current?.parts ? 'highlighted' : current ? 'error' : 'loading';
  const classes = ['dg-code', 'dg-code-highlight'];
  if (showLineNumbers ?? site.markdown.showLineNumbers) classes.push('dg-code--line-numbers');
  if (wrapCode ?? site.markdown.defaultWrapCode) classes.push('dg-code--wrap');
  const error = current?.error;

  return (
    <div className={classes.join(' ')} data-lang={lang} data-state={state}>
      {title && <div className="dg-code-title">{title}</div>}
      {current?.parts ? (
        <CodeBlock
          key="highlighted"
          className={current.parts.className}
          style={styleToObject(current.parts.style)}
          tabIndex={0}
          dangerouslySetInnerHTML={{ __html: current.parts.html }}
        />
      ) : (
        <CodeBlock key="plain" className="dg-code-plain" tabIndex={0}>
          <code>
            {source.split('\n').map((line, i) => (
              <Fragment key={i}>
                {i > 0 && '\n'}
                <span className="line">{line}</span>
              </Fragment>
            ))}
          </code>
        </CodeBlock>
      )}
      {error !== undefined && (
        <p className="dg-code-error" role="status">
          {error instanceof HighlightError && error.kind === 'unknown-language'
            ? t('code.unknownLanguage').replace('{lang}', error.value)
            : t('code.highlightFailed')}
        </p>
      )}
    </div>
  );
}
