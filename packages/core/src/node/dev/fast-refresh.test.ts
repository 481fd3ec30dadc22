import { transform } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { registrations } from './fast-refresh.js';

/** The source as esbuild gives it to the plugin, then the names registered and their hook signatures. */
async function registered(source: string): Promise<[name: string, hooks: string][]> {
  const { code } = await transform(source, { loader: 'tsx', jsx: 'automatic', format: 'esm' });
  const out = registrations(code, '/theme/x.tsx');
  const signs = [...out.matchAll(/\.sign\((\w+), "([^"]*)"\)/g)].map((m) => [m[1], m[2]] as [string, string]);
  const names = [...out.matchAll(/\.register\((\w+), "\/theme\/x\.tsx (\w+)"\)/g)].map((m) => m[1]);
  expect(names).toEqual(signs.map(([name]) => name));
  return signs;
}

describe('registrations', () => {
  it('registers top-level components of every form, each with the hooks it calls in order', async () => {
    const source = `
      import { memo, forwardRef, useState, useEffect, useRef } from 'react';
      export function Badge({ text }: { text: string }) {
        const [open, setOpen] = useState(false);
        useEffect(() => setOpen(true), []);
        return <span>{open ? text : ''}</span>;
      }
      function Inner() { return <i />; }
      export const Arrow = () => { const ref = useRef(null); return <b ref={ref} />; };
      export const Memo = memo(function Named() { return <Inner />; });
      const Forwarded = forwardRef<HTMLDivElement>((props, ref) => <div ref={ref} />);
      export default function Page() { return <Forwarded />; }
    `;
    expect(await registered(source)).toEqual([
      ['Badge', 'useState,useEffect'],
      ['Inner', ''],
      ['Arrow', 'useRef'],
      ['Memo', ''],
      ['Forwarded', ''],
      ['Page', ''],
    ]);
  });

  it('leaves out what is no component: constants, contexts, hooks, lower-case functions', async () => {
    const source = `
      import { createContext, useContext } from 'react';
      export const LABELS = { a: 1 };
      export const ThemeContext = createContext(null);
      export function useTheme() { return useContext(ThemeContext); }
      function helper() { return 1; }
    `;
    expect(await registered(source)).toEqual([]);
  });
});
