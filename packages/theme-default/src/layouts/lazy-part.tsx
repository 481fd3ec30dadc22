/**
 * A component whose code is a chunk of its own, for the browser copies of the theme's parts. Unlike
 * `React.lazy`, a part whose chunk has already loaded renders at once: its loading promise carries React's
 * `status`/`value` fields once settled, which `use()` reads without suspending. So a part loaded before
 * hydration (`beforeHydration(part.preload())`) hydrates in the same pass as the rest of the page, and a
 * part not loaded yet suspends (the app switches pages in a transition, so the previous page stays on
 * screen meanwhile).
 */
import { use, useEffect, useState, type ComponentType } from 'react';

/** A promise with the fields React's `use()` reads to return its value without suspending. */
export type TrackedPromise<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/**
 * Marks `promise` with React's `status`, `value` and `reason` fields as it settles, so that `use()` reads a
 * settled one at once instead of suspending on it (React reads these fields on the thenables it is given).
 * `onReject` runs after a rejection, e.g. to forget the promise so the next use loads again.
 */
export function trackForUse<T>(promise: Promise<T>, onReject?: () => void): TrackedPromise<T> {
  const tracked: TrackedPromise<T> = promise;
  tracked.status = 'pending';
  tracked.then(
    (value) => Object.assign(tracked, { status: 'fulfilled', value }),
    (reason: unknown) => {
      Object.assign(tracked, { status: 'rejected', reason });
      onReject?.();
    },
  );
  return tracked;
}

/** A part: the component to draw, and `preload()`, which starts loading its chunk (once) and resolves when loaded. */
export interface LazyPart<P> {
  Component: ComponentType<P>;
  preload(): Promise<ComponentType<P>>;
  /** The component if its chunk has loaded, else undefined. */
  loaded(): ComponentType<P> | undefined;
}

/** Makes a part from `load`, which imports the chunk and picks the component from it. */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let promise: TrackedPromise<ComponentType<P>> | undefined;
  const preload = () => {
    // After a failed load, the next render tries again (offline, a new deploy).
    promise ??= trackForUse(load(), () => (promise = undefined));
    return promise;
  };
  function Component(props: P) {
    const Loaded = use(preload() as Promise<ComponentType<P>>);
    return <Loaded {...props} />;
  }
  return { Component, preload, loaded: () => promise?.value };
}

/**
 * For parts drawn only after an interaction (a menu's popover, a drawer): the part's component once
 * `wanted` has been true and its chunk has loaded, else null. Unlike a suspending part, it never shows a
 * Suspense fallback, whose reveal React holds back for up to 300 ms; call `part.preload()` when the
 * interaction begins (pointer over the button) so that the chunk is usually there by the time it is wanted.
 */
export function useLoadedPart<P>(part: LazyPart<P>, wanted: boolean): ComponentType<P> | null {
  const [loaded, setLoaded] = useState<ComponentType<P> | undefined>(part.loaded);
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    part.preload().then(
      (component) => live && setLoaded(() => component),
      (error: unknown) => console.error('docgen: a part of the theme could not be loaded', error),
    );
    return () => {
      live = false;
    };
  }, [part, wanted, loaded]);
  return loaded ?? null;
}
