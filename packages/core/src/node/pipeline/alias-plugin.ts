/**
 * Import aliases of the site bundles (the config's `alias` and plugins' `esbuild.alias`): `@components`
 * matches the import `@components` and `@components/…`; the target takes the key's place and esbuild
 * resolves the result as if it were written there. esbuild's own `alias` option takes package names only,
 * not prefixes such as `@` or `~`, which readers of other generators' docs expect.
 */
import type { Plugin } from 'esbuild';
import { locateInSource } from './esbuild-plugin.js';

/** Characters with a meaning in a regular expression, escaped so a key matches itself. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Creates the plugin, or null without aliases. The longest matching key wins (`@site/x` before `@site`).
 * @param alias key → an absolute path or a package name
 */
export function aliasPlugin(alias: Record<string, string>): Plugin | null {
  const keys = Object.keys(alias).sort((a, b) => b.length - a.length);
  if (!keys.length) return null;
  // One hook for all keys: esbuild tests the filter in Go, so imports no key matches cost nothing.
  const filter = new RegExp(`^(?:${keys.map(escape).join('|')})(?:/|$)`);
  return {
    name: 'docgen:alias',
    setup(build) {
      build.onResolve({ filter }, async (args) => {
        if (args.pluginData === 'docgen-alias') return undefined;
        const key = keys.find((k) => args.path === k || args.path.startsWith(`${k}/`))!;
        const target = alias[key] + args.path.slice(key.length);
        const result = await build.resolve(target, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'docgen-alias' });
        if (result.errors.length) {
          // In a page, esbuild's place is in the compiled JavaScript: point at the import in the source instead.
          const location = args.namespace === 'docgen-page' ? locateInSource(args.importer, args.path) : undefined;
          return { errors: result.errors.map((e) => ({ ...e, text: `${e.text} (the alias ${key} → ${alias[key]})`, ...(location ? { location } : {}) })) };
        }
        return result;
      });
    },
  };
}
