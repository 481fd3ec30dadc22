// Compiles the Node side of @docgen/core, of the official plugins and of the default theme (its config schema,
// which the build validates themeConfig with) from src to dist with esbuild, one entry point per module at its
// own path. Browser code (core's runtime, the theme, a plugin's `src/runtime/`) ships as TypeScript source: the
// site bundler compiles it.
//
// Core's Node code is bundled with its dependencies, split into shared chunks (`dist/chunks/`): Node loads the
// Markdown pipeline from a few files in about a third of the time it takes for its 600 modules one by one, and
// every build, worker thread and dev server start pays that load. Packages stay external when another package
// must share their instance (React), when they find files or binaries of their own at run time (esbuild,
// piscina's worker, shiki's grammars and themes) or when they are only loaded by the dev server. zod is
// bundled, tree-shaken to what docgen uses (`import * as z`), and shared through `@docgen/core/zod`; the
// theme's config schema is bundled from its source, so that it is made with the same copy of zod.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const packagesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../packages');
const all = ['core', ...fs.readdirSync(packagesDir).filter((name) => name.startsWith('plugin-')).sort(), 'theme-default'];
// `node scripts/build-packages.mjs plugin-rss core`: only the packages named (folder names); all without arguments.
const only = process.argv.slice(2);
const unknown = only.filter((name) => !all.includes(name));
if (unknown.length) throw new Error(`build-packages: no package folder ${unknown.join(', ')} (there are ${all.join(', ')})`);
const packages = only.length ? all.filter((name) => only.includes(name)) : all;
/** Where a package's Node code is: the theme is browser code, except its config schema, which the build loads. */
const nodeSources = { 'theme-default': 'src/config' };
/** Packages left external when core's Node code is bundled (see above). */
const coreExternal = ['react', 'react/*', 'react-dom', 'react-dom/*', 'react-refresh', 'react-refresh/*', '@docgen/core', '@docgen/core/*', 'esbuild', 'piscina', 'shiki', 'shiki/*', '@shikijs/*', 'chokidar', 'sirv', 'compression'];
/**
 * Core's Node entry points, each at its own path in `dist/`: the package's exports and CLI, the worker threads'
 * modules (`builtModule`), and modules the tests and scripts load directly. Every other module lives in chunks.
 */
const coreEntries = ['index.ts', 'zod.ts', 'cli/index.ts', 'node/pipeline/compile-worker.ts', 'node/pipeline/render-worker.ts', 'node/pipeline/search-index-worker.ts', 'node/dev/watch-worker.ts', 'node/dev/dev-render-worker.ts', 'node/markdown/compile-page.ts', 'node/pipeline/page-cache.ts', 'node/task-clock.ts', 'node/thread-priority.ts'];
/**
 * Browser scripts a package puts into pages as they are, inline, not through the site bundler: bundled here,
 * each into one minified IIFE at `dist/<name>.js`, for the browsers the site bundle targets. A build then
 * only reads the file (starting esbuild for it cost every build, even one with nothing to do, ~20 ms).
 */
const inlineScripts = { 'plugin-client-redirects': ['src/runtime/head-script.ts'] };
/** Bundled CommonJS dependencies call `require` for Node's built-in modules: ES modules have none of their own. */
const requireShim = "import { createRequire as __docgenCreateRequire } from 'node:module';\nconst require = __docgenCreateRequire(import.meta.url);";

/** Resolves the theme's config schema (core's only import of the theme) to its source, to be bundled. */
const themeConfigFromSource = {
  name: 'theme-config-from-source',
  setup(b) {
    b.onResolve({ filter: /^@docgen\/theme-default\/config$/ }, () => ({ path: path.join(packagesDir, 'theme-default/src/config/schema.ts') }));
  },
};

for (const name of packages) {
  const dir = path.join(packagesDir, name);
  const entryPoints = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'runtime') walk(p);
      } else if (/\.ts$/.test(e.name) && !/\.(test|spec|d)\.ts$/.test(e.name)) entryPoints.push(p);
    }
  };
  walk(path.join(dir, nodeSources[name] ?? 'src'));
  fs.rmSync(path.join(dir, 'dist'), { recursive: true, force: true });
  const started = performance.now();
  const options = { outdir: path.join(dir, 'dist'), outbase: path.join(dir, 'src'), format: 'esm', platform: 'node', target: 'node20', sourcemap: 'linked', logLevel: 'warning' };
  if (name === 'core') {
    // `src/shared/` is also browser code (`@docgen/core/search`): compiled module by module, without the shim.
    const shared = path.join(dir, 'src/shared') + path.sep;
    await build({ ...options, entryPoints: entryPoints.filter((file) => file.startsWith(shared)) });
    await build({
      ...options,
      entryPoints: coreEntries.map((file) => path.join(dir, 'src', file)),
      bundle: true,
      splitting: true,
      // ESM builds first: jsonc-parser's `main` is a UMD module that requires its parts by relative path.
      mainFields: ['module', 'main'],
      chunkNames: 'chunks/[name]-[hash]',
      external: coreExternal,
      banner: { js: requireShim },
      plugins: [themeConfigFromSource],
    });
  } else {
    await build({ ...options, entryPoints });
  }
  for (const script of inlineScripts[name] ?? []) {
    await build({
      entryPoints: [path.join(dir, script)],
      outfile: path.join(dir, 'dist', `${path.basename(script, '.ts')}.js`),
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: ['chrome90', 'edge90', 'firefox90', 'safari15'],
      minify: true,
      legalComments: 'none',
      logLevel: 'warning',
    });
  }
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  console.log(`${pkg.name}: ${entryPoints.length} modules compiled in ${Math.round(performance.now() - started)} ms`);
}
