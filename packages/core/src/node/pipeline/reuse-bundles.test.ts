import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inputHasher } from './reuse-bundles.js';

describe('inputHasher', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-inputs-'));
    fs.writeFileSync(path.join(root, 'a.ts'), 'export const a = 1;\n');
    fs.writeFileSync(path.join(root, 'b.ts'), 'export const b = 2;\n');
    fs.mkdirSync(path.join(root, 'folder'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const none = async () => undefined;
  const virtual = async (namespace: string, name: string) => (namespace === 'docgen-page' ? `code of ${name}` : undefined);

  it('hashes the same inputs in any order alike, and differently once a file changes', async () => {
    const first = await inputHasher(root, virtual)(['a.ts', 'b.ts', 'docgen-page:/site/en/a.md']);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(await inputHasher(root, virtual)(['docgen-page:/site/en/a.md', 'b.ts', 'a.ts'])).toBe(first);
    fs.writeFileSync(path.join(root, 'b.ts'), 'export const b = 3;\n');
    expect(await inputHasher(root, virtual)(['a.ts', 'b.ts', 'docgen-page:/site/en/a.md'])).not.toBe(first);
  });

  it('hashes a missing file as missing, so that it appearing changes the hash', async () => {
    const without = await inputHasher(root, none)(['a.ts', 'c.ts']);
    expect(without).toMatch(/^[0-9a-f]{64}$/);
    fs.writeFileSync(path.join(root, 'c.ts'), 'export const c = 1;\n');
    expect(await inputHasher(root, none)(['a.ts', 'c.ts'])).not.toBe(without);
  });

  it('gives undefined for an input it cannot say, and rejects with a read that fails', async () => {
    // Sorted, the virtual input comes first: the call returns before it awaits the folder's read, which
    // fails after it (EISDIR). That failure must not become an unhandled rejection (Vitest fails the run).
    expect(await inputHasher(root, none)(['aaa:virtual', 'folder'])).toBeUndefined();
    await expect(inputHasher(root, none)(['folder'])).rejects.toMatchObject({ code: 'EISDIR' });
  });
});
