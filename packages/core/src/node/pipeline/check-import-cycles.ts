/**
 * Pages and fragments that import each other (`a.mdx` imports `_b.mdx`, which imports `a.mdx` again) render
 * each other without end: the server render of such a page never finished (or, depending on the order the
 * modules happened to load in, silently rendered one side empty). A cycle is an error at the import that
 * closes it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DocgenError } from '../../shared/errors.js';
import type { CompiledPage } from '../markdown/compile-page.js';
import { displayPath } from '../display-path.js';

/**
 * Throws for the first import cycle among `pages` and `fragments` (compiled files by source file, their
 * `fragmentImports` the edges), in page order. Linear in files and imports (one depth-first walk).
 * @throws DocgenError `file:line:column: Circular import: …` naming every file of the cycle
 */
export function checkImportCycles(pages: Map<string, CompiledPage>, fragments: Map<string, CompiledPage>): void {
  const compiledOf = (file: string) => pages.get(file) ?? fragments.get(file);
  const state = new Map<string, 'open' | 'done'>();
  for (const start of pages.keys()) {
    if (state.has(start)) continue;
    // Iterative DFS: an import chain may be long, the stack of the walk stays flat.
    const stack: { file: string; next: number }[] = [{ file: start, next: 0 }];
    state.set(start, 'open');
    while (stack.length) {
      const top = stack[stack.length - 1];
      const imports = compiledOf(top.file)?.fragmentImports ?? [];
      if (top.next >= imports.length) {
        state.set(top.file, 'done');
        stack.pop();
        continue;
      }
      const target = imports[top.next++];
      if (state.get(target) === 'open') {
        const cycle = [...stack.slice(stack.findIndex((s) => s.file === target)).map((s) => s.file), target];
        throw cycleError(top.file, target, cycle);
      }
      if (!state.has(target) && compiledOf(target)) {
        state.set(target, 'open');
        stack.push({ file: target, next: 0 });
      }
    }
  }
}

function cycleError(importer: string, target: string, cycle: string[]): DocgenError {
  const chain = cycle.map((f) => path.basename(f)).join(' → ');
  const message = `Circular import: ${displayPath(importer)} imports ${displayPath(target)}, which imports it back (${chain}): files that import each other render each other without end`;
  const location = importLocation(importer, target);
  return new DocgenError(`${location.file}:${location.line}:${location.column}: ${message}`, [{ message, location }]);
}

/** Line and column of the import of `target` in `importer` (its first line when not found). */
function importLocation(importer: string, target: string) {
  const lines = fs.readFileSync(importer, 'utf8').split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    for (const m of lines[i].matchAll(/\bfrom\s*(['"])([^'"]+)\1|\bimport\s*(['"])([^'"]+)\3/g)) {
      const specifier = m[2] ?? m[4];
      if (specifier.startsWith('.') && path.resolve(path.dirname(importer), specifier) === target) {
        return { file: displayPath(importer), line: i + 1, column: (m.index ?? 0) + 1, lineText: lines[i] };
      }
    }
  }
  return { file: displayPath(importer), line: 1, column: 1, lineText: lines[0] ?? '' };
}
