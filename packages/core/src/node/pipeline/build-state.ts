/**
 * "Nothing changed" detection. After a build, the state of every input is recorded: each file under the
 * site root (pages, `_meta.json`, public files, a custom theme…), each file the bundles read (runtime,
 * theme, packages) and each file a page read while compiling, with size and mtime, plus the config and build
 * options. A later build whose inputs all match, and whose output is still there, is skipped.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import type { ResolvedConfig } from '../../config/index.js';
import type { FolderListing } from '../routes/scan-routes.js';
import { configBundlePid } from './output-dir.js';

/** What is stored in `<cache>/build-state.json`; a file of another shape counts as no state. */
const buildStateSchema = z.object({
  key: z.string(),
  /** Files read by the bundles, outside the site root: `[path, size, mtimeMs]`. */
  bundleInputs: z.array(z.tuple([z.string(), z.number(), z.number()])),
});
type BuildState = z.infer<typeof buildStateSchema>;

/**
 * The key of a build: docgen version, config, options and the listing of the site root (each file's path,
 * size and mtime). `listing`, when given, receives every folder walked with its entries.
 */
export function buildKey(config: ResolvedConfig, options: unknown, version: string, listing?: FolderListing): string {
  const hash = crypto.createHash('sha256');
  hash.update(version);
  hash.update(JSON.stringify(config));
  hash.update(JSON.stringify(options ?? null));
  // The build's own outputs under the root: hashing them would make every build differ from the last.
  const skip = new Set([config.outDir, path.join(config.root, 'node_modules'), ...buildOutputs(config)]);
  const walk = (dir: string) => {
    const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    listing?.set(dir, entries);
    for (const entry of entries) {
      const abs = path.join(dir, entry.name);
      // Besides the build's own temporary folders, the config bundle another process (a dev server, a
      // build) writes beside the config while it loads it: counted, it made builds of the site at that
      // moment rebuild everything, at once, into the same output folder.
      if (skip.has(abs) || entry.name === '.git' || /\.(tmp|old)-\d+-\d+$/.test(entry.name) || configBundlePid(entry.name) !== undefined) continue;
      if (entry.isDirectory()) walk(abs);
      else {
        const stat = statOrLink(abs);
        if (stat) hash.update(`${abs}\0${stat.size}\0${stat.mtimeMs}\n`);
      }
    }
  };
  walk(config.root);
  return hash.digest('hex');
}

/** Files a build writes outside its output folder (absolute paths): the search records file. */
export function buildOutputs(config: ResolvedConfig): string[] {
  return config.search && config.search.recordsFile ? [path.resolve(config.root, config.search.recordsFile)] : [];
}

/**
 * True when the stored state has the same key, every bundle input is unchanged and the output exists,
 * including the files of `buildOutputs`.
 */
export function isUpToDate(stateFile: string, key: string, config: ResolvedConfig): boolean {
  const outDir = config.outDir;
  if (!buildOutputs(config).every((file) => fs.existsSync(file))) return false;
  const state = readState(stateFile);
  if (!state) return false;
  if (state.key !== key || !fs.existsSync(path.join(outDir, '404.html'))) return false;
  return state.bundleInputs.every(([file, size, mtimeMs]) => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    return stat !== undefined && stat.size === size && stat.mtimeMs === mtimeMs;
  });
}

/** Records the state of a successful build; `inputs` are the absolute paths the bundles read. */
export function saveState(stateFile: string, key: string, inputs: Iterable<string>, root: string): void {
  const bundleInputs: BuildState['bundleInputs'] = [];
  for (const file of new Set(inputs)) {
    // Files under the root are already part of the key.
    if (file.startsWith(root + path.sep)) continue;
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat) bundleInputs.push([file, stat.size, stat.mtimeMs]);
  }
  fs.mkdirSync(path.dirname(stateFile), { recursive: true });
  // Written beside and renamed into place: an interrupted write leaves no half state.
  const tmp = `${stateFile}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify({ key, bundleInputs } satisfies BuildState));
  fs.renameSync(tmp, stateFile);
}

/**
 * The stored state, or undefined when there is none or it is not a whole state (truncated, edited): the
 * build then runs instead of trusting it.
 * @throws a file-system error other than a missing file
 */
function readState(stateFile: string): BuildState | undefined {
  let text: string;
  try {
    text = fs.readFileSync(stateFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined; // cut short by an interrupted write, or edited
  }
  const parsed = buildStateSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The file's stat, following symlinks; for a symlink that leads nowhere (a loop, ELOOP) the link's own
 * stat: the build does not follow such links, but a change of them still counts.
 */
function statOrLink(file: string): fs.Stats | undefined {
  try {
    return fs.statSync(file, { throwIfNoEntry: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOOP') throw error;
    return fs.lstatSync(file);
  }
}
