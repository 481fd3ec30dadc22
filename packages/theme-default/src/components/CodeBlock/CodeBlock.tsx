import copy from 'copy-to-clipboard';
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { useI18n } from '../../i18n/index.js';

/**
 * `pre` of Markdown code blocks: the highlighted code plus a copy button (copy-to-clipboard, whose
 * fallback prompts "Copy to clipboard:" where the Clipboard API is unavailable).
 */
export function CodeBlock(props: ComponentProps<'pre'>) {
  const t = useI18n();
  const pre = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <>
      <pre ref={pre} {...props} />
      <button
        type="button"
        className={`dg-code-copy${copied ? ' dg-code-copy--copied' : ''}`}
        aria-label={copied ? t('code.copied') : t('code.copy')}
        title={copied ? t('code.copied') : t('code.copy')}
        onClick={() => {
          // Lines removed in a diff (`[!code --]`) are not part of what a reader wants to paste.
          const lines = [...(pre.current?.querySelectorAll('.line') ?? [])].filter((l) => !l.classList.contains('remove'));
          const text = lines.length ? lines.map((l) => l.textContent).join('\n') : (pre.current?.textContent ?? '');
          if (copy(text)) setCopied(true);
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
    </>
  );
}
