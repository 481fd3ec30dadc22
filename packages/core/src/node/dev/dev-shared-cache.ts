/**
 * The shared parts of the dev server's bundles (app and server entries, React, the router, the theme, the
 * runtime: ~0.6 s of esbuild), kept in the cache folder (`dev-shared/`) from one start of `docgen dev` to
 * the next. A start whose shared parts would be made from the same inputs copies the kept files into its
 * new output and server folders instead of bundling them again.
 *
 * The key hashes the options of the bundles (config, plugins, defines, the folders Fast Refresh
 * instruments), the shared specifiers, the content of the virtual modules and the size and modification
 * time of every file the kept parts were made from (their metafiles list them: a new import changes an
 * input, so a new input is always seen), as `docgen build` tells a site that did not change. The kept
 * files are checked the same way before use: a damaged or edited copy is bundled again. Stamps, not
 * content hashes: hashing the ~600 inputs and ~6 MB of kept files took ~0.25 s of a restart's ~1 s before
 * it listened, on a two-core machine. A start takes the kept files as hard links where the file system
 * allows, and keeps new ones the same way.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import * as z from 'zod';
import { sharedFilesOf, type SharedParts } from '../pipeline/bundle-site.js';
import { readChecked, writeChecked } from '../pipeline/page-cache.js';
import { allOutputs, fromRecord, inputOf } from '../pipeline/reuse-bundles.js';
import { sha256 } from '../pipeline/reuse-documents.js';
import { linkOrCopy } from '../pipeline/update-output.js';

type Output = Metafile['outputs'][string];

const outputsSchema = z.array(z.tuple([z.string(), z.looseObject({ imports: z.array(z.looseObject({ path: z.string() })), bytes: z.number() })]));
const stateSchema = z.object({
  key: z.string(),
  /** Metafile names of the inputs of each part. */
  clientInputs: z.array(z.string()),
  serverInputs: z.array(z.string()),
  /** Output files relative to the output folder (client) or the server folder (server), with their metafile records. */
  client: outputsSchema,
  server: outputsSchema,
  /** `stampOf` the kept files in the cache folder, client files first. */
  filesStamp: z.string(),
  serverHash: z.string(),
});
type State = z.infer<typeof stateSchema>;

/** Where the parts are made and what they depend on besides their input files. */
export interface DevSharedCacheOptions {
  /** The cache's folder (`<cacheDir>/dev-shared`). */
  dir: string;
  root: string;
  /** Output folder and server folder of this start. */
  outDir: string;
  ssrDir: string;
  /** Hash of the bundles' options (config without its output folder, plugins, defines, Fast Refresh folders). */
  salt: string;
  specifiers: string[];
  /** Contents of the virtual modules (`sharedVirtual`), for the key. */
  virtual: (namespace: string, name: string) => Promise<string | undefined>;
}

/**
 * The kept shared parts, copied into `outDir` and `ssrDir` and named there as esbuild would have named
 * them, or undefined when there are none, their key differs, or a kept file is missing or changed.
 * @throws a file-system error other than a missing file (permissions, disk full)
 */
export async function takeDevShared(options: DevSharedCacheOptions): Promise<SharedParts | undefined> {
  const { dir, root, outDir, ssrDir } = options;
  const state = readChecked(path.join(dir, 'state.json'), (json) => stateSchema.safeParse(json).data as State | undefined);
  if (!state) return undefined;
  if ((await keyOf(options, [...state.clientInputs, ...state.serverInputs])) !== state.key) return undefined;
  const kept = [...state.client.map(([rel]) => path.join(dir, 'client', rel)), ...state.server.map(([rel]) => path.join(dir, 'server', rel))];
  if (stampOf(kept) !== state.filesStamp) return undefined;
  const place = (outputs: [string, unknown][], from: string, to: string, inputs: string[]): Metafile => {
    const meta: Metafile = { inputs: Object.fromEntries(inputs.map((input) => [input, { bytes: 0, imports: [] }])), outputs: {} };
    for (const [rel, record] of outputs) {
      const target = path.join(to, rel);
      // Linked, not copied: copying the ~160 files (~6 MB) took 0.2-0.4 s of a restart before it listened.
      // Their names carry their content's hash, so the bundler never writes other bytes under them; a write
      // of the same bytes changes their time, and the next start bundles again (`stampOf`).
      linkOrCopy(path.join(from, rel), target);
      meta.outputs[path.relative(root, target).split(path.sep).join('/')] = fromRecord(record as Output, to, root);
    }
    return meta;
  };
  let client: Metafile;
  let server: Metafile;
  try {
    client = place(state.client, path.join(dir, 'client'), outDir, state.clientInputs);
    server = place(state.server, path.join(dir, 'server'), ssrDir, state.serverInputs);
  } catch (error) {
    // Another `docgen dev` of the site replaced the kept parts meanwhile (`keepDevShared`).
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return { client, server, clientFiles: Object.fromEntries(sharedFilesOf(client)), serverHash: state.serverHash };
}

/**
 * Keeps the shared parts just made (`shared`, written into `outDir` and `ssrDir`) for the next start:
 * linked (or copied) into a folder beside `dir` with their state, which then replaces `dir`. Nothing is
 * kept when an input cannot be hashed.
 * @throws a file-system error (permissions, disk full)
 */
export async function keepDevShared(shared: SharedParts, options: DevSharedCacheOptions): Promise<void> {
  const { dir, root, outDir, ssrDir } = options;
  const clientInputs = Object.keys(shared.client.inputs);
  const serverInputs = Object.keys(shared.server.inputs);
  const key = await keyOf(options, [...clientInputs, ...serverInputs]);
  if (!key) return;
  const client = allOutputs(shared.client, outDir, root);
  const server = allOutputs(shared.server, ssrDir, root);
  const tmp = `${dir}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  // Linked as a start takes them (copying them took ~0.35 s of a first start before it listened).
  const link = (outputs: [string, unknown][], from: string, to: string) =>
    outputs.map(([rel]) => {
      const target = path.join(to, rel);
      linkOrCopy(path.join(from, rel), target);
      return target;
    });
  const files = [...link(client, outDir, path.join(tmp, 'client')), ...link(server, ssrDir, path.join(tmp, 'server'))];
  // Of the copies as they will be named once the folder is renamed into place (a rename keeps both stamps).
  const keptFiles = files.map((file) => path.join(dir, path.relative(tmp, file)));
  writeChecked(path.join(tmp, 'state.json'), { key, clientInputs, serverInputs, client, server, filesStamp: stampOf(files, keptFiles), serverHash: shared.serverHash } satisfies State);
  fs.rmSync(dir, { recursive: true, force: true });
  try {
    fs.renameSync(tmp, dir);
  } catch (error) {
    // Another `docgen dev` of the site kept its parts between the removal and the rename: those stay
    // (a start checks their key before use).
    fs.rmSync(tmp, { recursive: true, force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
  }
}

/**
 * The key of parts made from `inputs` (metafile names) with these options: a virtual module by the hash of
 * its content, a file by its size and mtime; undefined when a virtual module's content cannot be told.
 * @throws a file-system error other than a missing file
 */
async function keyOf({ root, salt, specifiers, virtual }: DevSharedCacheOptions, inputs: string[]): Promise<string | undefined> {
  const parts: string[] = [];
  for (const name of [...inputs].sort()) {
    const input = inputOf(root, name);
    if ('namespace' in input) {
      const code = await virtual(input.namespace, input.path);
      if (code === undefined) return undefined;
      parts.push(`${name}\0${sha256(code)}`);
    } else parts.push(`${name}\0${stampOf([input.file])}`);
  }
  return sha256(JSON.stringify([salt, specifiers, parts]));
}

/**
 * The size and mtime of `files` (absolute), in order, as one string; a missing file counts as such.
 * `names` (default `files`) are the paths written into it, for files stamped before they reach those paths.
 * @throws a file-system error other than a missing file
 */
function stampOf(files: string[], names: string[] = files): string {
  return sha256(
    files
      .map((file, i) => {
        const stat = fs.statSync(file, { throwIfNoEntry: false });
        return `${names[i]}\0${stat ? `${stat.size}\0${stat.mtimeMs}` : 'missing'}`;
      })
      .join('\n'),
  );
}
