/**
 * Broken relative links at each `checkDeadLinks` level (true: error, 'warn': a located warning, false:
 * nothing), through the page compiler; what is always an error whatever the level (an unsafe scheme, a file
 * outside the site).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocgenError } from '../../shared/errors.js';
import { createPageCompiler, folderCompilerOptions } from './compile-page.js';

const PAGE = '# Links\n\nTo [gone](./gone.md), to [a folder](./sub/), to [nul](./a%00b.md) and [a fragment](./_part.md).\n';

describe('remarkLinks at each checkDeadLinks level', () => {
  let dir: string;
  let file: string;
  const compile = (checkDeadLinks: boolean | 'warn', source = PAGE) =>
    createPageCompiler({ ...folderCompilerOptions(dir), checkDeadLinks }).compile(file, source);

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-remark-links-'));
    file = path.join(dir, 'page.md');
    fs.mkdirSync(path.join(dir, 'sub'));
    fs.writeFileSync(path.join(dir, 'sub/index.md'), '# Sub\n');
    fs.writeFileSync(path.join(dir, '_part.md'), 'A fragment.\n');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('fails at the first dead link at true', async () => {
    const error = await compile(true).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DocgenError);
    expect((error as DocgenError).message).toMatch(/page\.md:3:4: Broken link: \.\/gone\.md \(\S+gone\.md does not exist\)/);
  });

  it("warns about each one at its place at 'warn', and keeps no NUL path as a dependency", async () => {
    const page = await compile('warn');
    expect(page.warnings.map((w) => [w.message, w.location?.line, w.location?.column])).toEqual([
      [expect.stringMatching(/^Broken link: \.\/gone\.md \(\S+ does not exist\)$/), 3, 4],
      [expect.stringMatching(/^Broken link: \.\/sub\/ \(\S+sub is a folder: link to a page in it, such as its index\.md\)$/), 3, 26],
      ['Broken link: ./a%00b.md (no file name holds a NUL character)', 3, 49],
      ['Link ./_part.md points to a file that is a fragment (its name starts with _), not a route', 3, 71],
    ]);
    expect(page.dependencies.some((d) => d.includes('\0'))).toBe(false);
  });

  it('says nothing at false', async () => {
    expect((await compile(false)).warnings).toEqual([]);
  });

  it('refuses unsafe schemes and files outside the site at every level', async () => {
    for (const level of [true, 'warn', false] as const) {
      await expect(compile(level, '# X\n\n[x](vbscript:x)\n')).rejects.toThrow(/3:1: Link URL with the vbscript: scheme/);
      await expect(compile(level, '# X\n\n[x](../outside.txt)\n')).rejects.toThrow(/3:1: Link \.\.\/outside\.txt lies outside the site/);
    }
  });
});
