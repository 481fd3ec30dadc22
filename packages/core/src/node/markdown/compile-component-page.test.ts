/** Component pages: page data read from the `frontmatter` export without running the module, and the errors a wrong one gets. */
import { describe, expect, it } from 'vitest';
import { compileComponentPage } from './compile-component-page.js';

const file = '/site/guide/playground.tsx';

describe('compileComponentPage', () => {
  it('reads an exported literal frontmatter, in either export form, and re-exports the component', () => {
    const direct = compileComponentPage(file, "export const frontmatter = { title: 'Play', tags: ['a', `b`], order: -1, nested: { ok: true } };\nexport default () => <p />;\n");
    expect(direct.frontmatter).toEqual({ title: 'Play', tags: ['a', 'b'], order: -1, nested: { ok: true } });
    expect(direct.title).toBe('Play');
    expect(direct.code).toBe(`export { default } from ${JSON.stringify(file)};\n`);
    const named = compileComponentPage(file, "const frontmatter = { title: 'Named' };\nfunction Page() { return <p />; }\nexport { frontmatter, Page as default };\n");
    expect(named.title).toBe('Named');
  });

  it('takes the file name as title, with a warning, and ignores a frontmatter that is not exported', () => {
    const page = compileComponentPage(file, "const frontmatter = { title: 'Hidden' };\nexport function other() {}\nexport default function Page() { return <p />; }\n");
    expect(page.title).toBe('playground');
    expect(page.warnings[0].message).toContain('has no title');
  });

  it('refuses a frontmatter it would have to run, a missing default export and a syntax error, each at its place', () => {
    expect(() => compileComponentPage(file, "const t = 'x';\nexport const frontmatter = { title: t };\nexport default () => null;\n")).toThrow(
      /playground\.tsx:2:14: export const frontmatter must be an object of plain values/,
    );
    expect(() => compileComponentPage(file, 'export const x = 1;\n')).toThrow(/playground\.tsx:1:1: A component page needs a default export/);
    expect(() => compileComponentPage(file, 'export default () => <p>;\n')).toThrow(/playground\.tsx:2:1: Unexpected end of file before a closing "p" tag/);
  });

  it('checks the front matter like a Markdown page\'s', () => {
    expect(() => compileComponentPage(file, 'export const frontmatter = { title: 3 };\nexport default () => null;\n')).toThrow(/playground\.tsx:1:14: front matter title/);
  });
});
