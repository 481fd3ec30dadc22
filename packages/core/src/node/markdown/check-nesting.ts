/**
 * Limits on a page's source, checked in one linear pass before it is parsed. The Markdown parser and the
 * tree walkers after it recurse once per level of nesting: a list nested 3,000 levels deep never finished,
 * and a blockquote nested 20,000 levels overflowed the stack without saying where. A page that nests deeper
 * than `MAX_NESTING_DEPTH` fails with the file, line and column where the limit is passed.
 */

/** Deepest nesting of blockquotes and lists (together), and of HTML/JSX elements, a page may have. */
export const MAX_NESTING_DEPTH = 100;

/** Size in bytes above which a page gets a warning (it still builds, in time linear in its size). */
export const LARGE_PAGE_BYTES = 1024 * 1024;

/** Where and how deep a page nests past the limit. */
export interface NestingProblem {
  /** 1-based line and column of the construct that passes the limit. */
  line: number;
  column: number;
  /** What nests: `blockquotes and lists` or `HTML/JSX elements`. */
  kind: string;
}

/** Elements that never have a closing tag in HTML. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** An opening code fence (CommonMark 4.5): a backtick fence's info string holds no backtick. */
const OPENING_FENCE = /^(`{3,})(?!.*`)|^(~{3,})/;
/** A closing code fence: the fence characters, then nothing but spaces or tabs. */
const CLOSING_FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
const LIST_MARKER = /^(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)/;
const TAG = /<(\/?)([A-Za-z][\w.:-]*)(?:[^<>"'{}]|"[^"]*"|'[^']*'|\{[^{}]*\})*?(\/?)>/g;

/**
 * The first place where `source` nests deeper than `limit`, or null. Container depth follows CommonMark's
 * rules closely enough for a limit: `>` markers and list items on a line, plus the list items still open
 * above it (by their content column). Element depth counts open minus closed tags outside code fences.
 */
export function findExcessNesting(source: string, limit = MAX_NESTING_DEPTH): NestingProblem | null {
  const lines = source.split(/\r\n?|\n/);
  /** Content columns of the list items open above the current line. */
  const open: number[] = [];
  let fence: string | null = null;
  let elements = 0;
  for (let n = 0; n < lines.length; n++) {
    const text = lines[n];
    if (fence) {
      // Container markers and indentation before a closing fence are taken off as a whole: close enough
      // for a limit, and a fence is never closed by one that carries an info string (`\`\`\`ts title`).
      const closing = CLOSING_FENCE.exec(text.replace(/^[\s>]*/, ''));
      if (closing && closing[1][0] === fence[0] && closing[1].length >= fence.length) fence = null;
      continue;
    }
    if (text.trim() === '') continue;
    const indent = text.length - text.trimStart().length;
    while (open.length && indent < open[open.length - 1]) open.pop();
    let depth = open.length;
    let at = indent;
    // Markers at the start of the line: each `>` and each list marker opens one more container.
    for (;;) {
      const start = at;
      if (text[at] === '>') {
        depth++;
        at++;
        while (text[at] === ' ' || text[at] === '\t') at++;
      } else {
        const marker = LIST_MARKER.exec(text.slice(at, at + 12));
        if (!marker) break;
        depth++;
        at += marker[0].length;
        while (text[at] === ' ' || text[at] === '\t') at++;
        open.push(at);
      }
      if (depth > limit) return { line: n + 1, column: start + 1, kind: 'blockquotes and lists' };
    }
    // A fence opens after the container markers (`> \`\`\``, `- \`\`\``); at the top level, 4 spaces of
    // indentation make an indented code block instead.
    const opening = depth > 0 || indent < 4 ? OPENING_FENCE.exec(text.slice(at)) : null;
    if (opening) {
      fence = opening[1] ?? opening[2];
      continue;
    }
    if (!text.includes('<')) continue;
    for (const tag of text.matchAll(TAG)) {
      const name = tag[2].toLowerCase();
      if (tag[3] || VOID.has(name)) continue;
      elements += tag[1] ? -1 : 1;
      if (elements < 0) elements = 0;
      if (elements > limit) return { line: n + 1, column: tag.index + 1, kind: 'HTML/JSX elements' };
    }
  }
  return null;
}
