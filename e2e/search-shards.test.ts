/**
 * The sharded search index of a built site (60 generated pages per locale): the entry names only files the
 * build wrote, and editing one page's body rewrites only the shards holding the words that changed and that
 * page's fragments; every other search file stays byte-identical.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '@docgen/core';
import type { SearchIndexEntry } from '@docgen/core/search';
import { generate } from '../scripts/lib/synthetic-site.mjs';
import { listFiles } from './helpers/site.js';

/** Relative path → sha256 of the search files (shards and fragments) under `outDir`. */
function searchFiles(outDir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of listFiles(outDir)) {
    if (!/^(assets\/search\/|docgen-data\/search)/.test(file)) continue;
    out.set(file, crypto.createHash('sha256').update(fs.readFileSync(path.join(outDir, file))).digest('hex'));
  }
  return out;
}

describe('search shards of a built site', () => {
  let site: string;
  let before: Map<string, string>;

  beforeAll(async () => {
    site = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-search-shards-'));
    generate(site, 60);
    await build({ root: site, log: false });
    before = searchFiles(path.join(site, 'dist'));
  });

  afterAll(() => {
    if (site) fs.rmSync(site, { recursive: true, force: true });
  });

  it('writes an entry per locale naming only files it wrote, in several shards', () => {
    const dist = path.join(site, 'dist');
    for (const lang of ['en', 'zh']) {
      const entry = JSON.parse(fs.readFileSync(path.join(dist, `docgen-data/search-${lang}.json`), 'utf8')) as SearchIndexEntry;
      expect(entry.lang).toBe(lang);
      expect(entry.post.length).toBeGreaterThan(5);
      const named = [...entry.dict.map(([, h]) => `d-${h}`), ...entry.post.map(([, h]) => `p-${h}`)].map((f) => path.posix.join('docgen-data', `${entry.shards}${f}.json`));
      for (const file of named) expect(before.has(file), file).toBe(true);
      expect(before.has(`docgen-data/${entry.frag}0.0.json`)).toBe(true);
    }
  });

  it('rewrites only the shards and fragments an edit to one page touches', async () => {
    // A paragraph added to the last section of one page.
    const page = path.join(site, 'en/guide/s0/p3.md');
    fs.appendFileSync(page, '\nA paragraph about quokkas and wombats.\n');
    await build({ root: site, log: false });
    const after = searchFiles(path.join(site, 'dist'));
    const changed = [...after].filter(([file, hash]) => before.get(file) !== hash).map(([file]) => file);
    const shards = changed.filter((f) => f.startsWith('assets/search/'));
    const fragments = changed.filter((f) => f.startsWith('docgen-data/search/'));
    // One fragment: the section the paragraph joined.
    expect(fragments).toHaveLength(1);
    const [, pageNumber, sectionNumber] = /^docgen-data\/search\/en\/(\d+)\.(\d+)\.json$/.exec(fragments[0])!.map(Number);
    expect(fs.readFileSync(path.join(site, 'dist', fragments[0]), 'utf8')).toContain('quokkas');
    // Each postings shard that changed holds a posting of that section (its length changed, or a word was
    // added); each dictionary shard that changed holds a word the paragraph brought.
    expect(shards.length).toBeGreaterThan(0);
    const read = (file: string) => JSON.parse(fs.readFileSync(path.join(site, 'dist', file), 'utf8')) as unknown[];
    for (const file of shards) {
      const kind = /en-([a-z])-/.exec(file)?.[1];
      if (kind === 'p') {
        const rows = read(file) as [string, [number, number, number[], number[]][]][];
        const holds = rows.some(([, groups]) =>
          groups.some(([, , deltas, sections]) => {
            let at = 0;
            return deltas.some((d, i) => (at += d) === pageNumber && sections[i] === sectionNumber);
          }),
        );
        expect(holds, file).toBe(true);
      } else {
        expect(kind, file).toBe('d');
        const rows = read(file) as [string, number][];
        expect(rows.some(([term]) => ['quokkas', 'wombats', 'paragraph'].includes(term)), file).toBe(true);
      }
    }
    const untouched = [...before.keys()].filter((f) => f.startsWith('assets/search/en-') && after.get(f) === before.get(f));
    expect(untouched.length).toBeGreaterThan(0);
    // Nothing of the other locale moved.
    expect(changed.filter((f) => f.includes('/zh') || f.includes('zh-'))).toEqual([]);
  });
});
