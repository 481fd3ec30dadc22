import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load-config.js';
import { openDevSite, type DevSite } from './dev-site.js';

const fixture = path.resolve(import.meta.dirname, '../../../../../e2e/fixtures/basic');

describe('settling a dev site gives way to a change', () => {
  let root: string;
  let site: DevSite;
  const entry = () => site.searchFile('/docgen-data/search-en.json');

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-settle-'));
    fs.cpSync(fixture, root, { recursive: true });
    site = await openDevSite({ config: await loadConfig(root), bodyEnd: '' });
    await site.compiled();
  });
  afterAll(async () => {
    await site?.dispose();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('stops at the first step boundary once asked to, with no search index served', async () => {
    let asked = 0;
    expect(
      await site.settle(() => {
        asked++;
        return true;
      }),
    ).toBeUndefined();
    expect(asked).toBe(1);
    expect(entry()).toBeUndefined();
  });

  it('stops while the search indexes are built, with no entry served', async () => {
    // The first two questions come before the indexes (after the links and after the site data).
    let asked = 0;
    expect(await site.settle(() => ++asked > 2)).toBeUndefined();
    expect(asked).toBeGreaterThan(2);
    expect(entry()).toBeUndefined();
  });

  it('settles whole when nothing asks it to give way', async () => {
    const state = await site.settle();
    expect(state?.searchIndexes['']).toMatch(/^\/docgen-data\/search-en\.json\?v=1$/);
    expect(JSON.parse(entry()!)).toHaveProperty('dict');
    // Served from memory, not written into the served folder.
    expect(fs.existsSync(path.join(site.config.outDir, 'docgen-data/search-en.json'))).toBe(false);
  });
});
