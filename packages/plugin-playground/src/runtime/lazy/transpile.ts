/**
 * The compiler chunk, loaded on demand (`import()` of its own file, never part of a page's first load):
 * turns an example's TypeScript/JSX with ES imports into CommonJS JavaScript with sucrase.
 */
import { transform, type Transform } from 'sucrase';

/** Languages a playground runs. */
export type PlaygroundLang = 'tsx' | 'jsx' | 'ts' | 'js';

/** A syntax error of the example: the compiler's message, with the 1-based line and column. */
export class ExampleSyntaxError extends Error {
  constructor(
    readonly reason: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`Syntax error at line ${line}, column ${column}: ${reason}`);
    this.name = 'ExampleSyntaxError';
  }
}

/**
 * CommonJS JavaScript of `code`: types removed, JSX compiled for React's automatic runtime
 * (`require('react/jsx-runtime')`), imports and exports as `require` and `exports`.
 * `ts` has no JSX (`<T>x` is a type assertion there).
 * @throws ExampleSyntaxError with the line and column of the first syntax error
 */
export function transpile(code: string, lang: PlaygroundLang): string {
  const transforms: Transform[] = lang === 'ts' ? ['typescript', 'imports'] : lang === 'js' || lang === 'jsx' ? ['jsx', 'imports'] : ['typescript', 'jsx', 'imports'];
  try {
    return transform(code, { transforms, jsxRuntime: 'automatic', production: true }).code;
  } catch (error) {
    const loc = (error as { loc?: { line: number; column: number } }).loc;
    if (error instanceof SyntaxError && loc) throw new ExampleSyntaxError(error.message.replace(/ \(\d+:\d+\)$/, ''), loc.line, loc.column);
    throw error;
  }
}
