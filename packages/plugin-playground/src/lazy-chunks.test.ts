import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleLazyChunks, type LazyChunks } from './lazy-chunks.js';

let cacheDir: string;
let bundled: LazyChunks;
const keptFile = () => path.join(cacheDir, 'lazy-chunks.json');
/** Appends a mark to the kept editor chunk, with its hash recorded anew, so that it is still a valid copy. */
const markKeptEditor = () => {
  const kept = JSON.parse(fs.readFileSync(keptFile(), 'utf8')) as { chunks: { editor: { copy: string; sha256: string } } };
  const copy = path.join(cacheDir, kept.chunks.editor.copy);
  const marked = Buffer.concat([fs.readFileSync(copy), Buffer.from('\n// kept\n')]);
  fs.writeFileSync(copy, marked);
  kept.chunks.editor.sha256 = crypto.createHash('sha256').update(marked).digest('hex');
  fs.writeFileSync(keptFile(), JSON.stringify(kept));
};
const text = (chunks: LazyChunks) => [chunks.editor, chunks.compiler].map((c) => `${c.file}\n${Buffer.from(c.contents).toString('utf8')}`);

beforeAll(async () => {
  cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-playground-chunks-'));
  bundled = await bundleLazyChunks(cacheDir);
}, 120_000);
afterAll(() => fs.rmSync(cacheDir, { recursive: true, force: true }));

describe('the kept lazy chunks', () => {
  it('are the chunks bundled, kept with the files they were made from', () => {
    const kept = JSON.parse(fs.readFileSync(keptFile(), 'utf8')) as { inputs: [string, number, number][] };
    expect(kept.inputs.some(([file]) => file.endsWith(path.join('runtime', 'lazy', 'editor.ts')))).toBe(true);
    expect(bundled.editor.file).toMatch(/^assets\/playground\/editor-\w+\.js$/);
  });

  it('are taken from the cache folder while their inputs are unchanged', async () => {
    // Mark the kept copy: a load that reuses it returns the mark.
    markKeptEditor();
    const again = await bundleLazyChunks(cacheDir);
    expect(Buffer.from(again.editor.contents).toString('utf8').endsWith('// kept\n')).toBe(true);
  });

  it('are bundled again when a kept copy is damaged, and then equal the first bundle', async () => {
    const kept = JSON.parse(fs.readFileSync(keptFile(), 'utf8')) as { chunks: { compiler: { copy: string } } };
    fs.writeFileSync(path.join(cacheDir, kept.chunks.compiler.copy), 'damaged');
    const again = await bundleLazyChunks(cacheDir);
    expect(text(again)).toEqual(text(bundled));
  }, 120_000);

  it('are bundled again when an input changed (its mtime here), or when the record is not whole', async () => {
    const kept = JSON.parse(fs.readFileSync(keptFile(), 'utf8')) as { inputs: [string, number, number][]; chunks: { editor: { copy: string } } };
    fs.appendFileSync(path.join(cacheDir, kept.chunks.editor.copy), '\n// kept\n');
    kept.inputs[0][2] -= 1000;
    fs.writeFileSync(keptFile(), JSON.stringify(kept));
    expect(text(await bundleLazyChunks(cacheDir))).toEqual(text(bundled));
    fs.writeFileSync(keptFile(), '{"format":1,"inp');
    expect(text(await bundleLazyChunks(cacheDir))).toEqual(text(bundled));
    expect(() => JSON.parse(fs.readFileSync(keptFile(), 'utf8'))).not.toThrow();
  }, 120_000);

  it('are not read without a cache folder (null: --no-cache)', async () => {
    // The kept record is whole again after the last test.
    markKeptEditor();
    const before = fs.readFileSync(keptFile(), 'utf8');
    expect(text(await bundleLazyChunks(null))).toEqual(text(bundled));
    expect(fs.readFileSync(keptFile(), 'utf8')).toBe(before);
  }, 120_000);
});
