import path from 'node:path';

/**
 * A path as messages show it: relative to the working directory when it lies inside it (`docs/en/x.md`),
 * else absolute, so a reader can open it from where the command ran; the working directory itself is `.`.
 */
export function displayPath(file: string): string {
  const rel = path.relative(process.cwd(), file);
  if (rel === '') return '.';
  return !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
}
