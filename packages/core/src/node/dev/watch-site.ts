/**
 * Watching the site folder for `docgen dev`: chokidar in a worker thread (`watch-worker.ts`), its events
 * passed back to the calling thread.
 */
import { Worker } from 'node:worker_threads';
import { builtModule } from '../pipeline/built-module.js';

/** What to watch. */
export interface WatchOptions {
  /** The site root (absolute). */
  root: string;
  /**
   * Paths left out with everything under them (absolute); one ending in `.` leaves out every path that
   * starts with it (`/site/dist.` for `dist.tmp-…`). Names starting with a dot are left out too.
   */
  ignoredPrefixes: string[];
}

/** A message of the watch thread. */
export type WatchMessage =
  | { type: 'event'; event: string; file: string }
  | { type: 'ready' }
  | { type: 'error'; message: string; code?: string; stack?: string };

/** A running watch. */
export interface SiteWatcher {
  /** Resolves once the first scan is done; rejects with the first error before that. */
  ready: Promise<void>;
  /** Watches `files` too (absolute; those outside the root are the ones that matter), reported like the root's. */
  add(files: string[]): void;
  /** Stops watching; resolves once the thread has ended. */
  close(): Promise<void>;
}

/**
 * Watches `options.root`: `onEvent` gets chokidar's events (`add`, `change`, `unlink`, `addDir`,
 * `unlinkDir`) with absolute paths, `onError` its errors after the first scan (and a failure of the thread).
 */
export function watchSite(options: WatchOptions, onEvent: (event: string, file: string) => void, onError: (error: Error) => void): SiteWatcher {
  const worker = new Worker(builtModule('../dev/watch-worker.js'), { workerData: options });
  let isReady = false;
  let resolveReady!: () => void;
  let rejectReady!: (error: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  const fail = (error: Error) => (isReady ? onError(error) : rejectReady(error));
  worker.on('message', (message: WatchMessage) => {
    if (message.type === 'event') onEvent(message.event, message.file);
    else if (message.type === 'ready') {
      isReady = true;
      resolveReady();
    } else fail(Object.assign(new Error(message.message), { code: message.code, stack: message.stack }));
  });
  worker.on('error', fail);
  let closing = false;
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', (code) => {
      if (!closing) fail(new Error(`docgen's file watcher stopped (exit code ${code}): changes are no longer seen; restart docgen dev`));
      resolve();
    }),
  );
  const added = new Set<string>();
  return {
    ready,
    add(files) {
      const fresh = files.filter((file) => !added.has(file));
      fresh.forEach((file) => added.add(file));
      if (fresh.length && !closing) worker.postMessage({ add: fresh });
    },
    async close() {
      closing = true;
      worker.postMessage('close');
      await exited;
    },
  };
}
