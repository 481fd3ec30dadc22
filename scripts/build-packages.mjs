// Compiles @docgen/core's Node side (src → dist, one file per module) with esbuild.
// The browser runtime and the theme ship as TypeScript source: the site bundler compiles them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const core = path.join(path.dirname(fileURLToPath(import.meta.url)), '../packages/core');
const entryPoints = [];
const walk = (dir) => {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'runtime') walk(p);
    } else if (/\.ts$/.test(e.name) && !/\.(test|spec|d)\.ts$/.test(e.name)) entryPoints.push(p);
  }
};
walk(path.join(core, 'src'));
fs.rmSync(path.join(core, 'dist'), { recursive: true, force: true });
const started = performance.now();
await build({
  entryPoints,
  outdir: path.join(core, 'dist'),
  outbase: path.join(core, 'src'),
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
});
console.log(`@docgen/core: ${entryPoints.length} modules compiled in ${Math.round(performance.now() - started)} ms`);
