/**
 * Length in characters (UTF-16 code units) from which a line of code is left without colours, at build
 * time and by the browser's `highlight()`: shiki's `tokenizeMaxLineLength`. TextMate grammars can take
 * time that grows with the square of a line's length (a bash line of 5,000 dashes took 1.8 s, 1,000 of
 * them 72 ms), so without this cap a page of long lines would highlight in time quadratic in its size.
 * Editors do the same for long lines.
 */
export const HIGHLIGHT_MAX_LINE_LENGTH = 1000;
