// A site of real-length pages: the website (docs/) with its guide/, api/ and plugin/ folders copied side by
// side (guide-2/, api-2/, … in each locale) until it has about `n` pages per locale. Copies keep their
// depth, so relative imports and `_meta.json` files work unchanged; their links point at the originals.
// `node_modules` is a link to the website's, so the config's plugins resolve.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const docs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs');
const COPIED = ['guide', 'api', 'plugin'];
const LOCALES = ['en', 'zh'];

/** Routed pages (`.md`/`.mdx`, no `_` fragments) under `dir`. */
function countPages(dir) {
  let count = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('_')) continue;
    if (entry.isDirectory()) count += countPages(path.join(dir, entry.name));
    else if (/\.mdx?$/.test(entry.name)) count++;
  }
  return count;
}

/**
 * Writes the site into `dir` (emptied first) with about `n` pages per locale (never fewer than the
 * website's own); returns the number of pages per locale.
 */
export function generateFromWebsite(dir, n) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const name of fs.readdirSync(docs)) {
    if (['dist', 'node_modules'].includes(name)) continue;
    fs.cpSync(path.join(docs, name), path.join(dir, name), { recursive: true });
  }
  fs.symlinkSync(path.join(docs, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  let pages = countPages(path.join(dir, 'en'));
  const perCopy = COPIED.reduce((sum, folder) => sum + countPages(path.join(docs, 'en', folder)), 0);
  for (let copy = 2; pages + perCopy <= n; copy++) {
    for (const lang of LOCALES) {
      for (const folder of COPIED) fs.cpSync(path.join(docs, lang, folder), path.join(dir, lang, `${folder}-${copy}`), { recursive: true });
    }
    pages += perCopy;
  }
  return pages;
}
