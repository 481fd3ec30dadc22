/**
 * The runtime module the plugin adds (`addRuntimeModules` in ../index.ts, source made by
 * `configModuleSource`): what the site allows and where the lazy chunks are.
 */
declare module 'docgen-playground:config' {
  /** Every module an example may import, by specifier, with the JSX runtime the compiler adds. */
  export const loaders: Record<string, () => Promise<unknown>>;
  /** The specifiers of the plugin's `imports` option, for messages. */
  export const allowed: string[];
  /** URL (with the site's base) of the editor chunk (`lazy/editor.ts`). */
  export const editorUrl: string;
  /** URL (with the site's base) of the compiler chunk (`lazy/transpile.ts`). */
  export const compilerUrl: string;
  /** Milliseconds after the last keystroke before the example runs again. */
  export const debounce: number;
}
