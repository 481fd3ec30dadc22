/** Scheduling priority of worker threads whose work nobody waits for. */
import fs from 'node:fs';
import os from 'node:os';

let lowered = false;

/**
 * Lowers the calling thread's scheduling priority, once. On Linux each thread has its own nice value, and
 * `setpriority` given a thread id (from `/proc/thread-self`) changes that thread's only. Other systems have
 * no such file: the thread keeps its priority, which changes nothing but the speed of other work.
 */
export function lowerThreadPriority(): void {
  if (lowered) return;
  lowered = true;
  let link: string;
  try {
    link = fs.readlinkSync('/proc/thread-self');
  } catch {
    return;
  }
  const tid = Number(/task\/(\d+)$/.exec(link)?.[1]);
  if (tid) os.setPriority(tid, os.constants.priority.PRIORITY_LOW);
}
