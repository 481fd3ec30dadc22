/**
 * What the compiler checks before and around a page's parse: nesting limits, front matter validation and
 * typo warnings, BOM and CRLF front matter, pages without a title, large pages, and strict UTF-8 reading.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocgenError } from '../../shared/errors.js';
import { HIGHLIGHT_MAX_LINE_LENGTH } from '../../shared/highlight.js';
import { findExcessNesting, LARGE_PAGE_BYTES, MAX_NESTING_DEPTH } from './check-nesting.js';
import { createPageCompiler, folderCompilerOptions } from './compile-page.js';
import { readPageSource } from './read-source.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-checks-'));
const compiler = createPageCompiler(folderCompilerOptions(root));
const compile = (source: string, file = 'page.md') => compiler.compile(path.join(root, file), source);

async function errorOf(source: string, file = 'page.md'): Promise<DocgenError> {
  try {
    await compile(source, file);
  } catch (error) {
    expect(error).toBeInstanceOf(DocgenError);
    return error as DocgenError;
  }
  throw new Error('expected a DocgenError');
}

const nestedList = (depth: number) => Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n');

describe('nesting limits', () => {
  it('stops deep blockquotes, lists and elements at the line and column where the limit is passed', async () => {
    const quote = await errorOf(`# Deep\n\n${'>'.repeat(20_000)} x\n`);
    expect(quote.locations[0].location).toMatchObject({ line: 3, column: MAX_NESTING_DEPTH + 1 });
    expect(quote.message).toMatch(/page\.md:3:101: blockquotes and lists nest deeper than 100 levels/);
    const list = await errorOf(`# Deep\n\n${nestedList(3000)}\n`);
    expect(list.locations[0].location?.line).toBe(3 + MAX_NESTING_DEPTH);
    const divs = await errorOf(`# Deep\n\n${'<div>'.repeat(5000)}x${'</div>'.repeat(5000)}\n`, 'page.mdx');
    expect(divs.message).toMatch(/page\.mdx:3:\d+: HTML\/JSX elements nest deeper than 100 levels/);
    expect(findExcessNesting('- - - - x', 3)).toEqual({ line: 1, column: 7, kind: 'blockquotes and lists' });
  });

  it('compiles everything just below the limit, in .md and .mdx', async () => {
    const below = MAX_NESTING_DEPTH - 1;
    for (const file of ['page.md', 'page.mdx']) {
      await expect(compile(`# Ok\n\n${'> '.repeat(below)}x\n`, file)).resolves.toBeTruthy();
      await expect(compile(`# Ok\n\n${nestedList(below)}\n`, file)).resolves.toBeTruthy();
      await expect(compile(`# Ok\n\n${'<div>'.repeat(below)}x${'</div>'.repeat(below)}\n`, file)).resolves.toBeTruthy();
      await expect(compile(`# Ok\n\n${'*a '.repeat(below)}x${' a*'.repeat(below)} ${'['.repeat(below)}x${']'.repeat(below)}\n`, file)).resolves.toBeTruthy();
    }
  });

  it('does not count code fences, void elements or closed tags', () => {
    expect(findExcessNesting(`\`\`\`\n${'> '.repeat(500)}\n\`\`\`\n`)).toBeNull();
    expect(findExcessNesting('a<br>b<img src="x">\n'.repeat(500))).toBeNull();
    expect(findExcessNesting('<span>a</span>\n'.repeat(500))).toBeNull();
    expect(findExcessNesting('- a\n- b\n'.repeat(500))).toBeNull();
    // Fences opened after container markers hide their content too.
    expect(findExcessNesting(`> \`\`\`\n> ${'> '.repeat(500)}\n> \`\`\`\n`)).toBeNull();
    expect(findExcessNesting(`- \`\`\`sh\n  ${'> '.repeat(500)}\n  \`\`\`\n`)).toBeNull();
  });

  it('follows CommonMark on where a fence ends, so deep nesting after code is still found', async () => {
    const deep = '>'.repeat(3000);
    // A fence with an info string never closes one (the fuzzer's slowest inputs: 4,791 levels got through).
    const infoString = `# A\n\n\`\`\`bash\nx\n\n\`\`\`ts title="a.ts"\ny\n\`\`\`\n\n${deep} z\n`;
    expect(findExcessNesting(infoString)).toEqual({ line: 10, column: 101, kind: 'blockquotes and lists' });
    // A shorter or other-character fence does not close it either; an info string with a backtick opens none.
    expect(findExcessNesting(`\`\`\`\`\n\`\`\`\n~~~\n\`\`\`\`\n${deep}\n`)?.line).toBe(5);
    expect(findExcessNesting(`\`\`\`a\`b\n${deep}\n`)?.line).toBe(2);
    // Four spaces at the top level make an indented code block, not a fence that would hide what follows.
    expect(findExcessNesting(`    \`\`\`\n\n${deep}\n`)?.line).toBe(3);
    // The compiler stops such a page with its place instead of recursing thousands of levels.
    expect((await errorOf(infoString)).message).toMatch(/page\.md:10:101: blockquotes and lists nest deeper/);
  });
});

describe('front matter', () => {
  it('refuses wrong types and values at the line of the key', async () => {
    const e = await errorOf('---\ntitle: Ok\npageType: nonsense\n---\n\n# A\n');
    expect(e.message).toMatch(/page\.md:3:1: front matter pageType must be one of .*doc.*home/);
    const two = await errorOf('---\ntitle: [1, 2]\nsidebar: maybe\n---\n\n# A\n');
    expect(two.locations.map((l) => [l.message, l.location?.line])).toEqual([
      ['front matter title is not a string', 2],
      ['front matter sidebar is not a boolean', 3],
    ]);
    const nested = await errorOf('---\npageType: home\nhero:\n  name: X\n  actions:\n    - text: Go\n      link: /a\n      theme: loud\n---\n');
    expect(nested.message).toMatch(/:8:1: front matter hero\.actions\[0\]\.theme must be one of brand, alt/);
  });

  it('refuses front matter that is not a mapping', async () => {
    expect((await errorOf('---\n- a\n- b\n---\n# A\n')).message).toMatch(/page\.md:2:1: Front matter must be a mapping/);
  });

  it('warns about a key a typo away from a known one, and lets other keys through', async () => {
    const page = await compile('---\ntitel: Hello\nreviewed: 2025-03-12\nmyPluginOption: 1\n---\n\n# A\n');
    expect(page.warnings.map((w) => [w.message, w.location?.line])).toEqual([['unknown front matter key `titel`: did you mean `title`?', 2]]);
    expect(page.frontmatter.myPluginOption).toBe(1);
  });

  it('keeps __proto__ a plain key', async () => {
    const page = await compile('---\n__proto__:\n  polluted: yes\ntitle: P\n---\n# A\n');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(page.frontmatter)).toBe(Object.prototype);
  });

  it('is found after a BOM and with CRLF line ends, keeping the body lines', async () => {
    const page = await compile('\ufeff---\r\ntitle: BOM page\r\n---\r\n\r\n## Part\r\n');
    expect(page.title).toBe('BOM page');
    expect(page.toc[0]).toMatchObject({ text: 'Part', id: 'part' });
    const e = await errorOf('\ufeff---\r\ntitle: x\r\n---\r\n\r\n<div>\r\n{1 +}\r\n</div>\r\n', 'page.mdx');
    expect(e.locations[0].location?.line).toBe(6);
  });
});

describe('titles and sizes', () => {
  it('names a page without a title after its file, with a warning', async () => {
    const page = await compile('Just text.\n', 'getting-started.md');
    expect(page.title).toBe('getting-started');
    expect(page.warnings[0].message).toMatch(/getting-started\.md has no title/);
    expect((await compile('', 'empty.md')).title).toBe('empty');
  });

  it('warns about a page larger than LARGE_PAGE_BYTES', async () => {
    const page = await compile(`# Big\n\n${'word '.repeat(LARGE_PAGE_BYTES / 5 + 10)}\n`);
    expect(page.warnings.some((w) => /is 1\.0 MB, larger than 1 MB/.test(w.message))).toBe(true);
  });
});

describe('code highlighting', () => {
  it('leaves lines of HIGHLIGHT_MAX_LINE_LENGTH characters or more without colours, and colours the others', async () => {
    const short = 'echo "a" --flag $HOME';
    const tokens = (code: string) => code.match(/"--shiki-light":/g)?.length ?? 0;
    const one = (await compile(`# A\n\n\`\`\`bash\n${short}\n\`\`\`\n`)).code;
    const long = `${short} `.repeat(Math.ceil(HIGHLIGHT_MAX_LINE_LENGTH / (short.length + 1)));
    const both = (await compile(`# A\n\n\`\`\`bash\n${short}\n${long}\n\`\`\`\n`)).code;
    const under = (await compile(`# A\n\n\`\`\`bash\n${short}\n${long.slice(0, HIGHLIGHT_MAX_LINE_LENGTH - 1)}\n\`\`\`\n`)).code;
    expect(tokens(one)).toBeGreaterThan(3);
    // The long line is one plain token; one character shorter, it is coloured word by word.
    expect(tokens(both)).toBeLessThanOrEqual(tokens(one) + 1);
    expect(tokens(under)).toBeGreaterThan(tokens(one) * 10);
  });
});

describe('readPageSource', () => {
  it('reads UTF-8 without its BOM and refuses other bytes with their offset, line and column', () => {
    const file = path.join(root, 'latin1.md');
    fs.writeFileSync(file, Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from('# Caf\u00e9\n')]));
    expect(readPageSource(file)).toBe('# Caf\u00e9\n');
    fs.writeFileSync(file, Buffer.concat([Buffer.from('# Title\n\nCaf'), Buffer.from([0xe9]), Buffer.from(' au lait\n')]));
    try {
      readPageSource(file);
      throw new Error('expected a DocgenError');
    } catch (error) {
      expect(error).toBeInstanceOf(DocgenError);
      expect((error as Error).message).toMatch(/latin1\.md:3:4: not valid UTF-8: byte 0xe9 at byte offset 12/);
    }
  });
});
