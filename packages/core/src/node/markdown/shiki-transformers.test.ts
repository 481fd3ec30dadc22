/**
 * `markdown.shiki.transformers`: modules loaded in the compiler (as in a page worker), run on every code
 * block after docgen's own transformers; a module whose default export is no transformer is refused by name.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageCompiler, folderCompilerOptions } from './compile-page.js';

const PAGE = '# T\n\n```ts {1}\nconst a = 1;\nconst b = 2;\n```\n';

describe('markdown.shiki.transformers', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-shiki-transformers-'));
    // A factory with options, and a plain transformer object.
    fs.writeFileSync(path.join(dir, 'mark.mjs'), 'export default (o) => ({ name: "mark", line(node, line) { this.addClassToHast(node, `${o.prefix}-${line}`); } });\n');
    fs.writeFileSync(path.join(dir, 'pre.mjs'), 'export default { name: "pre", pre(node) { node.properties["data-site"] = "yes"; } };\n');
    fs.writeFileSync(path.join(dir, 'nothing.mjs'), 'export default 42;\n');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const compile = (transformers: (string | [string, unknown])[]) =>
    createPageCompiler({ ...folderCompilerOptions(dir), shiki: { transformers } }).compile(path.join(dir, 'page.md'), PAGE, { outputFormat: 'function-body' });

  it('runs each transformer on every code block, after docgen\'s line highlighting', async () => {
    const { code } = await compile([['./mark.mjs', { prefix: 'ln' }], './pre.mjs']);
    expect(code).toMatch(/"line highlighted ln-1"/);
    expect(code).toMatch(/"line ln-2"/);
    expect(code).toContain('"data-site": "yes"');
  });

  it('names the entry whose module exports no transformer', async () => {
    await expect(compile(['./nothing.mjs'])).rejects.toThrow('markdown.shiki.transformers[0]: ./nothing.mjs does not export a shiki transformer');
  });
});
