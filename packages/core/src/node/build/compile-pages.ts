/**
 * Compiles pages in parallel: cached pages are read from the page cache, the rest go to a pool of worker
 * threads (piscina), or run in this thread when there are too few to pay for starting workers.
 */
import fs from 'node:fs';
import os from 'node:os';
import { Piscina } from 'piscina';
import { DocgenError } from '../../shared/errors.js';
import type { CompiledPage, CompilerOptions } from '../markdown/compile-page.js';
import type { CompileOutcome, CompileTask } from './compile-worker.js';
import compileInThread from './compile-worker.js';
import type { PageCache } from './page-cache.js';
import { builtModule } from './built-module.js';

/** Below this many uncached pages, workers cost more to start (~0.3 s each) than they save. */
const MIN_PAGES_FOR_WORKERS = 12;

/** What `compilePages` reports as it goes. */
export interface CompileProgress {
  (done: number, total: number): void;
}

/**
 * Compiles every file of `files`.
 * @returns file path → compiled page, and how many came from the cache.
 * @throws DocgenError listing every page that failed, each with its location.
 */
export async function compilePages(
  files: string[],
  { options, optionsKey, cache, onProgress }: { options: CompilerOptions; optionsKey: string; cache: PageCache; onProgress?: CompileProgress },
): Promise<{ pages: Map<string, CompiledPage>; cached: number }> {
  const pages = new Map<string, CompiledPage>();
  const todo: { file: string; key: string }[] = [];
  for (const file of files) {
    const key = cache.key(file, fs.readFileSync(file, 'utf8'), optionsKey);
    const hit = cache.get(key);
    if (hit) pages.set(file, hit);
    else todo.push({ file, key });
  }
  const cached = pages.size;
  let done = cached;
  onProgress?.(done, files.length);

  const failures: DocgenError[] = [];
  const finish = (file: string, key: string, outcome: CompileOutcome) => {
    if (outcome.ok) {
      pages.set(file, outcome.page);
      cache.set(key, outcome.page);
    } else {
      failures.push(new DocgenError(outcome.message, outcome.locations));
    }
    onProgress?.(++done, files.length);
  };

  if (todo.length >= MIN_PAGES_FOR_WORKERS) {
    const pool = new Piscina<CompileTask, CompileOutcome>({
      filename: builtModule('compile-worker.js'),
      maxThreads: Math.max(1, Math.min(os.availableParallelism(), 8)),
      idleTimeout: 1000,
    });
    try {
      await Promise.all(todo.map(({ file, key }) => pool.run({ filePath: file, options, optionsKey }).then((o) => finish(file, key, o))));
    } finally {
      await pool.destroy();
    }
  } else {
    for (const { file, key } of todo) finish(file, key, await compileInThread({ filePath: file, options, optionsKey }));
  }

  if (failures.length) {
    throw new DocgenError(
      failures.map((f) => f.message).join('\n'),
      failures.flatMap((f) => f.locations),
    );
  }
  return { pages, cached };
}
