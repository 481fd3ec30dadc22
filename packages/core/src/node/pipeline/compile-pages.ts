/**
 * Compiles pages in parallel: cached pages are read from the page cache, the rest go to a pool of worker
 * threads (piscina), each page with a time limit.
 */
import os from 'node:os';
import { Piscina } from 'piscina';
import { DocgenError } from '../../shared/errors.js';
import type { CompiledPage, CompilerOptions, PageCompiler } from '../markdown/compile-page.js';
import type { CompileOutcome, CompileTask } from './compile-worker.js';
import type { PageCache } from './page-cache.js';
import { builtModule } from './built-module.js';
import { readPageSource } from '../markdown/read-source.js';
import { runLimited } from './run-limited.js';
import { displayPath } from '../display-path.js';

/** A page whose compile takes longer than this (ms) is named in the build's warnings with its time. */
export const SLOW_PAGE_MS = 5_000;

/**
 * A pool of compile threads for a site of `pages` pages (`Infinity` when not known yet): one thread starts
 * now, up to one per 6 pages (at most the cores, and 8) when there is work. Made before the pages are known
 * to need compiling, it lets a thread load the compiler (~0.3 s: unified, shiki) while the caller does
 * other work.
 */
export function createCompilePool(pages: number): Piscina<CompileTask, CompileOutcome> {
  const maxThreads = Math.max(1, Math.min(os.availableParallelism(), 8, Math.ceil(pages / 6)));
  return new Piscina<CompileTask, CompileOutcome>({ filename: builtModule('compile-worker.js'), minThreads: 1, maxThreads, idleTimeout: 1000 });
}

/**
 * A page compiler that compiles in `pool`'s threads, which have the Markdown pipeline loaded already: the
 * calling thread need not load it (~0.25 s) for the few files it compiles itself (fragments).
 * @throws DocgenError of the file that does not compile, as the threads report it
 */
export function poolCompiler(pool: Piscina<CompileTask, CompileOutcome>, options: CompilerOptions, optionsKey: string): Pick<PageCompiler, 'compile'> {
  return {
    async compile(filePath, source) {
      const outcome = await pool.run({ filePath, source, options, optionsKey });
      if (!outcome.ok) throw new DocgenError(outcome.message, outcome.locations);
      return outcome.page;
    },
  };
}

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
  /**
   * Fallback pages' files → their originals (`RouteEntry.originalFile`): such a file is its original,
   * compiled once, and returned under both paths.
   */
  originals?: ReadonlyMap<string, string>;
}

/**
 * Compiles every file of `files`: cached pages from the cache, the others in worker threads (always: a
 * compile that never ends can only be stopped by terminating its thread).
 * @returns file path → compiled page, how many came from the cache, and the pages slower than `SLOW_PAGE_MS`.
 * @throws DocgenError listing every page that failed or ran over the time limit, each with its location.
 */
export async function compilePages(
  files: string[],
  { options, optionsKey, cache, timeoutMs, onProgress, pool: given, background, originals }: CompilePagesOptions,
): Promise<{ pages: Map<string, CompiledPage>; cached: number; slow: { file: string; ms: number }[] }> {
  if (originals?.size && files.some((file) => originals.has(file))) {
    const sources = [...new Set(files.map((file) => originals.get(file) ?? file))];
    const result = await compilePages(sources, { options, optionsKey, cache, timeoutMs, onProgress, pool: given, background });
    for (const file of files) if (originals.has(file)) result.pages.set(file, result.pages.get(originals.get(file)!)!);
    return result;
  }
  const pages = new Map<string, CompiledPage>();
  const todo: { file: string; key: string; highlightFile?: string }[] = [];
  // Made at the first page to compile, so that its threads start (~0.3 s each: unified, shiki) while the
  // other pages are read from the cache.
  let made: Piscina<CompileTask, CompileOutcome> | undefined;
  const poolFor = () => given ?? (made ??= createCompilePool(files.length));
  const existing = new Set(files);
  for (const file of files) {
    const key = cache.sourceKey(file, optionsKey, readPageSource);
    const hit = cache.get(key, existing);
    // Asked for every page, so that the cache keeps the highlight files of pages read from it too.
    const highlightFile = cache.highlightFile(file);
    if (hit) pages.set(file, hit);
    else {
      if (todo.length === 0) poolFor();
      todo.push({ file, key, highlightFile });
    }
  }
  const cached = pages.size;
  let done = cached;
  onProgress?.(done, files.length);

  const failures: DocgenError[] = [];
  const slow: { file: string; ms: number }[] = [];
  if (todo.length) {
    const pool = poolFor();
    // One thread per ~6 pages up to the cores: each costs ~0.3 s to start (unified, shiki).
    const threads = Math.max(1, Math.min(pool.options.maxThreads, Math.ceil(todo.length / 6)));
    try {
      await runLimited(pool, todo, {
        limit: threads,
        timeoutMs,
        taskOf: ({ file, highlightFile }, clock) => ({ filePath: file, options, optionsKey, background, highlightFile, clock }),
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

