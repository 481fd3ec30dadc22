import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../config/index.js';
import { DocgenError } from '../../shared/errors.js';
import { checkOutDir, createTempOutput, OUTPUT_MARKER, recoverInterrupted, removeTemporaries, swapOutput, trackTemporary } from './output-dir.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A site with two locales in a fresh temporary folder. */
function site(extra: Record<string, unknown> = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-outdir-'));
  made.push(root);
  for (const lang of ['en', 'zh']) {
    fs.mkdirSync(path.join(root, lang));
    fs.writeFileSync(path.join(root, lang, 'index.md'), '# Home\n');
  }
  fs.mkdirSync(path.join(root, 'public'));
  const raw = { locales: [{ lang: 'en', label: 'English' }, { lang: 'zh', label: '中文' }], ...extra };
  return { root, config: (outDir: string) => resolveConfig({ ...raw, outDir }, { root }) };
}

function refusal(run: () => void): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DocgenError);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('checkOutDir', () => {
  it('refuses the root, a folder around it, public/, the theme folder and content folders', () => {
    const { root, config } = site();
    expect(refusal(() => checkOutDir(config('.')))).toMatch(/outDir .* is the site root/);
    expect(refusal(() => checkOutDir(config('..')))).toMatch(/contains the site root/);
    expect(refusal(() => checkOutDir(config('public')))).toMatch(/is the public folder/);
    expect(refusal(() => checkOutDir(config('public/out')))).toMatch(/lies inside the public folder/);
    expect(refusal(() => checkOutDir(config('theme')))).toMatch(/is the theme folder/);
    expect(refusal(() => checkOutDir(config('en')))).toMatch(/is the content folder of locale en/);
    expect(refusal(() => checkOutDir(config('zh/dist')))).toMatch(/lies inside the content folder of locale zh/);
    expect(refusal(() => checkOutDir(config(path.parse(root).root)))).toMatch(/is a filesystem root/);
    expect(refusal(() => checkOutDir(config(os.homedir())))).toMatch(/home folder/);
    expect(() => checkOutDir(config('dist'))).not.toThrow();
  });

  it('names the flag that set the folder', () => {
    const { config } = site();
    expect(refusal(() => checkOutDir(config('.'), { option: '--out-dir' }))).toMatch(/^--out-dir /);
  });

  it('replaces a folder with the marker, an empty one, and one inside the cache; refuses any other', () => {
    const { root, config } = site();
    const out = path.join(root, 'out');
    fs.mkdirSync(out);
    expect(() => checkOutDir(config('out'))).not.toThrow();
    fs.writeFileSync(path.join(out, 'notes.txt'), 'mine');
    expect(refusal(() => checkOutDir(config('out')))).toMatch(/was not made by docgen .*--empty-out-dir/);
    expect(() => checkOutDir(config('out'), { emptyOutDir: true })).not.toThrow();
    fs.writeFileSync(path.join(out, OUTPUT_MARKER), '');
    expect(() => checkOutDir(config('out'))).not.toThrow();
    const cached = path.join(root, 'node_modules/.cache/docgen/dev-dist');
    fs.mkdirSync(cached, { recursive: true });
    fs.writeFileSync(path.join(cached, 'index.html'), '');
    expect(() => checkOutDir(config(cached))).not.toThrow();
  });

  it('never empties a folder holding sources, even with --empty-out-dir', () => {
    const { root, config } = site();
    fs.mkdirSync(path.join(root, 'docs/deep'), { recursive: true });
    fs.writeFileSync(path.join(root, 'docs/deep/page.mdx'), '# Page\n');
    expect(refusal(() => checkOutDir(config('docs'), { emptyOutDir: true }))).toMatch(/holds .*page\.mdx, which looks like a source file/);
    fs.mkdirSync(path.join(root, 'repo/.git'), { recursive: true });
    expect(refusal(() => checkOutDir(config('repo'), { emptyOutDir: true }))).toMatch(/\.git/);
  });

  it('refuses a file', () => {
    const { root, config } = site();
    fs.writeFileSync(path.join(root, 'out'), 'x');
    expect(refusal(() => checkOutDir(config('out')))).toMatch(/is a file/);
  });
});

describe('interrupted builds', () => {
  it('removes temporaries of dead processes, keeps those of live ones, and undoes a half swap', () => {
    const { root } = site();
    const outDir = path.join(root, 'dist');
    const cacheDir = path.join(root, 'node_modules/.cache/docgen');
    const dead = 2 ** 22 + 12345; // above Linux's default pid_max: no such process
    const mk = (name: string, marker = true) => {
      fs.mkdirSync(path.join(root, name), { recursive: true });
      if (marker) fs.writeFileSync(path.join(root, name, OUTPUT_MARKER), '');
      fs.writeFileSync(path.join(root, name, 'index.html'), name);
    };
    mk(`dist.tmp-${dead}-1`);
    mk(`dist.tmp-${process.pid}-2`); // a build of this process, still running
    mk(`dist.tmp-${dead}-3`, false); // not docgen's: left alone
    mk(`dist.old-${dead}-4`); // the previous output, renamed aside by a build killed mid-swap
    mk(`node_modules/.cache/docgen/ssr-${dead}-5`, false);
    // A build state half written by a process that is gone, and one being written by this process.
    fs.writeFileSync(path.join(cacheDir, `build-state.json.${dead}.tmp`), '{"ke');
    fs.writeFileSync(path.join(cacheDir, `build-state.json.${process.pid}.tmp`), '{"ke');
    recoverInterrupted(outDir, cacheDir);
    expect(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8')).toBe(`dist.old-${dead}-4`);
    expect(fs.readdirSync(root).filter((n) => n.startsWith('dist.')).sort()).toEqual([`dist.tmp-${dead}-3`, `dist.tmp-${process.pid}-2`].sort());
    expect(fs.readdirSync(cacheDir)).toEqual([`build-state.json.${process.pid}.tmp`]);
  });

  it('swaps a new output in and removes the temporaries of this process on demand', () => {
    const { root } = site();
    const outDir = path.join(root, 'dist');
    fs.mkdirSync(outDir);
    fs.writeFileSync(path.join(outDir, 'old.html'), '');
    const tmp = createTempOutput(outDir);
    fs.writeFileSync(path.join(tmp, 'new.html'), '');
    swapOutput(tmp, outDir);
    expect(fs.readdirSync(outDir).sort()).toEqual([OUTPUT_MARKER, 'new.html']);
    const other = createTempOutput(outDir);
    trackTemporary(other);
    removeTemporaries();
    expect(fs.existsSync(other)).toBe(false);
    expect(fs.existsSync(outDir)).toBe(true);
  });
});
