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
import { build as esbuild, version as esbuildVersion } from 'esbuild';

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
 * The chunks, bundled (minified, for the site's browsers) in memory, or taken from `cacheDir` (the plugin's
 * cache folder, `HookEnv.cacheDir`) when the last build kept them there and every file esbuild read for them
 * still has the size and mtime it had: bundling takes about 0.5 s on a 2-core machine, at every build and
 * dev server start. With `cacheDir` null (`--no-cache`) nothing is read or kept.
 * @throws Error with esbuild's messages when a chunk does not bundle (a dependency missing)
 */
export async function bundleLazyChunks(cacheDir: string | null = null): Promise<LazyChunks> {
  const kept = cacheDir ? readKeptChunks(cacheDir) : undefined;
  if (kept) return kept;
  const result = await esbuild({
    entryPoints: [
      { in: path.join(lazyDir, 'editor.ts'), out: 'editor' },
      { in: path.join(lazyDir, 'transpile.ts'), out: 'compiler' },
    ],
    bundle: true,
    write: false,
    metafile: true,
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
  const chunks = { editor: chunk('editor'), compiler: chunk('compiler') };
  // The metafile names inputs relative to the working folder.
  if (cacheDir) keepChunks(cacheDir, chunks, Object.keys(result.metafile.inputs).map((input) => path.resolve(input)));
  return chunks;
}

/** Bumped when the chunks' build options change. */
const KEPT_FORMAT = 1;
const KEPT_FILE = 'lazy-chunks.json';

/**
 * `lazy-chunks.json` in the plugin's cache folder: the format, esbuild's version, each input as
 * `[path, size, mtimeMs]`, and per chunk its output file (relative, posix), the name of its copy in the
 * cache folder and the sha256 of its code.
 */
interface KeptChunks {
  format: number;
  esbuild: string;
  inputs: [string, number, number][];
  chunks: Record<keyof LazyChunks, { file: string; copy: string; sha256: string }>;
}

const sha256 = (data: Uint8Array) => crypto.createHash('sha256').update(data).digest('hex');

/** The chunks kept in `cacheDir`, or undefined when there are none, an input changed or a copy is damaged. */
function readKeptChunks(cacheDir: string): LazyChunks | undefined {
  let kept: KeptChunks;
  try {
    kept = JSON.parse(fs.readFileSync(path.join(cacheDir, KEPT_FILE), 'utf8')) as KeptChunks;
  } catch {
    // None yet, or not whole (a build stopped while writing it): bundled again and kept anew.
    return undefined;
  }
  if (kept?.format !== KEPT_FORMAT || kept.esbuild !== esbuildVersion || !Array.isArray(kept.inputs) || typeof kept.chunks !== 'object') return undefined;
  for (const [file, size, mtimeMs] of kept.inputs) {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat || stat.size !== size || stat.mtimeMs !== mtimeMs) return undefined;
  }
  const chunk = (name: keyof LazyChunks): LazyChunk | undefined => {
    const entry = kept.chunks[name];
    if (typeof entry?.copy !== 'string' || typeof entry.file !== 'string') return undefined;
    let contents: Uint8Array;
    try {
      contents = fs.readFileSync(path.join(cacheDir, path.basename(entry.copy)));
    } catch {
      return undefined;
    }
    return sha256(contents) === entry.sha256 ? { file: entry.file, contents } : undefined;
  };
  const editor = chunk('editor');
  const compiler = chunk('compiler');
  return editor && compiler ? { editor, compiler } : undefined;
}

/** Keeps `chunks` in `cacheDir`, made from `inputs` (absolute paths); `lazy-chunks.json` is written last. */
function keepChunks(cacheDir: string, chunks: LazyChunks, inputs: string[]): void {
  fs.mkdirSync(cacheDir, { recursive: true });
  const entry = (name: keyof LazyChunks) => {
    const { file, contents } = chunks[name];
    const copy = path.basename(file);
    fs.writeFileSync(path.join(cacheDir, copy), contents);
    return { file, copy, sha256: sha256(contents) };
  };
  const kept: KeptChunks = {
    format: KEPT_FORMAT,
    esbuild: esbuildVersion,
    inputs: inputs.map((file) => {
      const stat = fs.statSync(file);
      return [file, stat.size, stat.mtimeMs];
    }),
    chunks: { editor: entry('editor'), compiler: entry('compiler') },
  };
  const target = path.join(cacheDir, KEPT_FILE);
  const tmp = `${target}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(kept));
  fs.renameSync(tmp, target);
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
