/**
 * The reference kept from one build to the next in the plugin's cache folder: one JSON file holding the
 * Markdown TypeDoc wrote, its navigation and warnings, with what it was made from. Reading it needs neither
 * TypeDoc nor TypeScript: a build whose sources did not change reads one file and looks at the size and
 * modification time of the program's files, and hashes only those whose size or time changed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ReferenceNavItem } from './sidebar.js';

/** Bumped when the cache file's shape or the plugin's processing of TypeDoc's output changes. */
const CACHE_FORMAT = 2;
const CACHE_FILE = 'reference.json';

/** TypeDoc's output for one set of settings, as the plugin keeps it. */
export interface GeneratedReference {
  /** The project's name (TypeDoc's `name` option or the package's), the title of the index page's sidebar entry. */
  projectName: string;
  /** Every Markdown file TypeDoc wrote: path relative to its output folder (`/` separators), content. */
  pages: { file: string; content: string }[];
  /** The navigation typedoc-plugin-markdown computed. */
  navigation: ReferenceNavItem[];
  /** TypeDoc's warnings, as printed. */
  warnings: string[];
  /** Absolute paths of the files the output was made from: the programs' source files, the tsconfig files, the package.json and files named by options. */
  inputs: string[];
}

/** The cache file's content. */
interface CacheEntry extends GeneratedReference {
  format: number;
  settingsKey: string;
  /** Each input as it was read (`InputState`). */
  hashes: InputState[];
}

/**
 * `[path, SHA-256 of the content, size in bytes, mtime in ms]` of an input file; `missing`, -1, -1 for a
 * file that does not exist.
 */
type InputState = [string, string, number, number];

/**
 * A key of everything besides the input files that TypeDoc's output depends on: the versions of TypeDoc,
 * typedoc-plugin-markdown and TypeScript, and `settings` (entry points, tsconfig, TypeDoc options), as JSON
 * with its object keys sorted so that their order does not matter.
 * @returns a SHA-256 hex digest
 */
export function settingsKey(settings: unknown, versions: Record<string, string> = toolVersions()): string {
  return crypto.createHash('sha256').update(stableJson({ format: CACHE_FORMAT, versions, settings })).digest('hex');
}

/** `[path, SHA-256 of the content]` of each file, `missing` for a file that does not exist. Linear in the files' size. */
export function hashFiles(files: readonly string[]): [string, string][] {
  return inputStates(files).map(([file, hash]) => [file, hash]);
}

/**
 * The state of each of `files`. A file whose size and mtime are those `known` recorded keeps its recorded
 * hash without being read (the program's files are mostly `node_modules` type declarations, megabytes
 * that a build whose sources did not change no longer reads); any other is read and hashed.
 */
function inputStates(files: readonly string[], known: ReadonlyMap<string, InputState> = new Map()): InputState[] {
  return files.map((file) => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile()) {
      if (stat) fs.readFileSync(file); // a folder: the file system's error (EISDIR), as reading it gives
      return [file, 'missing', -1, -1];
    }
    const recorded = known.get(file);
    if (recorded && recorded[2] === stat.size && recorded[3] === stat.mtimeMs) return recorded;
    return [file, crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex'), stat.size, stat.mtimeMs];
  });
}

/** The outcome of a cache lookup. */
export type CacheLookup =
  | { kind: 'hit'; reference: GeneratedReference }
  | { kind: 'miss'; reason: 'no entry' | 'settings changed' | 'sources changed' }
  | { kind: 'corrupt'; message: string };

/**
 * The reference cached in `cacheDir` for `key`, when every input file still has the hash it had.
 * @throws the file system's error when the cache file exists but cannot be read
 */
export function readCachedReference(cacheDir: string, key: string): CacheLookup {
  const file = path.join(cacheDir, CACHE_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'miss', reason: 'no entry' };
    throw error;
  }
  let entry: CacheEntry;
  try {
    entry = JSON.parse(text) as CacheEntry;
  } catch (error) {
    return { kind: 'corrupt', message: `${file} is not valid JSON (${(error as Error).message})` };
  }
  // Another format (an earlier or later version of the plugin wrote it) is a miss before it is a shape.
  if (typeof entry?.format === 'number' && entry.format !== CACHE_FORMAT) return { kind: 'miss', reason: 'settings changed' };
  if (!isEntry(entry)) return { kind: 'corrupt', message: `${file} does not have the shape of a cached reference` };
  if (entry.format !== CACHE_FORMAT || entry.settingsKey !== key) return { kind: 'miss', reason: 'settings changed' };
  const now = inputStates(
    entry.hashes.map(([p]) => p),
    new Map(entry.hashes.map((h) => [h[0], h])),
  );
  if (now.some(([, hash], i) => hash !== entry.hashes[i][1])) return { kind: 'miss', reason: 'sources changed' };
  const { projectName, pages, navigation, warnings, inputs } = entry;
  return { kind: 'hit', reference: { projectName, pages, navigation, warnings, inputs } };
}

/**
 * Writes `reference` as the cache entry of `key`, with the hashes of its inputs, replacing the last entry
 * (written to a temporary file first, then renamed, so that a reader never sees half a file).
 */
export function writeCachedReference(cacheDir: string, key: string, reference: GeneratedReference): void {
  const entry: CacheEntry = { format: CACHE_FORMAT, settingsKey: key, hashes: inputStates(reference.inputs), ...reference };
  fs.mkdirSync(cacheDir, { recursive: true });
  const file = path.join(cacheDir, CACHE_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(entry));
  fs.renameSync(tmp, file);
}

/** The cache file's path in `cacheDir`. */
export function cacheFile(cacheDir: string): string {
  return path.join(cacheDir, CACHE_FILE);
}

function isEntry(value: unknown): value is CacheEntry {
  const e = value as CacheEntry;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.settingsKey === 'string' &&
    typeof e.projectName === 'string' &&
    Array.isArray(e.pages) &&
    e.pages.every((p) => typeof p?.file === 'string' && typeof p.content === 'string') &&
    Array.isArray(e.navigation) &&
    Array.isArray(e.warnings) &&
    Array.isArray(e.inputs) &&
    Array.isArray(e.hashes) &&
    e.hashes.every((h) => Array.isArray(h) && typeof h[0] === 'string' && typeof h[1] === 'string' && typeof h[2] === 'number' && typeof h[3] === 'number')
  );
}

/** JSON with the keys of every object sorted. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** The installed versions of TypeDoc, typedoc-plugin-markdown and TypeScript (as TypeDoc resolves it), read from their package.json files. */
export function toolVersions(): Record<string, string> {
  const require = createRequire(import.meta.url);
  const typedocEntry = require.resolve('typedoc');
  return {
    typedoc: packageVersion(typedocEntry, 'typedoc'),
    'typedoc-plugin-markdown': packageVersion(require.resolve('typedoc-plugin-markdown'), 'typedoc-plugin-markdown'),
    typescript: packageVersion(createRequire(typedocEntry).resolve('typescript'), 'typescript'),
  };
}

/** The version in the package.json of package `name` that holds `entry` (a resolved module file). */
function packageVersion(entry: string, name: string): string {
  for (let dir = path.dirname(entry); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === name && pkg.version) return pkg.version;
    }
    if (path.dirname(dir) === dir) throw new Error(`cannot find the package.json of ${name} above ${entry}`);
  }
}
