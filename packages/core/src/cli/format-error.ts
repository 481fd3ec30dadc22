/**
 * Prints errors for people: a DocgenError as its message plus, for each location, the offending line and
 * a caret under the column; anything else (a bug in docgen) with its stack.
 */
import { DocgenError } from '../shared/errors.js';

/** The text printed for `error`. */
export function formatError(error: unknown): string {
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
  return lines.join('\n');
}
