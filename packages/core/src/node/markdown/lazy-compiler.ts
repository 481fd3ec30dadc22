/**
 * A page compiler whose Markdown pipeline (unified, MDX, shiki: ~0.25 s to load) is imported at its first
 * compile, for processes that compile in worker threads and only rarely themselves (fragments that are
 * not in the page cache).
 */
import type { CompilerOptions, PageCompiler } from './compile-page.js';

/** `createPageCompiler(options)`, loaded on the first `compile`. */
export function lazyPageCompiler(options: CompilerOptions): PageCompiler {
  let compiler: Promise<PageCompiler> | undefined;
  return {
    async compile(filePath, source, opts) {
      compiler ??= import('./compile-page.js').then((m) => m.createPageCompiler(options));
      return (await compiler).compile(filePath, source, opts);
    },
  };
}
