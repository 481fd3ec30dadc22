import './CopyMarkdown.css';
import copy from 'copy-to-clipboard';
import { useEffect, useRef, useState } from 'react';
import { useLinkHref, usePageData } from '@docgen/core/runtime';
import { useI18n } from '../../i18n/index.js';
import { COPIED_RESET_DELAY } from '../CodeBlock/CodeBlock.js';

/**
 * "Copy Markdown" on a doc page whose page data has `markdownLink` (the site-relative path of the page's
 * Markdown version, base not yet added, e.g. `/guide/start.md`; `@docgen/plugin-llms` sets it): the button
 * puts that file's text on the clipboard. Renders nothing on other pages. Server-rendered with the page,
 * so it takes its place without moving the title.
 */
export function CopyMarkdown() {
  const page = usePageData();
  const href = useLinkHref();
  const link = (page as { markdownLink?: unknown } | null)?.markdownLink;
  if (typeof link !== 'string' || !link) return null;
  const url = href(link);
  // A new button per page: client navigation forgets the previous page's text and state.
  return <CopyMarkdownButton key={url} url={url} />;
}

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The button for the Markdown at `url`. The text is fetched when the pointer or focus reaches the button, so
 * that most clicks copy it at once through copy-to-clipboard (`execCommand('copy')` inside the click, else
 * the library's prompt, as for code blocks). A click before the text arrived hands the clipboard a
 * `ClipboardItem` whose content is the pending fetch, which browsers accept from a click; where that is not
 * possible the text is copied through the library once it arrived. A failed fetch shows "Copy failed" and
 * is logged to the console with the URL.
 */
function CopyMarkdownButton({ url }: { url: string }) {
  const t = useI18n();
  const [state, setState] = useState<CopyState>('idle');
  const pending = useRef<Promise<string> | null>(null);
  const text = useRef<string | null>(null);
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPIED_RESET_DELAY);
    return () => clearTimeout(timer);
  }, [state]);

  const load = (): Promise<string> =>
    (pending.current ??= fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
        return response.text();
      })
      .then((body) => (text.current = body))
      .catch((error: unknown) => {
        pending.current = null; // the next click tries again
        throw error;
      }));
  const copyText = (body: string) => {
    if (copy(body, { message: t('code.copyPrompt') })) setState('copied');
  };
  const fail = (error: unknown) => {
    console.error('Copy Markdown: could not load the page\'s Markdown:', error);
    setState('failed');
  };
  const onClick = () => {
    if (text.current !== null) return copyText(text.current);
    if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
      const blob = load().then((body) => new Blob([body], { type: 'text/plain' }));
      // A browser that refuses the write before reading `blob` leaves its rejection unobserved; the
      // refusal's handler below reports the failure.
      blob.catch(() => undefined);
      navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]).then(
        () => setState('copied'),
        // Refused (no permission, or no support for pending content): the fetch decides what happens next.
        () => load().then(copyText, fail),
      );
      return;
    }
    load().then(copyText, fail);
  };
  // Fetched ahead of the click; a failure here is retried, and reported, by the click.
  const prefetch = () => void load().catch(() => undefined);

  const label = state === 'copied' ? t('doc.markdownCopied') : state === 'failed' ? t('doc.markdownCopyFailed') : t('doc.copyMarkdown');
  return (
    <button
      type="button"
      className={`dg-copy-markdown${state === 'idle' ? '' : ` dg-copy-markdown--${state}`}`}
      data-markdown={url}
      onClick={onClick}
      onPointerEnter={prefetch}
      onFocus={prefetch}
    >
      <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
        {state === 'copied' ? (
          <path stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" fill="none" d="m5 12 5 5 9-10" />
        ) : (
          <>
            <rect x="8" y="8" width="12" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
            <path stroke="currentColor" strokeWidth="2" fill="none" d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
          </>
        )}
      </svg>
      <span className="dg-copy-markdown-text" aria-live="polite">
        {label}
      </span>
    </button>
  );
}
