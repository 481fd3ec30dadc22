/**
 * Highlighting must not depend on what the same worker highlighted before: a Markdown code block (whose
 * grammar embeds YAML and the languages of its fences lazily) gives the same markup in a fresh compiler
 * and in one that has already loaded those languages for other pages.
 */
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Element } from 'hast';
import { createPageCompiler, folderCompilerOptions } from './compile-page.js';
import { HighlightMemo } from './rehype-shiki.js';

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

  describe('HighlightMemo', () => {
    const compilerOnce = compiler();
    const c = (source: string, highlights: HighlightMemo) => compilerOnce.compile(path.join(dir, 'page.md'), source, { outputFormat: 'function-body', highlights });
    const TWO_BLOCKS = '# T\n\n```ts {1}\nconst a = 1;\n```\n\nText.\n\n```bash\nnpm install x\n```\n';

    it('gives the blocks of the last compile back: same output, nothing new to keep', async () => {
      const first = new HighlightMemo();
      const fresh = await c(TWO_BLOCKS, first);
      expect(first.changed).toBe(true);
      expect(first.blocks.size).toBe(2);
      const second = new HighlightMemo(first.blocks);
      expect((await c(TWO_BLOCKS, second)).code).toBe(fresh.code);
      expect(second.changed).toBe(false);
    });

    it('serves a block from the memo, not the highlighter', async () => {
      const first = new HighlightMemo();
      await c(TWO_BLOCKS, first);
      const [key, pre] = [...first.blocks][0];
      const planted: Element = { ...pre, children: [{ type: 'text', value: 'planted in the memo' }] };
      const { code } = await c(TWO_BLOCKS, new HighlightMemo(new Map([[key, planted]])));
      expect(code).toContain('planted in the memo');
      expect(code).toContain('npm'); // the other block highlighted as usual
    });

    it('highlights a changed block again and forgets the old one', async () => {
      const first = new HighlightMemo();
      await c(TWO_BLOCKS, first);
      const edited = new HighlightMemo(first.blocks);
      const { code } = await c(TWO_BLOCKS.replace('const a = 1;', 'const b = 2;'), edited);
      expect(edited.changed).toBe(true);
      expect(edited.blocks.size).toBe(2);
      expect([...edited.blocks.keys()].filter((k) => first.blocks.has(k))).toHaveLength(1);
      expect(code).toMatch(/children: "b"|children: " b"/);
      // The fence meta is part of the key: other highlighted lines make another block.
      const meta = new HighlightMemo(first.blocks);
      await c(TWO_BLOCKS.replace('ts {1}', 'ts {2}'), meta);
      expect(meta.changed).toBe(true);
    });
  });
});
