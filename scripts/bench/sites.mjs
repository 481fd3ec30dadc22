// One synthetic bilingual corpus (scripts/lib/synthetic-site.mjs), laid out the way each tool expects it,
// and what the benchmark needs to know about each tool: how to build it, where its output and caches are,
// which page to edit.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from '../lib/synthetic-site.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repo = path.resolve(here, '../..');
const sections = ['guide', 'api', 'plugin'];

/** Moves every entry of `from` into `to` (both folders), then removes `from`. */
function moveContents(from, to) {
  for (const entry of fs.readdirSync(from)) fs.renameSync(path.join(from, entry), path.join(to, entry));
  fs.rmdirSync(from);
}

/**
 * Empties `site` and creates `dir` inside it. (generate() writes its config into the first folder that
 * mkdirSync created, so that folder's parent must exist.)
 */
function freshFolder(dir) {
  fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
}

/**
 * Writes a package.json in the site folder: tools that keep a cache under the nearest package's
 * node_modules/.cache then keep it inside the site, where a cold round deletes it, while packages still
 * resolve from scripts/bench/node_modules above.
 */
function writeSitePackage(site) {
  fs.writeFileSync(path.join(site, 'package.json'), '{ "private": true, "type": "module" }\n');
}

/**
 * VitePress has no generated sidebar: a user lists the pages. This lists them as docgen and Rspress group
 * them (one sidebar per top folder, a group per sub-folder), so all three render comparable navigation.
 */
function vitepressSidebar(n, prefix, title) {
  const sidebar = {};
  for (const [s, sec] of sections.entries()) {
    const groups = new Map();
    for (let i = s; i < n; i += 3) {
      const group = `s${Math.floor(i / 10)}`;
      if (!groups.has(group)) groups.set(group, []);
      groups.get(group).push({ text: title(i), link: `${prefix}/${sec}/${group}/p${i}` });
    }
    sidebar[`${prefix}/${sec}/`] = [...groups].map(([text, items]) => ({ text, items }));
  }
  return sidebar;
}

/**
 * @typedef {object} Tool
 * @property {string} name
 * @property {string} version
 * @property {(site: string, n: number) => void} write  writes the corpus and config into `site` (emptied first)
 * @property {(site: string) => { file: string, args: string[] }} command  the build command, run with cwd = site
 * @property {(port: number) => string[]} devArgs  the dev server's arguments (same file as the build), on 127.0.0.1:port
 * @property {(site: string) => string} outDir  the built site
 * @property {(site: string) => string[]} caches  folders deleted before a cold build (besides outDir)
 * @property {(site: string) => string} editedPage  the English page the "one page edited" build changes
 */

const version = (pkg) => JSON.parse(fs.readFileSync(path.join(here, 'node_modules', pkg, 'package.json'), 'utf8')).version;

/** @type {Record<string, Tool>} */
export const tools = {
  docgen: {
    name: 'docgen',
    get version() {
      return JSON.parse(fs.readFileSync(path.join(repo, 'packages/core/package.json'), 'utf8')).version;
    },
    write(site, n) {
      generate(site, n);
      writeSitePackage(site);
    },
    command: () => ({ file: path.join(repo, 'packages/core/bin/docgen.js'), args: ['build', '.'] }),
    devArgs: (port) => ['dev', '.', '--port', String(port), '--host', '127.0.0.1'],
    outDir: (site) => path.join(site, 'dist'),
    caches: (site) => [path.join(site, 'node_modules')],
    editedPage: (site) => path.join(site, 'en/guide/s0/p0.md'),
  },
  rspress: {
    name: 'Rspress',
    get version() {
      return version('@rspress/core');
    },
    write(site, n) {
      const docs = path.join(site, 'docs');
      freshFolder(docs);
      generate(docs, n);
      fs.rmSync(path.join(docs, 'docgen.config.ts'));
      writeSitePackage(site);
      // The default language's pages stay in docs/en/ and are served without the /en prefix.
      fs.writeFileSync(
        path.join(site, 'rspress.config.mjs'),
        `import { defineConfig } from '@rspress/core';

export default defineConfig({
  root: 'docs',
  title: 'Bench',
  lang: 'en',
  locales: [
    { lang: 'en', label: 'English' },
    { lang: 'zh', label: '简体中文' },
  ],
});
`,
      );
    },
    command: () => ({ file: path.join(here, 'node_modules/@rspress/core/bin/rspress.js'), args: ['build'] }),
    devArgs: (port) => ['dev', '--port', String(port), '--host', '127.0.0.1'],
    outDir: (site) => path.join(site, 'doc_build'),
    caches: (site) => [path.join(site, 'node_modules')],
    editedPage: (site) => path.join(site, 'docs/en/guide/s0/p0.md'),
  },
  vitepress: {
    name: 'VitePress',
    get version() {
      return version('vitepress');
    },
    write(site, n) {
      const docs = path.join(site, 'docs');
      freshFolder(docs);
      generate(docs, n);
      fs.rmSync(path.join(docs, 'docgen.config.ts'));
      writeSitePackage(site);
      // The root locale's pages sit at the top of the source folder, the other locales in sub-folders.
      moveContents(path.join(docs, 'en'), docs);
      for (const home of ['index.md', 'zh/index.md']) {
        const file = path.join(docs, home);
        fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('pageType: home', 'layout: home'));
      }
      const config = {
        title: 'Bench',
        lang: 'en',
        locales: {
          root: { label: 'English', lang: 'en', themeConfig: { sidebar: vitepressSidebar(n, '', (i) => `Page ${i}`) } },
          zh: { label: '简体中文', lang: 'zh', themeConfig: { sidebar: vitepressSidebar(n, '/zh', (i) => `页面 ${i}`) } },
        },
        themeConfig: { search: { provider: 'local' } },
      };
      fs.mkdirSync(path.join(docs, '.vitepress'));
      fs.writeFileSync(path.join(docs, '.vitepress/config.mjs'), `export default ${JSON.stringify(config, null, 2)};\n`);
    },
    command: () => ({ file: path.join(here, 'node_modules/vitepress/bin/vitepress.js'), args: ['build', 'docs'] }),
    devArgs: (port) => ['dev', 'docs', '--port', String(port), '--host', '127.0.0.1', '--strictPort'],
    outDir: (site) => path.join(site, 'docs/.vitepress/dist'),
    caches: (site) => [path.join(site, 'docs/.vitepress/cache'), path.join(site, 'node_modules')],
    editedPage: (site) => path.join(site, 'docs/guide/s0/p0.md'),
  },
};
