import fs from 'node:fs';
import path from 'node:path';
import { CORE_ROOT } from '../core-root.js';

/**
 * Path of a compiled module of `dist/node/pipeline/` (`name` may climb, `../dev/watch-worker.js`), for worker
 * threads: they load JavaScript only, so the tests, which run from the TypeScript sources, use the built copy
 * too. The package build keeps every module of `src/` as an entry point at its own path in `dist/`.
 * @throws Error when the package has not been built
 */
export function builtModule(name: string): string {
  const built = path.join(CORE_ROOT, 'dist/node/pipeline', name);
  if (fs.existsSync(built)) return built;
  throw new Error(`${name} is not built: run \`pnpm build:packages\` first`);
}
