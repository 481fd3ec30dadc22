/**
 * The selected value of each tab group (`<Tabs groupId>`), shared by every Tabs of the page with that
 * group and remembered in localStorage, so choosing `pnpm` once switches all package-manager tabs and
 * stays chosen on the next visit.
 */

/** The part of `Storage` the store uses; `localStorage` in the browser. */
export type TabsStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Selected values by group id, with change notification. */
export interface TabsStore {
  /** The value selected in `groupId`, from memory or else from storage; undefined when none was chosen. */
  get(groupId: string): string | undefined;
  /** Selects `value` in `groupId`: remembers it, saves it to storage and notifies the group's listeners. */
  set(groupId: string, value: string): void;
  /** Calls `listener` after each `set` of `groupId`; returns the function that unsubscribes it. */
  subscribe(groupId: string, listener: () => void): () => void;
}

/** The localStorage key a group's value is saved under: `dg-tabs-<groupId>`. */
export function tabsStorageKey(groupId: string): string {
  return `dg-tabs-${groupId}`;
}

/**
 * Creates a store saving to the storage `getStorage` returns (null when there is none, as during SSR).
 * Storage errors (disabled storage, quota) are ignored: the choice then lasts until the page unloads.
 */
export function createTabsStore(getStorage: () => TabsStorage | null): TabsStore {
  // null records "storage read, nothing saved", so storage is read once per group and `get` returns
  // the same value until the next `set`, as useSyncExternalStore requires.
  const values = new Map<string, string | null>();
  const listeners = new Map<string, Set<() => void>>();

  function readStorage(groupId: string): string | null {
    try {
      return getStorage()?.getItem(tabsStorageKey(groupId)) ?? null;
    } catch {
      return null;
    }
  }

  return {
    get(groupId) {
      if (!values.has(groupId)) values.set(groupId, readStorage(groupId));
      return values.get(groupId) ?? undefined;
    },
    set(groupId, value) {
      values.set(groupId, value);
      try {
        getStorage()?.setItem(tabsStorageKey(groupId), value);
      } catch {
        // Storage unavailable: the in-memory value still switches the page's tabs.
      }
      for (const listener of [...(listeners.get(groupId) ?? [])]) listener();
    },
    subscribe(groupId, listener) {
      const group = listeners.get(groupId) ?? new Set();
      listeners.set(groupId, group);
      group.add(listener);
      // An emptied set stays: a page has a handful of groups, and deleting it could drop a newer one.
      return () => group.delete(listener);
    },
  };
}

/** The page's store, saving to localStorage. Touches `window` only when first read, never during SSR. */
export const tabsStore: TabsStore = createTabsStore(() => (typeof window === 'undefined' ? null : window.localStorage));
