import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commitOutput, createOutputUpdate, saveOutputState, writeOutputFile } from './update-output.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A folder holding `files` (relative path → content). */
function folder(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-update-'));
  made.push(dir);
  for (const [relative, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
    fs.writeFileSync(path.join(dir, relative), content);
  }
  return dir;
}

/** Relative path → content of every file under `dir`. */
function contents(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const relative of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const file = path.join(dir, relative);
    if (fs.statSync(file).isFile()) out[relative.split(path.sep).join('/')] = fs.readFileSync(file, 'utf8');
  }
  return out;
}

describe('commitOutput', () => {
  it('moves the staged files in, leaves the kept ones untouched and removes every other file and the folders left empty', () => {
    const outDir = folder({ 'a.html': 'old a', 'keep/b.html': 'b', 'gone/c.html': 'c', 'stray.txt': 'not in the new output' });
    const staging = folder({ 'a.html': 'new a', 'new/d.html': 'd' });
    const kept = fs.statSync(path.join(outDir, 'keep/b.html'));
    const staged = commitOutput(staging, outDir, new Set(['keep/b.html']));
    expect(staged.sort()).toEqual(['a.html', 'new/d.html']);
    expect(contents(outDir)).toEqual({ 'a.html': 'new a', 'keep/b.html': 'b', 'new/d.html': 'd' });
    expect(fs.existsSync(path.join(outDir, 'gone'))).toBe(false);
    const after = fs.statSync(path.join(outDir, 'keep/b.html'));
    expect([after.ino, after.mtimeMs]).toEqual([kept.ino, kept.mtimeMs]);
    expect(fs.existsSync(staging)).toBe(false);
  });

  it('swaps the staging folder in whole when nothing is kept', () => {
    const outDir = folder({ 'old.html': 'old' });
    const staging = folder({ 'new.html': 'new' });
    commitOutput(staging, outDir, new Set());
    expect(contents(outDir)).toEqual({ 'new.html': 'new' });
    expect(fs.existsSync(staging)).toBe(false);
  });

  it('swaps in whole, with the kept files, when a folder is where a new file goes or a file where a new folder goes', () => {
    for (const [old, fresh] of [
      [{ 'page/index.html': 'a folder at the place of page' }, { page: 'now a file' }],
      [{ page: 'a file at the place of a folder' }, { 'page/index.html': 'now a folder' }],
    ] as Record<string, string>[][]) {
      const outDir = folder({ ...old, 'kept.html': 'kept' });
      const staging = folder(fresh);
      commitOutput(staging, outDir, new Set(['kept.html']));
      expect(contents(outDir)).toEqual({ ...fresh, 'kept.html': 'kept' });
    }
  });
});

describe('writeOutputFile', () => {
  it('keeps a file the last build wrote with the same content and left as it was; writes it when either changed', async () => {
    const outDir = folder({});
    const stateFile = path.join(folder({}), 'output-state.json');
    const build = async (files: Record<string, string>, edit?: () => void) => {
      const update = createOutputUpdate(outDir, stateFile);
      const staging = folder({});
      await Promise.all(Object.entries(files).map(([relative, data]) => writeOutputFile(update, staging, relative, data)));
      edit?.();
      const staged = commitOutput(staging, outDir, update.kept);
      saveOutputState(stateFile, update, staged);
      return { kept: [...update.kept].sort(), staged: staged.sort() };
    };
    expect(await build({ 'a.json': 'A', 'b.json': 'B' })).toEqual({ kept: [], staged: ['a.json', 'b.json'] });
    expect(await build({ 'a.json': 'A', 'b.json': 'B2' })).toEqual({ kept: ['a.json'], staged: ['b.json'] });
    expect(contents(outDir)).toEqual({ 'a.json': 'A', 'b.json': 'B2' });
    // Changed in the output since (same size: the mtime tells): written again.
    fs.writeFileSync(path.join(outDir, 'a.json'), 'X');
    fs.utimesSync(path.join(outDir, 'a.json'), new Date(), new Date(Date.now() + 5000));
    expect(await build({ 'a.json': 'A', 'b.json': 'B2' })).toEqual({ kept: ['b.json'], staged: ['a.json'] });
    expect(contents(outDir)).toEqual({ 'a.json': 'A', 'b.json': 'B2' });
    // A file the new output does not write goes.
    expect(await build({ 'a.json': 'A' })).toEqual({ kept: ['a.json'], staged: [] });
    expect(contents(outDir)).toEqual({ 'a.json': 'A' });
    // A record made for another output folder is not used.
    expect(createOutputUpdate(path.join(outDir, 'other'), stateFile).last).toBeUndefined();
    // Nor one whose columns disagree (a damaged file): every file is written again.
    const state = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
    expect(state.names).toEqual(['a.json']);
    fs.writeFileSync(stateFile, JSON.stringify({ ...state, hashes: [] }));
    expect(createOutputUpdate(outDir, stateFile).last).toBeUndefined();
    expect(await build({ 'a.json': 'A' })).toEqual({ kept: [], staged: ['a.json'] });
  });
});
