import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of `@docgen/core`'s own `package.json`, found by walking up from this module.
 * The Node code is bundled into `dist/` with its code split into shared chunks, so a module's place in the
 * folder tree is not fixed: paths into the package start here, never from a module's own URL.
 * @throws Error when no `package.json` named `@docgen/core` is above this module (a broken install)
 */
function findCoreRoot(): string {
  const start = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === '@docgen/core') return dir;
    if (path.dirname(dir) === dir) throw new Error(`docgen: no package.json of @docgen/core above ${start}`);
  }
}

/** Absolute path of `@docgen/core`'s package folder (it holds `package.json`, `src/` and `dist/`). */
export const CORE_ROOT = findCoreRoot();

/**
 * The folder docgen's Node code was loaded from: `<core>/dist` for the built package, `<core>/src` when it
 * runs from the TypeScript sources (the tests).
 */
export const CODE_DIR = path.join(CORE_ROOT, path.relative(CORE_ROOT, fileURLToPath(import.meta.url)).split(path.sep)[0]!);
