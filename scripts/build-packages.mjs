// Compiles the Node side of @docgen/core, of the official plugins and of the default theme (its config schema,
// which the build validates themeConfig with) from src to dist, one file per module, with esbuild. Browser code
// (core's runtime, the theme, a plugin's `src/runtime/`) ships as TypeScript source: the site bundler compiles it.
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
  await build({
    entryPoints,
    outdir: path.join(dir, 'dist'),
    outbase: path.join(dir, 'src'),
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  console.log(`${pkg.name}: ${entryPoints.length} modules compiled in ${Math.round(performance.now() - started)} ms`);
}
