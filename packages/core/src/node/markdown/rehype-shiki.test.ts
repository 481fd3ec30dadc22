/**
 * Highlighting must not depend on what the same worker highlighted before: a Markdown code block (whose
 * grammar embeds YAML and the languages of its fences lazily) gives the same markup in a fresh compiler
 * and in one that has already loaded those languages for other pages.
 */
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPageCompiler, folderCompilerOptions } from './compile-page.js';

const MD_BLOCK = '# T\n\n````md\n---\ntitle: Showcase\n---\n\n```ts\nconst a: number = 1;\n```\n````\n';
const OTHERS = '# O\n\n```yaml\nkey: value\n```\n\n```ts\nconst b = 2;\n```\n';

describe('rehypeShiki', () => {
  const dir = os.tmpdir();
  const compiler = (langs?: string[]) => createPageCompiler({ ...folderCompilerOptions(dir), shiki: { langs } });
  const compile = (c: ReturnType<typeof compiler>, source: string) => c.compile(path.join(dir, 'page.md'), source, { outputFormat: 'function-body' });

  it('highlights a Markdown block the same whether or not its embedded languages were loaded by other pages', async () => {
    const fresh = await compile(compiler(), MD_BLOCK);
    const used = compiler();
    await compile(used, OTHERS);
    const after = await compile(used, MD_BLOCK);
    expect(after.code).toBe(fresh.code);
    // Front matter is highlighted as YAML (the key in its own token); the fence's TypeScript stays plain.
    expect(fresh.code).toMatch(/children: "title"/);
    expect(fresh.code).toContain('const a: number = 1;');
  });

  it('highlights the fences of a Markdown block in the languages of markdown.shiki.langs', async () => {
    const { code } = await compile(compiler(['ts']), MD_BLOCK);
    expect(code).not.toContain('const a: number = 1;');
    expect(code).toMatch(/children: "const"/);
  });
});
