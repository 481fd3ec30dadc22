/**
 * Documents of the last build that a new build can take instead of rendering them again. A page's server
 * render depends only on the server modules it runs (its page module, the server entry, and every chunk
 * they import), its route and the parts of its document (head, preloads, boot data: the route tables and
 * search indexes have stable URLs, so another page's edit does not change them); so the key of a document
 * hashes their contents, the document's parts, and docgen's compiler options and own code (`optionsKey`).
 * When a page's key is the one the last build recorded and the file in the output folder is still the one
 * it wrote (same size and mtime: a plugin that edited it afterwards changed them), the new output keeps
 * that file where it is (`update-output.ts`), byte for byte what rendering would write.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import type { RenderRoute } from './render-routes.js';

/**
 * `render-state.json`, in columns (checked far faster than a record of tuples): document i is `files[i]`
 * (relative to `outDir`) with its key, and its size and mtime (ms) as the build left it.
 */
const renderStateSchema = z
  .object({ outDir: z.string(), files: z.array(z.string()), keys: z.array(z.string()), sizes: z.array(z.number()), mtimes: z.array(z.number()) })
  .refine((s) => s.keys.length === s.files.length && s.sizes.length === s.files.length && s.mtimes.length === s.files.length);

/** The record of one build's documents: output file (relative to `outDir`) → [document key, size, mtime in ms]. */
export interface RenderState {
  outDir: string;
  documents: Map<string, [key: string, size: number, mtimeMs: number]>;
}

/**
 * sha256 of a string or bytes, hex. Node's one-shot `crypto.hash` (Node ≥ 20.12) is ~3× faster than a
 * `Hash` object on the short texts a build hashes by the thousand (search fragments, entries, keys).
 */
export function sha256(data: string | Buffer): string {
  return crypto.hash('sha256', data, 'hex');
}

/**
 * The key of each planned document (by output file): the server bundle's shared part, the page's chunk key
 * (`reuse-bundles.ts`: its module and every file it imports, by content; the server module is made from the
 * same inputs), and the document's parts. A page without a chunk key gets none (it is rendered).
 * @param salt what else every document depends on (compiler options, docgen's code)
 * @param server hash of the server bundle's shared part
 */
export function documentKeys(planned: RenderRoute[], { salt, server, pageKey }: { salt: string; server: string; pageKey: (route: RenderRoute) => string | undefined }): Map<string, string> {
  const keys = new Map<string, string>();
  for (const route of planned) {
    const page = route.moduleFile ? pageKey(route) : '';
    if (page === undefined) continue;
    // Not its source file's name, which only error messages show: it is relative to the working folder,
    // and a build started from another folder would otherwise render every page again.
    const { sourceFile: _shownInErrors, ...document } = route;
    keys.set(route.htmlFile, sha256(JSON.stringify([salt, server, page, document])));
  }
  return keys;
}

/** The state a build recorded, or undefined when there is none or it is not whole (a truncated write). */
export function readRenderState(file: string): RenderState | undefined {
  const stored = readStateFile(file, renderStateSchema);
  if (!stored) return undefined;
  const documents: RenderState['documents'] = new Map();
  stored.files.forEach((name, i) => documents.set(name, [stored.keys[i], stored.sizes[i], stored.mtimes[i]]));
  return { outDir: stored.outDir, documents };
}

/** Writes the state beside and renames it into place: an interrupted write leaves no half state. */
export function saveRenderState(file: string, state: RenderState): void {
  const stored: z.infer<typeof renderStateSchema> = { outDir: state.outDir, files: [], keys: [], sizes: [], mtimes: [] };
  for (const [name, [key, size, mtimeMs]] of state.documents) {
    stored.files.push(name);
    stored.keys.push(key);
    stored.sizes.push(size);
    stored.mtimes.push(mtimeMs);
  }
  writeStateFile(file, stored);
}

/**
 * A state file of the cache folder as `schema` reads it, or undefined when there is none, it is not JSON
 * (a truncated write) or not of that shape.
 * @throws a file-system error other than a missing file
 */
export function readStateFile<T>(file: string, schema: z.ZodType<T>): T | undefined {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || error instanceof SyntaxError) return undefined;
    throw error;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/** Writes a state file beside its place and renames it there: an interrupted write leaves no half state. */
export function writeStateFile(file: string, state: unknown): void {
  writeWhole(file, JSON.stringify(state));
}

/** Writes `file` beside its place and renames it there: a reader never sees half of it. */
export function writeWhole(file: string, data: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, data);
  fs.renameSync(tmp, file);
}

/**
 * Records the documents of a build once its output is in place: each key with the file's size and mtime.
 * A document kept from the last build (`kept`, under the key `last` recorded) keeps its recorded size and
 * mtime: it was checked when taken and not written since.
 * @param keys output file → document key
 */
export function recordDocuments(outDir: string, keys: Map<string, string>, { kept, last }: { kept?: ReadonlySet<string>; last?: RenderState } = {}): RenderState {
  const documents: RenderState['documents'] = new Map();
  const lastDocuments = last?.outDir === outDir ? last.documents : undefined;
  for (const [file, key] of keys) {
    const recorded = kept?.has(file) ? lastDocuments?.get(file) : undefined;
    if (recorded && recorded[0] === key) {
      documents.set(file, recorded);
      continue;
    }
    const stat = fs.statSync(path.join(outDir, file), { throwIfNoEntry: false });
    if (stat) documents.set(file, [key, stat.size, stat.mtimeMs]);
  }
  return { outDir, documents };
}

/**
 * Whether the last build's document for `route` can be taken: its key is the recorded one and the file is
 * as that build left it (a plugin that edited it afterwards changed its size or mtime).
 */
export function canReuseDocument(route: RenderRoute, key: string | undefined, state: RenderState | undefined, outDir: string): boolean {
  const recorded = state?.outDir === outDir ? state.documents.get(route.htmlFile) : undefined;
  if (key === undefined || !recorded || recorded[0] !== key) return false;
  // A stat on this thread: ~10 µs here, against ~50 µs for a promise's round trip through libuv's pool.
  const stat = fs.statSync(path.join(outDir, route.htmlFile), { throwIfNoEntry: false });
  return stat !== undefined && stat.size === recorded[1] && stat.mtimeMs === recorded[2];
}
