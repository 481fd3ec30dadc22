/**
 * Phase: the finished temporary output goes into the output folder (`commitOutput`: the changed files moved
 * in, or the whole folder swapped in), the search records file is written, and the build's inputs are saved
 * for the next up-to-date check.
 */
import path from 'node:path';
import { writeRecordsFile } from '../search/write-search.js';
import { saveState } from './build-state.js';
import { need, type BuildContext } from './context.js';
import { isReadDependency } from './page-cache.js';
import { RENDER_STATE } from './render-site.js';
import { recordDocuments, saveRenderState } from './reuse-documents.js';
import { BUNDLE_STATE, saveBundleState, statEach, statOutputs } from './reuse-bundles.js';
import { commitOutput, OUTPUT_STATE, saveOutputState } from './update-output.js';

/**
 * Puts the output in place and saves the build state (unless the cache is off).
 * @throws a file-system error of the commit (`commitOutput`)
 */
export function writeOutput(ctx: BuildContext): void {
  const { config } = ctx;
  const bundles = need(ctx.bundles, 'bundles');
  const update = need(ctx.output, 'output');
  const staged = commitOutput(need(ctx.tmpOut, 'tmpOut'), config.outDir, update.kept);
  writeRecordsFile(config, need(ctx.search, 'search'));
  if (ctx.cache.enabled) {
    // Every file the bundles read, the virtual modules (`docgen:…`) left out, and every file a page read
    // while compiling (a remark plugin's `file.data.dependencies`; linked pages only have to exist).
    const inputs = [bundles.client, bundles.server].flatMap((m) => Object.keys(m.inputs));
    const read = [...ctx.compiled.values()].flatMap((page) => page.dependencies.filter(isReadDependency));
    saveState(
      ctx.stateFile,
      ctx.buildKey,
      [...inputs.filter((f) => !/^[\w-]+:/.test(f)).map((f) => path.resolve(config.root, f)), ...read],
      config.root,
    );
    saveOutputState(path.join(ctx.cacheDir, OUTPUT_STATE), update, staged);
    if (ctx.documentKeys) saveRenderState(path.join(ctx.cacheDir, RENDER_STATE), recordDocuments(config.outDir, ctx.documentKeys, { kept: update.kept, last: ctx.lastDocuments }));
    if (ctx.pageBundles) {
      const { shared, pages, sharedParts } = ctx.pageBundles;
      const sharedOutputs = sharedParts && statEach(sharedParts.outputs, config.outDir);
      saveBundleState(path.join(ctx.cacheDir, BUNDLE_STATE), {
        outDir: config.outDir,
        shared,
        sharedParts: sharedParts && sharedOutputs ? { ...sharedParts, outputs: sharedOutputs } : undefined,
        pages: statOutputs(pages, config.outDir),
      });
    }
    ctx.cache.saveSnapshot();
    ctx.cache.prune();
  }
  ctx.timings.mark('write');
}
