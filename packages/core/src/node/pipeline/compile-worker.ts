/**
 * Worker-thread side of the compile pool: compiles one page per task. The compiler (and its shiki
 * highlighter) is created once per worker and reused for every page.
 */
import type { Element } from 'hast';
import * as z from 'zod';
import { createPageCompiler, type CompiledPage, type CompilerOptions, type PageCompiler } from '../markdown/compile-page.js';
import { HighlightMemo } from '../markdown/rehype-shiki.js';
import { DocgenError } from '../../shared/errors.js';
import { readPageSource } from '../markdown/read-source.js';
import { readChecked, writeChecked } from './page-cache.js';
import { lowerThreadPriority } from '../thread-priority.js';
import { startTaskClock } from '../task-clock.js';

/** A compile task: the page to compile and the site's compiler options. */
export interface CompileTask {
  filePath: string;
  options: CompilerOptions;
  /** Key of `options`, so the worker can reuse its compiler. */
  optionsKey: string;
  /**
   * Work nobody waits for (the dev server's background compile): the thread lowers its own priority, so
   * that the pages and edits a reader waits for get the cores first. @default false
   */
  background?: boolean;
  /** Source to compile instead of the file's (the dev server's warm-up page, which has no file). */
  source?: string;
  /** The page's highlight file (`PageCache.highlightFile`): read before the compile, written after when its blocks changed. */
  highlightFile?: string;
  /** The clock of the task's time limit (`runLimited`), started when the thread takes the task. */
  clock?: SharedArrayBuffer;
}

/** Outcome of a task; errors travel as data because thrown errors lose their class across threads. */
export type CompileOutcome = { ok: true; page: CompiledPage } | { ok: false; message: string; locations: DocgenError['locations'] };

const compilers = new Map<string, PageCompiler>();

/** Compiles `task.filePath`; never throws. */
export default async function compileTask(task: CompileTask): Promise<CompileOutcome> {
  if (task.clock) startTaskClock(task.clock);
  if (task.background) lowerThreadPriority();
  let compiler = compilers.get(task.optionsKey);
  if (!compiler) {
    // One site at a time: a compiler for other options (an earlier build of a dev server) is dropped.
    compilers.clear();
    compiler = createPageCompiler(task.options);
    compilers.set(task.optionsKey, compiler);
  }
  try {
    const source = task.source ?? readPageSource(task.filePath);
    const memo = task.highlightFile ? new HighlightMemo(readHighlights(task.highlightFile, task.optionsKey)) : undefined;
    const page = await compiler.compile(task.filePath, source, { highlights: memo });
    if (memo?.changed) writeChecked(task.highlightFile!, { optionsKey: task.optionsKey, blocks: Object.fromEntries(memo.blocks) } satisfies HighlightFile);
    return { ok: true, page };
  } catch (error) {
    if (error instanceof DocgenError) return { ok: false, message: error.message, locations: error.locations };
    return { ok: false, message: `${task.filePath}: ${(error as Error).stack ?? String(error)}`, locations: [] };
  }
}

const highlightFileSchema = z.object({ optionsKey: z.string(), blocks: z.record(z.string(), z.looseObject({ type: z.literal('element'), tagName: z.string() })) });

/** A page's highlight file: its code blocks as last highlighted with the options of `optionsKey`. */
interface HighlightFile {
  optionsKey: string;
  blocks: Record<string, Element>;
}

/** The blocks of a highlight file made with the options of `optionsKey`; none when it is missing, corrupt or for other options. */
function readHighlights(file: string, optionsKey: string): Map<string, Element> {
  const stored = readChecked(file, (json) => highlightFileSchema.safeParse(json).data as HighlightFile | undefined);
  return stored && stored.optionsKey === optionsKey ? new Map(Object.entries(stored.blocks)) : new Map();
}
