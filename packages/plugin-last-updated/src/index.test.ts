import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, resolveConfig } from '@docgen/core';
import { commitTimes, pluginLastUpdated } from './index.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'dg-last-updated-')));
  made.push(dir);
  return dir;
}

/** Commits `files` at `date` (ISO) in the repository at `dir`. */
function commit(dir: string, files: Record<string, string>, date: string): void {
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  const env = { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
  execFileSync('git', ['add', '.'], { cwd: dir, env });
  execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', date], { cwd: dir, env });
}

describe('pluginLastUpdated', () => {
  it('shows the last commit time of each page, and the modification time of a file git does not track', async () => {
    const repo = tempDir();
    execFileSync('git', ['init', '-q'], { cwd: repo });
    // The site is a folder of the repository, as docs/ is in most projects.
    commit(repo, { 'docs/index.md': '# Home\n', 'docs/guide/a.md': '# A\n', 'docs/guide/页面.md': '# 页面\n', 'README.md': 'x' }, '2024-03-05T12:00:00Z');
    commit(repo, { 'docs/guide/a.md': '# A\n\nChanged.\n' }, '2025-01-02T08:30:00Z');
    const site = path.join(repo, 'docs');
    fs.writeFileSync(path.join(site, 'draft.md'), '# Draft\n');
    fs.utimesSync(path.join(site, 'draft.md'), new Date('2023-07-01T00:00:00Z'), new Date('2023-07-01T00:00:00Z'));

    const config = resolveConfig({ title: 'T', plugins: [pluginLastUpdated()] }, { root: site });
    await build({ root: site, config, log: false });
    const shown = (file: string) => /<time dateTime="([^"]+)"/.exec(fs.readFileSync(path.join(site, 'dist', file), 'utf8'))?.[1];
    expect(shown('guide/a.html')).toBe('2025-01-02T08:30:00.000Z');
    expect(shown('guide/页面.html')).toBe('2024-03-05T12:00:00.000Z');
    expect(shown('index.html')).toBe('2024-03-05T12:00:00.000Z');
    expect(shown('draft.html')).toBe('2023-07-01T00:00:00.000Z');
    expect(fs.readFileSync(path.join(site, 'dist/guide/a.html'), 'utf8')).toContain('Last updated: <time dateTime="2025-01-02T08:30:00.000Z">Jan 2, 2025</time>');
  });

  it('uses modification times with git: false, and outside a repository', async () => {
    const site = tempDir();
    fs.writeFileSync(path.join(site, 'index.md'), '# Home\n');
    fs.utimesSync(path.join(site, 'index.md'), new Date('2022-02-02T00:00:00Z'), new Date('2022-02-02T00:00:00Z'));
    expect((await commitTimes(site)).size).toBe(0);
    for (const plugin of [pluginLastUpdated(), pluginLastUpdated({ git: false })]) {
      await build({ root: site, config: resolveConfig({ plugins: [plugin] }, { root: site }), log: false });
      expect(fs.readFileSync(path.join(site, 'dist/index.html'), 'utf8')).toContain('<time dateTime="2022-02-02T00:00:00.000Z">');
    }
  });

  it('refuses wrong options, naming the plugin and the option', () => {
    expect(() => pluginLastUpdated({ git: 'yes' as never })).toThrow('[last-updated] options: git is not a boolean');
    expect(() => pluginLastUpdated({ colour: 'red' } as never)).toThrow('[last-updated] options: colour is not a known option');
  });
});
