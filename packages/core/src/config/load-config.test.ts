import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DocgenError } from '../shared/errors.js';
import { loadConfig } from './load-config.js';

let root: string;
const kept = () => path.join(root, 'node_modules/.cache/docgen/config.json');
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
/** Replaces `from` by `to` in the kept bundle's code: what a load that reuses it returns shows the change. */
const tamperKeptCode = (from: string, to: string) => {
  const bundle = JSON.parse(fs.readFileSync(kept(), 'utf8')) as { code: string };
  expect(bundle.code).toContain(from);
  fs.writeFileSync(kept(), JSON.stringify({ ...bundle, code: bundle.code.replace(from, to) }));
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-load-config-'));
  write('docgen.config.ts', `import { title } from './site/title';\nexport default { title: title + ' docs' };\n`);
  write('site/title.ts', `export const title: string = 'Alpha';\n`);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the kept config bundle', () => {
  it('is reused while its files are unchanged', async () => {
    expect((await loadConfig(root)).title).toBe('Alpha docs');
    expect(fs.existsSync(kept())).toBe(true);
    tamperKeptCode('"Alpha"', '"Kept"');
    expect((await loadConfig(root)).title).toBe('Kept docs');
    // Nothing is left beside the config.
    expect(fs.readdirSync(root).sort()).toEqual(['docgen.config.ts', 'node_modules', 'site']);
  });

  it('is made again when a module the config imports changes', async () => {
    await loadConfig(root);
    write('site/title.ts', `export const title: string = 'Beta';\n`);
    expect((await loadConfig(root)).title).toBe('Beta docs');
    write('site/title.ts', `export const title: string = 'Gamma';\n`);
    expect((await loadConfig(root)).title).toBe('Gamma docs');
  });

  it('is made again when a tsconfig.json appears beside a module (its settings apply to the bundle)', async () => {
    write('site/title.ts', `import { suffix } from '@lib/suffix';\nexport const title: string = 'Alpha' + suffix;\n`);
    write('lib/suffix.ts', `export const suffix = '!';\n`);
    write('tsconfig.json', JSON.stringify({ compilerOptions: { paths: { '@lib/*': ['./lib/*'] } } }));
    expect((await loadConfig(root)).title).toBe('Alpha! docs');
    write('lib2/suffix.ts', `export const suffix = '?';\n`);
    write('tsconfig.json', JSON.stringify({ compilerOptions: { paths: { '@lib/*': ['./lib2/*'] } } }));
    expect((await loadConfig(root)).title).toBe('Alpha? docs');
  });

  it('is not read or written with cache: false', async () => {
    await loadConfig(root);
    tamperKeptCode('"Alpha"', '"Kept"');
    expect((await loadConfig(root, { cache: false })).title).toBe('Alpha docs');
    fs.rmSync(kept());
    await loadConfig(root, { cache: false });
    expect(fs.existsSync(kept())).toBe(false);
  });

  it('is made again when it is damaged', async () => {
    await loadConfig(root);
    fs.writeFileSync(kept(), '{"docgen": "x", "co');
    expect((await loadConfig(root)).title).toBe('Alpha docs');
    expect(JSON.parse(fs.readFileSync(kept(), 'utf8'))).toMatchObject({ file: path.join(root, 'docgen.config.ts') });
  });

  it('is not kept for a config that fails, and a fixed config loads', async () => {
    write('docgen.config.ts', `export default { title: 'x' ;\n`);
    await expect(loadConfig(root)).rejects.toThrow(DocgenError);
    expect(fs.existsSync(kept())).toBe(false);
    write('docgen.config.ts', `export default { title: 'Fixed' };\n`);
    expect((await loadConfig(root)).title).toBe('Fixed');
  });

  it('is not kept for a config that throws, which is reported at its own line with nothing left beside it', async () => {
    write('docgen.config.ts', `import { title } from './site/title';\nconst x: number = 1;\nif (x) throw new Error('boom ' + title);\nexport default { title };\n`);
    const error = await loadConfig(root).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocgenError);
    expect((error as DocgenError).message).toMatch(/docgen\.config\.ts:3:\d+: the config file failed to load: boom Alpha/);
    expect(fs.existsSync(kept())).toBe(false);
    expect(fs.readdirSync(root).sort()).toEqual(['docgen.config.ts', 'site']);
  });
});
