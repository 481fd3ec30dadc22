/**
 * The pages' Markdown kept from one build to the next in the plugin's cache folder (`HookEnv.cacheDir`),
 * so that a build parses only the pages that changed. One file per page, named by a hash of everything its
 * Markdown is made from (the source, the page's title and description, the site's routes and URL policy, and
 * the plugin's own code); each file starts with the hash of its text, so a damaged file is noticed and made
 * again rather than served. Files a build did not use are removed after it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** The plugin's code, by content (built, or the TypeScript source under test): a changed plugin makes every entry again. */
const CODE = sha256(
  ['index', 'page-markdown']
    .map((name) => {
      const built = fileURLToPath(new URL(`./${name}.js`, import.meta.url));
      return fs.readFileSync(fs.existsSync(built) ? built : built.replace(/\.js$/, '.ts'), 'utf8');
    })
    .join('\0'),
);

export class MarkdownCache {
  private readonly used = new Set<string>();

  /** `dir`: the plugin's cache folder, created on the first write. */
  constructor(private readonly dir: string) {}

  /** The key of a page's Markdown: `parts` are everything it is made from, as JSON-serialisable values. */
  key(parts: unknown[]): string {
    return sha256(JSON.stringify([CODE, ...parts]));
  }

  /** The Markdown stored under `key`, or undefined when there is none or it is damaged. */
  get(key: string): string | undefined {
    this.used.add(key);
    let stored: string;
    try {
      stored = fs.readFileSync(path.join(this.dir, `${key}.md`), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    const newline = stored.indexOf('\n');
    const text = stored.slice(newline + 1);
    return newline === 64 && stored.slice(0, 64) === sha256(text) ? text : undefined;
  }

  /** Stores `text` under `key`, whole or not at all (a temporary file, then a rename). */
  set(key: string, text: string): void {
    this.used.add(key);
    fs.mkdirSync(this.dir, { recursive: true });
    const file = path.join(this.dir, `${key}.md`);
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, `${sha256(text)}\n${text}`);
    fs.renameSync(tmp, file);
  }

  /** Removes the entries this build did not use, and temporary files left by an interrupted one. */
  prune(): void {
    let names: string[];
    try {
      names = fs.readdirSync(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const name of names) {
      if (!this.used.has(name.slice(0, -3)) || !name.endsWith('.md')) fs.rmSync(path.join(this.dir, name), { force: true });
    }
  }
}
