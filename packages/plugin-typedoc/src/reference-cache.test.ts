import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheFile, hashFiles, readCachedReference, settingsKey, stableJson, toolVersions, writeCachedReference, type GeneratedReference } from './reference-cache.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-typedoc-cache-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const versions = { typedoc: '0.28.20', 'typedoc-plugin-markdown': '4.14.1', typescript: '5.9.3' };

describe('settingsKey', () => {
  it('depends on the settings and the versions, not on the order of object keys', () => {
    const settings = { entryPoints: [{ path: '/a/src/index.ts' }], tsconfigs: ['/a/tsconfig.json'], typedocOptions: { readme: 'none', excludePrivate: true } };
    const key = settingsKey(settings, versions);
    expect(settingsKey({ typedocOptions: { excludePrivate: true, readme: 'none' }, tsconfigs: ['/a/tsconfig.json'], entryPoints: [{ path: '/a/src/index.ts' }] }, versions)).toBe(key);
    expect(settingsKey({ ...settings, typedocOptions: { readme: 'none', excludePrivate: false } }, versions)).not.toBe(key);
    expect(settingsKey({ ...settings, entryPoints: [{ path: '/a/src/index.ts', name: 'a' }] }, versions)).not.toBe(key);
    expect(settingsKey(settings, { ...versions, typedoc: '0.28.21' })).not.toBe(key);
    expect(settingsKey(settings, { ...versions, typescript: '5.9.4' })).not.toBe(key);
  });

  it('sorts keys at every depth, not arrays', () => {
    expect(stableJson({ b: { d: 1, c: [2, 1] }, a: null })).toBe('{"a":null,"b":{"c":[2,1],"d":1}}');
  });

  it('reads the installed versions of the three tools', () => {
    const found = toolVersions();
    expect(Object.keys(found).sort()).toEqual(['typedoc', 'typedoc-plugin-markdown', 'typescript']);
    expect(found.typedoc).toBe('0.28.20');
    expect(found['typedoc-plugin-markdown']).toBe('4.14.1');
    expect(found.typescript).toMatch(/^5\.\d+\.\d+/);
  });
});

describe('the cache file', () => {
  const source = () => path.join(dir, 'src.ts');
  const reference = (): GeneratedReference => ({
    projectName: 'lib',
    pages: [{ file: 'README.md', content: '# lib\n' }],
    navigation: [{ title: 'Functions', children: [{ title: 'f', path: 'functions/f.md' }] }],
    warnings: ['src.ts:1:1: something'],
    inputs: [source(), path.join(dir, 'not-yet.ts')],
  });

  it('is a miss without an entry, a hit while the inputs and key stay, a miss after either changes', () => {
    const cache = path.join(dir, 'cache');
    fs.writeFileSync(source(), 'export const a = 1;');
    expect(readCachedReference(cache, 'k1')).toEqual({ kind: 'miss', reason: 'no entry' });
    writeCachedReference(cache, 'k1', reference());
    expect(readCachedReference(cache, 'k1')).toEqual({ kind: 'hit', reference: reference() });
    expect(readCachedReference(cache, 'k2')).toEqual({ kind: 'miss', reason: 'settings changed' });
    fs.writeFileSync(source(), 'export const a = 22;');
    expect(readCachedReference(cache, 'k1')).toEqual({ kind: 'miss', reason: 'sources changed' });
  });

  it('hashes again only the inputs whose size or mtime changed', () => {
    const cache = path.join(dir, 'cache');
    fs.writeFileSync(source(), 'export const a = 1;');
    const recorded = new Date('2026-01-01T00:00:00Z');
    fs.utimesSync(source(), recorded, recorded);
    writeCachedReference(cache, 'k', reference());
    // Touched without a change: hashed again, the same hash, a hit.
    fs.utimesSync(source(), new Date(), new Date());
    expect(readCachedReference(cache, 'k')).toMatchObject({ kind: 'hit' });
    // Changed, same size, new mtime: a miss.
    fs.writeFileSync(source(), 'export const a = 2;');
    fs.utimesSync(source(), new Date('2026-02-01T00:00:00Z'), new Date('2026-02-01T00:00:00Z'));
    expect(readCachedReference(cache, 'k')).toEqual({ kind: 'miss', reason: 'sources changed' });
    // Changed with the size and mtime the entry recorded: taken as unchanged, not read (what makes a hit cheap).
    fs.utimesSync(source(), recorded, recorded);
    expect(readCachedReference(cache, 'k')).toMatchObject({ kind: 'hit' });
  });

  it('is a miss when an input that was missing appears (module resolution may now find it)', () => {
    const cache = path.join(dir, 'cache');
    fs.writeFileSync(source(), 'export const a = 1;');
    writeCachedReference(cache, 'k', reference());
    fs.writeFileSync(path.join(dir, 'not-yet.ts'), '');
    expect(readCachedReference(cache, 'k')).toEqual({ kind: 'miss', reason: 'sources changed' });
  });

  it('is a miss, not corrupt, when another version of the plugin wrote the file in another format', () => {
    const cache = path.join(dir, 'cache');
    fs.mkdirSync(cache);
    fs.writeFileSync(cacheFile(cache), JSON.stringify({ format: 1, settingsKey: 'k', hashes: [[source(), 'missing']] }));
    expect(readCachedReference(cache, 'k')).toEqual({ kind: 'miss', reason: 'settings changed' });
  });

  it('reports a corrupt file instead of using it', () => {
    const cache = path.join(dir, 'cache');
    fs.mkdirSync(cache);
    fs.writeFileSync(cacheFile(cache), '{"format":2,');
    expect(readCachedReference(cache, 'k')).toMatchObject({ kind: 'corrupt', message: expect.stringContaining('is not valid JSON') });
    fs.writeFileSync(cacheFile(cache), '{"format":2,"pages":3}');
    expect(readCachedReference(cache, 'k')).toMatchObject({ kind: 'corrupt', message: expect.stringContaining('does not have the shape') });
  });
});

describe('hashFiles', () => {
  it('hashes contents, with missing for a file that does not exist', () => {
    const a = path.join(dir, 'a.ts');
    fs.writeFileSync(a, 'abc');
    expect(hashFiles([a, path.join(dir, 'b.ts')])).toEqual([
      [a, 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
      [path.join(dir, 'b.ts'), 'missing'],
    ]);
  });
});
