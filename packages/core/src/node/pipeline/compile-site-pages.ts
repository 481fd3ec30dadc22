/**
 * Phase: compiles every routed page (worker pool, page cache), then checks the site's links at the
 * `markdown.checkDeadLinks` level and gathers the pages' warnings.
 */
import type { CompiledPage, PageWarning } from '../markdown/compile-page.js';
import { lazyPageCompiler } from '../markdown/lazy-compiler.js';
import { displayPath } from '../display-path.js';
import { checkImportCycles } from './check-import-cycles.js';
import { checkLinks, compileImportedFragments } from './check-links.js';
import { compilePages, poolCompiler } from './compile-pages.js';
import type { BuildContext } from './context.js';
import { fragmentCompiler } from './esbuild-plugin.js';
import { createProgress } from './progress.js';
import { sourceFileOf } from '../routes/scan-routes.js';

/**
 * Sets `ctx.compiled`, `ctx.cachedPages`, `ctx.compileFragment` and adds to `ctx.warnings`; compiles in
 * `ctx.compilePool` when the build made one (the pages, then the fragments they import), and destroys it.
 * @throws DocgenError for a page that does not compile (file, line, column), a page over `pageTimeout`,
 *   pages and fragments that import each other, dead links at `checkDeadLinks: true`
 */
export async function compileSitePages(ctx: BuildContext): Promise<void> {
  const { config, routes } = ctx;
  const progress = ctx.log ? createProgress('compiling pages') : undefined;
  // The pool lives on for the imported fragments below: its threads have the compiler loaded.
  const pool = ctx.compilePool;
  ctx.compilePool = undefined;
  let fragments: Map<string, CompiledPage>;
  let compiled: Awaited<ReturnType<typeof compilePages>>;
  let warnings: string[];
  try {
    compiled = await compilePages(
      // A fallback page is its original, compiled once.
      [...new Set(routes.map(sourceFileOf))],
      { options: ctx.compilerOptions, optionsKey: ctx.optionsKey, cache: ctx.cache, timeoutMs: config.pageTimeout, onProgress: progress?.update, pool },
    ).finally(() => progress?.done());
    warnings = [...compiled.pages.values()].flatMap((page) => page.warnings.map(formatWarning));
    // The fallback pages get their original's page (the link check leaves their links to the original).
    for (const route of routes) if (route.originalFile) compiled.pages.set(route.filePath, compiled.pages.get(route.originalFile)!);
    // One fragment compiler for the link check and the bundler: each fragment compiles once per build, here
    // in the pool's threads; one the bundler alone meets (imported by a component) on this thread.
    const lazy = lazyPageCompiler(ctx.compilerOptions);
    const inPool = pool && poolCompiler(pool, ctx.compilerOptions, ctx.optionsKey);
    let poolOpen = true;
    ctx.compileFragment = fragmentCompiler({ compile: (file, source, opts) => (inPool && poolOpen ? inPool.compile(file, source) : lazy.compile(file, source, opts)) }, ctx.cache, ctx.optionsKey);
    // Compiled once here, for the cycle check and the link check; the bundler gets them from the same compiler.
    fragments = await compileImportedFragments(compiled.pages, ctx.compileFragment, { root: config.root, publicDir: config.publicDir }).finally(() => (poolOpen = false));
  } finally {
    await pool?.destroy();
  }
  const { pages, cached, slow } = compiled;
  ctx.compiled = pages;
  ctx.cachedPages = cached;
  checkImportCycles(pages, fragments);
  const deadLinks = await checkLinks({ routes, pages, root: config.root, publicDir: config.publicDir, level: config.markdown.checkDeadLinks, fragments });
  ctx.warnings.push(
    ...warnings,
    ...deadLinks,
    ...slow.map(({ file, ms }) => `${displayPath(file)} took ${(ms / 1000).toFixed(1)} s to compile`),
  );

  ctx.timings.mark('compile');
}

/** A page warning as one line: `file:line:column: message` when its place is known. */
function formatWarning(warning: PageWarning): string {
  const at = warning.location;
  return at && !warning.message.startsWith(at.file) ? `${at.file}:${at.line}:${at.column}: ${warning.message}` : warning.message;
}
