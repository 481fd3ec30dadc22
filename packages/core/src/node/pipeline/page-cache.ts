/**
 * On-disk cache of compiled pages, keyed by a hash of the source, its path and the compiler options
 * (plus the pipeline version). An entry also records the size and mtime of the files it depends on
 * (images, files: size and mtime; linked pages: existence only), and is ignored when one of them changed.
 *
 * An entry file is the sha256 of its JSON body on the first line, then the body. A read checks the
 * checksum and then the body's shape, so a truncated, edited or bit-flipped entry is compiled again and
 * rewritten, never served. Entries are written to a temporary file and renamed into place, so an
 * interrupted build leaves no half-written entry under a key.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { CompiledPage } from '../markdown/compile-page.js';
import { isAlive } from './output-dir.js';

/** Bumped whenever the pipeline's output changes for the same input. */
const PIPELINE_VERSION = '13';

const objects = z.array(z.looseObject({}));
const strings = z.array(z.string());

/** The shape a cached compiled page must have to be served; nested objects are checked at their first level. */
const entrySchema = z.object({
  page: z.looseObject({
    code: z.string(),
    title: z.string(),
    toc: objects,
    frontmatter: z.record(z.string(), z.unknown()),
    assets: z.array(z.looseObject({ from: z.string(), to: z.string() })),
    dependencies: strings,
    sections: objects,
    links: z.array(z.looseObject({ url: z.string(), route: z.string() })),
    anchors: strings,
    fragmentImports: strings,
    warnings: z.array(z.looseObject({ message: z.string() })),
  }),
  deps: z.array(z.tuple([z.string(), z.number(), z.number()])),
});

interface CacheEntry {
  page: CompiledPage;
  deps: [file: string, size: number, mtimeMs: number][];
}

/** Options of `PageCache`. */
export interface PageCacheOptions {
  /** False: every `get` misses and nothing is written or pruned (`docgen build --no-cache`). @default true */
  enabled?: boolean;
}

/** A page cache in `dir` (created on first write). */
export class PageCache {
  readonly dir: string;
  readonly enabled: boolean;
  /** Keys whose entry was found corrupt (bad checksum or shape) by `get` and so compiled again. */
  readonly corrupt: string[] = [];
  private readonly used = new Set<string>();

  constructor(dir: string, { enabled = true }: PageCacheOptions = {}) {
    this.dir = dir;
    this.enabled = enabled;
  }

  /** Cache key of a page: sha256 of pipeline version, options key, path and source. */
  key(filePath: string, source: string, optionsKey: string): string {
    return crypto.createHash('sha256').update(`${PIPELINE_VERSION}\0${optionsKey}\0${filePath}\0${source}`).digest('hex');
  }

  /**
   * The cached result, or undefined when the cache is disabled, or the entry is absent, corrupt (recorded
   * in `corrupt`) or stale.
   * @throws a file-system error other than a missing entry (permissions, I/O)
   */
  get(key: string): CompiledPage | undefined {
    if (!this.enabled) return undefined;
    let text: string;
    try {
      text = fs.readFileSync(this.file(key), 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return undefined;
      if (code === 'EISDIR') return this.rejected(key);
      throw error;
    }
    const entry = parseEntry(text);
    if (!entry) return this.rejected(key);
    for (const [file, size, mtimeMs] of entry.deps) {
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (!stat || (size !== -1 && (stat.size !== size || stat.mtimeMs !== mtimeMs))) return undefined;
    }
    this.used.add(key);
    return entry.page;
  }

  /** Stores a result with the current size and mtime of its dependencies (nothing when disabled). */
  set(key: string, page: CompiledPage): void {
    if (!this.enabled) return;
    const deps: CacheEntry['deps'] = [];
    for (const file of page.dependencies) {
      // A linked page only has to exist; an asset's content is part of its hashed name.
      if (/\.mdx?$/.test(file)) deps.push([file, -1, -1]);
      else {
        const stat = fs.statSync(file, { throwIfNoEntry: false });
        if (stat) deps.push([file, stat.size, stat.mtimeMs]);
      }
    }
    const body = JSON.stringify({ page, deps } satisfies CacheEntry);
    const file = this.file(key);
    // Unique per write: two builds of one site in one process may write the same key.
    const tmp = `${file}.${process.pid}-${crypto.randomBytes(6).toString('hex')}.tmp`;
    fs.mkdirSync(this.dir, { recursive: true });
    // A folder in the entry's place (never written by docgen, but inside its own cache) would fail the rename.
    if (fs.statSync(file, { throwIfNoEntry: false })?.isDirectory()) fs.rmSync(file, { recursive: true });
    fs.writeFileSync(tmp, `${sha256(body)}\n${body}`);
    fs.renameSync(tmp, file);
    this.used.add(key);
  }

  /**
   * Deletes entries not read or written since this cache object was created, and temporary files of
   * writes interrupted in processes that have ended (nothing when disabled).
   */
  prune(): void {
    if (!this.enabled || !fs.existsSync(this.dir)) return;
    for (const name of fs.readdirSync(this.dir)) {
      const tmp = /\.(\d+)-[0-9a-f]+\.tmp$/.exec(name);
      const stale = tmp ? !isAlive(Number(tmp[1])) : name.endsWith('.json') && !this.used.has(name.slice(0, -5));
      if (stale) fs.rmSync(path.join(this.dir, name), { recursive: true, force: true });
    }
  }

  private rejected(key: string): undefined {
    this.corrupt.push(key);
    return undefined;
  }

  private file(key: string): string {
    return path.join(this.dir, `${key}.json`);
  }
}

function sha256(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}

/** The entry of a cache file's text, or undefined when its checksum, JSON or shape is wrong. */
function parseEntry(text: string): CacheEntry | undefined {
  const newline = text.indexOf('\n');
  if (newline !== 64) return undefined;
  const body = text.slice(newline + 1);
  if (sha256(body) !== text.slice(0, newline)) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return undefined; // checksum of a body that is not JSON: written by something else than docgen
  }
  const parsed = entrySchema.safeParse(json);
  return parsed.success ? (parsed.data as unknown as CacheEntry) : undefined;
}
