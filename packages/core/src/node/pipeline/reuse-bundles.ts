/**
 * Page chunks of the last build that a new build can take instead of bundling the page again. A page is
 * bundled alone (`bundleSite`), so its chunk depends only on what its build read: the page module (its
 * compiled code, page record and sidebar module), the files it imports, the shared entries it imports by
 * URL, and the options of the build. The key of a page hashes their contents; the files are those the last
 * build's metafile listed as its inputs (a new import changes the page itself, so a new input is always
 * seen). When the key is unchanged and the page's output files are still as that build left them (size and
 * mtime), they are kept in the output folder instead of bundled again (`update-output.ts`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import * as z from 'zod';
import { readStateFile, sha256, writeStateFile } from './reuse-documents.js';

/** The record of one build's page chunks, `bundle-state.json` in the cache folder. */
const bundleStateSchema = z.object({
  outDir: z.string(),
  /** Specifiers with a shared entry (the defaults and those pages were found to import). */
  shared: z.array(z.string()),
  /**
   * The shared parts of both bundles (`bundleSite`): their key, inputs, the browser part's outputs as for a
   * page, and the server part's files, kept in the cache folder (`shared-server/`) with their hash.
   */
  sharedParts: z
    .object({
      key: z.string(),
      inputs: z.array(z.string()),
      outputs: z.record(z.string(), z.tuple([z.number(), z.number(), z.unknown()])),
      server: z.array(z.tuple([z.string(), z.unknown()])),
      serverHash: z.string(),
    })
    .optional(),
  /** Page source file → what its chunk was made of and what it wrote (`PageChunkRecord`). */
  pages: z.record(z.string(), z.custom<PageChunkRecord>(isPageChunkRecord)),
});

/** What a build recorded of one page's chunk. */
interface PageChunkRecord {
  key: string;
  /** Metafile names of the inputs (relative to the site root, or `namespace:path`). */
  inputs: string[];
  /** Output file relative to `outDir` (posix) → [size, mtime in ms, its metafile record]. */
  outputs: Record<string, [size: number, mtimeMs: number, record: unknown]>;
}

/**
 * The shape of a `PageChunkRecord`, checked by hand: the same checks as a `z.object` of arrays and tuples,
 * which took ~50 ms per build at 2,000 pages (one object schema run per page, before the JIT warms up).
 */
function isPageChunkRecord(value: unknown): value is PageChunkRecord {
  if (typeof value !== 'object' || value === null) return false;
  const { key, inputs, outputs } = value as Record<string, unknown>;
  if (typeof key !== 'string' || !Array.isArray(inputs) || !inputs.every((input) => typeof input === 'string')) return false;
  if (typeof outputs !== 'object' || outputs === null || Array.isArray(outputs)) return false;
  return Object.values(outputs).every((output) => Array.isArray(output) && output.length === 3 && typeof output[0] === 'number' && typeof output[1] === 'number');
}
export type BundleState = z.infer<typeof bundleStateSchema>;
type Output = Metafile['outputs'][string];

/** File of the cache folder that records the last build's page chunks. */
export const BUNDLE_STATE = 'bundle-state.json';

/** The state a build recorded, or undefined when there is none or it is not whole. */
export function readBundleState(file: string): BundleState | undefined {
  return readStateFile(file, bundleStateSchema);
}

/** Writes the state beside and renames it into place: an interrupted write leaves no half state. */
export function saveBundleState(file: string, state: BundleState): void {
  writeStateFile(file, state);
}

/**
 * What a metafile input name stands for: a module docgen serves (`<namespace>:<path>`) or a file (absolute;
 * a `file:` name and a Windows drive letter name files).
 */
export function inputOf(root: string, name: string): { namespace: string; path: string } | { file: string } {
  const namespaced = /^([\w-]+):(.*)$/.exec(name);
  if (namespaced && namespaced[1] !== 'file' && !/^[a-zA-Z]$/.test(namespaced[1])) return { namespace: namespaced[1], path: namespaced[2] };
  return { file: path.resolve(root, namespaced?.[1] === 'file' ? namespaced[2] : name) };
}

/**
 * Hashes the inputs of bundle parts by their metafile names, each input once per build.
 * @param virtual the contents docgen serves for a namespaced input (`docgen-page:<file>`: its compiled
 *   code…), or undefined when it cannot say (the part is then bundled again)
 */
export function inputHasher(root: string, virtual: (namespace: string, path: string) => Promise<string | undefined>) {
  const hashes = new Map<string, Promise<string | undefined>>();
  const hashOne = async (name: string): Promise<string | undefined> => {
    const input = inputOf(root, name);
    if ('namespace' in input) {
      const code = await virtual(input.namespace, input.path);
      return code === undefined ? undefined : sha256(code);
    }
    const { file } = input;
    try {
      return sha256(await fs.promises.readFile(file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
      throw error;
    }
  };
  /** The hash of every input of a page, or undefined when one cannot be hashed. */
  return async (inputs: string[]): Promise<string | undefined> => {
    const names = [...inputs].sort();
    // Every read is started before the first is awaited, so that the thread pool reads several at once
    // (the dev server's shared parts have ~300 inputs). A read that fails after the loop has returned is
    // reported by the next call that awaits it, not as an unhandled rejection.
    const pending = names.map((name) => {
      let hash = hashes.get(name);
      if (!hash) {
        hashes.set(name, (hash = hashOne(name)));
        hash.catch(() => {});
      }
      return hash;
    });
    const parts: string[] = [];
    for (const [i, name] of names.entries()) {
      const value = await pending[i];
      if (value === undefined) return undefined;
      parts.push(`${name}\0${value}`);
    }
    return sha256(parts.join('\n'));
  };
}

/**
 * The outputs of one page chunk in a metafile: its JavaScript, its styles and the files (images, fonts)
 * that only it imports; each with its path relative to `outDir`.
 */
export function pageOutputs(metafile: Metafile, jsFile: string, outDir: string, root: string): { inputs: string[]; outputs: [string, Output][] } {
  const js = metafile.outputs[jsFile];
  const inputs = new Set(Object.keys(js.inputs));
  const files = [jsFile];
  if (js.cssBundle) {
    files.push(js.cssBundle);
    for (const input of Object.keys(metafile.outputs[js.cssBundle]?.inputs ?? {})) inputs.add(input);
  }
  for (const [file, out] of Object.entries(metafile.outputs)) {
    if (file.endsWith('.js') || file.endsWith('.css') || file.endsWith('.map')) continue;
    if (Object.keys(out.inputs).some((input) => inputs.has(input))) files.push(file);
  }
  return { inputs: [...inputs], outputs: files.map((file) => [relativeTo(outDir, root, file), toRecord(metafile.outputs[file], outDir, root)]) };
}

/** Every output of `metafile` with its path relative to `outDir` (the styles it names too). */
export function allOutputs(metafile: Metafile, outDir: string, root: string): [string, Output][] {
  return Object.entries(metafile.outputs).map(([file, out]) => [relativeTo(outDir, root, file), toRecord(out, outDir, root)]);
}

/** Sizes and mtimes of `outputs` in `outDir`, or undefined when one is missing. */
export function statEach(outputs: [string, Output][], outDir: string): BundleState['pages'][string]['outputs'] | undefined {
  const recorded: BundleState['pages'][string]['outputs'] = {};
  for (const [relative, record] of outputs) {
    const stat = fs.statSync(path.join(outDir, relative), { throwIfNoEntry: false });
    if (!stat) return undefined;
    recorded[relative] = [stat.size, stat.mtimeMs, record];
  }
  return recorded;
}

/**
 * Keeps the recorded outputs of a page where the last build put them (`OutputUpdate.kept`: the output
 * folder is updated in place); returns their metafile records as if they had been written into `outDir`
 * (the build's temporary folder, names relative to `root`), or undefined when one of them is missing or
 * not as the last build left it in `lastOutDir`.
 */
export function takeOutputs(
  recorded: { outputs: BundleState['pages'][string]['outputs'] },
  { lastOutDir, outDir, root, kept }: { lastOutDir: string; outDir: string; root: string; kept: Set<string> },
): Metafile['outputs'] | undefined {
  for (const [file, [size, mtime]] of Object.entries(recorded.outputs)) {
    const stat = fs.statSync(path.join(lastOutDir, file), { throwIfNoEntry: false });
    if (!stat || stat.size !== size || stat.mtimeMs !== mtime) return undefined;
  }
  const outputs: Metafile['outputs'] = {};
  const named = metafileNamer(outDir, root);
  for (const [file, [, , record]] of Object.entries(recorded.outputs)) {
    kept.add(file);
    outputs[named(file)] = fromRecord(record as Output, outDir, root);
  }
  return outputs;
}

let lastNamer: { outDir: string; root: string; named: (relative: string) => string } | undefined;

/**
 * How a metafile names the file `relative` (posix) of `outDir`: relative to `root`, posix. By one prefix
 * for a plain relative path (`path.relative` for each of a big site's kept outputs took ~20 ms at 2,000
 * pages); the last folder's namer is kept.
 */
function metafileNamer(outDir: string, root: string): (relative: string) => string {
  if (lastNamer?.outDir === outDir && lastNamer.root === root) return lastNamer.named;
  const prefix = path.relative(root, outDir).split(path.sep).join('/');
  const slow = (relative: string) => path.relative(root, path.join(outDir, relative)).split(path.sep).join('/');
  const named = prefix && !prefix.includes('\\')
    ? (relative: string) => (relative.startsWith('.') || relative.startsWith('/') || relative.includes('/.') || relative.includes('\\') ? slow(relative) : `${prefix}/${relative}`)
    : slow;
  lastNamer = { outDir, root, named };
  return named;
}

/** `file` (as a metafile names it, relative to `root`) relative to `outDir`, posix. */
function relativeTo(outDir: string, root: string, file: string): string {
  return path.relative(outDir, path.resolve(root, file)).split(path.sep).join('/');
}

/**
 * An output's metafile record with the outputs it names (its styles, the chunks it imports) relative to the
 * output folder, whose name changes with every build; `fromRecord` names them in a new one.
 */
function toRecord(out: Output, outDir: string, root: string): Output {
  return {
    ...out,
    imports: out.imports.map((imp) => (imp.external ? imp : { ...imp, path: relativeTo(outDir, root, imp.path) })),
    ...(out.cssBundle ? { cssBundle: relativeTo(outDir, root, out.cssBundle) } : {}),
  };
}

/** A recorded output's record (`toRecord`) with the outputs it names in `outDir`, as a metafile names them. */
export function fromRecord(record: Output, outDir: string, root: string): Output {
  const named = metafileNamer(outDir, root);
  return {
    ...record,
    imports: record.imports.map((imp) => (imp.external ? imp : { ...imp, path: named(imp.path) })),
    ...(record.cssBundle ? { cssBundle: named(record.cssBundle) } : {}),
  };
}

/**
 * The sizes and mtimes of the outputs of each page of `pages` in `outDir`, once the output is in place: of
 * a page kept from the last build, its `stats` as recorded then (its files stayed where they were).
 */
export function statOutputs(pages: Map<string, { key: string; inputs: string[]; outputs: [string, Output][]; stats?: BundleState['pages'][string]['outputs'] }>, outDir: string): BundleState['pages'] {
  const recorded: BundleState['pages'] = {};
  for (const [file, page] of pages) {
    const outputs = page.stats ?? statEach(page.outputs, outDir);
    if (outputs) recorded[file] = { key: page.key, inputs: page.inputs, outputs };
  }
  return recorded;
}
