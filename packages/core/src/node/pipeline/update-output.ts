/**
 * How a build with the cache on puts its output in place: by updating the output folder, not replacing it.
 * The phases write only what changed into the temporary folder; a file the last build wrote and that is
 * still as it left it (checked by size and mtime, and for the files written from memory by content hash)
 * is kept where it is (`OutputUpdate.kept`). Once every phase has succeeded, `commitOutput` moves the new
 * files in, one rename each, and removes from the output folder every file the new output does not hold,
 * so the folder ends up as a swap would have left it; its cost grows with what changed, not with the site.
 * A build that fails before the commit leaves the output untouched. A build killed during the commit leaves
 * a mix of old and new files, each whole; the next build's checks see every file that is not as recorded
 * (the records are written after the commit) and make it again.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { swapOutput } from './output-dir.js';
import { readStateFile, sha256, writeStateFile } from './reuse-documents.js';

/** File of the cache folder that records the files a build wrote from memory (search index parts…). */
export const OUTPUT_STATE = 'output-state.json';

/**
 * `output-state.json`, in columns: file i is `names[i]` (relative to `outDir`, posix) with its size, mtime
 * (ms) and content hash as the build left it. Columns of strings and numbers check ~10× faster than a
 * record of tuples (60,000 files at 5,000 pages per locale).
 */
const outputStateSchema = z
  .object({ outDir: z.string(), names: z.array(z.string()), sizes: z.array(z.number()), mtimes: z.array(z.number()), hashes: z.array(z.string()) })
  .refine((s) => s.sizes.length === s.names.length && s.mtimes.length === s.names.length && s.hashes.length === s.names.length);

/** The record of a build's files written from memory: output file (relative, posix) → [size, mtime in ms, content hash]. */
export interface OutputState {
  outDir: string;
  files: Map<string, [size: number, mtimeMs: number, hash: string]>;
}

/** What a build keeps of the last output and what it wrote from memory. */
export interface OutputUpdate {
  /** The output folder being updated (absolute). */
  outDir: string;
  /** Files of the output folder the new output keeps as they are (relative, posix). */
  kept: Set<string>;
  /** Files written by `writeOutputFile` (relative, posix) → content hash. */
  hashed: Map<string, string>;
  /** The record of the last build, when it was made for this output folder. */
  last?: OutputState;
}

/** An update of `outDir` with nothing kept yet; `stateFile` (absent with the cache off) holds the last build's record. */
export function createOutputUpdate(outDir: string, stateFile: string | undefined): OutputUpdate {
  const stored = stateFile ? readStateFile(stateFile, outputStateSchema) : undefined;
  let last: OutputState | undefined;
  if (stored?.outDir === outDir) {
    last = { outDir, files: new Map() };
    stored.names.forEach((name, i) => last!.files.set(name, [stored.sizes[i], stored.mtimes[i], stored.hashes[i]]));
  }
  return { outDir, kept: new Set(), hashed: new Map(), last };
}

/** The content hash an output state records for a file written from memory: 32 hex digits of sha256. */
export function contentHash(data: string): string {
  return sha256(data).slice(0, 32);
}

/**
 * Writes `data` as the output file `relative` (posix): into `staging`, unless the last build wrote the same
 * content there and the file is still as it left it, which is then kept. Resolves once written or kept;
 * the folder must exist. `hash`: `contentHash(data)` when the caller has it.
 * @throws (rejects with) a file-system error of the write
 */
export async function writeOutputFile(update: OutputUpdate, staging: string, relative: string, data: string, hash = contentHash(data)): Promise<void> {
  update.hashed.set(relative, hash);
  const recorded = update.last?.files.get(relative);
  if (recorded && recorded[2] === hash) {
    const stat = fs.statSync(`${update.outDir}/${relative}`, { throwIfNoEntry: false });
    if (stat && stat.size === recorded[0] && stat.mtimeMs === recorded[1]) {
      update.kept.add(relative);
      return;
    }
  }
  await fs.promises.writeFile(`${staging}/${relative}`, data);
}

/**
 * Puts the finished `staging` folder's files into `outDir` (see the module comment), then removes
 * `staging`. With nothing kept, or where a new file's place is taken by a folder (or a folder's by a
 * file), the kept files are linked into `staging` and it replaces `outDir` whole (`swapOutput`).
 * @returns the files now in `outDir` that `staging` brought (relative, posix)
 * @throws a file-system error of a rename or removal
 */
export function commitOutput(staging: string, outDir: string, kept: Set<string>): string[] {
  const staged = listFiles(staging);
  if (!kept.size || !fs.existsSync(outDir) || staged.some(blocked(outDir))) {
    for (const relative of kept) linkOrCopy(path.join(outDir, relative), path.join(staging, relative));
    swapOutput(staging, outDir);
    return staged;
  }
  const folders = new Set<string>();
  for (const relative of staged) {
    const to = path.join(outDir, relative);
    const folder = path.dirname(to);
    if (!folders.has(folder)) {
      fs.mkdirSync(folder, { recursive: true });
      folders.add(folder);
    }
    fs.renameSync(path.join(staging, relative), to);
  }
  removeOthers(outDir, '', new Set([...kept, ...staged]));
  fs.rmSync(staging, { recursive: true, force: true });
  return staged;
}

/**
 * Records the files written from memory for the next build: the staged ones as they now are in `outDir`,
 * the kept ones as recorded before.
 */
export function saveOutputState(file: string, update: OutputUpdate, staged: string[]): void {
  const state: z.infer<typeof outputStateSchema> = { outDir: update.outDir, names: [], sizes: [], mtimes: [], hashes: [] };
  const record = (relative: string, [size, mtimeMs, hash]: [number, number, string]) => {
    state.names.push(relative);
    state.sizes.push(size);
    state.mtimes.push(mtimeMs);
    state.hashes.push(hash);
  };
  const fresh = new Set(staged);
  for (const [relative, hash] of update.hashed) {
    if (!fresh.has(relative)) {
      const recorded = update.last?.files.get(relative);
      if (recorded && update.kept.has(relative)) record(relative, recorded);
      continue;
    }
    const stat = fs.statSync(path.join(update.outDir, relative), { throwIfNoEntry: false });
    if (stat) record(relative, [stat.size, stat.mtimeMs, hash]);
  }
  writeStateFile(file, state);
}

/** Files under `dir`, relative to it (posix), links not followed. */
function listFiles(dir: string, prefix = '', out: string[] = []): string[] {
  for (const entry of fs.readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) listFiles(dir, relative, out);
    else out.push(relative);
  }
  return out;
}

/** Whether a staged file cannot be renamed into `outDir`: a folder is at its place, or a file at a folder's on its path. */
function blocked(outDir: string): (relative: string) => boolean {
  const folders = new Map<string, boolean>();
  const isFileOrFree = (relative: string) => !fs.lstatSync(path.join(outDir, relative), { throwIfNoEntry: false })?.isDirectory();
  const folderOk = (relative: string): boolean => {
    if (relative === '.') return true;
    let ok = folders.get(relative);
    if (ok === undefined) {
      const stat = fs.lstatSync(path.join(outDir, relative), { throwIfNoEntry: false });
      ok = (!stat || stat.isDirectory()) && folderOk(path.posix.dirname(relative));
      folders.set(relative, ok);
    }
    return ok;
  };
  // The folders first: under a file, the lstat of the file itself fails with ENOTDIR.
  return (relative) => !folderOk(path.posix.dirname(relative)) || !isFileOrFree(relative);
}

/**
 * Removes the files under `outDir/prefix` that `keep` does not list, and the folders left empty.
 * @returns whether the folder is left empty
 */
function removeOthers(outDir: string, prefix: string, keep: Set<string>): boolean {
  const dir = path.join(outDir, prefix);
  let left = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (removeOthers(outDir, relative, keep)) fs.rmdirSync(path.join(outDir, relative));
      else left++;
    } else if (!keep.has(relative)) {
      fs.unlinkSync(path.join(outDir, relative));
    } else left++;
  }
  return left === 0;
}

/**
 * Puts `from` at `to` as a hard link, or a copy where the file system has none.
 * @throws a file-system error other than links being unsupported
 */
export function linkOrCopy(from: string, to: string): void {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  try {
    fs.linkSync(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw error;
    fs.copyFileSync(from, to);
  }
}
