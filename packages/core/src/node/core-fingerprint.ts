import fs from 'node:fs';
import path from 'node:path';
import { CODE_DIR, CORE_ROOT } from './core-root.js';

/** `@docgen/core`'s version. */
export const VERSION = (JSON.parse(fs.readFileSync(path.join(CORE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * docgen's fingerprint: `version` and the size and mtime of every Node module (`.js`/`.ts`, tests and the
 * browser runtime left out) under `dir`, one per line. It is part of every page's cache key, of the build
 * key and of the kept config bundle's key, so an upgraded or edited docgen never serves pages compiled, or
 * a build made, by the previous one.
 * @param dir docgen's Node code (by default the folder this module was loaded from)
 */
export function coreFingerprint(version: string, dir = CODE_DIR): string {
  const parts = [version];
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const abs = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'runtime' && !entry.name.startsWith('__')) walk(abs);
      } else if (/\.(js|ts)$/.test(entry.name) && !entry.name.includes('.test.')) {
        const stat = fs.statSync(abs);
        parts.push(`${path.relative(dir, abs)}:${stat.size}:${stat.mtimeMs}`);
      }
    }
  };
  walk(dir);
  return parts.join('\n');
}

/** This docgen's `coreFingerprint`, computed once per process. */
export const CORE_FINGERPRINT = coreFingerprint(VERSION);
