/**
 * Component pages (`route.extensions` with `.tsx` or `.jsx`): a React component module whose default export
 * is the page's content. Its page data comes from an optional `export const frontmatter = { … }` of plain
 * literals, read without running the module (the page graph needs titles before anything is bundled); the
 * bundler then imports the module itself as the page's content.
 */
import path from 'node:path';
import { parse, type Expression, type Node } from 'acorn';
import { transformSync, type TransformFailure } from 'esbuild';
import { checkFrontMatter } from '../../config/frontmatter-schema.js';
import { DocgenError } from '../../shared/errors.js';
import type { FrontMatter } from '../../shared/types.js';
import { displayPath } from '../display-path.js';
import type { CompiledPage, PageWarning } from './compiled-page.js';

/** Extensions a component page may have. */
export const COMPONENT_PAGE = /\.[jt]sx$/;

/**
 * The compiled form of a component page: page data from its `frontmatter` export (title from `title`, else
 * the file name), no TOC or search sections, and a module that re-exports the component.
 * @throws DocgenError at the file, line and column of a syntax error, of a `frontmatter` that is not a
 *   literal object, or of a front matter field of the wrong type
 */
export function compileComponentPage(filePath: string, source: string): CompiledPage {
  let js: string;
  try {
    // Types and JSX removed, so the export can be read with a plain JavaScript parser.
    js = transformSync(source, { loader: filePath.endsWith('.jsx') ? 'jsx' : 'tsx', format: 'esm', jsx: 'automatic', sourcefile: filePath }).code;
  } catch (error) {
    const first = (error as TransformFailure).errors?.[0];
    if (!first?.location) throw error;
    const { line, column, lineText } = first.location;
    throw located(first.text, filePath, line, column + 1, lineText);
  }
  const program = parse(js, { ecmaVersion: 'latest', sourceType: 'module' });
  const hasDefault = program.body.some((s) => s.type === 'ExportDefaultDeclaration' || (s.type === 'ExportNamedDeclaration' && s.specifiers.some((x) => exportedName(x.exported) === 'default')));
  if (!hasDefault) throw located('A component page needs a default export: the component that renders the page', filePath, 1, 1, source.split('\n')[0]);
  const declared = frontmatterExport(program.body);
  const at = frontmatterPlace(source);
  let frontmatter: FrontMatter = {};
  if (declared) {
    const value = literal(declared);
    if (value === NOT_LITERAL || typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw located('export const frontmatter must be an object of plain values (strings, numbers, booleans, arrays, objects): it is read without running the page', filePath, at.line, at.column, at.lineText);
    }
    frontmatter = value as FrontMatter;
    const { errors } = checkFrontMatter(frontmatter);
    if (errors.length) throw located(`front matter ${errors[0].message}`, filePath, at.line, at.column, at.lineText);
  }
  const warnings: PageWarning[] = [];
  let title = typeof frontmatter.title === 'string' ? frontmatter.title : '';
  if (!title) {
    const name = path.basename(filePath).replace(COMPONENT_PAGE, '');
    title = name === 'index' ? path.basename(path.dirname(filePath)) : name;
    warnings.push({ message: `${displayPath(filePath)} has no title (no title in its frontmatter export): the sidebar shows "${title}"`, location: { file: displayPath(filePath), line: 1, column: 1 } });
  }
  return {
    code: `export { default } from ${JSON.stringify(filePath)};\n`,
    title,
    toc: [],
    frontmatter,
    assets: [],
    dependencies: [],
    sections: [],
    links: [],
    anchors: [],
    fragmentImports: [],
    warnings,
  };
}

const NOT_LITERAL = Symbol('not a literal');

function exportedName(node: Node): string | undefined {
  return node.type === 'Identifier' ? (node as unknown as { name: string }).name : node.type === 'Literal' ? String((node as unknown as { value: unknown }).value) : undefined;
}

/**
 * The initializer of the module's `frontmatter` export, if it has one: `export const frontmatter = …`, or
 * a top-level `const` exported by name (esbuild's output has the second form).
 */
function frontmatterExport(body: Node[]): Expression | undefined {
  type Declarations = { type: string; declarations?: { id: { type: string; name?: string }; init?: Expression | null }[] };
  const constants = new Map<string, Expression | undefined>();
  const collect = (declaration: Declarations | null | undefined) => {
    if (declaration?.type !== 'VariableDeclaration') return;
    for (const d of declaration.declarations ?? []) if (d.id.type === 'Identifier' && d.id.name) constants.set(d.id.name, d.init ?? undefined);
  };
  let local: string | undefined;
  for (const statement of body) {
    if (statement.type === 'VariableDeclaration') collect(statement as unknown as Declarations);
    if (statement.type !== 'ExportNamedDeclaration') continue;
    const named = statement as unknown as { declaration?: Declarations | null; specifiers: { local: Node; exported: Node }[] };
    collect(named.declaration);
    if (named.declaration?.declarations?.some((d) => d.id.type === 'Identifier' && d.id.name === 'frontmatter')) local = 'frontmatter';
    for (const spec of named.specifiers) if (exportedName(spec.exported) === 'frontmatter') local = exportedName(spec.local);
  }
  return local === undefined ? undefined : constants.get(local);
}

/** The value of a literal expression (`'a'`, `1`, `-1`, `true`, `null`, arrays and objects of them), or NOT_LITERAL. */
function literal(node: Expression | null | undefined): unknown {
  if (!node) return NOT_LITERAL;
  switch (node.type) {
    case 'Literal':
      return (node as { value: unknown }).value instanceof RegExp ? NOT_LITERAL : (node as { value: unknown }).value;
    case 'TemplateLiteral':
      return node.expressions.length === 0 ? node.quasis.map((q) => q.value.cooked).join('') : NOT_LITERAL;
    case 'UnaryExpression': {
      const value = literal(node.argument);
      return node.operator === '-' && typeof value === 'number' ? -value : NOT_LITERAL;
    }
    case 'ArrayExpression': {
      const items = node.elements.map((e) => (e && e.type !== 'SpreadElement' ? literal(e) : NOT_LITERAL));
      return items.includes(NOT_LITERAL) ? NOT_LITERAL : items;
    }
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const p of node.properties) {
        if (p.type !== 'Property' || p.computed || p.kind !== 'init') return NOT_LITERAL;
        const key = p.key.type === 'Identifier' ? p.key.name : p.key.type === 'Literal' ? String(p.key.value) : undefined;
        const value = literal(p.value as Expression);
        if (key === undefined || value === NOT_LITERAL) return NOT_LITERAL;
        out[key] = value;
      }
      return out;
    }
    default:
      return NOT_LITERAL;
  }
}

/** Where `frontmatter` is declared in the source as written (line 1 when it cannot be found). */
function frontmatterPlace(source: string): { line: number; column: number; lineText: string } {
  const lines = source.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const column = lines[i].search(/\bfrontmatter\b/);
    if (column >= 0 && /\bexport\b/.test(lines[i])) return { line: i + 1, column: column + 1, lineText: lines[i] };
  }
  return { line: 1, column: 1, lineText: lines[0] ?? '' };
}

function located(message: string, filePath: string, line: number, column: number, lineText: string): DocgenError {
  const file = displayPath(filePath);
  return new DocgenError(`${file}:${line}:${column}: ${message}`, [{ message, location: { file, line, column, lineText } }]);
}
