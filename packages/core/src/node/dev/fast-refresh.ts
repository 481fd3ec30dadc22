/**
 * React Fast Refresh for the theme and the pages' content in `docgen dev`, with the `react-refresh` runtime
 * and esbuild (no Babel):
 * - the runtime loads as a classic script at the end of each page's body (`REFRESH_RUNTIME_PATH`), so it
 *   hooks into React before the app's modules run (module scripts run after the document is parsed);
 * - the browser bundle's theme modules (`.tsx`/`.jsx` under the theme folders) register their top-level
 *   components with it (`refreshPlugin`), each with a signature: the hooks it calls, in order; so do the
 *   page modules (`registrations`, through `SiteModules.pageSuffix`), under the page's file;
 * - after a theme edit the dev client imports the new shared entries, whose changed modules register the
 *   new versions, and asks React to refresh: components keep their state, and a component whose hooks
 *   changed is mounted again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build, transform, type Plugin } from 'esbuild';
import { CORE_ROOT } from '../core-root.js';

/** Path of the runtime script on the dev server, outside any `base`. */
export const REFRESH_RUNTIME_PATH = '/__docgen/refresh.js';

/** Name of the global the runtime script sets: `{ register, sign, perform }`. */
const GLOBAL = '__dgRefresh';

let runtime: Promise<string> | undefined;

/**
 * The runtime script: `react-refresh/runtime` (development build) hooked into the page's React, as one
 * classic script; made once per process.
 * @throws esbuild's error when `react-refresh` cannot be bundled (not installed)
 */
export function refreshRuntimeScript(): Promise<string> {
  runtime ??= build({
    stdin: {
      contents: `import * as Runtime from 'react-refresh/runtime';
Runtime.injectIntoGlobalHook(window);
window.${GLOBAL} = {
  register: (type, id) => Runtime.register(type, id),
  sign: (type, key) => Runtime.setSignature(type, key),
  perform: () => Runtime.performReactRefresh(),
};
`,
      resolveDir: CORE_ROOT,
      loader: 'js',
    },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0].text);
  return runtime;
}

/**
 * The esbuild plugin of the browser bundle that makes the components of the theme's modules (`.tsx`/`.jsx`
 * files under `themeDirs`, absolute) known to the refresh runtime: after the module's code, each top-level
 * component (a function or class named in PascalCase, or one wrapped in `memo`/`forwardRef`) is signed with
 * the hooks it calls and registered under `<file> <name>`.
 */
export function refreshPlugin(themeDirs: string[]): Plugin {
  const inTheme = (file: string) => themeDirs.some((dir) => file.startsWith(dir + path.sep));
  return {
    name: 'docgen-fast-refresh',
    setup(build) {
      build.onLoad({ filter: /\.[jt]sx$/ }, async (args) => {
        if (!inTheme(args.path)) return undefined;
        const source = await fs.promises.readFile(args.path, 'utf8');
        const { code } = await transform(source, { loader: args.path.endsWith('.tsx') ? 'tsx' : 'jsx', jsx: 'automatic', format: 'esm', sourcefile: args.path });
        return { contents: code + registrations(code, args.path), loader: 'js', resolveDir: path.dirname(args.path) };
      });
    },
  };
}

/**
 * The registration code for the components declared at the top level of `code` (esbuild's output: top-level
 * statements start at column 0), one line per component. Linear in the code's length.
 */
export function registrations(code: string, file: string): string {
  const lines = code.split('\n');
  const declared: { name: string; from: number }[] = [];
  lines.forEach((line, i) => {
    const name =
      /^(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s+([A-Z]\w*)\s*\(/.exec(line)?.[1] ??
      /^(?:export\s+)?class\s+([A-Z]\w*)\b/.exec(line)?.[1] ??
      /^(?:export\s+)?(?:const|let|var)\s+([A-Z]\w*)\s*=\s*(?:(?:\w+\.)?(?:memo|forwardRef)\s*\(|(?:async\s*)?\(|function\b|\w+\s*=>)/.exec(line)?.[1];
    if (name) declared.push({ name, from: i });
  });
  if (!declared.length) return '';
  // A component's hooks: the calls of `useX` from its line to the next top-level statement.
  const topLevel = lines.map((line) => /^\S/.test(line) && !/^[})\]]/.test(line));
  const out = [`\n;if (typeof window !== 'undefined' && window.${GLOBAL}) {`];
  for (const { name, from } of declared) {
    let to = from + 1;
    while (to < lines.length && !topLevel[to]) to++;
    const hooks = lines
      .slice(from, to)
      .join('\n')
      .match(/\buse[A-Z0-9]\w*(?=\s*\()/g);
    out.push(`  window.${GLOBAL}.sign(${name}, ${JSON.stringify((hooks ?? []).join(','))});`);
    out.push(`  window.${GLOBAL}.register(${name}, ${JSON.stringify(`${file} ${name}`)});`);
  }
  out.push('}\n');
  return out.join('\n');
}
