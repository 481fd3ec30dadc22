import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CompiledPage } from '../markdown/compile-page.js';
import { checkImportCycles } from './check-import-cycles.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-cycles-'));
/** Writes `name` importing `imports` and returns it as a compiled file with those fragment imports. */
function file(name: string, imports: string[]): [string, CompiledPage] {
  const abs = path.join(dir, name);
  fs.writeFileSync(abs, `${imports.map((i, n) => `import F${n} from './${i}';`).join('\n')}\n\n# ${name}\n`);
  return [abs, { fragmentImports: imports.map((i) => path.join(dir, i)) } as CompiledPage];
}

describe('checkImportCycles', () => {
  it('lets a diamond of imports through, and stops a cycle at the import that closes it', () => {
    const pages = new Map([file('page.mdx', ['_a.mdx', '_b.mdx'])]);
    const diamond = new Map([file('_a.mdx', ['_shared.mdx']), file('_b.mdx', ['_shared.mdx']), file('_shared.mdx', [])]);
    expect(() => checkImportCycles(pages, diamond)).not.toThrow();
    const cyclic = new Map([file('_a.mdx', ['_shared.mdx']), file('_b.mdx', []), file('_shared.mdx', ['_x.mdx', '_a.mdx']), file('_x.mdx', [])]);
    expect(() => checkImportCycles(pages, cyclic)).toThrow(/_shared\.mdx:2:11: Circular import: \S*_shared\.mdx imports \S*_a\.mdx, which imports it back \(_a\.mdx → _shared\.mdx → _a\.mdx\)/);
  });

  it('finds a page that imports itself through a fragment, and stays flat on a chain of 20,000 imports', () => {
    const self = new Map([file('loop.mdx', ['_back.mdx'])]);
    expect(() => checkImportCycles(self, new Map([file('_back.mdx', ['loop.mdx'])]))).toThrow(/Circular import: .*\(loop\.mdx → _back\.mdx → loop\.mdx\)/);
    const chain = new Map<string, CompiledPage>();
    for (let i = 0; i < 20_000; i++) chain.set(path.join(dir, `_${i}.mdx`), { fragmentImports: i < 19_999 ? [path.join(dir, `_${i + 1}.mdx`)] : [] } as CompiledPage);
    expect(() => checkImportCycles(new Map([[path.join(dir, 'p.mdx'), { fragmentImports: [path.join(dir, '_0.mdx')] } as CompiledPage]]), chain)).not.toThrow();
  });
});
