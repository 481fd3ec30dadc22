/**
 * Runs tasks on a worker pool with a time limit each. At most `limit` tasks are in flight, one per thread,
 * so a task starts when it is submitted. Its clock (`TaskClock`) starts when its thread starts it and
 * leaves out the time that thread waited for a core: a task is stopped for its own work, not for the load
 * of the machine.
 */
import type { Piscina } from 'piscina';
import { TaskClock } from '../task-clock.js';

/** What `runLimited` reports of one task; `ms` is its busy time (`TaskClock.busyMs`), or its wall time. */
export type Timed<R> = { ok: true; value: R; ms: number } | { ok: false; timedOut: true; ms: number };

/** The shortest wait (ms) before a task's clock is read again. */
const MIN_RECHECK_MS = 10;

/**
 * Calls `onDone` for every item of `items` with the result of `pool.run(taskOf(item, clock))`, or with
 * `timedOut` once the task has been busy for `timeoutMs` (piscina then terminates its thread and starts
 * another). The worker must call `startTaskClock(clock)` when it starts the task; until it has, the limit
 * does not run (a thread still starting is not the task's time).
 * @throws what a task threw (an error of docgen itself: tasks return user errors as data).
 */
export async function runLimited<T, Task, R>(
  pool: Piscina<Task, R>,
  items: T[],
  { limit, timeoutMs, taskOf, onDone }: { limit: number; timeoutMs: number; taskOf: (item: T, clock: SharedArrayBuffer) => Task; onDone: (item: T, result: Timed<R>) => void },
): Promise<void> {
  let next = 0;
  const lane = async () => {
    const clock = new TaskClock();
    while (next < items.length) {
      const item = items[next++];
      const started = performance.now();
      clock.reset();
      const stop = new AbortController();
      // Wall time is never less than busy time: the clock is read when the limit could first be reached,
      // and again after the time the task has left.
      const check = () => {
        const busy = clock.busyMs();
        if (busy !== undefined && busy >= timeoutMs) stop.abort();
        else timer = setTimeout(check, Math.max(MIN_RECHECK_MS, timeoutMs - (busy ?? 0)));
      };
      let timer = setTimeout(check, timeoutMs);
      const ms = () => clock.busyMs() ?? performance.now() - started;
      try {
        const value = await pool.run(taskOf(item, clock.buffer), { signal: stop.signal });
        onDone(item, { ok: true, value, ms: ms() });
      } catch (error) {
        if (!stop.signal.aborted) throw error;
        onDone(item, { ok: false, timedOut: true, ms: ms() });
      } finally {
        clearTimeout(timer);
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
