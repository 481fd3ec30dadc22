/**
 * A page's front matter (YAML, validated) and the places of its errors; a page's title from its file name.
 * Light on purpose: the dev server reads every page's front matter before it loads the compiler.
 */
import path from 'node:path';
import matter from 'gray-matter';
import { checkFrontMatter } from '../../config/frontmatter-schema.js';
import { DocgenError, type SourceLocation } from '../../shared/errors.js';
import type { FrontMatter } from '../../shared/types.js';
import { displayPath } from '../display-path.js';
import type { PageWarning } from './compiled-page.js';

/** Front matter errors and warnings reported per page at most (the CLI prints 10 in any case). */
const MAX_REPORTED = 20;

/**
 * Splits YAML front matter from the body, validates it (`frontMatterSchema`) and adds typo warnings to
 * `warnings`. The front matter is blanked (spaces, newlines kept), not cut, so offsets and line numbers of
 * the body stay those of the file. CRLF line ends are accepted; the caller removes a BOM.
 * @throws DocgenError at the YAML error's line and column, or at the line of a key with a wrong value.
 */
export function parseFrontMatter(filePath: string, source: string, warnings: PageWarning[] = []): { frontmatter: FrontMatter; body: string } {
  if (!/^---[ \t]*\r?\n/.test(source)) return { frontmatter: {}, body: source };
  let parsed: matter.GrayMatterFile<string>;
  try {
    // Passing options turns off gray-matter's module-level cache, which would grow with every page.
    parsed = matter(source, {});
  } catch (error) {
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    const reason = String((error as { reason?: string }).reason ?? (error as Error).message);
    // js-yaml counts lines from 0, starting with the rest of the opening `---` line.
    const line = mark ? mark.line + 1 : 1;
    const column = mark ? mark.column + 1 : 1;
    throw locatedError(`Invalid YAML front matter: ${reason}`, filePath, source, line, column);
  }
  const raw: unknown = parsed.data ?? {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw locatedError('Front matter must be a mapping of keys to values (`title: …`)', filePath, source, 2, 1);
  }
  const content = parsed.content;
  const body = source.endsWith(content)
    ? source.slice(0, source.length - content.length).replace(/[^\r\n]/g, ' ') + content
    : '\n'.repeat(source.slice(0, source.indexOf(content)).split('\n').length - 1) + content;
  // The JSON round trip turns YAML dates into strings and drops what JSON cannot hold.
  const frontmatter = JSON.parse(JSON.stringify(raw)) as FrontMatter;
  const { errors, warnings: typos } = checkFrontMatter(frontmatter);
  if (errors.length) {
    // Each location is a scan of the front matter: a bounded number keeps a hostile page linear.
    const located = errors.slice(0, MAX_REPORTED).map((e) => {
      const line = frontMatterLine(source, e.path);
      return { message: `front matter ${e.message}`, location: sourceLocation(filePath, source, line, 1) };
    });
    throw new DocgenError(
      located.map((l) => `${l.location.file}:${l.location.line}:1: ${l.message}`).join('\n'),
      located,
    );
  }
  for (const w of typos.slice(0, MAX_REPORTED)) warnings.push({ message: w.message, location: sourceLocation(filePath, source, frontMatterLine(source, w.path), 1) });
  return { frontmatter, body };
}

/**
 * Line (1-based) of a key path in the front matter: the top-level key's line, then the first line below it
 * that names each deeper key; a list index stays on its parent's line.
 */
function frontMatterLine(source: string, keyPath: (string | number)[]): number {
  const lines = source.split(/\r?\n/);
  const end = lines.indexOf('---', 1);
  const last = end === -1 ? lines.length : end;
  let line = 1;
  for (const key of keyPath) {
    if (typeof key === 'number') continue;
    const name = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pattern = new RegExp(`^\\s*(?:-\\s+)?["']?${name}["']?\\s*:`);
    const found = lines.findIndex((text, i) => i >= line && i < last && pattern.test(text));
    if (found === -1) break;
    line = found;
  }
  return line + 1;
}

export function sourceLocation(filePath: string, source: string, line: number, column: number): SourceLocation {
  return { file: displayPath(filePath), line, column, lineText: source.split(/\r?\n/)[line - 1] ?? '' };
}

/** A page's title from its file name: `getting-started.md` → `getting-started`; an index page takes its folder's name. */
export function titleFromFileName(filePath: string): string {
  const name = path.basename(filePath).replace(/\.mdx?$/, '');
  return name === 'index' ? path.basename(path.dirname(filePath)) : name;
}

export function locatedError(message: string, filePath: string, source: string, line: number, column: number): DocgenError {
  const location = sourceLocation(filePath, source, line, column);
  return new DocgenError(`${location.file}:${line}:${column}: ${message}`, [{ message, location }]);
}

