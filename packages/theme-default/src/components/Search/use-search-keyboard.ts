import { useEffect, type RefObject } from 'react';

/**
 * The window flags shared with the inline script (`EARLY_KEYS_SCRIPT`): `__dgSearchPending` is set when
 * Ctrl/Cmd+K or `/` was pressed before the app listened; `__dgSearchReady` once it listens.
 */
interface EarlyKeys {
  __dgSearchPending?: boolean;
  __dgSearchReady?: boolean;
}

/**
 * Inline script rendered with the search button: until the app listens (its module runs once the document
 * is parsed, then imports the page's chunk, hydrates in slices and runs effects last, seconds later on a
 * busy device) it catches Ctrl/Cmd+K and `/`, so that a reader's early shortcut opens the dialog once the
 * app can, instead of being lost or reaching the browser (whose Ctrl+K focuses its own search bar). It
 * steps aside as soon as the app listens.
 */
export const EARLY_KEYS_SCRIPT =
  "addEventListener('keydown',function k(e){if(window.__dgSearchReady)return removeEventListener('keydown',k);" +
  "var t=e.target,f=t&&(t.isContentEditable||/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));" +
  "if((e.key||'').toLowerCase()==='k'&&(e.metaKey||e.ctrlKey)||e.key==='/'&&!f){e.preventDefault();window.__dgSearchPending=true}})";

/** What `useSearchKeyboard` needs. */
export interface SearchKeyboardOptions {
  isOpen: boolean;
  onOpen: () => void;
  onClose: () => void;
  /** A letter or digit typed while the search button has focus: opens with that character as the query. */
  onInput: (event: KeyboardEvent) => void;
  buttonRef: RefObject<HTMLButtonElement | null>;
}

function isEditingContent(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  const tag = target?.tagName;
  return Boolean(target?.isContentEditable) || tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA';
}

/**
 * The dialog's keys, as DocSearch's `useDocSearchKeyboardEvents` (3.9) defines them: Ctrl/Cmd+K toggles,
 * `/` opens when no text field has focus, Escape closes, a letter or digit typed on the focused button
 * opens with it as the query. Kept here, not imported: importing DocSearch's hook pulls 7 KB gzip of its
 * bundle into every page, while the dialog itself loads on first use.
 */
export function useSearchKeyboard({ isOpen, onOpen, onClose, onInput, buttonRef }: SearchKeyboardOptions): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        (event.key === 'Escape' && isOpen) ||
        (event.key?.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey)) ||
        (!isEditingContent(event) && event.key === '/' && !isOpen)
      ) {
        event.preventDefault();
        if (isOpen) onClose();
        else if (!document.body.classList.contains('DocSearch--active')) onOpen();
        return;
      }
      if (buttonRef.current && buttonRef.current === document.activeElement && !isOpen && /^[a-zA-Z0-9]$/.test(event.key) && !event.metaKey && !event.ctrlKey && !event.altKey) {
        onInput(event);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    const early = window as Window & EarlyKeys;
    early.__dgSearchReady = true;
    // A shortcut pressed before this listener existed (the early script kept it).
    if (early.__dgSearchPending) {
      early.__dgSearchPending = false;
      if (!isOpen) onOpen();
    }
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isOpen, onOpen, onClose, onInput, buttonRef]);
}
