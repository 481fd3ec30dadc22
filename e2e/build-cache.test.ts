/**
 * The build cache (`node_modules/.cache/docgen`): a build that reads it must give the output a build
 * without it (`cache: false`) gives, byte for byte, after each kind of change (a page, the config, a
 * plugin's option, docgen itself, a remark plugin's file); a build with nothing changed is skipped;
 * `--no-cache` reads and writes nothing there; a corrupt entry or build state is compiled again, never served.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, runCli, type BuildResult } from '@docgen/core';
import { copyFixture, docsRoot, listFiles, repoRoot } from './helpers/site.js';

const run = promisify(execFile);
const bin = path.join(repoRoot, 'packages/core/bin/docgen.js');

const cacheOf = (site: string) => path.join(site, 'node_modules/.cache/docgen');
const pagesOf = (site: string) => path.join(cacheOf(site), 'pages');
const stateOf = (site: string) => path.join(cacheOf(site), 'build-state.json');

/** Relative path → sha256 of every file under `dir`. */
function hashTree(dir: string): Record<string, string> {
  return Object.fromEntries(listFiles(dir).map((f) => [f, crypto.createHash('sha256').update(fs.readFileSync(path.join(dir, f))).digest('hex')]));
}

/**
 * Hashes the output of the build just made, builds the same sources again without the cache into the same
 * folder, and expects every file to be byte-identical (and the file list the same).
 */
async function expectSameAsUncached(site: string, outDir = path.join(site, 'dist')): Promise<Record<string, string>> {
  const cached = hashTree(outDir);
  const uncached = await build({ root: site, outDir, cache: false, log: false });
  expect(uncached.cachedPages).toBe(0);
  expect(hashTree(outDir)).toEqual(cached);
  return cached;
}

const edit = (file: string, from: string, to: string) => {
  const text = fs.readFileSync(file, 'utf8');
  expect(text).toContain(from);
  fs.writeFileSync(file, text.replace(from, to));
};

describe('--no-cache', () => {
  it('compiles every page and reads and writes no cache entry or build state', async () => {
    const site = copyFixture('basic');
    const first = await build({ root: site, cache: false, log: false });
    expect(first.cachedPages).toBe(0);
    expect(fs.existsSync(pagesOf(site))).toBe(false);
    expect(fs.existsSync(stateOf(site))).toBe(false);

    // Through the CLI, after a cached build: the entries and the state are left exactly as they were.
    await build({ root: site, log: false });
    const entries = hashTree(pagesOf(site));
    const state = fs.readFileSync(stateOf(site), 'utf8');
    expect(Object.keys(entries).length).toBeGreaterThan(first.routes.length - 1);
    edit(path.join(site, 'en/guide/intro.md'), '# Intro', '# Intro edited');
    const out: string[] = [];
    const code = await runCli(['node', 'docgen', 'build', site, '--no-cache'], { log: (s) => out.push(s), error: (s) => out.push(s) });
    expect(code, out.join('\n')).toBe(0);
    expect(out.join('\n')).not.toContain('from cache');
    expect(fs.readFileSync(path.join(site, 'dist/guide/intro.html'), 'utf8')).toContain('Intro edited');
    expect(hashTree(pagesOf(site))).toEqual(entries);
    expect(fs.readFileSync(stateOf(site), 'utf8')).toBe(state);

    // The next cached build does not take the --no-cache build for one it made: the edited page compiles.
    const next = await build({ root: site, log: false });
    expect(next.upToDate).toBe(false);
    expect(next.cachedPages).toBe(next.routes.length - 1);
    await expectSameAsUncached(site);
  });
});

describe('cache invalidation', () => {
  it('skips a build when nothing changed, and rebuilds one edited page as a build without the cache does', async () => {
    const site = copyFixture('basic');
    const cold = await build({ root: site, log: false });
    expect(cold.cachedPages).toBe(0);
    const before = hashTree(path.join(site, 'dist'));
    const again = await build({ root: site, log: false });
    expect(again.upToDate).toBe(true);
    expect(hashTree(path.join(site, 'dist'))).toEqual(before);

    edit(path.join(site, 'en/guide/intro.md'), '# Intro', '# Introduction');
    const warm = await build({ root: site, log: false });
    expect(warm.upToDate).toBe(false);
    // Every page from the cache but the edited one; a fallback page is its original, compiled once.
    expect(warm.cachedPages).toBe(new Set(warm.routes.map((r) => r.originalFile ?? r.filePath)).size - 1);
    // The new title reaches the page and the other pages' sidebars.
    expect(fs.readFileSync(path.join(site, 'dist/guide/usage.html'), 'utf8')).toContain('Introduction');
    const after = await expectSameAsUncached(site);
    expect(after).not.toEqual(before);
  });

  it('rebuilds after a config change as a build without the cache does', async () => {
    const site = copyFixture('basic');
    await build({ root: site, log: false });
    edit(path.join(site, 'docgen.config.ts'), "title: 'Fixture'", "title: 'Renamed'");
    const warm = await build({ root: site, log: false });
    expect(warm.upToDate).toBe(false);
    expect(fs.readFileSync(path.join(site, 'dist/guide/intro.html'), 'utf8')).toContain('<title>Intro | Renamed</title>');
    await expectSameAsUncached(site);
  });

  it('rebuilds after a plugin option change as a build without the cache does', async () => {
    const site = copyFixture('plugins');
    await build({ root: site, log: false });
    expect(fs.readFileSync(path.join(site, 'dist/index.html'), 'utf8')).toContain('Hello from a plugin');
    edit(path.join(site, 'docgen.config.ts'), "pluginBanner({ text: 'Hello from a plugin' })", "pluginBanner({ text: 'Option changed' })");
    const warm = await build({ root: site, log: false });
    expect(warm.upToDate).toBe(false);
    const html = fs.readFileSync(path.join(site, 'dist/index.html'), 'utf8');
    expect(html).toContain('Option changed');
    expect(html).not.toContain('Hello from a plugin');
    await expectSameAsUncached(site);

    // The Markdown plugin's option is part of every page's compile: no page comes from the cache.
    edit(path.join(site, 'docgen.config.ts'), "pluginShout({ word: 'docgen' })", "pluginShout({ word: 'plugins' })");
    const shouted = await build({ root: site, log: false });
    expect(shouted.cachedPages).toBe(0);
    expect(fs.readFileSync(path.join(site, 'dist/guide/index.html'), 'utf8')).toContain('PLUGINS');
    await expectSameAsUncached(site);
  });

  it('compiles again after a remark plugin file changes, as a build without the cache does', async () => {
    const site = copyFixture('basic');
    const plugin = path.join(site, 'remark-mark.mjs');
    const write = (mark: string) =>
      fs.writeFileSync(plugin, `export default function remarkMark() {\n  return (tree) => { tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: '${mark}' }] }); };\n}\n`);
    write('mark-one');
    edit(path.join(site, 'docgen.config.ts'), "title: 'Fixture',", "title: 'Fixture',\n  markdown: { remarkPlugins: ['./remark-mark.mjs'] },");
    await build({ root: site, log: false });
    write('mark-two');
    const warm = await build({ root: site, log: false });
    expect(warm.cachedPages).toBe(0);
    expect(fs.readFileSync(path.join(site, 'dist/guide/intro.html'), 'utf8')).toContain('mark-two');
    await expectSameAsUncached(site);
  });

  it('builds everything again when docgen changes (its version and module files are part of every key)', async () => {
    const site = copyFixture('basic');
    const cli = async () => Number((await run(process.execPath, [bin, 'build', site], { cwd: site })).stdout.match(/\((\d+) from cache\)/)?.[1] ?? 0);
    expect(await cli()).toBe(0);
    // Touch the source of a page so the next build is not skipped, and read back what was cached.
    edit(path.join(site, 'en/guide/intro.md'), '# Intro', '# Intro again');
    expect(await cli()).toBe(4);
    const before = hashTree(path.join(site, 'dist'));

    // A new docgen: one of its modules changed (an upgrade changes them and the version in the key alike).
    const module = path.join(repoRoot, 'packages/core/dist/node/pipeline/page-cache.js');
    const stat = fs.statSync(module);
    try {
      fs.utimesSync(module, stat.atime, new Date(stat.mtimeMs + 5_000));
      const { stdout } = await run(process.execPath, [bin, 'build', site], { cwd: site });
      expect(stdout).not.toContain('up to date');
      expect(stdout).not.toContain('from cache');
    } finally {
      fs.utimesSync(module, stat.atime, stat.mtime);
    }
    expect(hashTree(path.join(site, 'dist'))).toEqual(before);
  });
});

/** Corruptions of a cache entry file (its bytes in, its bytes out, null for a folder in its place). */
const corruptions: [string, (bytes: Buffer) => Buffer | null][] = [
  ['truncated', (b) => b.subarray(0, Math.floor(b.length / 2))],
  ['emptied', () => Buffer.alloc(0)],
  ['one byte of the body flipped', (b) => flip(b, b.length - 20)],
  ['one byte of the checksum flipped', (b) => flip(b, 3)],
  ['not JSON, with a matching checksum', () => withChecksum('{"page": ')],
  ['the wrong shape, with a matching checksum', (b) => withChecksum(JSON.stringify({ ...bodyOf(b), page: { code: 42 } }))],
  ['without its code hash, with a matching checksum', (b) => {
    const entry = bodyOf(b);
    delete entry.codeHash;
    return withChecksum(JSON.stringify(entry));
  }],
  ['a folder in its place', () => null],
];

function flip(bytes: Buffer, at: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[at] ^= 0x04;
  return copy;
}

/** The JSON body of an entry: what follows the checksum line. */
function bodyOf(bytes: Buffer): Record<string, unknown> {
  const text = bytes.toString('utf8');
  return JSON.parse(text.slice(text.indexOf('\n') + 1)) as Record<string, unknown>;
}

function withChecksum(body: string): Buffer {
  return Buffer.from(`${crypto.createHash('sha256').update(body).digest('hex')}\n${body}`);
}

describe('corrupt cache', () => {
  let site: string;
  let reference: Record<string, string>;
  let pages: number;
  beforeAll(async () => {
    site = copyFixture('basic');
    pages = (await build({ root: site, log: false })).routes.length;
    reference = hashTree(path.join(site, 'dist'));
  });

  it.each(corruptions)('an entry %s: compiled again, rewritten, the output unchanged', async (_, corrupt) => {
    const entries = listFiles(pagesOf(site)).filter((name) => name.endsWith('.json'));
    expect(entries.length).toBeGreaterThanOrEqual(pages);
    // The snapshot of the last build holds every entry too: with its checksum damaged, it is not used.
    const snapshot = path.join(pagesOf(site), '_snapshot');
    fs.writeFileSync(snapshot, flip(fs.readFileSync(snapshot), 3));
    for (const name of entries) {
      const file = path.join(pagesOf(site), name);
      const bytes = corrupt(fs.readFileSync(file));
      if (bytes === null) {
        fs.rmSync(file);
        fs.mkdirSync(file);
        fs.writeFileSync(path.join(file, 'inside'), 'x');
      } else fs.writeFileSync(file, bytes);
    }
    fs.rmSync(stateOf(site)); // otherwise the build is skipped before any entry is read
    const rebuilt = await build({ root: site, log: false });
    expect(rebuilt.cachedPages).toBe(0);
    expect(rebuilt.warnings.some((w) => /page cache entr(y was|ies were) corrupt/.test(w))).toBe(true);
    expect(hashTree(path.join(site, 'dist'))).toEqual(reference);

    // The entries were rewritten whole: the next build reads every page from them.
    fs.rmSync(stateOf(site));
    const next = await build({ root: site, log: false });
    expect(next.cachedPages).toBe(pages);
    expect(next.warnings).toEqual([]);
    expect(hashTree(path.join(site, 'dist'))).toEqual(reference);
  });

  it.each([
    ['truncated', (b: Buffer) => b.subarray(0, Math.floor(b.length / 2))],
    ['one byte flipped', (b: Buffer) => flip(b, b.length - 20)],
    ['deleted', () => undefined],
    ['a folder in its place', () => null],
  ])('a code file %s: the page compiled again when bundled, the entry rewritten, the output unchanged', async (_, corrupt) => {
    const codes = listFiles(pagesOf(site)).filter((name) => name.endsWith('.code'));
    expect(codes.length).toBeGreaterThanOrEqual(pages);
    for (const name of codes) {
      const file = path.join(pagesOf(site), name);
      const bytes = corrupt(fs.readFileSync(file));
      fs.rmSync(file);
      if (bytes === null) fs.mkdirSync(file);
      else if (bytes) fs.writeFileSync(file, bytes);
    }
    // Without the bundle state every page is bundled again, so every code file is read.
    for (const state of [stateOf(site), path.join(cacheOf(site), 'bundle-state.json')]) fs.rmSync(state);
    const rebuilt = await build({ root: site, log: false });
    expect(rebuilt.warnings.some((w) => /page cache entr(y was|ies were) corrupt/.test(w))).toBe(true);
    expect(hashTree(path.join(site, 'dist'))).toEqual(reference);

    // Compiled again and stored whole: the next build reads every page and its code from the cache.
    for (const state of [stateOf(site), path.join(cacheOf(site), 'bundle-state.json')]) fs.rmSync(state);
    const next = await build({ root: site, log: false });
    expect(next.cachedPages).toBe(pages);
    expect(next.warnings).toEqual([]);
    expect(hashTree(path.join(site, 'dist'))).toEqual(reference);
  });

  it.each([
    ['truncated', (t: string) => t.slice(0, 10)],
    ['the wrong shape', () => JSON.stringify({ key: 1, bundleInputs: 'none' })],
  ])('a build state %s: the build runs, with every page from the cache', async (_, corrupt) => {
    fs.writeFileSync(stateOf(site), corrupt(fs.readFileSync(stateOf(site), 'utf8')));
    const rebuilt = await build({ root: site, log: false });
    expect(rebuilt.upToDate).toBe(false);
    expect(rebuilt.cachedPages).toBe(pages);
    expect(hashTree(path.join(site, 'dist'))).toEqual(reference);
    expect((await build({ root: site, log: false })).upToDate).toBe(true);
  });
});

describe('the website, cached and uncached', () => {
  // A copy beside docs/ (same depth, so the links of its node_modules resolve), without its cache but for
  // the TypeDoc plugin's reference (keyed by the absolute paths of its inputs, which the copy shares), so
  // that no build here runs TypeDoc.
  const copy = path.join(repoRoot, `scratch-website-${process.pid}`);
  const cache = path.join(docsRoot, 'node_modules/.cache/docgen');
  beforeAll(() => {
    fs.cpSync(docsRoot, copy, {
      recursive: true,
      verbatimSymlinks: true,
      filter: (src) => (!src.includes(`${path.sep}.cache`) || cache.startsWith(src) || src.startsWith(path.join(cache, 'plugins'))) && !src.endsWith(`${path.sep}dist`),
    });
  });
  afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

  it('gives byte-identical output after one page edit, and after undoing it', async () => {
    // One cold build, of the edited sources: with an empty page cache it reads nothing, and its output is the
    // reference that a build without the cache gives (the fixture tests above check that equality on every
    // kind of change). Two cached builds follow, each compiling the one page: the edit undone, then made again.
    const page = path.join(copy, 'en/guide/start/introduction.md');
    const original = fs.readFileSync(page, 'utf8');
    edit(page, '\n## ', '\nOne edited paragraph.\n\n## ');
    const edited = fs.readFileSync(page, 'utf8');
    // The page's modification time is its last-updated date (the copy is not tracked by git): the edit made
    // again gets the time the cold build saw.
    const editedTime = fs.statSync(page).mtime;
    const cold = await build({ root: copy, log: false });
    expect(cold.cachedPages).toBe(0);
    const reference = hashTree(cold.outDir);
    // The English indexes of the next two builds are updated from this state (`updateSearchIndex`), not built whole.
    const state = path.join(copy, 'node_modules/.cache/docgen/search/index-en.state');
    const stateOf = () => fs.readFileSync(state, 'utf8');
    const editedState = stateOf();

    fs.writeFileSync(page, original);
    const undone: BuildResult = await build({ root: copy, log: false });
    expect(undone.upToDate).toBe(false);
    // Every page from the cache but the one changed back; a fallback page is its original, compiled once.
    const files = new Set(undone.routes.map((r) => r.originalFile ?? r.filePath)).size;
    expect(undone.cachedPages).toBe(files - 1);
    expect(stateOf()).not.toBe(editedState);
    expect(hashTree(undone.outDir)).not.toEqual(reference);

    fs.writeFileSync(page, edited);
    fs.utimesSync(page, editedTime, editedTime);
    const redone: BuildResult = await build({ root: copy, log: false });
    expect(redone.upToDate).toBe(false);
    // The cold build's entry of the edited page went with the cache's prune after the last build: compiled again.
    expect(redone.cachedPages).toBe(files - 1);
    expect(stateOf()).toBe(editedState);
    expect(hashTree(redone.outDir)).toEqual(reference);
  }, 400_000); // one cold build of the website and two cached ones
});

describe('documents and search indexes of the last build', () => {
  it('are taken again when their page and what it shows did not change, byte for byte as built, never once a plugin edited them', async () => {
    const site = copyFixture('basic');
    const dist = path.join(site, 'dist');
    // Built without the cache into a folder of its own, so that `dist` stays the last build's output.
    const sameAsUncached = async () => {
      const other = path.join(site, 'dist-uncached');
      await build({ root: site, outDir: other, cache: false, log: false });
      expect(hashTree(dist)).toEqual(hashTree(other));
    };
    const first = await build({ root: site, log: false });
    expect(first.reusedDocuments).toBe(0);
    const documents = first.routes.length + 1; // and the 404 page

    // A body edit: only that page is rendered again; every other document is the last one with new boot data.
    const searchCache = path.join(cacheOf(site), 'search');
    const indexesBefore = hashTree(searchCache);
    // An index per locale, and the term counts of each locale's texts.
    expect(Object.keys(indexesBefore).filter((f) => f.endsWith('.json'))).toHaveLength(2);
    expect(Object.keys(indexesBefore).filter((f) => f.endsWith('.memo')).sort()).toEqual(['terms-en.memo', 'terms-zh.memo']);
    const assetsBefore = listFiles(path.join(dist, 'assets'));
    edit(path.join(site, 'en/guide/intro.md'), 'A tip.', 'An edited tip.');
    const body = await build({ root: site, log: false });
    expect(body.reusedDocuments).toBe(documents - 1);
    // One page chunk is new, and the English search shards holding the edited words; the other chunks, the
    // entry chunk and the shared entries are the last build's.
    const assetsAfter = listFiles(path.join(dist, 'assets'));
    const added = assetsAfter.filter((f) => !assetsBefore.includes(f) && !f.startsWith('search/'));
    expect(added).toEqual([expect.stringMatching(/^p-guide_intro-\w+\.js$/)]);
    const shardsAdded = assetsAfter.filter((f) => !assetsBefore.includes(f) && f.startsWith('search/'));
    expect(shardsAdded.length).toBeGreaterThan(0);
    expect(shardsAdded.every((f) => f.startsWith('search/en-'))).toBe(true);
    expect(assetsAfter.filter((f) => /^(app|shared)-/.test(f))).toEqual(assetsBefore.filter((f) => /^(app|shared)-/.test(f)));
    // The English search index is built again, the Chinese one (its records unchanged) taken from the cache.
    const indexesAfter = hashTree(searchCache);
    expect(Object.keys(indexesAfter).filter((f) => f.endsWith('.json'))).toHaveLength(2);
    expect(Object.keys(indexesAfter).filter((f) => f.endsWith('.json') && indexesBefore[f] === indexesAfter[f])).toHaveLength(1);
    // The English texts' counts gained the edited text; the Chinese ones were not counted again.
    expect(indexesAfter['terms-en.memo']).not.toBe(indexesBefore['terms-en.memo']);
    expect(indexesAfter['terms-zh.memo']).toBe(indexesBefore['terms-zh.memo']);
    expect(fs.readFileSync(path.join(dist, 'guide/intro.html'), 'utf8')).toContain('An edited tip.');
    await sameAsUncached();

    // A title: the page and the pages whose sidebar or prev/next links show it are rendered again.
    edit(path.join(site, 'en/guide/intro.md'), '# Intro', '# Introduction');
    const titled = await build({ root: site, log: false });
    // intro and usage (its sidebar and prev link); the Chinese pages, the home pages and the 404 page are kept.
    expect(titled.reusedDocuments).toBe(documents - 2);
    expect(fs.readFileSync(path.join(dist, 'guide/usage.html'), 'utf8')).toContain('Introduction');
    await sameAsUncached();

    // A document a plugin changed after the build is not what the build wrote: rendered again.
    const usage = path.join(dist, 'guide/usage.html');
    fs.appendFileSync(usage, '<!-- added after the build -->');
    edit(path.join(site, 'en/guide/intro.md'), 'An edited tip.', 'A tip edited twice.');
    const afterPlugin = await build({ root: site, log: false });
    expect(afterPlugin.reusedDocuments).toBe(documents - 2);
    expect(fs.readFileSync(usage, 'utf8')).not.toContain('added after the build');
    await sameAsUncached();

    // Started from another working folder: only the edited page is rendered again (error messages name
    // pages relative to the working folder, which no document key may include).
    const cwd = process.cwd();
    process.chdir(path.join(site, 'en'));
    try {
      edit(path.join(site, 'en/guide/intro.md'), 'A tip edited twice.', 'A tip edited from elsewhere.');
      expect((await build({ root: site, log: false })).reusedDocuments).toBe(documents - 1);
    } finally {
      process.chdir(cwd);
    }
    await sameAsUncached();
  });
});

describe('the output folder, updated in place', () => {
  it('gets only the changed files: the others keep their inode and mtime; files the new output lacks go; a file changed after the build is written again', async () => {
    const site = copyFixture('basic');
    const dist = path.join(site, 'dist');
    const stamps = () => Object.fromEntries(listFiles(dist).map((f) => [f, (({ ino, mtimeMs }) => `${ino}:${mtimeMs}`)(fs.statSync(path.join(dist, f)))]));
    await build({ root: site, log: false });
    const before = stamps();

    edit(path.join(site, 'en/guide/intro.md'), 'A tip.', 'An edited tip.');
    fs.writeFileSync(path.join(dist, 'stray.txt'), 'not made by the build'); // a swap would drop it too
    await build({ root: site, log: false });
    const after = stamps();
    const touched = Object.keys(after).filter((f) => before[f] !== after[f]);
    // The edited page's document and chunk, its locale's search files that changed, the route tables, the
    // sidebar modules and the marker; everything else (the other documents, chunks, the Chinese index) untouched.
    expect(touched).toContain('guide/intro.html');
    expect(touched.some((f) => /^assets\/p-guide_intro-\w+\.js$/.test(f))).toBe(true);
    expect(touched.filter((f) => f.endsWith('.html'))).toEqual(['guide/intro.html']);
    expect(touched.filter((f) => /search\/zh|search-zh/.test(f))).toEqual([]);
    const untouched = Object.keys(after).filter((f) => before[f] === after[f]);
    expect(untouched.length).toBeGreaterThan(touched.length);
    expect(after['stray.txt']).toBeUndefined();
    // The edited page's last chunk is gone.
    expect(Object.keys(after).filter((f) => /^assets\/p-guide_intro-\w+\.js$/.test(f))).toHaveLength(1);

    // A search file changed in the output after the build, same size: written again.
    const part = Object.keys(after).find((f) => f.startsWith('docgen-data/search/en/'))!;
    const original = fs.readFileSync(path.join(dist, part), 'utf8');
    fs.writeFileSync(path.join(dist, part), original.replace(/[a-z]/, (c) => (c === 'a' ? 'b' : 'a')));
    edit(path.join(site, 'en/guide/intro.md'), 'An edited tip.', 'A tip edited twice.');
    await build({ root: site, log: false });
    expect(fs.readFileSync(path.join(dist, part), 'utf8')).toBe(original);

    // A page added, then removed: its document and chunk come, then go.
    fs.writeFileSync(path.join(site, 'zh/guide/extra.md'), '# 附加\n\n一页。\n');
    await build({ root: site, log: false });
    expect(fs.existsSync(path.join(dist, 'zh/guide/extra.html'))).toBe(true);
    fs.rmSync(path.join(site, 'zh/guide/extra.md'));
    await build({ root: site, log: false });
    expect(fs.existsSync(path.join(dist, 'zh/guide/extra.html'))).toBe(false);
    expect(listFiles(dist).filter((f) => /^assets\/p-zh_guide_extra-/.test(f))).toEqual([]);
    await expectSameAsUncached(site);
  });
});
