import './CodeBlock.css';
import copy from 'copy-to-clipboard';
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { useI18n } from '../../i18n/index.js';
import { Tooltip } from '../Tooltip/Tooltip.js';

/** How long the copy button shows "Copied" after a successful copy, in ms. */
export const COPIED_RESET_DELAY = 2000;

/**
 * The text the copy button puts on the clipboard: the `.line` spans of shiki's markup joined with `\n`,
 * without the lines a diff notation removed (`// [!code --]` → `.line.remove`): a reader pastes the new
 * version. Lines a notation marked (`.diff`, `.highlighted`, `.focused`) lose their trailing spaces: the
 * build removes the `// [!code …]` comment but keeps the space before it. Code without line spans (plain
 * `pre`) is copied as its text content.
 */
export function codeToCopy(pre: Element): string {
  const lines = [...pre.querySelectorAll('.line')].filter((line) => !line.classList.contains('remove'));
  if (!lines.length) return pre.textContent ?? '';
  return lines
    .map((line) => {
      const text = line.textContent ?? '';
      return line.matches('.diff, .highlighted, .focused') ? text.replace(/[ \t]+$/, '') : text;
    })
    .join('\n');
}

/**
 * `pre` of Markdown code blocks: the highlighted code plus a copy button with a tooltip.
 *
 * Copying goes through copy-to-clipboard: it selects the text and runs `document.execCommand('copy')`,
 * which browsers allow inside a click. Where that fails (no clipboard access), the library falls back to
 * `window.prompt` with the code selected and the message `code.copyPrompt` of the page's language, whose
 * `#{key}` it replaces with the copy keys of the platform (`⌘+C` on macOS, `Ctrl+C` elsewhere).
 * The button then stays as it was, since the library cannot know whether the reader copied. After a copy
 * that worked, its label reads `code.copied` for `COPIED_RESET_DELAY` ms.
 *
 * The library is imported up front, not on first click: it is about 1 kB gzip (with toggle-selection),
 * and loading it inside the click would run the copy after an `await`, no longer in the click's own task,
 * where browsers may refuse `execCommand('copy')` and readers would get the prompt instead.
 */
export function CodeBlock(props: ComponentProps<'pre'>) {
  const t = useI18n();
  const pre = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_RESET_DELAY);
    return () => clearTimeout(timer);
  }, [copied]);
  const label = copied ? t('code.copied') : t('code.copy');
  return (
    <>
      <pre ref={pre} {...props} />
      <Tooltip content={label} placement="top">
        <button
          type="button"
          className={`dg-code-copy${copied ? ' dg-code-copy--copied' : ''}`}
          aria-label={label}
          onClick={() => {
            if (!pre.current) return;
            if (copy(codeToCopy(pre.current), { message: t('code.copyPrompt') })) setCopied(true);
          }}
        >
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
            {copied ? (
              <path stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" fill="none" d="m5 12 5 5 9-10" />
            ) : (
              <>
                <rect x="8" y="8" width="12" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
                <path stroke="currentColor" strokeWidth="2" fill="none" d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
              </>
            )}
          </svg>
          <span className="dg-code-copy-text" aria-hidden="true">
            {copied ? t('code.copied') : ''}
          </span>
        </button>
      </Tooltip>
    </>
  );
}
