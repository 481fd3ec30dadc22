/**
 * Compiles pages in parallel: cached pages are read from the page cache, the rest go to a pool of worker
 * threads (piscina), each page with a time limit.
 */
import os from 'node:os';
import { Piscina } from 'piscina';
import { DocgenError } from '../../shared/errors.js';
import type { CompiledPage, CompilerOptions } from '../markdown/compile-page.js';
import type { CompileOutcome, CompileTask } from './compile-worker.js';
import type { PageCache } from './page-cache.js';
import { builtModule } from './built-module.js';
import { readPageSource } from '../markdown/read-source.js';
import { runLimited } from './run-limited.js';
import { displayPath } from '../display-path.js';

/** A page whose compile takes longer than this (ms) is named in the build's warnings with its time. */
export const SLOW_PAGE_MS = 5_000;

/** What `compilePages` reports as it goes. */
export interface CompileProgress {
  (done: number, total: number): void;
}

/** Options of `compilePages`. */
export interface CompilePagesOptions {
  options: CompilerOptions;
  optionsKey: string;
  cache: PageCache;
  /** Time limit of one page's compile, ms (`pageTimeout`). */
  timeoutMs: number;
  onProgress?: CompileProgress;
  /** A pool of `compile-worker.js` threads to use (the dev server keeps one warm); by default one is made for the call. */
  pool?: Piscina<CompileTask, CompileOutcome>;
  /** Compile at low priority (`CompileTask.background`). @default false */
  background?: boolean;
}

/**
 * Compiles every file of `files`: cached pages from the cache, the others in worker threads (always: a
 * compile that never ends can only be stopped by terminating its thread).
 * @returns file path → compiled page, how many came from the cache, and the pages slower than `SLOW_PAGE_MS`.
 * @throws DocgenError listing every page that failed or ran over the time limit, each with its location.
 */
export async function compilePages(
  files: string[],
  { options, optionsKey, cache, timeoutMs, onProgress, pool: given, background }: CompilePagesOptions,
): Promise<{ pages: Map<string, CompiledPage>; cached: number; slow: { file: string; ms: number }[] }> {
  const pages = new Map<string, CompiledPage>();
  const todo: { file: string; key: string }[] = [];
  // Made at the first page to compile, so that its threads start (~0.3 s each: unified, shiki) while the
  // other pages are read from the cache.
  const maxThreads = Math.max(1, Math.min(os.availableParallelism(), 8, Math.ceil(files.length / 6)));
  let made: Piscina<CompileTask, CompileOutcome> | undefined;
  const poolFor = () => given ?? (made ??= new Piscina<CompileTask, CompileOutcome>({ filename: builtModule('compile-worker.js'), minThreads: 1, maxThreads, idleTimeout: 1000 }));
  for (const file of files) {
    const key = cache.key(file, readPageSource(file), optionsKey);
    const hit = cache.get(key);
    if (hit) pages.set(file, hit);
    else {
      if (todo.length === 0) poolFor();
      todo.push({ file, key });
    }
  }
  const cached = pages.size;
  let done = cached;
  onProgress?.(done, files.length);

  const failures: DocgenError[] = [];
  const slow: { file: string; ms: number }[] = [];
  if (todo.length) {
    // One thread per ~6 pages up to the cores: each costs ~0.3 s to start (unified, shiki).
    const threads = given ? given.options.maxThreads : Math.max(1, Math.min(maxThreads, Math.ceil(todo.length / 6)));
    const pool = poolFor();
    try {
      await runLimited(pool, todo, {
        limit: threads,
        timeoutMs,
        taskOf: ({ file }) => ({ filePath: file, options, optionsKey, background }),
        onDone: ({ file, key }, result) => {
          if (!result.ok) {
            const shown = displayPath(file);
            const message = `${shown}: compiling the page took longer than ${timeoutMs / 1000} s (pageTimeout) and was stopped`;
            failures.push(new DocgenError(message, [{ message, location: { file: shown, line: 1, column: 1 } }]));
          } else if (result.value.ok) {
            pages.set(file, result.value.page);
            cache.set(key, result.value.page);
          } else {
            failures.push(new DocgenError(result.value.message, result.value.locations));
          }
          if (result.ms > SLOW_PAGE_MS) slow.push({ file, ms: result.ms });
          onProgress?.(++done, files.length);
        },
      });
    } finally {
      if (!given) await pool.destroy();
    }
  }

  if (failures.length) {
    throw new DocgenError(
      failures.map((f) => f.message).join('\n'),
      failures.flatMap((f) => f.locations),
    );
  }
  return { pages, cached, slow };
}

