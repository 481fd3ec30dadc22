/**
 * Reads a page's source as UTF-8, strictly: a file with bytes that are not UTF-8 (a page saved as Latin-1 or
 * GBK) fails with the place of the first bad byte, instead of building with replacement characters.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DocgenError } from '../../shared/errors.js';
import { displayPath } from '../display-path.js';

const strict = new TextDecoder('utf-8', { fatal: true });

/**
 * The text of `file`, a leading BOM removed.
 * @throws DocgenError naming the file, the byte offset, line and column of the first invalid byte.
 */
export function readPageSource(file: string): string {
  const bytes = fs.readFileSync(file);
  try {
    return strict.decode(bytes);
  } catch {
    const offset = firstInvalidByte(bytes);
    const lines = bytes.subarray(0, offset).toString('utf8').split('\n');
    const line = lines.length;
    const column = lines[lines.length - 1].length + 1;
    const shown = displayPath(file);
    const message = `not valid UTF-8: byte 0x${bytes[offset].toString(16).padStart(2, '0')} at byte offset ${offset}; save the file as UTF-8`;
    const lineText = bytes.toString('utf8').split('\n')[line - 1];
    throw new DocgenError(`${shown}:${line}:${column}: ${message}`, [{ message, location: { file: shown, line, column, lineText } }]);
  }
}

/** Offset of the first byte that does not start or continue a valid UTF-8 sequence. */
function firstInvalidByte(bytes: Buffer): number {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i];
    const need = b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    if (need < 0) return i;
    for (let k = 1; k <= need; k++) if (i + k >= bytes.length || (bytes[i + k] & 0xc0) !== 0x80) return i;
    // Overlong forms, surrogates and code points above U+10FFFF that the ranges above let through.
    if ((b === 0xe0 && bytes[i + 1] < 0xa0) || (b === 0xed && bytes[i + 1] > 0x9f) || (b === 0xf0 && bytes[i + 1] < 0x90) || (b === 0xf4 && bytes[i + 1] > 0x8f)) return i;
    i += need + 1;
  }
  return bytes.length - 1;
}

