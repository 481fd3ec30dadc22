/**
 * No module of the theme, nor of core's node, runtime, shared and cli folders, imports itself through a
 * chain of relative imports. Every kind of import counts: static, `import type`, `export … from`,
 * `import()` and `typeof import()`, since a type-only circle still ties the two files' designs together.
 *
 * Package names that lead back into these sources count too: `@theme` (the active theme; without a custom
 * theme it is this package's `index.tsx`), `@docgen/theme-default`, `@docgen/core/runtime` and
 * `@docgen/core/shared`, so a circle through the theme barrel or between the theme and the runtime is found.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

interface ImportEdge {
  to: string;
  line: number;
}

/** `.ts` / `.tsx` source files under `dir`, tests and declaration files left out. */
function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.(test|d)\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/** The file a relative specifier names (`./x.js` is `./x.ts` or `./x.tsx` in the source), or null (JSON, CSS). */
function resolveRelative(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.js$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}

const packagesDir = fileURLToPath(new URL('../../', import.meta.url));
/** Package names that name modules of the checked sources. */
const PACKAGE_ENTRIES: Record<string, string> = {
  '@theme': path.join(packagesDir, 'theme-default/src/index.tsx'),
  '@theme-default': path.join(packagesDir, 'theme-default/src/index.tsx'),
  '@docgen/theme-default': path.join(packagesDir, 'theme-default/src/index.tsx'),
  '@docgen/core/runtime': path.join(packagesDir, 'core/src/runtime/index.ts'),
  '@docgen/core/shared': path.join(packagesDir, 'core/src/shared/index.ts'),
};

/** Relative imports of one file, and those of the package names above, of every kind, with the line each is on. */
function importsOf(file: string): ImportEdge[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const edges: ImportEdge[] = [];
  const add = (node: ts.Node, specifier: string) => {
    const to = specifier.startsWith('.') ? resolveRelative(file, specifier) : (PACKAGE_ENTRIES[specifier] ?? null);
    if (to) edges.push({ to, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
  };
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node, node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) add(node, argument.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node, node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/**
 * The import cycles among the source files under `roots`: one per strongly connected group of files
 * (Tarjan's algorithm), written as the chain that closes it, `a.ts:3 → b.ts:7 → a.ts` (paths relative to
 * `base`, each with the line of its import). Imports of files outside `roots` are not followed.
 */
function findImportCycles(roots: string[], base: string): string[] {
  const graph = new Map<string, ImportEdge[]>();
  for (const root of roots) for (const file of sourceFiles(root)) graph.set(file, importsOf(file));
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (file: string) => {
    order.set(file, order.size);
    low.set(file, order.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const { to } of graph.get(file)!) {
      if (!graph.has(to)) continue;
      if (!order.has(to)) {
        connect(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, order.get(to)!));
    }
    if (low.get(file) !== order.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)!.some((e) => e.to === file)) groups.push(group);
  };
  for (const file of graph.keys()) if (!order.has(file)) connect(file);
  const name = (file: string) => path.relative(base, file).split(path.sep).join('/');
  return groups.map((group) => {
    // A shortest way from the group's first file (by name) back to it, by breadth-first search inside the group.
    const members = new Set(group);
    const start = [...group].sort()[0];
    const previous = new Map<string, { from: string; line: number }>();
    const queue = [start];
    while (queue.length && !previous.has(start)) {
      const file = queue.shift()!;
      for (const { to, line } of graph.get(file)!) {
        if (!members.has(to) || previous.has(to)) continue;
        previous.set(to, { from: file, line });
        queue.push(to);
      }
    }
    const chain: string[] = [];
    let at = start;
    do {
      const step = previous.get(at)!;
      chain.unshift(`${name(step.from)}:${step.line}`);
      at = step.from;
    } while (at !== start);
    return `${chain.join(' → ')} → ${name(start)}`;
  });
}

const packages = fileURLToPath(new URL('../../', import.meta.url));

describe('findImportCycles', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-cycles-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (files: Record<string, string>) => {
    const root = fs.mkdtempSync(path.join(dir, 'case-'));
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    }
    return root;
  };

  it('finds a circle of static, type-only, re-export and dynamic imports, with the lines that close it', () => {
    const root = write({
      'a.ts': "import { b } from './b.js';\nexport const a = b;\n",
      'b.ts': "\nexport type { C } from './sub/c.js';\nexport const b = 1;\n",
      'sub/c.ts': "import type { A } from '../loop.js';\nexport type C = A;\n",
      'loop.ts': "export const d = () => import('./a.js');\nexport type A = number;\n",
      'e.tsx': "type H = typeof import('./f.js');\nexport const e = 1;\n",
      'f.ts': "import './e.js';\nexport const f = 1;\n",
    });
    expect(findImportCycles([root], root).sort()).toEqual([
      'a.ts:1 → b.ts:2 → sub/c.ts:1 → loop.ts:1 → a.ts',
      'e.tsx:1 → f.ts:1 → e.tsx',
    ]);
  });

  it('finds none in a graph without a circle, and ignores tests, JSON, CSS and bare imports', () => {
    const root = write({
      'a.ts': "import { b } from './b.js';\nimport { c } from './c/index.js';\nimport './a.css';\nimport data from './data.json';\nimport { x } from 'react';\n",
      'b.ts': "import { c } from './c/index.js';\nexport const b = 1;\n",
      'c/index.ts': 'export const c = 1;\n',
      'c/c.test.ts': "import '../a.js';\n",
      'a.css': '',
      'data.json': '{}',
    });
    expect(findImportCycles([root], root)).toEqual([]);
  });
});

describe('import cycles in the sources', () => {
  it('the theme and the runtime it imports have none, @theme included', () => {
    expect(findImportCycles([path.join(packages, 'theme-default/src'), path.join(packages, 'core/src/runtime')], packages)).toEqual([]);
  });

  it("core's node, runtime, shared and cli folders have none", () => {
    const core = path.join(packages, 'core/src');
    expect(findImportCycles(['node', 'runtime', 'shared', 'cli'].map((dir) => path.join(core, dir)), packages)).toEqual([]);
  });
});
