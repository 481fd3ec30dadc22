import { describe, expect, it } from 'vitest';
import { createRequire, DisallowedImportError, loadModules, NoDefaultExportError, runExample } from './runtime/run-example.js';
import { ExampleSyntaxError, transpile } from './runtime/lazy/transpile.js';

/** Modules as the site bundler's loaders give them: ES module namespaces. */
const loaders = {
  react: async () => ({ default: { name: 'React' }, useState: 'useState-fn' }),
  'react/jsx-runtime': async () => ({ jsx: (type: unknown, props: unknown) => ({ type, props }), jsxs: (type: unknown, props: unknown) => ({ type, props }) }),
};

async function run(source: string, lang: 'tsx' | 'jsx' | 'ts' | 'js' = 'tsx') {
  const modules = await loadModules(loaders);
  return runExample(transpile(source, lang), createRequire(modules, ['react']));
}

describe('running an example', () => {
  it('returns the default export, with default and named imports of allowed modules', async () => {
    const App = (await run("import React, { useState } from 'react';\nexport default function App(): string { return `${React.name} ${useState}`; }")) as () => string;
    expect(App()).toBe('React useState-fn');
  });

  it('compiles JSX for the automatic runtime and TypeScript away', async () => {
    const App = (await run('type P = { n: number };\nexport default ({ n }: P) => <b>{n}</b>;')) as (p: { n: number }) => { type: string; props: unknown };
    expect(App({ n: 3 })).toEqual({ type: 'b', props: { children: 3 } });
    // `ts`: `<T>x` is a type assertion, not JSX.
    const answer = (await run('const x = <number>(40 + 2);\nexport default x;', 'ts')) as number;
    expect(answer).toBe(42);
  });

  it('refuses other imports, naming the module and the allowed ones', async () => {
    const error = await run("import _ from 'lodash';\nexport default _;").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DisallowedImportError);
    expect((error as Error).message).toBe('Cannot import "lodash": playground examples on this site may import only "react" (the imports option of pluginPlayground).');
    await expect(run("import x from './local';\nexport default x;")).rejects.toThrow('Cannot import "./local"');
    expect(new DisallowedImportError('fs', []).message).toContain('may import only none');
  });

  it('reports a syntax error with its line and column', () => {
    let error: unknown;
    try {
      transpile('export default function App() {\n  return <p>open;\n}\n', 'tsx');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ExampleSyntaxError);
    expect((error as ExampleSyntaxError).line).toBeGreaterThanOrEqual(2);
    expect((error as Error).message).toMatch(/^Syntax error at line \d+, column \d+: /);
    expect(() => transpile('const = 1;', 'js')).toThrow(/^Syntax error at line 1, column 7: /);
  });

  it('lets the error of an example that throws through, and asks for a default export', async () => {
    await expect(run("throw new TypeError('boom');")).rejects.toThrow(TypeError);
    await expect(run('export const x = 1;')).rejects.toBeInstanceOf(NoDefaultExportError);
  });
});
