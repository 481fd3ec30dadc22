/**
 * On-disk cache of compiled pages, keyed by a hash of the source, its path and the compiler options
 * (plus the pipeline version). An entry also records the size and mtime of the files it depends on
 * (images, files: size and mtime; linked pages: existence only), and is ignored when one of them changed,
 * and the sha256 of the page's code, which the bundler's reuse keys take instead of hashing the code.
 *
 * Beside the entries, one highlight file per page (`<sha256 of the path>.hl`) keeps the page's code blocks
 * as last highlighted (`HighlightMemo`): an edited page whose code blocks did not change compiles without
 * loading the highlighter's grammars.
 *
 * An entry file is the sha256 of its JSON body on the first line, then the body. A read checks the
 * checksum and then the body's shape, so a truncated, edited or bit-flipped entry is compiled again and
 * rewritten, never served. Entries are written to a temporary file and renamed into place, so an
 * interrupted build leaves no half-written entry under a key.
 *
 * A page's code, three quarters of its entry, is kept beside it in `<key>.code` and read when first used:
 * a build after an edit bundles one page, so it reads one code file instead of every page's. The entry
 * records the code's sha256; a code file that does not match it throws `DamagedCacheEntry` when read, after
 * removing the entry, and the bundler compiles the page again (`esbuild-plugin.ts`).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import type { CompiledPage } from '../markdown/compile-page.js';
import { isAlive } from './output-dir.js';

/** Bumped whenever the pipeline's output changes for the same input. */
const PIPELINE_VERSION = '14';

/**
 * The shape a cached compiled page must have to be served: its fields and their kinds, the items of its
 * lists unchecked. The checksum already proves that docgen wrote the body, and the key's pipeline version
 * that this docgen did; checking every heading, section and link of 2,000 pages cost ~0.1 s a build. The
 * check is one function (`isCacheEntry`): an object schema of the same fields, run once per page, cost
 * ~45 ms at 2,000 pages.
 */
const entrySchema = z.custom<CacheEntry>(isCacheEntry);

const PAGE_LISTS = ['toc', 'assets', 'sections', 'links', 'anchors', 'warnings'] as const;

function isCacheEntry(value: unknown): value is CacheEntry {
  if (!isRecord(value) || typeof value.codeHash !== 'string' || !Array.isArray(value.deps)) return false;
  if (!value.deps.every((dep) => Array.isArray(dep) && dep.length === 3 && typeof dep[0] === 'string' && typeof dep[1] === 'number' && typeof dep[2] === 'number')) return false;
  const page = value.page;
  if (!isRecord(page) || typeof page.title !== 'string' || !isRecord(page.frontmatter)) return false;
  if (!PAGE_LISTS.every((name) => Array.isArray(page[name]))) return false;
  return [page.dependencies, page.fragmentImports].every((list) => Array.isArray(list) && list.every((item) => typeof item === 'string'));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface CacheEntry {
  /** The page without its code, which is in the code file. */
  page: Omit<CompiledPage, 'code'>;
  deps: [file: string, size: number, mtimeMs: number][];
  /** sha256 of `page.code`, hex. */
  codeHash: string;
}

/**
 * Thrown when the code of a page read from the cache is read and its code file is missing or does not
 * match the entry's hash. The entry is removed before, so the next lookup misses and the page compiles again.
 */
export class DamagedCacheEntry extends Error {
  constructor(readonly file: string) {
    super(`docgen: the cached code of ${file} is damaged; the page is compiled again`);
  }
}

/** Options of `PageCache`. */
export interface PageCacheOptions {
  /** False: every `get` misses and nothing is written or pruned (`docgen build --no-cache`). @default true */
  enabled?: boolean;
}

/**
 * Whether a page's dependency is one whose content the page shows (an image, a file a remark plugin read),
 * as opposed to a linked page, which only has to exist. The page cache, the nothing-changed check and the
 * dev server's watcher all draw this line the same way.
 */
export function isReadDependency(file: string): boolean {
  return !/\.mdx?$/.test(file);
}

/** A page cache in `dir` (created on first write). */
export class PageCache {
  readonly dir: string;
  readonly enabled: boolean;
  /** Keys whose entry was found corrupt (bad checksum or shape, or a damaged code file) and so compiled again. */
  readonly corrupt: string[] = [];
  private readonly used = new Set<string>();
  private readonly codeHashes = new WeakMap<CompiledPage, string>();
  private readonly entryHashes = new WeakMap<CompiledPage, string>();

  constructor(dir: string, { enabled = true }: PageCacheOptions = {}) {
    this.dir = dir;
    this.enabled = enabled;
  }

  /** Cache key of a page: sha256 of pipeline version, options key, path and source. */
  key(filePath: string, source: string, optionsKey: string): string {
    return crypto.hash('sha256', `${PIPELINE_VERSION}\0${optionsKey}\0${filePath}\0${source}`, 'hex');
  }

  /**
   * The cached result, or undefined when the cache is disabled, or the entry is absent, corrupt (recorded
   * in `corrupt`) or stale.
   * @param existing files known to exist (the site's pages): a linked page among them is not looked up
   * @throws a file-system error other than a missing entry (permissions, I/O)
   */
  get(key: string, existing?: ReadonlySet<string>): CompiledPage | undefined {
    if (!this.enabled) return undefined;
    let entryHash = '';
    const entry = readChecked(this.file(key), (json) => entrySchema.safeParse(json).data, (hash) => (entryHash = hash));
    if (entry === null) return undefined;
    if (!entry) return this.rejected(key);
    for (const [file, size, mtimeMs] of entry.deps) {
      if (size === -1 && existing?.has(file)) continue;
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (!stat || (size !== -1 && (stat.size !== size || stat.mtimeMs !== mtimeMs))) return undefined;
    }
    this.used.add(key);
    const page = entry.page as CompiledPage;
    this.codeHashes.set(page, entry.codeHash);
    this.entryHashes.set(page, entryHash);
    const codeFile = this.codeFile(key);
    let code: string | undefined;
    Object.defineProperty(page, 'code', {
      enumerable: true,
      configurable: true,
      get: () => {
        if (code !== undefined) return code;
        const text = readIfExists(codeFile);
        if (text === undefined || sha256(text) !== entry.codeHash) {
          this.discard(key);
          throw new DamagedCacheEntry(codeFile);
        }
        return (code = text);
      },
    });
    return page;
  }

  /**
   * sha256 (hex) of the code of a page this cache returned or stored; computed for any other page. Read
   * from the entry, whose checksum covers it: an entry under an unchanged key whose page was compiled
   * again (a dependency changed) carries the new code's hash.
   */
  codeHash(page: CompiledPage): string {
    let hash = this.codeHashes.get(page);
    if (!hash) this.codeHashes.set(page, (hash = sha256(page.code)));
    return hash;
  }

  /**
   * sha256 (hex) of the cache entry of a page this cache returned or stored: it covers everything of the
   * page but its code (title, front matter, sections…), which stands for the code's hash. Undefined for a
   * page the cache did not hand out or store (the cache is off, or the page was compiled elsewhere).
   */
  entryHash(page: CompiledPage): string | undefined {
    return this.entryHashes.get(page);
  }

  /**
   * The highlight file of the page `filePath` (read and written by the compile worker), or undefined
   * when the cache is disabled; marks it as used, so that `prune` keeps it.
   */
  highlightFile(filePath: string): string | undefined {
    if (!this.enabled) return undefined;
    const name = `${sha256(filePath)}.hl`;
    this.used.add(name);
    return path.join(this.dir, name);
  }

  /** Stores a result with the current size and mtime of its dependencies (nothing when disabled). */
  set(key: string, page: CompiledPage): void {
    if (!this.enabled) return;
    const deps: CacheEntry['deps'] = [];
    for (const file of page.dependencies) {
      // A linked page only has to exist; an asset's content is part of its hashed name.
      if (!isReadDependency(file)) deps.push([file, -1, -1]);
      else {
        const stat = fs.statSync(file, { throwIfNoEntry: false });
        if (stat) deps.push([file, stat.size, stat.mtimeMs]);
      }
    }
    const codeHash = this.codeHash(page);
    const { code, ...rest } = page;
    // The code first: an entry is only ever beside the code it names.
    writeAtomically(this.codeFile(key), code);
    this.entryHashes.set(page, writeChecked(this.file(key), { page: rest, deps, codeHash } satisfies CacheEntry));
    this.used.add(key);
  }

  /**
   * Deletes entries not read or written since this cache object was created, highlight files of pages
   * not compiled or read since (`highlightFile`), and temporary files of
   * writes interrupted in processes that have ended (nothing when disabled).
   */
  prune(): void {
    if (!this.enabled || !fs.existsSync(this.dir)) return;
    for (const name of fs.readdirSync(this.dir)) {
      const tmp = /\.(\d+)-[0-9a-f]+\.tmp$/.exec(name);
      const entry = /^([0-9a-f]{64})\.(json|code)$/.exec(name);
      const stale = tmp ? !isAlive(Number(tmp[1])) : entry ? !this.used.has(entry[1]) : name.endsWith('.hl') && !this.used.has(name);
      if (stale) fs.rmSync(path.join(this.dir, name), { recursive: true, force: true });
    }
  }

  private rejected(key: string): undefined {
    this.corrupt.push(key);
    return undefined;
  }

  /** Removes the entry and code file of `key`, so that the next lookup misses. */
  private discard(key: string): void {
    this.used.delete(key);
    this.corrupt.push(key);
    for (const file of [this.file(key), this.codeFile(key)]) fs.rmSync(file, { recursive: true, force: true });
  }

  private file(key: string): string {
    return path.join(this.dir, `${key}.json`);
  }

  private codeFile(key: string): string {
    return path.join(this.dir, `${key}.code`);
  }
}

/** The text of `file`, or undefined when it does not exist (or a folder is in its place). */
function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR') return undefined;
    throw error;
  }
}

function sha256(text: string): string {
  return crypto.hash('sha256', text, 'hex');
}

/**
 * Writes `value` as a checked cache file: the sha256 of its JSON on the first line, then the JSON; to a
 * temporary file renamed into place, so an interrupted write leaves no half file under the name.
 * @returns the checksum (sha256 of the JSON, hex)
 * @throws a file-system error (permissions, disk full)
 */
export function writeChecked(file: string, value: unknown): string {
  return writeCheckedJson(file, JSON.stringify(value));
}

/** `writeChecked` of a value already serialized: `body` is its JSON text. */
export function writeCheckedJson(file: string, body: string): string {
  const hash = sha256(body);
  writeAtomically(file, `${hash}\n${body}`);
  return hash;
}

/** Writes `text` to a temporary file renamed into place, so that a reader never sees half of it. */
function writeAtomically(file: string, text: string): void {
  // Unique per write: two builds of one site in one process may write the same file.
  const tmp = `${file}.${process.pid}-${crypto.randomBytes(6).toString('hex')}.tmp`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // A folder in the file's place (never written by docgen, but inside its own cache) would fail the rename.
  if (fs.statSync(file, { throwIfNoEntry: false })?.isDirectory()) fs.rmSync(file, { recursive: true });
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}

/**
 * Reads a file written by `writeChecked` and gives its value to `shape` (which returns undefined for a
 * value of the wrong shape); `checksum`, when given, receives the file's checksum once it matched.
 * @returns null when the file does not exist; undefined when its checksum, JSON or shape is wrong (a
 *   truncated, edited or bit-flipped file, or a folder in its place)
 * @throws a file-system error other than a missing file (permissions, I/O)
 */
export function readChecked<T>(file: string, shape: (json: unknown) => T | undefined, checksum?: (hash: string) => void): T | null | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code === 'EISDIR') return undefined;
    throw error;
  }
  const newline = text.indexOf('\n');
  if (newline !== 64) return undefined;
  const body = text.slice(newline + 1);
  const hash = text.slice(0, newline);
  if (sha256(body) !== hash) return undefined;
  checksum?.(hash);
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return undefined; // checksum of a body that is not JSON: written by something else than docgen
  }
  return shape(json);
}
