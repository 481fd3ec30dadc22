/**
 * `@docgen/plugin-last-updated`: the time of the last commit that changed each page, read from git in one
 * `git log` pass per build (not one process per page), put in the page data as `lastUpdated`
 * (milliseconds since the epoch). The default theme shows it at the foot of doc pages; front matter
 * `lastUpdated` still wins. Files git does not track (or a site outside a repository) get their
 * modification time.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { definePlugin, validatePluginOptions, type DocgenPlugin } from '@docgen/core';
import * as z from '@docgen/core/zod';

const optionsSchema = z
  .object({
    /** Read commit times from git; `false` uses the files' modification times only. @default true */
    git: z.boolean().default(true),
  })
  .strict();

/** Options of `pluginLastUpdated`. */
export type LastUpdatedOptions = z.input<typeof optionsSchema>;

/**
 * Creates the plugin.
 * @throws DocgenError `[last-updated] options: …` for a wrong option
 * @example plugins: [pluginLastUpdated()]
 */
export function pluginLastUpdated(options: LastUpdatedOptions = {}): DocgenPlugin {
  const { git } = validatePluginOptions('last-updated', optionsSchema, options);
  let times: Promise<Map<string, number>> = Promise.resolve(new Map());
  return definePlugin({
    name: 'last-updated',
    beforeBuild(config, env) {
      // Read again at every build: the dev server builds many times, and commits happen in between.
      times = git ? commitTimes(config.root, env.warn) : Promise.resolve(new Map());
    },
    async extendPageData(_pageData, { filePath }) {
      const committed = (await times).get(realPath(filePath));
      return { lastUpdated: committed ?? Math.round(fs.statSync(filePath).mtimeMs) };
    },
  });
}

/**
 * The last commit time (ms) of every file under `root` that git tracks, by absolute real path, from one
 * `git log` over the history of `root`'s subtree, newest first: the first time a file appears is its last
 * change. An empty map when git is missing or `root` is not in a repository. `warn` gets the warning of a
 * shallow clone (the build's, through the hook's `env.warn`).
 */
export async function commitTimes(root: string, warn: (message: string) => void = (m) => console.warn(`warning: [last-updated] ${m}`)): Promise<Map<string, number>> {
  const top = await gitOutput(root, ['rev-parse', '--show-toplevel']);
  if (top === null) return new Map();
  const topDir = realPath(top.trim());
  if ((await gitOutput(root, ['rev-parse', '--is-shallow-repository']))?.trim() === 'true') {
    // CI systems often clone one commit: every page would seem changed by it.
    warn("the repository is a shallow clone, so pages changed before its first commit show that commit's time: fetch the full history (e.g. fetch-depth: 0)");
  }
  const times = new Map<string, number>();
  // `core.quotePath=false`: file names with non-ASCII characters as they are, not quoted and escaped.
  const child = spawn('git', ['-c', 'core.quotePath=false', 'log', '--format=#%ct', '--name-only', '--no-renames', '--', '.'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const done = new Promise<number | null>((resolve) => {
    child.on('close', resolve);
    child.on('error', () => resolve(null));
  });
  let time = 0;
  for await (const line of createInterface({ input: child.stdout })) {
    if (line.startsWith('#')) time = Number(line.slice(1)) * 1000;
    else if (line) {
      const file = path.join(topDir, line);
      if (!times.has(file)) times.set(file, time);
    }
  }
  return (await done) === 0 ? times : new Map();
}

/** stdout of `git args` run in `cwd`, or null when git is missing or fails. */
function gitOutput(cwd: string, args: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    const child = spawn('git', args, { cwd, stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code === 0 ? out : null));
  });
}

function realPath(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}
