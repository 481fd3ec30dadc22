/** The calling thread's id and scheduling priority (worker threads whose work nobody waits for). */
import fs from 'node:fs';
import os from 'node:os';

let lowered = false;
let ownId: number | null | undefined;

/**
 * The calling thread's id on Linux (`/proc/thread-self` names `<pid>/task/<tid>`), read once per thread;
 * null on systems without that file.
 */
export function ownThreadId(): number | null {
  if (ownId !== undefined) return ownId;
  try {
    ownId = Number(/task\/(\d+)$/.exec(fs.readlinkSync('/proc/thread-self'))?.[1]) || null;
  } catch {
    ownId = null;
  }
  return ownId;
}

/**
 * Lowers the calling thread's scheduling priority, once. On Linux each thread has its own nice value, and
 * `setpriority` given a thread id (`ownThreadId`) changes that thread's only. Other systems have no thread
 * ids there: the thread keeps its priority, which changes nothing but the speed of other work.
 */
export function lowerThreadPriority(): void {
  if (lowered) return;
  lowered = true;
  const tid = ownThreadId();
  if (tid) os.setPriority(tid, os.constants.priority.PRIORITY_LOW);
}
