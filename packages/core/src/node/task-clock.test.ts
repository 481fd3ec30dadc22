/**
 * The clock of `pageTimeout`, with real worker threads: a task's sleep counts, the time its thread waited
 * for a core (the thread's priority lowered, every core kept busy by other threads) does not. The worker
 * threads load the built module (`pnpm build:packages`), as the compile and render threads do.
 */
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { CORE_ROOT } from './core-root.js';
import { TaskClock } from './task-clock.js';

/** Worker threads of the running test, ended after it: tasks, and the threads that keep every core busy. */
const workers: Worker[] = [];
const spinners: Worker[] = [];
afterEach(async () => {
  await Promise.all([...spinners.splice(0), ...workers.splice(0)].map((w) => w.terminate()));
});

const built = (name: string) => JSON.stringify(pathToFileURL(path.join(CORE_ROOT, 'dist/node', name)).href);

/**
 * A worker thread that runs `body` (an async function of `buffer`, the clock) and reports its result; the
 * thread lives on until the test ends, as a pool's does, so that its clock can still be read.
 */
function task<T>(body: string, buffer: SharedArrayBuffer): Promise<T> {
  const code = `
    import { parentPort, workerData } from 'node:worker_threads';
    import fs from 'node:fs';
    import { startTaskClock } from ${built('task-clock.js')};
    import { lowerThreadPriority } from ${built('thread-priority.js')};
    const run = ${body};
    parentPort.postMessage(await run(workerData));
    parentPort.on('message', () => {}); // alive until terminated, as a pool's thread
  `;
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`), { workerData: buffer });
  return new Promise<T>((resolve, reject) => {
    workers.push(worker);
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** The worker's CPU time in ms (first field of its schedstat), for the worker's body. */
const CPU_MS = `() => Number(fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6`;

describe('TaskClock', () => {
  it('is undefined until the worker starts the task, then counts the time the task sleeps', async () => {
    const clock = new TaskClock();
    expect(clock.busyMs()).toBeUndefined();
    await task(
      `async (buffer) => {
        startTaskClock(buffer);
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
      }`,
      clock.buffer,
    );
    expect(clock.busyMs()).toBeGreaterThanOrEqual(300);
    clock.reset();
    expect(clock.busyMs()).toBeUndefined();
  });

  it.runIf(process.platform === 'linux')('leaves out the time the task waited for a core', async () => {
    // Every core busy twice over at normal priority; the task's thread, at the lowest, gets a small share
    // of one once the scheduler puts it beside a busy thread.
    for (let i = 0; i < 2 * os.availableParallelism(); i++) spinners.push(new Worker('for (;;) {}', { eval: true }));
    await Promise.all(spinners.map((w) => new Promise((resolve) => w.once('online', resolve))));
    // Tasks until one waited (four times its work or more): where a thread lands is the scheduler's choice.
    for (let attempt = 1; ; attempt++) {
      const clock = new TaskClock();
      const { cpu, wall, end } = await task<{ cpu: number; wall: number; end: number }>(
        `async (buffer) => {
          lowerThreadPriority();
          const cpu = ${CPU_MS};
          const from = { cpu: cpu(), wall: performance.now() };
          startTaskClock(buffer);
          // 20 ms of this thread's own work, however long it waits for a core between its slices.
          while (cpu() - from.cpu < 20) for (let i = 0; i < 1e6; i++);
          return { cpu: cpu() - from.cpu, wall: performance.now() - from.wall, end: Number(process.hrtime.bigint()) / 1e6 };
        }`,
        clock.buffer,
      );
      const busy = clock.busyMs()!;
      // From the task's end until the clock was read (the result on its way, this thread kept from a
      // core): counted as busy, like any time a task is not waiting for a core.
      const late = Number(process.hrtime.bigint()) / 1e6 - end;
      if (wall < 4 * cpu && attempt < 20) continue;
      expect(wall).toBeGreaterThan(4 * cpu);
      // The work and the clock's own reads, not the wait.
      expect(busy).toBeGreaterThanOrEqual(cpu - 2);
      expect(busy).toBeLessThan(wall / 2 + late);
      break;
    }
  });
});
