/**
 * The clock of a task's time limit (`pageTimeout`), counted as an idle machine would: the wall time of the
 * worker thread since it started the task, less the time that thread spent waiting for a core. On Linux the
 * wait is the thread's `run_delay`, the second field of `/proc/<pid>/task/<tid>/schedstat` (nanoseconds,
 * from the kernel's scheduler statistics). A page is then stopped for the work it did
 * and the time it waited on I/O or a promise, not for the cores that other work (a busy CI machine, or the
 * dev server's background compile, whose priority is lowered) kept from it. Where that file cannot be read
 * (other systems), the wall time counts.
 *
 * The worker thread writes its thread id and starting figures into a `SharedArrayBuffer` (`startTaskClock`);
 * the thread that waits for the task reads them (`TaskClock.busyMs`) while the worker is busy.
 */
import fs from 'node:fs';
import { ownThreadId } from './thread-priority.js';

/** Bytes of a clock's buffer: the thread id (Int32, 0 until the task starts), then two Float64 figures. */
const CLOCK_BYTES = 24;

/** Thread id as the worker reported it when it cannot tell its own: the wall time counts. */
const UNKNOWN_THREAD = -1;

/** Monotonic time in ms, the same clock in every thread of the process. */
function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** The time (ms) thread `tid` of this process has spent waiting for a core, or undefined when unknown. */
function runDelayMs(tid: number): number | undefined {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8');
  } catch {
    return undefined;
  }
  const delay = Number(text.split(' ')[1]);
  return Number.isFinite(delay) ? delay / 1e6 : undefined;
}

let clockThreadId: number | undefined;

/** The calling thread's id, or `UNKNOWN_THREAD` without one or without its scheduler statistics. */
function threadId(): number {
  if (clockThreadId !== undefined) return clockThreadId;
  const tid = ownThreadId();
  // A kernel that keeps no scheduler statistics: the wall time counts.
  clockThreadId = tid && runDelayMs(tid) !== undefined ? tid : UNKNOWN_THREAD;
  return clockThreadId;
}

/**
 * Called by a worker thread when it starts a task whose time is limited: records the start in `buffer`
 * (a `TaskClock`'s), so that the waiting thread can tell how long the task has been busy.
 */
export function startTaskClock(buffer: SharedArrayBuffer): void {
  const tid = threadId();
  const start = new Float64Array(buffer, 8, 2);
  start[0] = nowMs();
  start[1] = tid === UNKNOWN_THREAD ? 0 : (runDelayMs(tid) ?? 0);
  // Published last: a reader that sees the id sees the figures (Atomics order the writes before it).
  Atomics.store(new Int32Array(buffer, 0, 1), 0, tid);
}

/** The waiting side of a task's clock; one per task in flight, `reset` before the next task. */
export class TaskClock {
  /** Handed to the worker in the task, for `startTaskClock`. */
  readonly buffer = new SharedArrayBuffer(CLOCK_BYTES);
  private readonly tid = new Int32Array(this.buffer, 0, 1);
  private readonly start = new Float64Array(this.buffer, 8, 2);

  /** Forgets the last task: `busyMs` is undefined until the worker starts the next one. */
  reset(): void {
    Atomics.store(this.tid, 0, 0);
  }

  /**
   * The ms the task has been busy since its worker started it: wall time less the time its thread waited
   * for a core (wall time where that is unknown); undefined while the worker has not started it.
   */
  busyMs(): number | undefined {
    const tid = Atomics.load(this.tid, 0);
    if (tid === 0) return undefined;
    // The wait first, then the clock: a wait the worker adds in between (this thread kept from its core
    // there) then counts as busy, never the other way round, so the figure is at least the task's work.
    const delay = tid === UNKNOWN_THREAD ? undefined : runDelayMs(tid);
    const wall = nowMs() - this.start[0];
    return delay === undefined ? wall : Math.max(0, wall - (delay - this.start[1]));
  }
}
