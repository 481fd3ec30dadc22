/**
 * Ownership of the output folder. docgen deletes only what it made: a folder it writes holds a marker file
 * (`.docgen-output`), the new output is written beside the old one and swapped in by two renames, and
 * temporary folders of a build that was interrupted (Ctrl+C, a killed process) are removed or, for a swap
 * cut in half, put back by the next build.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ResolvedConfig } from '../../config/index.js';
import { DocgenError } from '../../shared/errors.js';
import { displayPath } from '../display-path.js';

/** Name of the marker file docgen writes into every folder it builds. */
export const OUTPUT_MARKER = '.docgen-output';

/** Folders a build writes besides its output: `<outDir>.tmp-<pid>-<ms>`, `<outDir>.old-<pid>-<ms>`. */
const SIBLING = /^(.*)\.(tmp|old)-(\d+)-(\d+)$/;

/** Files whose presence in a folder means it holds sources, never build output. */
const SOURCE_FILE = /\.(mdx?|tsx?)$|^docgen\.config\.|^package\.json$/;

/** Options of `checkOutDir`. */
export interface OutDirOptions {
  /** Replace an existing folder that docgen did not make (it must still hold no sources). @default false */
  emptyOutDir?: boolean;
  /** Name of the option or flag that set the folder, for messages. @default 'outDir' */
  option?: string;
}

/**
 * Refuses an output folder that a build would destroy or that would destroy sources: the site root or a
 * folder containing it, a filesystem root, the home folder (or one containing it), `public/`, the theme
 * folder, a locale's content folder (or a folder inside or around one of those), a file, and an existing
 * folder that docgen did not make (unless `emptyOutDir`, and then only when it holds no source files).
 * Folders inside docgen's cache (`node_modules/.cache/docgen`) are docgen's own.
 * @throws DocgenError naming the option, the folder and how to proceed.
 */
export function checkOutDir(config: ResolvedConfig, options: OutDirOptions = {}): void {
  const outDir = path.resolve(config.outDir);
  const option = options.option ?? 'outDir';
  const shown = displayPath(outDir);
  const refuse = (why: string) => {
    throw new DocgenError(`${option} ${shown} ${why}: docgen replaces its output folder on every build. Choose another folder (the default is dist).`);
  };
  if (path.parse(outDir).root === outDir) refuse('is a filesystem root');
  const home = os.homedir();
  if (home && isInside(outDir, home)) refuse(outDir === home ? 'is your home folder' : 'contains your home folder');
  if (isInside(outDir, config.root)) refuse(outDir === config.root ? 'is the site root' : 'contains the site root');
  const guarded: [string, string][] = [
    [config.publicDir, 'the public folder'],
    [config.themeDir, 'the theme folder'],
    ...config.contentLocales
      .filter((l) => l.dir !== config.root)
      .map((l): [string, string] => [l.dir, l.version && l.version !== config.multiVersion.default ? `the content folder of version ${l.version}${config.locales.length ? ` (${l.lang})` : ''}` : `the content folder of locale ${l.lang}`]),
  ];
  for (const [dir, what] of guarded) {
    if (outDir === dir) refuse(`is ${what}`);
    if (isInside(outDir, dir)) refuse(`contains ${what}`);
    if (isInside(dir, outDir)) refuse(`lies inside ${what}`);
  }
  if (config.configFile && isInside(outDir, config.configFile)) refuse('holds the config file');

  const stat = fs.statSync(outDir, { throwIfNoEntry: false });
  if (!stat) return;
  if (!stat.isDirectory()) refuse('is a file, not a folder');
  if (fs.existsSync(path.join(outDir, OUTPUT_MARKER)) || isInside(cacheDirOf(config), outDir)) return;
  const entries = fs.readdirSync(outDir);
  if (entries.length === 0) return;
  const source = findSourceFile(outDir);
  if (source) {
    throw new DocgenError(
      `${option} ${shown} holds ${displayPath(source)}, which looks like a source file: docgen would delete it. Choose another output folder.`,
    );
  }
  if (!options.emptyOutDir) {
    throw new DocgenError(
      `${option} ${shown} exists and was not made by docgen (it has no ${OUTPUT_MARKER} file): docgen will not delete it. ` +
        `Delete it yourself, choose another output folder, or pass --empty-out-dir to let docgen replace it.`,
    );
  }
}

/** docgen's cache folder of a site: `<root>/node_modules/.cache/docgen`. */
export function cacheDirOf(config: Pick<ResolvedConfig, 'root'>): string {
  return path.join(config.root, 'node_modules', '.cache', 'docgen');
}

/**
 * Creates the temporary folder a build writes into, beside `outDir`, with the marker already in it, so
 * that a later build recognises it as docgen's if this one is interrupted.
 * @returns its absolute path, `<outDir>.tmp-<pid>-<ms>`.
 */
export function createTempOutput(outDir: string): string {
  const tmp = `${outDir}.tmp-${process.pid}-${Date.now()}`;
  makeDirs(path.dirname(tmp));
  fs.mkdirSync(tmp);
  writeMarker(tmp);
  return tmp;
}

/**
 * `mkdir -p`, one level at a time from the deepest existing ancestor. Node's own recursive `mkdirSync`
 * never returns for a path under a pseudo file system such as `/proc`, where the kernel answers ENOENT.
 * @throws the file-system error of the first level that cannot be made
 */
function makeDirs(dir: string): void {
  const missing: string[] = [];
  for (let d = dir; !fs.existsSync(d); d = path.dirname(d)) {
    missing.unshift(d);
    if (path.dirname(d) === d) break;
  }
  for (const d of missing) fs.mkdirSync(d);
}

function writeMarker(dir: string): void {
  fs.writeFileSync(
    path.join(dir, OUTPUT_MARKER),
    'This folder was made by docgen and is replaced by every build. Do not keep files of your own here.\n',
  );
}

/**
 * Replaces `outDir` by `tmpOut`: the old output is renamed aside, the new one renamed in, the old one
 * deleted. A process killed between the two renames leaves `<outDir>.old-*`, which `recoverInterrupted`
 * puts back.
 */
export function swapOutput(tmpOut: string, outDir: string): void {
  const old = `${outDir}.old-${process.pid}-${Date.now()}`;
  const hadOld = fs.existsSync(outDir);
  if (hadOld) fs.renameSync(outDir, old);
  fs.renameSync(tmpOut, outDir);
  if (hadOld) fs.rmSync(old, { recursive: true, force: true });
}

/**
 * Cleans up after builds that were interrupted: deletes `<outDir>.tmp-*` and `.old-*` siblings and
 * `ssr-*` folders and half-written build states (`*.<pid>.tmp`) of the cache whose process is gone, and puts back the previous output when a build was
 * killed in the middle of its swap. Only folders holding docgen's marker are touched (`ssr-*` folders
 * live in docgen's own cache).
 */
export function recoverInterrupted(outDir: string, cacheDir: string): void {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  let names: string[] = [];
  try {
    names = fs.readdirSync(parent);
  } catch {
    names = []; // the parent does not exist yet: nothing was interrupted there
  }
  const stale = names
    .map((name) => ({ name, m: SIBLING.exec(name) }))
    .filter(({ m }) => m && m[1] === base && !isAlive(Number(m[3])))
    // Docgen's own: it holds the marker, or is still empty (a build killed right after making it).
    .filter(({ name }) => fs.existsSync(path.join(parent, name, OUTPUT_MARKER)) || isEmptyDir(path.join(parent, name)))
    .sort((a, b) => Number(b.m![4]) - Number(a.m![4]));
  for (const { name, m } of stale) {
    const abs = path.join(parent, name);
    if (m![2] === 'old' && !fs.existsSync(outDir)) fs.renameSync(abs, outDir);
    else fs.rmSync(abs, { recursive: true, force: true });
  }
  if (fs.existsSync(cacheDir)) {
    for (const name of fs.readdirSync(cacheDir)) {
      const m = /^ssr-(\d+)-\d+$/.exec(name) ?? /^[\w-]+\.json\.(\d+)\.tmp$/.exec(name);
      if (m && !isAlive(Number(m[1]))) fs.rmSync(path.join(cacheDir, name), { recursive: true, force: true });
    }
  }
}

function isEmptyDir(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch {
    return false;
  }
}

/**
 * The pid in the name of a config bundle: `<config>.timestamp-<ms>-<pid>.mjs`, which loading the config
 * writes beside it for the moment of its import (so that its imports resolve from the config's folder).
 * Undefined for any other name. Such a file is the loading process's: another build's walk of the site
 * root leaves it out, and a file whose process has ended is removed.
 */
export function configBundlePid(name: string): number | undefined {
  const m = /^docgen\.config\.[mc]?[jt]s\.timestamp-\d+-(\d+)\.mjs$/.exec(name);
  return m ? Number(m[1]) : undefined;
}

/** True when a process with this id runs (EPERM: it runs under another user). */
export function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when `inner` is `outer` or lies inside it. */
function isInside(outer: string, inner: string): boolean {
  const rel = path.relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** The first source-looking file under `dir` (breadth first), or undefined; `.git` counts as one. */
function findSourceFile(dir: string): string | undefined {
  const queue = [dir];
  while (queue.length) {
    const current = queue.shift()!;
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const abs = path.join(current, entry.name);
      if (entry.name === '.git') return abs;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') queue.push(abs);
      } else if (SOURCE_FILE.test(entry.name)) {
        return abs;
      }
    }
  }
  return undefined;
}

/** Temporary folders of builds running in this process, removed by `removeTemporaries` on Ctrl+C. */
const temporaries = new Set<string>();

/** Registers a temporary folder of a running build; returns a function that unregisters it. */
export function trackTemporary(dir: string): () => void {
  temporaries.add(dir);
  return () => temporaries.delete(dir);
}

/**
 * Deletes the temporary folders of the builds running in this process (synchronously: it runs in a signal
 * handler right before the process exits). The output folder itself is never touched.
 */
export function removeTemporaries(): void {
  for (const dir of temporaries) fs.rmSync(dir, { recursive: true, force: true });
  temporaries.clear();
}
