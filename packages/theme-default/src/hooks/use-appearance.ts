/**
 * Light / dark / system appearance, saved in `localStorage['dg-appearance']` (`light`, `dark`, `auto`).
 * The inline script of every page applies the saved choice before the first paint (no flash); this store
 * keeps every toggle on the page in sync and applies changes without transitions unless
 * `themeConfig.enableAppearanceAnimation` is true.
 */
import { useSyncExternalStore } from 'react';

/** A reader's choice; `auto` follows the system. */
export type Appearance = 'light' | 'dark' | 'auto';

const KEY = 'dg-appearance';
const listeners = new Set<() => void>();
let current: Appearance | undefined;

function read(): Appearance {
  if (current) return current;
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(KEY);
  } catch {
    // Storage can be blocked (privacy mode): the system setting applies.
  }
  current = saved === 'light' || saved === 'dark' ? saved : 'auto';
  return current;
}

function systemDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

/** Whether `appearance` renders dark on this device. */
export function resolvesDark(appearance: Appearance): boolean {
  return appearance === 'dark' || (appearance === 'auto' && systemDark());
}

/** Saves and applies a choice; `animate: false` suppresses CSS transitions during the switch. */
export function setAppearance(appearance: Appearance, animate = false): void {
  current = appearance;
  try {
    localStorage.setItem(KEY, appearance);
  } catch {
    // Not saved; still applied for this page.
  }
  const root = document.documentElement;
  let style: HTMLStyleElement | undefined;
  if (!animate) {
    style = document.createElement('style');
    style.textContent = '*,*::before,*::after{transition:none!important}';
    document.head.appendChild(style);
  }
  root.classList.toggle('dark', resolvesDark(appearance));
  if (style) {
    // Force a style recalculation with transitions off, then restore them.
    void getComputedStyle(root).opacity;
    requestAnimationFrame(() => style!.remove());
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const media = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
  const onSystem = () => {
    if (read() === 'auto') document.documentElement.classList.toggle('dark', systemDark());
    listener();
  };
  media?.addEventListener('change', onSystem);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener('change', onSystem);
  };
}

/** The saved appearance; `auto` during SSR and hydration, the real value right after. */
export function useAppearance(): Appearance {
  return useSyncExternalStore(subscribe, read, () => 'auto');
}

/** True when the page renders dark (false during SSR and hydration). */
export function useDark(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => document.documentElement.classList.contains('dark'),
    () => false,
  );
}
