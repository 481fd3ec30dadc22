/**
 * The page cache on disk: a disabled cache reads and writes nothing; prune keeps the entries of this build
 * and the writes of live processes, and removes the rest (the corruption cases run on a real build, in e2e).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CompiledPage } from '../markdown/compile-page.js';
import { DamagedCacheEntry, PageCache } from './page-cache.js';

const page: CompiledPage = { code: 'export default 1', title: 'T', toc: [], frontmatter: {}, assets: [], dependencies: [], sections: [], links: [], anchors: [], fragmentImports: [], warnings: [] };
const folder = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dg-page-cache-')), 'pages');

describe('PageCache', () => {
  it('serves what it stored, and a cache of the same folder reads it back', () => {
    const dir = folder();
    const cache = new PageCache(dir);
    const key = cache.key('/site/a.md', '# T', 'options');
    expect(cache.get(key)).toBeUndefined();
    cache.set(key, page);
    expect(new PageCache(dir).get(key)).toEqual(page);
    expect(new PageCache(dir).corrupt).toEqual([]);
  });

  it('reads and writes nothing when disabled', () => {
    const dir = folder();
    const key = new PageCache(dir).key('/site/a.md', '# T', 'options');
    new PageCache(dir).set(key, page);
    const disabled = new PageCache(dir, { enabled: false });
    expect(disabled.get(key)).toBeUndefined();
    disabled.set(new PageCache(dir).key('/site/b.md', '# B', 'options'), page);
    disabled.prune();
    expect(fs.readdirSync(dir).sort()).toEqual([`${key}.code`, `${key}.json`]);
  });

  it('prunes entries this build did not use and writes of ended processes, keeping live ones', () => {
    const dir = folder();
    const old = new PageCache(dir);
    const unused = old.key('/site/old.md', '# Old', 'options');
    old.set(unused, page);
    const cache = new PageCache(dir);
    const used = cache.key('/site/a.md', '# T', 'options');
    cache.set(used, page);
    const dead = 2 ** 22 + 12345; // above Linux's default pid_max: no such process
    fs.writeFileSync(path.join(dir, `${used}.json.${dead}-ab12.tmp`), 'half');
    fs.writeFileSync(path.join(dir, `${used}.json.${process.pid}-cd34.tmp`), 'half');
    cache.prune();
    expect(fs.readdirSync(dir).sort()).toEqual([`${used}.code`, `${used}.json`, `${used}.json.${process.pid}-cd34.tmp`].sort());
  });

  it('keeps the highlight files of the pages asked for, and removes the others', () => {
    const dir = folder();
    const old = new PageCache(dir);
    fs.mkdirSync(dir, { recursive: true });
    for (const page of ['/site/a.md', '/site/gone.md']) fs.writeFileSync(old.highlightFile(page)!, 'x');
    const cache = new PageCache(dir);
    const kept = cache.highlightFile('/site/a.md')!;
    cache.prune();
    expect(fs.readdirSync(dir)).toEqual([path.basename(kept)]);
    expect(new PageCache(dir, { enabled: false }).highlightFile('/site/a.md')).toBeUndefined();
  });

  it('gives the code hash stored with an entry, and computes it for other pages', () => {
    const dir = folder();
    const sha = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
    const cache = new PageCache(dir);
    const key = cache.key('/site/a.md', '# T', 'options');
    cache.set(key, page);
    const read = new PageCache(dir);
    const hit = read.get(key)!;
    expect(read.codeHash(hit)).toBe(sha(page.code));
    // Read from the entry, not computed: an entry whose page was compiled again under its key carries the new hash.
    const file = path.join(dir, `${key}.json`);
    const body = JSON.parse(fs.readFileSync(file, 'utf8').split('\n').slice(1).join('\n'));
    body.codeHash = 'f'.repeat(64);
    const text = JSON.stringify(body);
    fs.writeFileSync(file, `${sha(text)}\n${text}`);
    const again = new PageCache(dir);
    expect(again.codeHash(again.get(key)!)).toBe('f'.repeat(64));
    expect(again.codeHash({ ...page, code: 'other' })).toBe(sha('other'));
  });

  it('reads a page\'s code when it is first used, and removes an entry whose code file is missing or changed', () => {
    const dir = folder();
    const cache = new PageCache(dir);
    const key = cache.key('/site/a.md', '# T', 'options');
    cache.set(key, page);
    const codeFile = path.join(dir, `${key}.code`);
    expect(fs.readFileSync(codeFile, 'utf8')).toBe(page.code);
    expect(fs.readFileSync(path.join(dir, `${key}.json`), 'utf8')).not.toContain(page.code);

    // Read after the entry: the code file as it is then counts.
    const changed = new PageCache(dir);
    const hit = changed.get(key)!;
    fs.writeFileSync(codeFile, 'export default 2');
    expect(() => hit.code).toThrow(DamagedCacheEntry);
    expect(changed.corrupt).toEqual([key]);
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(new PageCache(dir).get(key)).toBeUndefined();

    cache.set(key, page);
    const missing = new PageCache(dir);
    const again = missing.get(key)!;
    fs.rmSync(codeFile);
    expect(() => again.code).toThrow(DamagedCacheEntry);
    expect(missing.get(key)).toBeUndefined();

    cache.set(key, page);
    const whole = new PageCache(dir).get(key)!;
    expect(whole.code).toBe(page.code);
    fs.rmSync(codeFile);
    expect(whole.code).toBe(page.code); // read once
  });

  describe('snapshot of the last build', () => {
    /** A page source in a site folder, its mtime an hour back (outside the window where a write could hide). */
    const source = (text: string, name = 'a.md') => {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dg-page-src-')), name);
      fs.writeFileSync(file, text);
      const hourAgo = new Date(Date.now() - 3_600_000);
      fs.utimesSync(file, hourAgo, hourAgo);
      return file;
    };
    const read = (file: string) => fs.readFileSync(file, 'utf8');

    /** A cache folder whose snapshot holds one entry, that entry's own file removed; returns its key. */
    const snapshotOfOne = (dir: string) => {
      const cache = new PageCache(dir);
      const key = cache.key('/site/a.md', '# T', 'options');
      cache.set(key, page);
      cache.saveSnapshot();
      fs.rmSync(path.join(dir, `${key}.json`));
      return key;
    };

    it('serves the entries it holds without their entry files', () => {
      const dir = folder();
      const key = snapshotOfOne(dir);
      const next = new PageCache(dir);
      expect(next.get(key)).toEqual(page);
      expect(next.entryHash(next.get(key)!)).toMatch(/^[0-9a-f]{64}$/);
    });

    it('takes the key of a source whose size and mtime are as recorded, and reads one that changed', () => {
      const dir = folder();
      const file = source('# One');
      const first = new PageCache(dir);
      const key = first.sourceKey(file, 'options', read);
      expect(key).toBe(first.key(file, '# One', 'options'));
      first.saveSnapshot();

      // Same size and mtime: the recorded key, without reading the file (the trust of the nothing-changed check).
      const { mtime } = fs.statSync(file);
      fs.writeFileSync(file, '# Two');
      fs.utimesSync(file, mtime, mtime);
      expect(new PageCache(dir).sourceKey(file, 'options', () => expect.unreachable('read'))).toBe(key);
      // Another size, or another options key: read and hashed.
      fs.writeFileSync(file, '# Three');
      fs.utimesSync(file, mtime, mtime);
      expect(new PageCache(dir).sourceKey(file, 'options', read)).toBe(first.key(file, '# Three', 'options'));
      fs.writeFileSync(file, '# Two');
      fs.utimesSync(file, mtime, mtime);
      expect(new PageCache(dir).sourceKey(file, 'other', read)).toBe(first.key(file, '# Two', 'other'));
    });

    it('records no key for a source written moments ago', () => {
      const dir = folder();
      const file = source('# One');
      fs.writeFileSync(file, '# Two');
      const first = new PageCache(dir);
      first.sourceKey(file, 'options', read);
      first.saveSnapshot();
      const { mtime } = fs.statSync(file);
      fs.writeFileSync(file, '# Six');
      fs.utimesSync(file, mtime, mtime);
      expect(new PageCache(dir).sourceKey(file, 'options', read)).toBe(first.key(file, '# Six', 'options'));
    });

    it('is neither read nor written by a cache without it (the dev server\'s)', () => {
      const dir = folder();
      const key = snapshotOfOne(dir);
      const dev = new PageCache(dir, { snapshot: false });
      expect(dev.get(key)).toBeUndefined();
      // Enough new entries that a cache with a snapshot would write it again.
      for (let i = 0; i < 10; i++) dev.set(dev.key(`/site/n${i}.md`, `# N${i}`, 'options'), page);
      const before = fs.readFileSync(path.join(dir, '_snapshot'), 'utf8');
      dev.saveSnapshot();
      expect(fs.readFileSync(path.join(dir, '_snapshot'), 'utf8')).toBe(before);
    });

    it('is not used when damaged, and an entry of it whose dependency changed is looked up in its file', () => {
      const dir = folder();
      const image = source('png', 'a.png');
      const withImage = { ...page, dependencies: [image] };
      const cache = new PageCache(dir);
      const key = cache.key('/site/a.md', '# T', 'options');
      cache.set(key, withImage);
      cache.saveSnapshot();
      // The image changed and the page compiled again under its key: the snapshot's entry is stale, the file's is not.
      fs.writeFileSync(image, 'png, larger');
      const recompiled = { ...withImage, title: 'Again' };
      new PageCache(dir).set(key, recompiled);
      expect(new PageCache(dir).get(key)).toEqual(recompiled);

      const snapshot = path.join(dir, '_snapshot');
      const text = read(snapshot);
      fs.writeFileSync(snapshot, text.replace('"options"', '"optionz"'));
      fs.rmSync(path.join(dir, `${key}.json`));
      const damaged = new PageCache(dir);
      expect(damaged.get(key)).toBeUndefined();
      expect(damaged.corrupt).toEqual([]);
    });

    it('is not written again when it would change in a few entries only, which are then read from their files', () => {
      const dir = folder();
      const cache = new PageCache(dir);
      const keys = Array.from({ length: 20 }, (_, i) => cache.key(`/site/p${i}.md`, `# P${i}`, 'options'));
      for (const key of keys) cache.set(key, page);
      cache.saveSnapshot();
      const snapshot = path.join(dir, '_snapshot');
      const minuteAgo = new Date(Date.now() - 60_000);
      fs.utimesSync(snapshot, minuteAgo, minuteAgo);
      const { mtimeMs } = fs.statSync(snapshot);

      // One page edited: its new entry is not in the snapshot, which is left as it is.
      const edited = new PageCache(dir);
      for (const key of keys.slice(1)) edited.get(key);
      const fresh = edited.key('/site/p0.md', '# P0 edited', 'options');
      edited.set(fresh, { ...page, title: 'Edited' });
      edited.saveSnapshot();
      expect(fs.statSync(snapshot).mtimeMs).toBe(mtimeMs);
      expect(new PageCache(dir).get(fresh)?.title).toBe('Edited');

      // Many pages new: written again, and it then serves them without their entry files.
      const many = new PageCache(dir);
      const others = Array.from({ length: 12 }, (_, i) => many.key(`/site/n${i}.md`, `# N${i}`, 'options'));
      for (const key of others) many.set(key, page);
      many.saveSnapshot();
      expect(fs.statSync(snapshot).mtimeMs).toBeGreaterThan(mtimeMs);
      for (const key of others) fs.rmSync(path.join(dir, `${key}.json`));
      expect(new PageCache(dir).get(others[3])).toEqual(page);
    });
  });
});
