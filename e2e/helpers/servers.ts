/** Serves the website for browser tests: the production build through the preview server, or `docgen dev`. */
import path from 'node:path';
import { build, startDevServer, startStaticServer, type StaticServer } from '@docgen/core';
import { docsRoot } from './site.js';

export type ServerKind = 'preview' | 'dev';

/** Builds (preview) or starts the dev server for `root`; resolves to the server with its base URL. */
export async function serveSite(kind: ServerKind, root = docsRoot): Promise<StaticServer> {
  if (kind === 'dev') return startDevServer({ root, port: 0 });
  const result = await build({ root, log: false });
  return startStaticServer({ dir: result.outDir, base: result.config.base, port: 0 });
}

export const docsDist = path.join(docsRoot, 'dist');
