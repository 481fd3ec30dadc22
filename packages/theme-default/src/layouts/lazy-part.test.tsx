import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyPart } from './lazy-part.js';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyPart', () => {
  it('renders a part whose chunk has loaded at once, without suspending', async () => {
    const part = lazyPart(() => Promise.resolve(Greeting));
    expect(part.loaded()).toBeUndefined();
    expect(await part.preload()).toBe(Greeting);
    expect(part.loaded()).toBe(Greeting);
    expect(renderToString(<Suspense fallback="waiting">{<part.Component name="docgen" />}</Suspense>)).toBe('<!--$--><p>Hello <!-- -->docgen</p><!--/$-->');
  });

  it('suspends while the chunk loads, and starts loading only once', async () => {
    let calls = 0;
    let resolve!: (c: typeof Greeting) => void;
    const part = lazyPart(() => {
      calls++;
      return new Promise<typeof Greeting>((r) => (resolve = r));
    });
    expect(renderToString(<Suspense fallback="waiting">{<part.Component name="x" />}</Suspense>)).toContain('waiting');
    void part.preload();
    expect(calls).toBe(1);
    resolve(Greeting);
    await part.preload();
    expect(renderToString(<part.Component name="y" />)).toBe('<p>Hello <!-- -->y</p>');
  });

  it('tries again after a failed load', async () => {
    let calls = 0;
    const part = lazyPart(() => (++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(Greeting)));
    await expect(part.preload()).rejects.toThrow('offline');
    expect(await part.preload()).toBe(Greeting);
    expect(calls).toBe(2);
  });
});
