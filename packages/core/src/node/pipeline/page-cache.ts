/**
 * On-disk cache of compiled pages, keyed by a hash of the source, its path and the compiler options
 * (plus the pipeline version). An entry also records the size and mtime of the files it depends on
 * (images, files: size and mtime; linked pages: existence only), and is ignored when one of them changed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { CompiledPage } from '../markdown/compile-page.js';

/** Bumped whenever the pipeline's output changes for the same input. */
const PIPELINE_VERSION = '12';

interface CacheEntry {
  page: CompiledPage;
  deps: [file: string, size: number, mtimeMs: number][];
}

/** A page cache in `dir` (created on first write). */
export class PageCache {
  readonly dir: string;
  private readonly used = new Set<string>();

  constructor(dir: string) {
    this.dir = dir;
  }

  /** Cache key of a page: sha256 of pipeline version, options key, path and source. */
  key(filePath: string, source: string, optionsKey: string): string {
    return crypto.createHash('sha256').update(`${PIPELINE_VERSION}\0${optionsKey}\0${filePath}\0${source}`).digest('hex');
  }

  /** The cached result, or undefined when absent, unreadable or stale. */
  get(key: string): CompiledPage | undefined {
    let entry: CacheEntry;
    try {
      entry = JSON.parse(fs.readFileSync(this.file(key), 'utf8')) as CacheEntry;
    } catch {
      return undefined; // absent or corrupt: compile again
    }
    for (const [file, size, mtimeMs] of entry.deps) {
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (!stat || (size !== -1 && (stat.size !== size || stat.mtimeMs !== mtimeMs))) return undefined;
    }
    this.used.add(key);
    return entry.page;
  }

  /** Stores a result with the current size and mtime of its dependencies. */
  set(key: string, page: CompiledPage): void {
    const deps: CacheEntry['deps'] = [];
    for (const file of page.dependencies) {
      // A linked page only has to exist; an asset's content is part of its hashed name.
      if (/\.mdx?$/.test(file)) deps.push([file, -1, -1]);
      else {
        const stat = fs.statSync(file, { throwIfNoEntry: false });
        if (stat) deps.push([file, stat.size, stat.mtimeMs]);
      }
    }
    fs.mkdirSync(this.dir, { recursive: true });
    fs.writeFileSync(this.file(key), JSON.stringify({ page, deps } satisfies CacheEntry));
    this.used.add(key);
  }

  /** Deletes entries not read or written since this cache object was created. */
  prune(): void {
    if (!fs.existsSync(this.dir)) return;
    for (const name of fs.readdirSync(this.dir)) {
      if (name.endsWith('.json') && !this.used.has(name.slice(0, -5))) fs.rmSync(path.join(this.dir, name), { force: true });
    }
  }

  private file(key: string): string {
    return path.join(this.dir, `${key}.json`);
  }
}
