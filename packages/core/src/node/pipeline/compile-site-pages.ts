/**
 * Phase: compiles every routed page (worker pool, page cache), then checks the site's links at the
 * `markdown.checkDeadLinks` level and gathers the pages' warnings.
 */
import type { PageWarning } from '../markdown/compile-page.js';
import { lazyPageCompiler } from '../markdown/lazy-compiler.js';
import { displayPath } from '../display-path.js';
import { checkImportCycles } from './check-import-cycles.js';
import { checkLinks, compileImportedFragments } from './check-links.js';
import { compilePages } from './compile-pages.js';
import type { BuildContext } from './context.js';
import { fragmentCompiler } from './esbuild-plugin.js';
import { createProgress } from './progress.js';
import { sourceFileOf } from '../routes/scan-routes.js';

/**
 * Sets `ctx.compiled`, `ctx.cachedPages`, `ctx.compileFragment` and adds to `ctx.warnings`; compiles in
 * `ctx.compilePool` when the build made one, and destroys it.
 * @throws DocgenError for a page that does not compile (file, line, column), a page over `pageTimeout`,
 *   pages and fragments that import each other, dead links at `checkDeadLinks: true`
 */
export async function compileSitePages(ctx: BuildContext): Promise<void> {
  const { config, routes } = ctx;
  const progress = ctx.log ? createProgress('compiling pages') : undefined;
  const { pages, cached, slow } = await compilePages(
    // A fallback page is its original, compiled once.
    [...new Set(routes.map(sourceFileOf))],
    { options: ctx.compilerOptions, optionsKey: ctx.optionsKey, cache: ctx.cache, timeoutMs: config.pageTimeout, onProgress: progress?.update, pool: ctx.compilePool },
  ).finally(async () => {
    progress?.done();
    await ctx.compilePool?.destroy();
    ctx.compilePool = undefined;
  });
  const warnings = [...pages.values()].flatMap((page) => page.warnings.map(formatWarning));
  // The fallback pages get their original's page (the link check leaves their links to the original).
  for (const route of routes) if (route.originalFile) pages.set(route.filePath, pages.get(route.originalFile)!);
  ctx.compiled = pages;
  ctx.cachedPages = cached;
  // One fragment compiler for the link check and the bundler: each fragment compiles once per build.
  ctx.compileFragment = fragmentCompiler(lazyPageCompiler(ctx.compilerOptions), ctx.cache, ctx.optionsKey);
  // Compiled once here, for the cycle check and the link check; the bundler gets them from the same compiler.
  const fragments = await compileImportedFragments(pages, ctx.compileFragment, { root: config.root, publicDir: config.publicDir });
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
