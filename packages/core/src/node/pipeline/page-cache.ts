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
 *
 * A build that succeeded also leaves a **snapshot** (`_snapshot`, `saveSnapshot`, unless the last one differs
 * from it in a few entries only): every entry it used in one checked file, and the size, mtime and key of
 * every page source it read. The next build reads that one file instead of an entry file per page (reading
 * the cache at 2,000 pages: ~0.33 → ~0.23 s), and takes the key of a source whose size and mtime are as
 * recorded without reading and hashing it: the same trust in size and mtime as the nothing-changed check
 * (`build-state.ts`). An entry the snapshot lacks, or one whose dependencies changed, is looked up in its
 * entry file.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { column, isNumber, isString } from './columns.js';
import type { CompiledPage } from '../markdown/compile-page.js';
import { isAlive } from './output-dir.js';

/** File of the cache folder holding the last build's snapshot (see the module comment). */
const SNAPSHOT = '_snapshot';

/**
 * A source modified this recently (ms) before its stat gets no key in the snapshot: a write in the same
 * tick of the file system's clock (a few ms on Linux) could leave its size and mtime as recorded.
 */
const RACY_MS = 2_000;

/** Share of a snapshot's entries and sources that may differ from a build's before it is written again. */
const SNAPSHOT_SLACK = 0.01;

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

/** An entry as read or written: its JSON text and the sha256 of that text (its checksum). */
interface StoredEntry {
  body: string;
  hash: string;
}

/** What a snapshot holds: the options key its source keys were made with, the sources, the entries by key. */
interface Snapshot {
  optionsKey: string;
  sources: Map<string, [size: number, mtimeMs: number, key: string]>;
  entries: Map<string, StoredEntry>;
}

/**
 * The header line of a snapshot file, in columns (one string or number per source and entry: a tuple schema
 * per source cost ~30 ms at 2,000 pages); the entries' bodies follow, one per line, in `keys` order.
 */
const snapshotHeaderSchema = z
  .object({
    optionsKey: z.string(),
    files: column(isString),
    sizes: column(isNumber),
    mtimes: column(isNumber),
    sourceKeys: column(isString),
    keys: column(isString),
    hashes: column(isString),
  })
  .refine((h) => [h.sizes, h.mtimes, h.sourceKeys].every((c) => c.length === h.files.length) && h.hashes.length === h.keys.length);

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
  /**
   * False: the snapshot is neither read nor written. The dev server compiles one page at a time, the first
   * while it opens, which reading the whole snapshot would hold up (~50 ms at 2,000 pages, ~0.3 s at
   * 10,000). @default true
   */
  snapshot?: boolean;
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
  private readonly useSnapshot: boolean;
  /** Keys whose entry was found corrupt (bad checksum or shape, or a damaged code file) and so compiled again. */
  readonly corrupt: string[] = [];
  private readonly used = new Set<string>();
  private readonly codeHashes = new WeakMap<CompiledPage, string>();
  private readonly entryHashes = new WeakMap<CompiledPage, string>();
  /** The last build's snapshot, read at the first lookup (empty when there is none or it is damaged). */
  private snapshot?: Snapshot;
  /** Entries read or written by this cache object, for the next snapshot. */
  private readonly stored = new Map<string, StoredEntry>();
  /** Sources whose key this cache object gave (`sourceKey`), for the next snapshot. */
  private readonly sources = new Map<string, [size: number, mtimeMs: number, key: string]>();
  /** The options key of the sources keyed since this object was created. */
  private optionsKey?: string;

  constructor(dir: string, { enabled = true, snapshot = true }: PageCacheOptions = {}) {
    this.dir = dir;
    this.enabled = enabled;
    this.useSnapshot = enabled && snapshot;
  }

  /** Cache key of a page: sha256 of pipeline version, options key, path and source. */
  key(filePath: string, source: string, optionsKey: string): string {
    return crypto.hash('sha256', `${PIPELINE_VERSION}\0${optionsKey}\0${filePath}\0${source}`, 'hex');
  }

  /**
   * `key` of the page source `filePath` (read with `readPageSource`): from the last build's snapshot when
   * the file's size and mtime are as it recorded them, else read and hashed.
   * @throws a file-system error (a missing file) or DocgenError of a source that is not UTF-8
   */
  sourceKey(filePath: string, optionsKey: string, read: (file: string) => string): string {
    const stat = fs.statSync(filePath);
    const snapshot = this.useSnapshot ? this.loadSnapshot() : undefined;
    const recorded = snapshot?.optionsKey === optionsKey ? snapshot.sources.get(filePath) : undefined;
    const key = recorded && recorded[0] === stat.size && recorded[1] === stat.mtimeMs ? recorded[2] : this.key(filePath, read(filePath), optionsKey);
    this.optionsKey = optionsKey;
    if (this.useSnapshot) this.sources.set(filePath, [stat.size, Date.now() - stat.mtimeMs < RACY_MS ? -1 : stat.mtimeMs, key]);
    return key;
  }

  /**
   * The cached result, or undefined when the cache is disabled, or the entry is absent, corrupt (recorded
   * in `corrupt`) or stale.
   * @param existing files known to exist (the site's pages): a linked page among them is not looked up
   * @throws a file-system error other than a missing entry (permissions, I/O)
   */
  get(key: string, existing?: ReadonlySet<string>): CompiledPage | undefined {
    if (!this.enabled) return undefined;
    const kept = this.loadSnapshot().entries.get(key);
    let stored: StoredEntry | undefined;
    let entry = kept && parseEntry(kept.body);
    if (entry && isFresh(entry, existing)) stored = kept;
    else {
      const text = readCheckedText(this.file(key));
      if (text === null) return undefined;
      entry = text && parseEntry(text.body);
      if (!entry) return this.rejected(key);
      if (!isFresh(entry, existing)) return undefined;
      stored = text;
    }
    const entryHash = stored!.hash;
    if (this.useSnapshot) this.stored.set(key, stored!);
    this.used.add(key);
    const page = entry.page as CompiledPage;
    this.codeHashes.set(page, entry.codeHash);
    this.entryHashes.set(page, entryHash);
    let code: string | undefined;
    Object.defineProperty(page, 'code', {
      enumerable: true,
      configurable: true,
      get: () => {
        if (code !== undefined) return code;
        const codeFile = this.codeFile(key);
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
    const body = JSON.stringify({ page: rest, deps, codeHash } satisfies CacheEntry);
    const hash = writeCheckedJson(this.file(key), body);
    this.entryHashes.set(page, hash);
    if (this.useSnapshot) this.stored.set(key, { body, hash });
    this.used.add(key);
  }

  /**
   * Writes the snapshot of this build for the next: the entries read or written since this cache object
   * was created and the sources it keyed (nothing when disabled). Not written when it would differ from the
   * last one in at most `SNAPSHOT_SLACK` of its entries and sources (at least 8): a build after an edit
   * would otherwise write every entry again (~0.27 s at 10,000 pages) for one changed page, which the next
   * build reads from its entry file and whose source it reads and hashes. Call it once the build
   * succeeded, before `prune`.
   * @throws a file-system error (permissions, disk full)
   */
  saveSnapshot(): void {
    if (!this.useSnapshot) return;
    const last = this.loadSnapshot();
    let differences = 0;
    for (const [key, entry] of this.stored) if (last.entries.get(key)?.hash !== entry.hash) differences++;
    for (const key of last.entries.keys()) if (!this.stored.has(key)) differences++;
    for (const [file, [size, mtimeMs, key]] of this.sources) {
      const recorded = last.sources.get(file);
      if (!recorded || recorded[0] !== size || recorded[1] !== mtimeMs || recorded[2] !== key) differences++;
    }
    for (const file of last.sources.keys()) if (!this.sources.has(file)) differences++;
    const slack = Math.max(8, Math.floor(SNAPSHOT_SLACK * this.stored.size));
    if (last.optionsKey === (this.optionsKey ?? '') && last.entries.size > 0 && differences <= slack) return;
    const keys = [...this.stored.keys()];
    const optionsKey = this.optionsKey ?? '';
    const sources = [...this.sources];
    const header = JSON.stringify({
      optionsKey,
      files: sources.map(([file]) => file),
      sizes: sources.map(([, [size]]) => size),
      mtimes: sources.map(([, [, mtimeMs]]) => mtimeMs),
      sourceKeys: sources.map(([, [, , key]]) => key),
      keys,
      hashes: keys.map((key) => this.stored.get(key)!.hash),
    } satisfies z.infer<typeof snapshotHeaderSchema>);
    writeCheckedJson(path.join(this.dir, SNAPSHOT), [header, ...keys.map((key) => this.stored.get(key)!.body)].join('\n'));
  }

  /** The last build's snapshot, read once; empty when missing or damaged (checksum, header). */
  private loadSnapshot(): Snapshot {
    if (this.snapshot) return this.snapshot;
    const snapshot: Snapshot = { optionsKey: '', sources: new Map(), entries: new Map() };
    this.snapshot = snapshot;
    if (!this.useSnapshot) return snapshot;
    const lines = readCheckedText(path.join(this.dir, SNAPSHOT))?.body.split('\n');
    const header = lines && parseJson(lines[0], (json) => snapshotHeaderSchema.safeParse(json).data);
    if (!lines || !header || header.keys.length !== lines.length - 1) return snapshot;
    snapshot.optionsKey = header.optionsKey;
    header.files.forEach((file, i) => snapshot.sources.set(file, [header.sizes[i], header.mtimes[i], header.sourceKeys[i]]));
    header.keys.forEach((key, i) => snapshot.entries.set(key, { body: lines[i + 1], hash: header.hashes[i] }));
    return snapshot;
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
    this.stored.delete(key);
    this.snapshot?.entries.delete(key);
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
  const text = readCheckedText(file);
  if (!text) return text;
  checksum?.(text.hash);
  return parseJson(text.body, shape);
}

/**
 * The body of a file written by `writeCheckedJson` and its checksum, once the checksum matched.
 * @returns null when the file does not exist; undefined when its checksum is wrong (or a folder is in its place)
 * @throws a file-system error other than a missing file (permissions, I/O)
 */
function readCheckedText(file: string): StoredEntry | null | undefined {
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
  return sha256(body) === hash ? { body, hash } : undefined;
}

/** `shape` of the JSON `text`; undefined when it is not JSON (a checksum of a body docgen did not write). */
function parseJson<T>(text: string, shape: (json: unknown) => T | undefined): T | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  return shape(json);
}

/** The cache entry of the JSON `body`, or undefined when it has another shape. */
function parseEntry(body: string): CacheEntry | undefined {
  return parseJson(body, (json) => entrySchema.safeParse(json).data);
}

/**
 * Whether the files `entry` depends on are as it recorded them (linked pages: they exist; a linked page in
 * `existing` is known to).
 */
function isFresh(entry: CacheEntry, existing: ReadonlySet<string> | undefined): boolean {
  for (const [file, size, mtimeMs] of entry.deps) {
    if (size === -1 && existing?.has(file)) continue;
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat || (size !== -1 && (stat.size !== size || stat.mtimeMs !== mtimeMs))) return false;
  }
  return true;
}
