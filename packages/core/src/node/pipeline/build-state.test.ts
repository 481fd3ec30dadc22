import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../config/index.js';
import { buildKey } from './build-state.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A site of one page and a config in a fresh temporary folder, with its resolved config. */
function site() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-build-state-'));
  made.push(root);
  fs.writeFileSync(path.join(root, 'docgen.config.ts'), 'export default { title: "T" };\n');
  fs.writeFileSync(path.join(root, 'index.md'), '# Home\n');
  return { root, config: resolveConfig({ title: 'T' }, { root }) };
}

describe('buildKey', () => {
  it('leaves out the config bundle another process writes beside the config while it loads it', () => {
    const { root, config } = site();
    const before = buildKey(config, {}, '1');
    // What loading the config writes for the moment of its import (`<config>.timestamp-<ms>-<pid>.mjs`).
    fs.writeFileSync(path.join(root, `docgen.config.ts.timestamp-${Date.now()}-${process.pid + 1}.mjs`), 'export default {};\n');
    expect(buildKey(config, {}, '1')).toBe(before);
  });

  it('changes with any other file of the site root', () => {
    const { root, config } = site();
    const before = buildKey(config, {}, '1');
    fs.writeFileSync(path.join(root, 'docgen.config.ts.mjs'), 'export default {};\n');
    expect(buildKey(config, {}, '1')).not.toBe(before);
  });
});
