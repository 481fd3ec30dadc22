/**
 * Runs tasks on a worker pool with a time limit each. At most `limit` tasks are in flight, one per thread,
 * so a task starts when it is submitted and its clock measures its own work, not its wait in the queue.
 */
import type { Piscina } from 'piscina';

/** What `runLimited` reports of one task. */
export type Timed<R> = { ok: true; value: R; ms: number } | { ok: false; timedOut: true; ms: number };

/**
 * Calls `onDone` for every item of `items` with the result of `pool.run(taskOf(item))`, or with
 * `timedOut` when the task ran longer than `timeoutMs` (piscina then terminates its thread and starts another).
 * @throws what a task threw (an error of docgen itself: tasks return user errors as data).
 */
export async function runLimited<T, Task, R>(
  pool: Piscina<Task, R>,
  items: T[],
  { limit, timeoutMs, taskOf, onDone }: { limit: number; timeoutMs: number; taskOf: (item: T) => Task; onDone: (item: T, result: Timed<R>) => void },
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++];
      const started = performance.now();
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        const value = await pool.run(taskOf(item), { signal });
        onDone(item, { ok: true, value, ms: performance.now() - started });
      } catch (error) {
        if (!signal.aborted) throw error;
        onDone(item, { ok: false, timedOut: true, ms: performance.now() - started });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}

/**
 * Waits for every promise, failed or not, then throws the first failure in the given order: nothing is still
 * writing into a folder when the caller removes it after a failure.
 */
export async function settled(running: Promise<unknown>[]): Promise<void> {
  const results = await Promise.allSettled(running);
  for (const r of results) if (r.status === 'rejected') throw r.reason;
}
