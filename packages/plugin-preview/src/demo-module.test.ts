import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { blockModule, blockSpecifier, iframeModule, iframeSpecifier, parseSpecifier, previewEsbuildPlugin, RUNTIME_ENTRY } from './demo-module.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-preview-module-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('specifiers', () => {
  it('carry their payload through a round trip, code with any characters included', () => {
    const block = { page: '/site/en/a b.md', line: 7, lang: 'tsx', code: "export default () => <p>'\"`é 中</p>;" };
    expect(blockSpecifier(block)).toMatch(/^docgen-preview:block\/[\w-]+$/);
    expect(parseSpecifier(blockSpecifier(block))).toEqual({ kind: 'block', payload: block });
    expect(parseSpecifier(iframeSpecifier({ page: '/site/en/a.md', index: 2 }))).toEqual({ kind: 'iframe', payload: { page: '/site/en/a.md', index: 2 } });
    expect(parseSpecifier('docgen-preview:runtime')).toBeUndefined();
  });
});

describe('blockModule', () => {
  it('places the code at its line of the page and resolves from the page folder', () => {
    const mod = blockModule({ page: '/site/en/guide/a.md', line: 3, lang: 'jsx', code: 'export default 1;' });
    expect(mod).toEqual({ contents: '\n\n\nexport default 1;', loader: 'jsx', resolveDir: '/site/en/guide' });
  });
});

describe('iframeModule', () => {
  it('reads the demo of the page as it is now: a block, or a re-export of a <code src> file', () => {
    const page = path.join(dir, 'page.md');
    fs.writeFileSync(page, '# P\n\n```tsx preview iframe\nexport default () => null;\n```\n\n<code src="demo.tsx" iframe />\n');
    const defaults = { mode: 'inline' as const, previewAll: false };
    expect(iframeModule({ page, index: 0 }, defaults)).toEqual({ contents: '\n\n\nexport default () => null;', loader: 'tsx', resolveDir: dir });
    expect(iframeModule({ page, index: 1 }, defaults).contents).toBe('export { default } from "./demo.tsx";\n');
    expect(() => iframeModule({ page, index: 2 }, defaults)).toThrow(`${page} has no iframe demo number 3 any more`);
  });
});

describe('previewEsbuildPlugin', () => {
  it('bundles an inline demo that imports a file beside its page, and reports errors at the page line', async () => {
    fs.writeFileSync(path.join(dir, 'greeting.ts'), 'export const greeting = "hi";\n');
    const page = path.join(dir, 'demo-page.md');
    const entry = `import Demo from ${JSON.stringify(blockSpecifier({ page, line: 4, lang: 'tsx', code: 'import { greeting } from "./greeting";\nexport default (): string => greeting;' }))};\nconsole.log(Demo());`;
    const result = await build({ stdin: { contents: entry, resolveDir: dir }, bundle: true, write: false, format: 'esm', plugins: [previewEsbuildPlugin({ mode: 'inline', previewAll: false })], logLevel: 'silent' });
    expect(result.outputFiles[0].text).toContain('"hi"');

    const broken = `import Demo from ${JSON.stringify(blockSpecifier({ page, line: 10, lang: 'tsx', code: 'export default () => <p>;' }))};`;
    const failure = await build({ stdin: { contents: broken, resolveDir: dir }, bundle: true, write: false, plugins: [previewEsbuildPlugin({ mode: 'inline', previewAll: false })], logLevel: 'silent' }).catch((e: { errors: { location: { file: string; line: number } }[] }) => e);
    expect('errors' in failure && failure.errors[0].location).toMatchObject({ file: expect.stringContaining(`${page}?preview-block=10`), line: 11 });
  });

  it('resolves the runtime to its TypeScript source', async () => {
    const result = await build({ stdin: { contents: 'import "docgen-preview:runtime";', resolveDir: dir }, bundle: true, write: false, metafile: true, external: ['react', 'react/*', '@docgen/*'], loader: { '.css': 'empty' }, plugins: [previewEsbuildPlugin({ mode: 'inline', previewAll: false })], logLevel: 'silent' });
    expect(Object.keys(result.metafile.inputs)).toContain(path.relative(process.cwd(), RUNTIME_ENTRY));
  });
});
