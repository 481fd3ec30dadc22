/**
 * The navbar's search button. It costs a page almost nothing: the dialog (DocSearch's modal, ~30 KB
 * gzip) and the locale's index load when the button is hovered, focused or touched, or when a key opens
 * the dialog (Ctrl/Cmd+K, `/`).
 */
import './Search.css';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { searchIndexUrl, useLocale, useSiteData } from '@docgen/core/runtime';
import { useI18n } from '../../i18n/index.js';
import { EARLY_KEYS_SCRIPT, useSearchKeyboard } from './use-search-keyboard.js';

/** `id` of the early-keys script, so hydration can tell that the server rendered it. */
const SCRIPT_ID = 'dg-search-keys';

const loadModal = () => import('./SearchModal.js');
const SearchModal = lazy(() => loadModal().then((m) => ({ default: m.SearchModal })));

/** Starts fetching the dialog's code and, for local search, the locale's index. */
function preload(indexUrl: string | null) {
  // A failed preload is not lost: opening the dialog loads both again and shows DocSearch's error screen.
  void loadModal()
    .then(() => (indexUrl ? import('./local-client.js').then((m) => m.loadEngine(indexUrl)) : undefined))
    .catch((error: unknown) => console.warn('docgen: search preload failed; the dialog will try again', error));
}

/** The search button with its keyboard shortcuts; renders nothing when search is off. */
export function Search() {
  const site = useSiteData();
  const locale = useLocale();
  const t = useI18n();
  const [open, setOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState<string | undefined>();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // As the banner's script: kept when the server rendered it, never created by the client (React does not
  // run scripts it creates).
  const [withScript] = useState(() => typeof document === 'undefined' || document.getElementById(SCRIPT_ID) !== null);
  const [modifier, setModifier] = useState('Ctrl');
  useEffect(() => {
    if (/(Mac|iPhone|iPod|iPad)/i.test(navigator.platform)) setModifier('⌘');
  }, []);
  const settings = site.search;
  const indexUrl = settings && settings.provider === 'local' ? searchIndexUrl(locale.prefix) : null;

  const onOpen = useCallback(() => {
    preload(indexUrl);
    setOpen(true);
  }, [indexUrl]);
  const onClose = useCallback(() => {
    setOpen(false);
    setInitialQuery(undefined);
    buttonRef.current?.focus();
  }, []);
  const onInput = useCallback(
    (event: KeyboardEvent) => {
      event.preventDefault();
      setInitialQuery(event.key);
      onOpen();
    },
    [onOpen],
  );
  useSearchKeyboard({ isOpen: open, onOpen, onClose, onInput, buttonRef });

  if (!settings) return null;
  const warm = () => preload(indexUrl);
  return (
    <>
      {withScript && <script id={SCRIPT_ID} dangerouslySetInnerHTML={{ __html: EARLY_KEYS_SCRIPT }} />}
      <button
        ref={buttonRef}
        type="button"
        className="dg-search-button"
        aria-keyshortcuts="Control+K Meta+K /"
        onClick={onOpen}
        onMouseEnter={warm}
        onFocus={warm}
        onTouchStart={warm}
      >
        <svg className="dg-search-button-icon" width="16" height="16" viewBox="0 0 20 20" aria-hidden="true">
          <path
            d="M14.386 14.386l4.088 4.088-4.088-4.088A7.533 7.533 0 113.733 3.733a7.533 7.533 0 0110.653 10.653z"
            stroke="currentColor"
            fill="none"
            fillRule="evenodd"
            strokeLinecap="round"
            strokeLinejoin="round"
            strokeWidth="1.6"
          />
        </svg>
        <span className="dg-search-button-text">{t('search.button')}</span>
        <span className="dg-search-button-keys" aria-hidden="true">
          <kbd>{modifier}</kbd>
          <kbd>K</kbd>
        </span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <SearchModal settings={settings} lang={locale.lang} indexUrl={indexUrl} initialQuery={initialQuery} onClose={onClose} />
        </Suspense>
      )}
    </>
  );
}
