import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPageCompiler, folderCompilerOptions } from '../markdown/compile-page.js';
import { standInPage } from './dev-site.js';

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
