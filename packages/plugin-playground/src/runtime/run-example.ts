/**
 * Runs a playground example compiled to CommonJS (sucrase's `imports` transform): a `require` that serves
 * only the modules the site allows, the module body run with `new Function`, and the default export
 * taken as the component to render. Isomorphic: no DOM, no Node.
 */

/** Module specifier → a function loading the module (the site bundler's `() => import('react')`). */
export type ModuleLoaders = Record<string, () => Promise<unknown>>;

/** The error of an import the site does not allow: names the module and the allowed ones. */
export class DisallowedImportError extends Error {
  constructor(
    /** The specifier the example imports. */
    readonly specifier: string,
    /** The specifiers the site allows, in the order of the plugin's `imports` option. */
    readonly allowed: readonly string[],
  ) {
    const list = allowed.length ? allowed.map((s) => `"${s}"`).join(', ') : 'none';
    super(`Cannot import "${specifier}": playground examples on this site may import only ${list} (the imports option of pluginPlayground).`);
    this.name = 'DisallowedImportError';
  }
}

/** An example that ran but exports no component: tells the author what to export. */
export class NoDefaultExportError extends Error {
  constructor() {
    super('The example has no default export: end it with `export default function App() { … }` (a React component).');
    this.name = 'NoDefaultExportError';
  }
}

/**
 * Loads every module of `loaders` at once and returns them by specifier, each as CommonJS code expects an
 * ES module (its namespace plus `__esModule: true`, so that `import X from` reads the default export).
 * @throws the first loader's error (a chunk that could not be fetched), unchanged
 */
export async function loadModules(loaders: ModuleLoaders): Promise<Map<string, unknown>> {
  const entries = await Promise.all(Object.entries(loaders).map(async ([specifier, load]) => [specifier, asCommonJs(await load())] as const));
  return new Map(entries);
}

function asCommonJs(namespace: unknown): unknown {
  if (namespace === null || typeof namespace !== 'object') return namespace;
  // A module namespace object is frozen: the flag goes on a copy of its exports.
  return Object.assign({}, namespace, { __esModule: true });
}

/**
 * A `require` for the example: returns the loaded module of an allowed specifier.
 * @param modules the loaded modules, by specifier (`loadModules`)
 * @param allowed the specifiers shown in the message of a refused import (the site's list, without the
 *   JSX runtime the compiler adds)
 * @throws DisallowedImportError for any specifier not in `modules`
 */
export function createRequire(modules: ReadonlyMap<string, unknown>, allowed: readonly string[]): (specifier: string) => unknown {
  return (specifier: string) => {
    if (!modules.has(specifier)) throw new DisallowedImportError(specifier, allowed);
    return modules.get(specifier);
  };
}

/**
 * Runs `code` (CommonJS) and returns its default export.
 * @throws whatever the example throws while it runs (a refused import is a DisallowedImportError),
 *   NoDefaultExportError when it exports no default
 */
export function runExample(code: string, require: (specifier: string) => unknown): unknown {
  const module: { exports: Record<string, unknown> } = { exports: {} };
  // The example is the author's (or the reader's own edit) running in the reader's page: that is what a
  // playground is for. It sees nothing of the page's scope but what is passed in; sucrase's output starts
  // with "use strict".
  const body = new Function('require', 'exports', 'module', code);
  body(require, module.exports, module);
  const exported = module.exports.default;
  if (exported === undefined) throw new NoDefaultExportError();
  return exported;
}
