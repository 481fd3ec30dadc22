/**
 * Line-wise rewriting of Markdown source outside fenced code, keeping line numbers. Rewrites that add
 * characters are recorded, so offsets measured in the rewritten text (TOC `charIndex`) can be mapped back
 * to the file the author wrote.
 */

/** Characters added by one rewrite: `delta` characters somewhere before output offset `at`. */
export interface SourceInsertion {
  at: number;
  delta: number;
}

// A backtick fence's info string cannot hold a backtick (CommonMark 4.5): ```x``` is inline code.
const FENCE = /^ {0,3}(?:(`{3,})[^`]*|(~{3,}).*)$/;

/**
 * Calls `rewrite` on every line outside fenced code blocks and returns the new text.
 * @param insertions receives one entry per line that grew, in output offsets.
 */
export function rewriteLinesOutsideFences(source: string, rewrite: (line: string) => string, insertions?: SourceInsertion[]): string {
  const lines = source.split('\n');
  let fence = '';
  let offset = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const f = FENCE.exec(line);
    if (f) {
      const marker = f[1] ?? f[2];
      if (!fence) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = '';
    } else if (!fence) {
      const next = rewrite(line);
      if (next !== line) {
        lines[i] = next;
        if (next.length > line.length) insertions?.push({ at: offset + next.length, delta: next.length - line.length });
      }
    }
    offset += lines[i].length + 1;
  }
  return lines.join('\n');
}

/** Maps an offset in rewritten text back to the source, undoing `insertions` (applied in order). */
export function originalOffset(offset: number, ...passes: SourceInsertion[][]): number {
  let o = offset;
  for (let p = passes.length - 1; p >= 0; p--) {
    for (const { at, delta } of passes[p]) if (at <= o) o -= delta;
  }
  return o;
}
