/** The progress line: drawn on a terminal, silent when output is not a terminal or CI is set. */
import { afterEach, describe, expect, it } from 'vitest';
import { createProgress } from './progress.js';

function fakeStream(isTTY: boolean) {
  const writes: string[] = [];
  return { stream: { isTTY, write: (s: string) => writes.push(s) } as unknown as NodeJS.WriteStream, writes };
}

const savedCI = process.env.CI;
afterEach(() => {
  if (savedCI === undefined) delete process.env.CI;
  else process.env.CI = savedCI;
});

describe('createProgress', () => {
  it('draws done/total on a terminal and clears the line when done', () => {
    delete process.env.CI;
    const { stream, writes } = fakeStream(true);
    const progress = createProgress('compiling pages', stream);
    progress.update(3, 3);
    progress.done();
    expect(writes[0]).toContain('compiling pages 3/3');
    expect(writes.at(-1)).toBe('\r\x1b[2K');
  });

  it('is silent when the output is not a terminal', () => {
    delete process.env.CI;
    const { stream, writes } = fakeStream(false);
    const progress = createProgress('rendering pages', stream);
    progress.update(1, 2);
    progress.done();
    expect(writes).toEqual([]);
  });

  it('is silent when CI is set, even on a terminal', () => {
    process.env.CI = 'true';
    const { stream, writes } = fakeStream(true);
    const progress = createProgress('rendering pages', stream);
    progress.update(2, 2);
    progress.done();
    expect(writes).toEqual([]);
  });
});
