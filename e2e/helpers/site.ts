/** Builds sites in temporary folders for tests. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const docsRoot = path.join(repoRoot, 'docs');
export const fixturesRoot = path.join(repoRoot, 'e2e/fixtures');

/** Copies fixture `name` into a fresh temporary folder and returns its path. */
export function copyFixture(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `dg-${name}-`));
  fs.cpSync(path.join(fixturesRoot, name), dir, { recursive: true });
  return dir;
}

/** Walks `dir` and returns the relative paths of its files, sorted. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(path.relative(dir, p).split(path.sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}
