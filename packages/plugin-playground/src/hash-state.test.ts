import { describe, expect, it } from 'vitest';
import { decodeCode, encodeCode, readHashEntries, writeHashEntry } from './runtime/hash-state.js';

describe('playground code in the URL fragment', () => {
  it('round-trips any text through base64url', () => {
    for (const text of ['', 'a', 'export default () => <p>hi</p>;\n', '你好, 🌍 & = # ? / +', 'x'.repeat(100_000)]) {
      const encoded = encodeCode(text);
      expect(encoded).toMatch(/^[A-Za-z0-9_-]*$/);
      expect(decodeCode(encoded)).toBe(text);
    }
  });

  it('refuses values no encoder made', () => {
    expect(() => decodeCode('a b')).toThrow('not base64url');
    expect(() => decodeCode('abcde')).toThrow('not base64url');
    // 0xFF 0xFE is no UTF-8.
    expect(() => decodeCode('__4')).toThrow('not UTF-8');
  });

  it('reads the playground entries and leaves anchors out', () => {
    expect([...readHashEntries('#pg-2=YQ&usage&pg-10=Yg')]).toEqual([
      ['pg-2', 'YQ'],
      ['pg-10', 'Yg'],
    ]);
    expect(readHashEntries('#installation').size).toBe(0);
    expect(readHashEntries('').size).toBe(0);
  });

  it('sets and removes one entry, keeping the others in order', () => {
    const one = writeHashEntry('#pg-1=YQ&pg-3=Yw', 2, 'b');
    expect(one).toBe('#pg-1=YQ&pg-3=Yw&pg-2=Yg');
    expect(writeHashEntry(one, 1, 'z')).toBe('#pg-1=eg&pg-3=Yw&pg-2=Yg');
    expect(writeHashEntry(one, 3, null)).toBe('#pg-1=YQ&pg-2=Yg');
    expect(writeHashEntry('#pg-1=YQ', 1, null)).toBe('');
    // An anchor gives way: a fragment names one target.
    expect(writeHashEntry('#usage', 1, 'a')).toBe('#pg-1=YQ');
  });
});
