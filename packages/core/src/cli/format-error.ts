/**
 * Prints errors for people: a DocgenError as its message plus, for each location, the offending line and
 * a caret under the column; a file-system error as one line naming the path; anything else (a bug in
 * docgen) with its stack.
 */
import path from 'node:path';
import { DocgenError } from '../shared/errors.js';

/** Plain words for the file-system error codes a build meets (Node's `error.code`). */
const FS_ERRORS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ELOOP: 'too many levels of symbolic links (a symlink loop?)',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'is a folder, not a file',
  ENOENT: 'no such file or folder',
  ENOSPC: 'no space left on the device',
  EROFS: 'read-only file system',
  EMFILE: 'too many open files',
  ENAMETOOLONG: 'file name too long',
  EEXIST: 'already exists',
  EBUSY: 'resource busy',
};

/** Options of `formatError`. */
export interface FormatErrorOptions {
  /** Also print stacks (`--debug`): of the error and of its `cause`. @default false */
  debug?: boolean;
}

/** The text printed for `error`. */
export function formatError(error: unknown, { debug = false }: FormatErrorOptions = {}): string {
  const fsLine = fileSystemError(error);
  if (fsLine) return debug ? `${fsLine}\n${(error as Error).stack}` : fsLine;
  if (!(error instanceof DocgenError)) {
    return `docgen: unexpected error\n${(error as Error)?.stack ?? String(error)}`;
  }
  const MAX = 10;
  const messageLines = error.message.split('\n');
  const lines = [`error: ${messageLines.slice(0, MAX).join('\n')}`];
  if (messageLines.length > MAX) lines.push(`… and ${messageLines.length - MAX} more`);
  for (const { location } of error.locations.slice(0, MAX)) {
    if (!location || location.lineText === undefined) continue;
    const gutter = String(location.line);
    lines.push('', `  ${location.file}:${location.line}:${location.column}`);
    lines.push(`  ${gutter} | ${location.lineText}`);
    lines.push(`  ${' '.repeat(gutter.length)} | ${' '.repeat(Math.max(0, location.column - 1))}^`);
  }
  if (debug) {
    lines.push('', error.stack ?? '');
    const cause = (error as { cause?: unknown }).cause;
    if (cause) lines.push('caused by:', (cause as Error)?.stack ?? String(cause));
  }
  return lines.join('\n');
}

/** `error: cannot open <path>: permission denied (EACCES)` for a Node file-system error, else undefined. */
function fileSystemError(error: unknown): string | undefined {
  const e = error as (NodeJS.ErrnoException & { dest?: string }) | undefined;
  if (!e || typeof e !== 'object' || typeof e.code !== 'string' || !(e.code in FS_ERRORS) || !e.path) return undefined;
  const rel = path.relative(process.cwd(), e.path);
  const shown = rel && !rel.startsWith('..') ? rel : e.path;
  const dest = e.dest ? ` → ${e.dest}` : '';
  return `error: ${e.syscall ?? 'access'} ${shown}${dest}: ${FS_ERRORS[e.code]} (${e.code})`;
}
