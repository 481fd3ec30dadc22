/**
 * Phase: the records of every page and the local search index of each locale (`createSearchOutput`). The
 * indexes are built in worker threads, so the bundles' plugin calls on this thread never wait for them, and
 * kept in the cache (`search/`) by a hash of their records: a locale whose pages did not change is not
 * indexed again. A locale indexed again remembers the term counts of its texts (`terms-<lang>.memo`): only
 * the text that changed goes through the tokenizer.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Piscina } from 'piscina';
import type { BuiltSearchIndex } from '../../shared/search/build-index.js';
import { INDEX_FORMAT } from '../../shared/search/index-format.js';
import type { SearchRecord } from '../../shared/search/types.js';
import { createSearchOutput, fragmentLayout } from '../search/write-search.js';
import { builtModule } from './built-module.js';
import { need, type BuildContext } from './context.js';
import type { IndexTask } from './search-index-worker.js';
import { readChecked, writeCheckedJson } from './page-cache.js';

/**
 * The pool of the search index thread for `ctx`'s routes. With the local index, the thread starts loading
 * the index code now (most builds index at least one locale again); without it, none starts.
 * `indexSearch` takes it from `ctx.searchPool` and destroys it.
 *
 * One thread, whatever the site's size: the locales are indexed one after the other, while the bundles are
 * made, which took longer at every size measured. A thread per locale held both locales' records, states
 * and index text at once: at 5,000 pages per locale it raised the build's peak memory (all processes)
 * from 1,227 to 1,561 MiB, for an index phase of 6.9 s instead of 7.6 s inside 24 s of bundling; at
 * 1,000 pages per locale the cold build took as long either way.
 */
export function startSearchPool(ctx: BuildContext): Piscina<IndexTask, string> {
  const local = ctx.config.search !== false && ctx.config.search.provider === 'local';
  return new Piscina<IndexTask, string>({ filename: builtModule('search-index-worker.js'), minThreads: local ? 1 : 0, maxThreads: 1, idleTimeout: 1000 });
}

/**
 * Sets `ctx.search`, with the thread of `ctx.searchPool` when one was started (`startSearchPool`).
 * `signal` (the dev server's settling, when a change comes): an index being built is dropped with its
 * thread (piscina ends a thread whose task is aborted) and `ctx.search` is left as it was.
 * @throws the signal's abort error (piscina's `AbortError`) once it is aborted
 */
export async function indexSearch(ctx: BuildContext, signal?: AbortSignal): Promise<void> {
  const dir = ctx.cache.enabled ? path.join(ctx.cacheDir, 'search') : undefined;
  const used = new Set<string>();
  const pool = ctx.searchPool ?? startSearchPool(ctx);
  ctx.searchPool = undefined;
  const indexLocale = async (records: () => SearchRecord[], lang: string, localeKey: string, contentKey?: string, pageKeys?: () => string[] | undefined): Promise<BuiltSearchIndex> => {
    const { fragments } = fragmentLayout(localeKey);
    // What the records were made of (the pages' cache entries…) when known: hashing the records themselves
    // took ~0.5 s at 10,000 pages.
    const made = contentKey === undefined ? `records\0${JSON.stringify(records())}` : `pages\0${contentKey}`;
    const key = crypto.createHash('sha256').update(`${ctx.optionsKey}\0${INDEX_FORMAT}\0${lang}\0${fragments}\0`).update(made).digest('hex');
    if (dir) {
      used.add(key);
      // Missing or damaged (the checksum does not match): built again.
      const hit = readChecked(path.join(dir, `${key}.json`), (json) => json as BuiltSearchIndex);
      if (hit) return hit;
    }
    const json = await pool.run(
      { records: records(), pageKeys: pageKeys?.(), lang, fragments, memoFile: dir && path.join(dir, `terms-${localeKey}.memo`), stateFile: dir && path.join(dir, `index-${localeKey}.state`), stamp: `${ctx.optionsKey}\0${INDEX_FORMAT}` },
      { signal },
    );
    if (dir) writeCheckedJson(path.join(dir, `${key}.json`), json);
    return JSON.parse(json) as BuiltSearchIndex;
  };
  try {
    ctx.search = await createSearchOutput(ctx.config, ctx.routes, ctx.compiled, need(ctx.pages, 'pages'), need(ctx.navigation, 'navigation'), indexLocale, dir ? (page) => ctx.cache.entryHash(page) : undefined);
  } finally {
    await pool.destroy();
  }
  if (dir && fs.existsSync(dir)) prune(dir, used, new Set(ctx.config.contentLocales.map((l) => l.key)));
  ctx.timings.mark('search index');
}

/** Removes the entries this build did not use (indexes of older states of the site) and the term memos and index states of locales it no longer has. */
function prune(dir: string, used: Set<string>, keys: Set<string>): void {
  for (const name of fs.readdirSync(dir)) {
    const memo = /^(?:terms-(.+)\.memo|index-(.+)\.state)$/.exec(name);
    const stale = memo ? !keys.has(memo[1] ?? memo[2]) : name.endsWith('.json') && !used.has(name.slice(0, -'.json'.length));
    if (stale) fs.rmSync(path.join(dir, name), { force: true });
  }
}
