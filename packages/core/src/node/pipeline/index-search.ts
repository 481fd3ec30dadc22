/** Phase: the local search index of each locale and the records of every page (`createSearchOutput`). */
import { createSearchOutput } from '../search/write-search.js';
import { need, type BuildContext } from './context.js';

/**
 * Sets `ctx.search`. Indexing is plain JavaScript in this thread; it yields once first, so that bundles
 * started just before get going in esbuild's threads while it runs.
 */
export async function indexSearch(ctx: BuildContext): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  ctx.search = createSearchOutput(ctx.config, ctx.routes, ctx.compiled, need(ctx.pages, 'pages'), need(ctx.navigation, 'navigation'));
  ctx.timings.mark('search index');
}
