import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BuildContext } from './context.js';
import { emitServedSearchIndexes } from './emit-assets.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Inode and mtime of each file under `dir`, by relative path. */
function stamps(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const relative of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const stat = fs.statSync(path.join(dir, relative));
    if (stat.isFile()) out[relative.split(path.sep).join('/')] = `${stat.ino}:${stat.mtimeMs}`;
  }
  return out;
}

/** A context whose search output is one English index: `parts` (relative path → JSON) and its entry. */
function withIndex(ctx: BuildContext, parts: Record<string, string>, entry: string): BuildContext {
  ctx.search = { records: [], files: new Map([['', { file: 'docgen-data/search-en.json', json: entry, parts: new Map(Object.entries(parts)) }]]) };
  return ctx;
}

describe('emitServedSearchIndexes into the dev server\'s served folder', () => {
  it('writes a file again only when its content changed since it last wrote it', async () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-served-'));
    made.push(outDir);
    const ctx = {} as BuildContext;
    const settle = async (parts: Record<string, string>, entry: string) => {
      expect(await emitServedSearchIndexes(withIndex(ctx, parts, entry), outDir)).toBe(true);
    };
    await settle({ 'docgen-data/search/en/0.0.json': '["a"]', 'docgen-data/search/en/1.0.json': '["b"]', 'assets/search/en-p-1.json': '{}' }, '{"v":1}');
    const before = stamps(outDir);
    expect(Object.keys(before).sort()).toEqual(['assets/search/en-p-1.json', 'docgen-data/search-en.json', 'docgen-data/search/en/0.0.json', 'docgen-data/search/en/1.0.json']);
    expect(ctx.searchIndexes).toEqual({ '': '/docgen-data/search-en.json' });

    await settle({ 'docgen-data/search/en/0.0.json': '["a"]', 'docgen-data/search/en/1.0.json': '["B"]', 'assets/search/en-p-1.json': '{}' }, '{"v":2}');
    const after = stamps(outDir);
    const rewritten = Object.keys(after).filter((f) => after[f] !== before[f]).sort();
    expect(rewritten).toEqual(['docgen-data/search-en.json', 'docgen-data/search/en/1.0.json']);
    expect(fs.readFileSync(path.join(outDir, 'docgen-data/search/en/1.0.json'), 'utf8')).toBe('["B"]');
  });

  it('gives way between slices: no entry written, the URLs unchanged, and the next run writes the rest', async () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-served-'));
    made.push(outDir);
    const ctx = { searchIndexes: { '': '/docgen-data/search-en.json?v=1' } } as unknown as BuildContext;
    const parts = { 'docgen-data/search/en/0.0.json': '["a"]', 'docgen-data/search/en/1.0.json': '["b"]', 'assets/search/en-p-1.json': '{}' };
    let asked = 0;
    const done = await emitServedSearchIndexes(withIndex(ctx, parts, '{"v":1}'), outDir, { sliceMs: 0, giveWay: () => ++asked === 2 });
    expect(done).toBe(false);
    const first = stamps(outDir);
    // Two files, one slice each, then it gave way before the third and the entry.
    expect(Object.keys(first).sort()).toEqual(['docgen-data/search/en/0.0.json', 'docgen-data/search/en/1.0.json']);
    expect(ctx.searchIndexes).toEqual({ '': '/docgen-data/search-en.json?v=1' });

    expect(await emitServedSearchIndexes(ctx, outDir, { sliceMs: 0 })).toBe(true);
    const after = stamps(outDir);
    expect(Object.keys(after).sort()).toEqual(['assets/search/en-p-1.json', 'docgen-data/search-en.json', 'docgen-data/search/en/0.0.json', 'docgen-data/search/en/1.0.json']);
    // What the first run wrote was not written again.
    expect(after['docgen-data/search/en/0.0.json']).toBe(first['docgen-data/search/en/0.0.json']);
    expect(ctx.searchIndexes).toEqual({ '': '/docgen-data/search-en.json' });
  });
});
