import { describe, expect, it, vi } from 'vitest';
import { createTabsStore, tabsStorageKey, type TabsStorage } from './tabs-store.js';

/** A Map-backed storage that counts its reads. */
function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  const storage = {
    getItem: vi.fn((key: string) => data.get(key) ?? null),
    setItem: vi.fn((key: string, value: string) => void data.set(key, value)),
  } satisfies TabsStorage;
  return { storage, data };
}

describe('tabsStorageKey', () => {
  it('prefixes the group id with dg-tabs-', () => {
    expect(tabsStorageKey('package-manager')).toBe('dg-tabs-package-manager');
  });
});

describe('createTabsStore', () => {
  it('has no value for a group nothing was chosen in', () => {
    const { storage } = memoryStorage();
    expect(createTabsStore(() => storage).get('pm')).toBeUndefined();
  });

  it('restores a value saved by an earlier visit', () => {
    const { storage } = memoryStorage({ 'dg-tabs-pm': 'pnpm' });
    const store = createTabsStore(() => storage);
    expect(store.get('pm')).toBe('pnpm');
    expect(store.get('other')).toBeUndefined();
  });

  it('reads storage once per group, so repeated reads return the same value', () => {
    const { storage, data } = memoryStorage({ 'dg-tabs-pm': 'yarn' });
    const store = createTabsStore(() => storage);
    expect(store.get('pm')).toBe('yarn');
    data.set('dg-tabs-pm', 'bun');
    expect(store.get('pm')).toBe('yarn');
    expect(storage.getItem).toHaveBeenCalledTimes(1);
  });

  it('saves a chosen value under dg-tabs-<groupId> and returns it', () => {
    const { storage, data } = memoryStorage();
    const store = createTabsStore(() => storage);
    store.set('pm', 'bun');
    expect(store.get('pm')).toBe('bun');
    expect(data.get('dg-tabs-pm')).toBe('bun');
  });

  it("notifies the listeners of the changed group only, after the value has changed", () => {
    const { storage } = memoryStorage();
    const store = createTabsStore(() => storage);
    const seen: (string | undefined)[] = [];
    const pm = vi.fn(() => seen.push(store.get('pm')));
    const pm2 = vi.fn();
    const os = vi.fn();
    store.subscribe('pm', pm);
    store.subscribe('pm', pm2);
    store.subscribe('os', os);
    store.set('pm', 'yarn');
    expect(pm).toHaveBeenCalledTimes(1);
    expect(pm2).toHaveBeenCalledTimes(1);
    expect(os).not.toHaveBeenCalled();
    expect(seen).toEqual(['yarn']);
  });

  it('stops notifying a listener once unsubscribed', () => {
    const { storage } = memoryStorage();
    const store = createTabsStore(() => storage);
    const listener = vi.fn();
    const unsubscribe = store.subscribe('pm', listener);
    store.set('pm', 'npm');
    unsubscribe();
    store.set('pm', 'yarn');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('keeps a later subscription when an earlier one unsubscribes twice', () => {
    const { storage } = memoryStorage();
    const store = createTabsStore(() => storage);
    const unsubscribe = store.subscribe('pm', () => {});
    unsubscribe();
    const later = vi.fn();
    store.subscribe('pm', later);
    unsubscribe();
    store.set('pm', 'pnpm');
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('works in memory without storage (SSR) or when storage throws', () => {
    const failing: TabsStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    for (const store of [createTabsStore(() => null), createTabsStore(() => failing)]) {
      const listener = vi.fn();
      store.subscribe('pm', listener);
      expect(store.get('pm')).toBeUndefined();
      store.set('pm', 'bun');
      expect(store.get('pm')).toBe('bun');
      expect(listener).toHaveBeenCalledTimes(1);
    }
  });
});
