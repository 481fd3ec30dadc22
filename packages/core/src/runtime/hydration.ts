/**
 * What the browser entry waits for before it hydrates the server-rendered page. A theme whose parts load in
 * chunks of their own (a layout only some pages draw, another language's UI strings) registers the loading
 * of the parts the page on screen draws, so that hydration finds them ready and runs in one pass: it never
 * suspends on them, and nothing can change the server's markup in between.
 */
const pending: Promise<unknown>[] = [];

/**
 * Makes the browser entry wait for `promise` before hydrating. Call it while modules are evaluated (before
 * the entry starts); later calls have no effect on the page already hydrated. A rejected promise is logged
 * with `console.error` and hydration goes on: the part then loads when it is drawn.
 */
export function beforeHydration(promise: Promise<unknown>): void {
  pending.push(promise);
}

/** @internal Resolves once every promise given to `beforeHydration` so far has settled. */
export async function hydrationReady(): Promise<void> {
  for (const result of await Promise.allSettled(pending)) {
    if (result.status === 'rejected') console.error('docgen: a part of the page could not be loaded before hydration', result.reason);
  }
}
