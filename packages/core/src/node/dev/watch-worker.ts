/**
 * Worker-thread side of `watchSite`: runs chokidar over the site folder and posts its events, so that its
 * first scan (an lstat per file: ~0.25 s at 2,000 pages) does not share the main thread with the opening
 * of the site and the first requests.
 */
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { watch } from 'chokidar';
import type { WatchMessage, WatchOptions } from './watch-site.js';

const { root, ignoredPrefixes } = workerData as WatchOptions;
const port = parentPort!;
const post = (message: WatchMessage) => port.postMessage(message);

const ignored = (file: string) => {
  const relative = path.relative(root, file);
  // A file added from outside the root (a page's dependency) is judged by its own name only.
  const shown = relative.startsWith('..') ? path.basename(file) : relative;
  return ignoredPrefixes.some((p) => file === p || file.startsWith(p.endsWith('.') ? p : p + path.sep)) || /(^|[/\\])\.[^/\\]|\.timestamp-/.test(shown);
};

// chokidar's atomic-save handling (on by default) reports an editor's write-to-temporary-then-rename as one
// change; new folders are watched as they appear. Symbolic links are not followed, as the build does not
// follow them: a link that loops (a folder linked into itself) would make chokidar walk it forever.
// At normal priority: lowered, the thread answered the first request sooner (~1.0 s against ~1.2 s at 1,000
// pages per locale) but could be starved for many seconds on a busy machine, and an edit then went unseen.
const watcher = watch(root, { ignored, ignoreInitial: true, followSymlinks: false });
watcher.on('all', (event, file) => post({ type: 'event', event, file: path.resolve(file) }));
watcher.on('ready', () => post({ type: 'ready' }));
watcher.on('error', (error) => {
  const e = error as NodeJS.ErrnoException;
  post({ type: 'error', message: e.message ?? String(error), code: e.code, stack: e.stack });
});
port.on('message', (message: 'close' | { add: string[] }) => {
  if (message === 'close') void watcher.close().then(() => port.close());
  else watcher.add(message.add);
});
