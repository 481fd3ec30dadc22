import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPageCompiler, folderCompilerOptions } from '../markdown/compile-page.js';
import { StandInMemo, standInPage } from './stand-in-page.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-stand-in-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const page = (name: string, source: string) => {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, source);
  return file;
};

describe('standInPage', () => {
  // Each case: the stand-in's title is the one the compiler gives the page.
  const cases: [string, string][] = [
    ['front-matter.md', '---\ntitle: From front matter\n---\n\n# A heading\n'],
    ['inline.md', '# The `docgen` **CLI** and [its flags](https://example.com/flags)\n\nText.\n'],
    ['fenced.md', '```md\n# Not a title\n```\n\n~~~\n# Nor this\n~~~\n\n# The real title\n'],
    ['closing-hashes.md', '# Closed heading ##\n'],
    ['custom-id.md', '# With an id {#custom}\n'],
    ['no-heading.md', 'Just a paragraph.\n'],
    ['section/index.md', 'No heading in an index page.\n'],
  ];
  const compiler = createPageCompiler(folderCompilerOptions(dir));
  for (const [name, source] of cases) {
    it(`titles ${name} as the compiler does`, async () => {
      const file = page(name, source);
      const compiled = await compiler.compile(file, source);
      expect(standInPage(file).title).toBe(compiled.title);
    });
  }

  it('keeps valid front matter and leaves a broken one to the compiler', () => {
    expect(standInPage(page('fm.md', '---\nsidebar: false\noverview: true\n---\n# T\n')).frontmatter).toEqual({ sidebar: false, overview: true });
    const broken = standInPage(page('broken.md', '---\ntitle: [unclosed\n# a YAML comment\n---\n# Still titled\n'));
    expect(broken.frontmatter).toEqual({});
    expect(broken.title).toBe('Still titled');
  });
});

describe('StandInMemo', () => {
  const memoFile = path.join(dir, 'memo', 'stand-ins.json');

  it('reuses a stand-in while the file keeps its time and size, and makes it again when either changes', () => {
    const file = page('memo/a.md', '# First title\n');
    // Whole seconds: a time set again later compares equal (the first write's has sub-millisecond digits).
    const mtime = new Date(1_700_000_000_000);
    fs.utimesSync(file, mtime, mtime);
    const first = new StandInMemo(memoFile, 'stamp', dir);
    expect(first.standIn(file).title).toBe('First title');
    first.save();
    // Same size and time, other text: the memo's stand-in is the one shown (the background compile corrects it).
    fs.writeFileSync(file, '# Other title\n');
    fs.utimesSync(file, mtime, mtime);
    expect(new StandInMemo(memoFile, 'stamp', dir).standIn(file).title).toBe('First title');
    // A new time: read again.
    fs.utimesSync(file, mtime, new Date(mtime.getTime() + 2000));
    const second = new StandInMemo(memoFile, 'stamp', dir);
    expect(second.standIn(file).title).toBe('Other title');
    second.save();
    // A new size with the time kept: read again too.
    fs.writeFileSync(file, '# Third title, longer\n');
    fs.utimesSync(file, mtime, new Date(mtime.getTime() + 2000));
    expect(new StandInMemo(memoFile, 'stamp', dir).standIn(file).title).toBe('Third title, longer');
  });

  it('keeps front matter, and uses no memo of another stamp or a damaged one', () => {
    const file = page('memo/b.md', '---\ntitle: Before\norder: 2\n---\n# Heading\n');
    const mtime = new Date(1_700_000_000_000);
    fs.utimesSync(file, mtime, mtime);
    const memo = new StandInMemo(memoFile, 'stamp', dir);
    memo.standIn(file);
    memo.save();
    fs.writeFileSync(file, '---\ntitle: Latter\norder: 3\n---\n# Heading\n');
    fs.utimesSync(file, mtime, mtime);
    expect(new StandInMemo(memoFile, 'stamp', dir).standIn(file)).toMatchObject({ title: 'Before', frontmatter: { title: 'Before', order: 2 } });
    expect(new StandInMemo(memoFile, 'other stamp', dir).standIn(file)).toMatchObject({ title: 'Latter', frontmatter: { order: 3 } });
    fs.appendFileSync(memoFile, ' ');
    expect(new StandInMemo(memoFile, 'stamp', dir).standIn(file).title).toBe('Latter');
  });
});
