/**
 * docgen's own Node modules import each other without cycles. The package build bundles them into shared
 * chunks, where a module of a cycle can run before the one it imports from and read its exports as
 * undefined (a zod schema built from an undefined schema fails only when a config is parsed).
 *
 * The theme's `import-cycles.test.ts` checks every kind of import (types too) but leaves out `config/`,
 * whose type imports still go both ways; this test follows the imports that run, from the bundle's entry
 * points through every folder.
 */
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { CORE_ROOT } from './core-root.js';

/** The cycles of a graph (strongly connected components of more than one module), by Tarjan's algorithm. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe('core Node modules', () => {
  it('finds a cycle when there is one', () => {
    expect(cyclesOf(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual([['a', 'b', 'c']]);
  });

  it('import each other without cycles', async () => {
    const entries = ['index.ts', 'cli/index.ts', 'node/pipeline/compile-worker.ts', 'node/pipeline/render-worker.ts', 'node/pipeline/search-index-worker.ts', 'node/dev/watch-worker.ts'];
    const result = await build({
      entryPoints: entries.map((file) => path.join(CORE_ROOT, 'src', file)),
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      splitting: true,
      outdir: path.join(CORE_ROOT, 'cycles-check.tmp'),
      packages: 'external',
      logLevel: 'silent',
    });
    // Type-only imports are erased before esbuild sees them: only the imports that run are edges.
    const graph = new Map(Object.entries(result.metafile.inputs).map(([file, input]) => [file, input.imports.filter((i) => !i.external && i.kind === 'import-statement').map((i) => i.path)]));
    expect(graph.size).toBeGreaterThan(50);
    expect(cyclesOf(graph)).toEqual([]);
  });
});
