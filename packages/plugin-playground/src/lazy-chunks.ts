/**
 * The playground's two lazy chunks, the editor (CodeMirror) and the compiler (sucrase), bundled by the
 * plugin itself into standalone ES modules. The site bundler cannot make them: it bundles each page alone,
 * without code splitting, so an `import()` in the playground component would put both into the page's
 * own chunk. Written under `assets/playground/` with their content hash in the name; the component
 * imports them by URL.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';

/** Browser code ships as TypeScript source beside `src/` and `dist/` alike. */
const lazyDir = fileURLToPath(new URL('../src/runtime/lazy/', import.meta.url));
/** The browsers the site bundle targets. */
const BROWSERS = ['chrome90', 'edge90', 'firefox90', 'safari15'];
/** Folder of the chunks in the output, relative to it. */
export const CHUNK_DIR = 'assets/playground';

/** One chunk: its file relative to the output folder (posix) and its code. */
export interface LazyChunk {
  file: string;
  contents: Uint8Array;
}

/** The two chunks, by role. */
export interface LazyChunks {
  editor: LazyChunk;
  compiler: LazyChunk;
}

/**
 * Bundles the chunks (minified, for the site's browsers), in memory.
 * @throws Error with esbuild's messages when a chunk does not bundle (a dependency missing)
 */
export async function bundleLazyChunks(): Promise<LazyChunks> {
  const result = await esbuild({
    entryPoints: [
      { in: path.join(lazyDir, 'editor.ts'), out: 'editor' },
      { in: path.join(lazyDir, 'transpile.ts'), out: 'compiler' },
    ],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: BROWSERS,
    minify: true,
    outdir: '/chunks',
    entryNames: '[name]-[hash]',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const chunk = (name: string): LazyChunk => {
    const out = result.outputFiles.find((f) => path.basename(f.path).startsWith(`${name}-`) && f.path.endsWith('.js'));
    if (!out) throw new Error(`the ${name} chunk of the playground was not made`);
    return { file: `${CHUNK_DIR}/${path.basename(out.path)}`, contents: out.contents };
  };
  return { editor: chunk('editor'), compiler: chunk('compiler') };
}

/**
 * Writes the chunks into `outDir` unless a file of that name (content-hashed) is there already.
 * @returns the files written (relative, posix)
 */
export function writeLazyChunks(outDir: string, chunks: LazyChunks): string[] {
  const written: string[] = [];
  for (const chunk of [chunks.editor, chunks.compiler]) {
    const file = path.join(outDir, chunk.file);
    if (fs.existsSync(file)) continue;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, chunk.contents);
    written.push(chunk.file);
  }
  return written;
}

/** A short hash of the chunks' code, for cache keys. */
export function chunksHash(chunks: LazyChunks): string {
  return crypto.createHash('sha256').update(chunks.editor.file).update(chunks.compiler.file).digest('hex').slice(0, 16);
}
