/**
 * Documents of the last build that a new build can take instead of rendering them again. A page's server
 * render depends only on the server modules it runs (its page module, the server entry, and every chunk
 * they import), its route and the parts of its document; so the key of a document hashes their contents,
 * the document's parts without the boot data, and docgen's compiler options and own code (`optionsKey`).
 * When a page's key is the one the last build recorded and the file in the output folder is still the one
 * it wrote (same size and mtime: a plugin that edited it afterwards changed them), the new document is that
 * file with the new boot data (route table and search index URLs change with any page of the locale). The
 * result is byte for byte what rendering would write.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { z } from 'zod';
import type { RenderRoute } from './render-routes.js';

/** The record of one build's documents, `render-state.json` in the cache folder. */
const renderStateSchema = z.object({
  outDir: z.string(),
  /** Output file (relative to `outDir`) → [document key, size, mtime in ms] of the file as the build left it. */
  documents: z.record(z.string(), z.tuple([z.string(), z.number(), z.number()])),
});
export type RenderState = z.infer<typeof renderStateSchema>;

const BOOT_OPEN = '<script id="__DG_PAGE__" type="application/json">';

/** sha256 of a string, hex. */
export function sha256(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}

/**
 * The key of each planned document (by output file). Linear in the size of the server bundle: each output
 * file is read and hashed once, and the closure of each module is walked over the metafile's imports.
 * @param server the server bundle's metafile (paths relative to `root`)
 * @param ssrDir the folder the server bundle was written to
 * @param salt what else every document depends on (compiler options, docgen's code)
 */
export function documentKeys(planned: RenderRoute[], server: Metafile, { ssrDir, root, salt, serverEntry = 'server-entry.js' }: { ssrDir: string; root: string; salt: string; serverEntry?: string }): Map<string, string> {
  const byRelative = new Map<string, string>();
  for (const file of Object.keys(server.outputs)) byRelative.set(path.relative(ssrDir, path.resolve(root, file)), file);
  const contentHash = new Map<string, string>();
  const hashOf = (file: string) => {
    let hash = contentHash.get(file);
    if (hash === undefined) {
      hash = crypto.createHash('sha256').update(fs.readFileSync(path.resolve(root, file))).digest('hex');
      contentHash.set(file, hash);
    }
    return hash;
  };
  // The module and everything it imports (static or dynamic), as one hash.
  const closureHash = (relative: string): string => {
    const start = byRelative.get(relative);
    if (start === undefined) return `missing:${relative}`;
    const seen = new Set<string>([start]);
    const stack = [start];
    while (stack.length) {
      for (const imp of server.outputs[stack.pop()!]?.imports ?? []) {
        if (imp.external || seen.has(imp.path)) continue;
        seen.add(imp.path);
        stack.push(imp.path);
      }
    }
    // Named relative to the bundle's folder, which has another name in every build.
    const named = [...seen].map((f) => `${path.relative(ssrDir, path.resolve(root, f))}:${hashOf(f)}`);
    return sha256(named.sort().join('\n'));
  };
  const entry = closureHash(serverEntry);
  const keys = new Map<string, string>();
  for (const route of planned) {
    const page = route.moduleFile ? closureHash(route.moduleFile) : '';
    keys.set(route.htmlFile, sha256(JSON.stringify([salt, entry, page, { ...route, parts: { ...route.parts, boot: null } }])));
  }
  return keys;
}

/** The state a build recorded, or undefined when there is none or it is not whole (a truncated write). */
export function readRenderState(file: string): RenderState | undefined {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || error instanceof SyntaxError) return undefined;
    throw error;
  }
  const parsed = renderStateSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/** Writes the state beside and renames it into place: an interrupted write leaves no half state. */
export function saveRenderState(file: string, state: RenderState): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(state));
  fs.renameSync(tmp, file);
}

/**
 * Records the documents of a build once its output is in place: each key with the file's size and mtime.
 * @param keys output file → document key
 */
export function recordDocuments(outDir: string, keys: Map<string, string>): RenderState {
  const documents: RenderState['documents'] = {};
  for (const [file, key] of keys) {
    const stat = fs.statSync(path.join(outDir, file), { throwIfNoEntry: false });
    if (stat) documents[file] = [key, stat.size, stat.mtimeMs];
  }
  return { outDir, documents };
}

/**
 * The last build's document for `route` with the new boot data, or undefined when it cannot be taken: its
 * key changed, the file is gone or not as that build left it (a plugin edited it afterwards).
 */
export async function reuseDocument(route: RenderRoute, key: string, state: RenderState | undefined, outDir: string): Promise<string | undefined> {
  const recorded = state?.outDir === outDir ? state.documents[route.htmlFile] : undefined;
  if (!recorded || recorded[0] !== key || !route.parts.boot) return undefined;
  const file = path.join(outDir, route.htmlFile);
  const stat = await fs.promises.stat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!stat || stat.size !== recorded[1] || stat.mtimeMs !== recorded[2]) return undefined;
  const html = await fs.promises.readFile(file, 'utf8');
  const start = html.lastIndexOf(BOOT_OPEN);
  const end = start < 0 ? -1 : html.indexOf('</script>', start);
  if (end < 0) return undefined;
  // Serialized as `renderHtmlDocument` does: `<` escaped so the JSON can never close the element.
  const boot = JSON.stringify(route.parts.boot).replace(/</g, '\\u003c');
  return html.slice(0, start + BOOT_OPEN.length) + boot + html.slice(end);
}
