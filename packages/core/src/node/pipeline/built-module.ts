import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Path of a compiled module of this folder, for worker threads (they load JavaScript only). Running from
 * the TypeScript sources (tests), the built copy in `dist/` is used.
 * @throws when the package has not been built.
 */
export function builtModule(name: string): string {
  const beside = fileURLToPath(new URL(`./${name}`, import.meta.url));
  if (fs.existsSync(beside)) return beside;
  const built = fileURLToPath(new URL(`../../../dist/node/pipeline/${name}`, import.meta.url));
  if (fs.existsSync(built)) return built;
  throw new Error(`${name} is not built: run \`pnpm build:packages\` first`);
}
