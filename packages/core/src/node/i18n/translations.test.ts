/**
 * Stale-translation detection on small sites written to a temporary folder: the hash, the mapping of a
 * translation to its original (same version, any extension), the status lists, the map the build reads, and
 * `markTranslation`'s edit of the front matter (every other byte kept) and its errors.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { checkFrontMatter } from '../../config/frontmatter-schema.js';
import { resolveConfig, type ResolvedConfig } from '../../config/index.js';
import { DocgenError } from '../../shared/errors.js';
import { scanRoutes } from '../routes/scan-routes.js';
import {
  markTranslation,
  markTranslations,
  originalOf,
  readTranslatedFrom,
  staleTranslations,
  translationHash,
  translationStatus,
} from './translations.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/** Writes `files` (path relative to the root → content) into a new temporary folder; returns its path. */
function site(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-i18n-'));
  made.push(root);
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), content);
  }
  return root;
}

const LOCALES = [
  { lang: 'en', label: 'English' },
  { lang: 'zh', label: '简体中文' },
];

function config(root: string, extra: object = {}): ResolvedConfig {
  return resolveConfig({ locales: LOCALES, ...extra }, { root });
}

function thrown(run: () => unknown): DocgenError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DocgenError);
    return error as DocgenError;
  }
  throw new Error('expected a DocgenError, nothing was thrown');
}

const EN_A = '# A\n\nText of A.\n';
const EN_B = '# B\n';

describe('translationHash', () => {
  it('is the first 12 hex digits of sha256', () => {
    // sha256('') = e3b0c44298fc1c149afbf4c8996fb924…
    expect(translationHash('')).toBe('e3b0c44298fc');
    expect(translationHash(EN_A)).toMatch(/^[0-9a-f]{12}$/);
  });

  it('does not depend on CRLF or LF line ends, but on the text', () => {
    expect(translationHash('# A\r\n\r\nText of A.\r\n')).toBe(translationHash(EN_A));
    expect(translationHash('# A\n\nText of A!\n')).not.toBe(translationHash(EN_A));
  });
});

describe('readTranslatedFrom', () => {
  it('reads the key of the front matter, quoted or not', () => {
    expect(readTranslatedFrom('---\ntitle: x\ntranslatedFrom: abcdef012345\n---\n# x\n')).toBe('abcdef012345');
    expect(readTranslatedFrom('---\r\ntranslatedFrom: "123456789012"\r\n---\r\n')).toBe('123456789012');
  });

  it('is undefined without front matter or without the key', () => {
    expect(readTranslatedFrom('# x\n')).toBeUndefined();
    expect(readTranslatedFrom('---\ntitle: x\n---\n')).toBeUndefined();
  });

  it('throws at the place of invalid YAML or of a value that is not a string, naming the file', () => {
    expect(thrown(() => readTranslatedFrom('---\ntitle: [x\n---\n', 'zh/a.md')).message).toContain('zh/a.md:');
    const numeric = thrown(() => readTranslatedFrom('---\ntitle: x\ntranslatedFrom: 123456789012\n---\n', 'zh/a.md'));
    expect(numeric.message).toContain('zh/a.md:3:1');
    expect(numeric.message).toContain('translatedFrom is not a string');
  });

  it('is a known front matter key: no typo warning for it, one for a near miss', () => {
    expect(checkFrontMatter({ translatedFrom: 'abcdef012345' })).toEqual({ errors: [], warnings: [] });
    expect(checkFrontMatter({ translatedFrm: 'x' }).warnings[0].message).toContain('did you mean `translatedFrom`');
  });
});

describe('originalOf', () => {
  const root = site({ 'en/guide/a.md': EN_A, 'en/guide/b.md': EN_B, 'zh/guide/a.mdx': '# 甲\n', 'zh/extra.md': '# 多\n' });
  const cfg = config(root);
  const routes = scanRoutes(cfg);
  const route = (rel: string) => routes.find((r) => r.relativePath === rel)!;

  it('is the default language page at the same path, another extension too', () => {
    expect(originalOf(cfg, route('zh/guide/a.mdx'), routes)?.relativePath).toBe('en/guide/a.md');
  });

  it('is undefined for an original and for a translation of nothing', () => {
    expect(originalOf(cfg, route('en/guide/a.md'), routes)).toBeUndefined();
    expect(originalOf(cfg, route('zh/extra.md'))).toBeUndefined();
  });
});

describe('translationStatus', () => {
  it('sorts the translations of each locale into missing, stale, up to date and untracked', () => {
    const root = site({
      'en/index.md': '# Home\n',
      'en/guide/a.md': EN_A,
      'en/guide/b.md': EN_B,
      'en/guide/c.md': '# C\n',
      'en/guide/d.mdx': '# D\n',
      'zh/index.md': `---\ntranslatedFrom: "${translationHash('# Home\n')}"\n---\n# 首页\n`,
      'zh/guide/a.mdx': '---\ntranslatedFrom: "000000000000"\n---\n# 甲\n',
      'zh/guide/b.md': '# 乙\n',
      'zh/orphan.md': '# 孤\n',
    });
    const status = translationStatus(config(root));
    const record = (file: string, p: string, originalFile: string, translatedFrom?: string) => ({
      file,
      path: `/zh${p}`,
      original: p,
      originalFile,
      ...(translatedFrom ? { translatedFrom } : {}),
      hash: translationHash(fs.readFileSync(path.join(root, originalFile), 'utf8')),
    });
    expect(status).toEqual({
      lang: 'en',
      versioned: false,
      locales: [
        {
          lang: 'zh',
          version: '',
          dir: 'zh',
          missing: [
            { file: 'zh/guide/c.md', original: '/guide/c', originalFile: 'en/guide/c.md' },
            { file: 'zh/guide/d.mdx', original: '/guide/d', originalFile: 'en/guide/d.mdx' },
          ],
          stale: [record('zh/guide/a.mdx', '/guide/a', 'en/guide/a.md', '000000000000')],
          upToDate: [record('zh/index.md', '/', 'en/index.md', translationHash('# Home\n'))],
          untracked: [record('zh/guide/b.md', '/guide/b', 'en/guide/b.md')],
        },
      ],
    });
  });

  it('lists every original as missing in a locale without a folder', () => {
    const root = site({ 'en/index.md': '# Home\n', 'en/a.md': EN_A });
    const [zh] = translationStatus(config(root)).locales;
    expect(zh.missing.map((m) => m.file)).toEqual(['zh/a.md', 'zh/index.md']);
  });

  it('finds nothing on a site of one language', () => {
    const root = site({ 'index.md': '# Home\n' });
    expect(translationStatus(resolveConfig({}, { root }))).toEqual({ lang: 'en', versioned: false, locales: [] });
  });

  it('keeps a translation of an original with CRLF line ends up to date when the original is checked out with LF', () => {
    const root = site({ 'en/a.md': EN_A, 'zh/a.md': `---\r\ntranslatedFrom: "${translationHash('# A\r\n\r\nText of A.\r\n')}"\r\n---\r\n# 甲\r\n` });
    expect(translationStatus(config(root)).locales[0].upToDate.map((t) => t.file)).toEqual(['zh/a.md']);
  });

  it('reads each page once, however many locales translate it', () => {
    const root = site({ 'en/a.md': EN_A, 'zh/a.md': '# 甲\n', 'ja/a.md': '# ア\n', 'fr/a.md': '# A (fr)\n' });
    const cfg = resolveConfig({ locales: [...LOCALES, { lang: 'ja', label: '日本語' }, { lang: 'fr', label: 'Français' }] }, { root });
    const routes = scanRoutes(cfg);
    // A spy that counts and calls the real function: the reads are real.
    const read = vi.spyOn(fs, 'readFileSync');
    try {
      const status = translationStatus(cfg, routes);
      expect(status.locales.map((l) => [l.lang, l.untracked.length])).toEqual([
        ['zh', 1],
        ['ja', 1],
        ['fr', 1],
      ]);
      const files = read.mock.calls.map(([file]) => String(file)).filter((f) => f.startsWith(root));
      expect(files.sort()).toEqual(['en/a.md', 'fr/a.md', 'ja/a.md', 'zh/a.md'].map((f) => path.join(root, f)).sort());
    } finally {
      read.mockRestore();
    }
  });

  describe('on a site with versions', () => {
    const multiVersion = { default: '2.x', versions: ['2.x', '1.x'] };
    const h = (s: string) => translationHash(s);

    it('compares each version with the originals of the same version', () => {
      const root = site({
        '2.x/en/index.md': '# Home 2\n',
        '2.x/en/new.md': '# New in 2\n',
        '2.x/zh/index.md': `---\ntranslatedFrom: "${h('# Home 2\n')}"\n---\n# 首页 2\n`,
        '1.x/en/index.md': '# Home 1\n',
        // Translated from 2.x's page: stale against 1.x's.
        '1.x/zh/index.md': `---\ntranslatedFrom: "${h('# Home 2\n')}"\n---\n# 首页 1\n`,
        // 1.x has no original of it: neither missing nor listed.
        '1.x/zh/new.md': '# 新\n',
      });
      const status = translationStatus(config(root, { multiVersion }));
      expect(status.versioned).toBe(true);
      expect(status.locales.map((l) => [l.lang, l.version, l.dir])).toEqual([
        ['zh', '2.x', '2.x/zh'],
        ['zh', '1.x', '1.x/zh'],
      ]);
      const [v2, v1] = status.locales;
      expect(v2.missing).toEqual([{ file: '2.x/zh/new.md', original: '/new', originalFile: '2.x/en/new.md' }]);
      expect(v2.upToDate.map((t) => [t.file, t.original])).toEqual([['2.x/zh/index.md', '/']]);
      expect(v1.missing).toEqual([]);
      expect(v1.stale.map((t) => [t.file, t.path, t.original, t.originalFile])).toEqual([['1.x/zh/index.md', '/1.x/zh/', '/1.x/', '1.x/en/index.md']]);
      expect(v1.upToDate).toEqual([]);
      expect(v1.untracked).toEqual([]);
    });

    it('finds the default version in <root>/<lang> when <root>/<default> does not exist', () => {
      const root = site({ 'en/a.md': EN_A, 'zh/a.md': '# 甲\n', '1.x/en/a.md': EN_A });
      const status = translationStatus(config(root, { multiVersion }));
      expect(status.locales.map((l) => [l.dir, l.untracked.map((t) => t.originalFile), l.missing.map((m) => m.file)])).toEqual([
        ['zh', ['en/a.md'], []],
        ['1.x/zh', [], ['1.x/zh/a.md']],
      ]);
    });
  });
});

describe('staleTranslations', () => {
  it('maps each stale translation file (absolute) to its original route, and nothing else', () => {
    const root = site({
      'en/a.md': EN_A,
      'en/b.md': EN_B,
      'en/c.md': '# C\n',
      'zh/a.md': '---\ntranslatedFrom: "000000000000"\n---\n# 甲\n',
      'zh/b.md': `---\ntranslatedFrom: "${translationHash(EN_B)}"\n---\n# 乙\n`,
      'zh/c.md': '# 丙\n',
    });
    const cfg = config(root);
    const stale = staleTranslations(cfg, scanRoutes(cfg));
    expect([...stale.keys()]).toEqual([path.join(root, 'zh/a.md')]);
    expect(stale.get(path.join(root, 'zh/a.md'))?.original).toMatchObject({ path: '/a', relativePath: 'en/a.md', lang: 'en', filePath: path.join(root, 'en/a.md') });
  });

  it('leaves out routes that are no file of a locale folder (pages added by plugins)', () => {
    const root = site({ 'en/a.md': EN_A, 'zh/a.md': '---\ntranslatedFrom: "000000000000"\n---\n' });
    const cfg = config(root);
    const added = { path: '/zh/added', filePath: path.join(root, 'node_modules/.cache/added.md'), relativePath: 'node_modules/.cache/added.md', lang: 'zh', version: '' };
    expect([...staleTranslations(cfg, [...scanRoutes(cfg), added]).keys()]).toEqual([path.join(root, 'zh/a.md')]);
  });
});

describe('markTranslation', () => {
  const hashA = translationHash(EN_A);

  it('creates a front matter block at the top of a page without one', () => {
    const root = site({ 'en/a.md': EN_A, 'zh/a.md': '# 甲\n\n正文。\n' });
    const cfg = config(root);
    const result = markTranslation(cfg, path.join(root, 'zh/a.md'));
    expect(result).toMatchObject({ file: path.join(root, 'zh/a.md'), hash: hashA, changed: true });
    expect(result.previous).toBeUndefined();
    expect(result.original.relativePath).toBe('en/a.md');
    expect(fs.readFileSync(path.join(root, 'zh/a.md'), 'utf8')).toBe(`---\ntranslatedFrom: "${hashA}"\n---\n# 甲\n\n正文。\n`);
    expect(translationStatus(cfg).locales[0].upToDate.map((t) => t.file)).toEqual(['zh/a.md']);
  });

  it('adds the key as the last one of an existing front matter, keeping CRLF line ends and a BOM', () => {
    const before = '\uFEFF---\r\ntitle: 甲\r\ntags:\r\n  - x\r\n---\r\n# 甲\r\n';
    const root = site({ 'en/a.md': EN_A, 'zh/a.md': before });
    markTranslation(config(root), path.join(root, 'zh/a.md'));
    expect(fs.readFileSync(path.join(root, 'zh/a.md'), 'utf8')).toBe(`\uFEFF---\r\ntitle: 甲\r\ntags:\r\n  - x\r\ntranslatedFrom: "${hashA}"\r\n---\r\n# 甲\r\n`);
  });

  it('adds the key to an empty front matter', () => {
    const root = site({ 'en/a.md': EN_A, 'zh/a.md': '---\n---\n# 甲\n' });
    markTranslation(config(root), path.join(root, 'zh/a.md'));
    expect(fs.readFileSync(path.join(root, 'zh/a.md'), 'utf8')).toBe(`---\ntranslatedFrom: "${hashA}"\n---\n# 甲\n`);
  });

  it('replaces an existing value, and a value continued on indented lines, leaving the other lines', () => {
    const root = site({
      'en/a.md': EN_A,
      'zh/a.md': "---\ntitle: 甲\ntranslatedFrom: '000000000000' # old\n\ndescription: d\n---\n# 甲\n",
      'zh/b.md': '---\ntranslatedFrom: >\n  000000\n\n  000000\nsidebar: false\n---\n',
      'en/b.md': EN_B,
    });
    const cfg = config(root);
    const results = markTranslations(cfg, [path.join(root, 'zh/a.md'), path.join(root, 'zh/b.md')]);
    expect(results.map((r) => [r.previous, r.changed])).toEqual([
      ['000000000000', true],
      ['000000\n000000\n', true],
    ]);
    expect(fs.readFileSync(path.join(root, 'zh/a.md'), 'utf8')).toBe(`---\ntitle: 甲\ntranslatedFrom: "${hashA}"\n\ndescription: d\n---\n# 甲\n`);
    expect(fs.readFileSync(path.join(root, 'zh/b.md'), 'utf8')).toBe(`---\ntranslatedFrom: "${translationHash(EN_B)}"\nsidebar: false\n---\n`);
  });

  it('leaves a page that already holds the hash as it was', () => {
    const text = `---\ntranslatedFrom: ${hashA}\n---\n# 甲\n`;
    const root = site({ 'en/a.md': EN_A, 'zh/a.md': text });
    const file = path.join(root, 'zh/a.md');
    fs.utimesSync(file, new Date(0), new Date(0));
    expect(markTranslation(config(root), file)).toMatchObject({ changed: false, previous: hashA, hash: hashA });
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
    expect(fs.statSync(file).mtimeMs).toBe(0);
  });

  it('marks a translation of another version against the original of its own version', () => {
    const root = site({ '2.x/en/a.md': '# A 2\n', '2.x/zh/a.md': '# 甲\n', '1.x/en/a.md': EN_A, '1.x/zh/a.md': '# 甲\n' });
    const cfg = config(root, { multiVersion: { default: '2.x', versions: ['2.x', '1.x'] } });
    const result = markTranslation(cfg, path.join(root, '1.x/zh/a.md'));
    expect([result.hash, result.original.relativePath]).toEqual([hashA, '1.x/en/a.md']);
  });

  describe('errors, each naming the file', () => {
    const root = site({
      'en/a.md': EN_A,
      'zh/a.md': '# 甲\n',
      'zh/guide/lost.mdx': '# 失\n',
      'en/flow.md': EN_A,
      'zh/flow.md': '---\n{title: x}\n---\n',
      'en/broken.md': EN_A,
      'zh/broken.md': '---\ntitle: [x\n---\n',
      'notes.md': '# not in a locale folder\n',
    });
    const cfg = config(root);
    const mark = (rel: string) => thrown(() => markTranslation(cfg, path.join(root, rel))).message;

    it('a file that is not a page of the site, or does not exist', () => {
      expect(mark('notes.md')).toBe(`${path.join(root, 'notes.md')}: not a page of the site at ${root} (pages are the .md, .mdx files of its locale folders)`);
      expect(mark('zh/nope.md')).toBe(`${path.join(root, 'zh/nope.md')}: no such file`);
    });

    it('a page of the default language', () => {
      expect(mark('en/a.md')).toContain(`${path.join(root, 'en/a.md')} is an original, not a translation`);
    });

    it('a translation without an original, with the paths looked for', () => {
      expect(mark('zh/guide/lost.mdx')).toBe(
        `${path.join(root, 'zh/guide/lost.mdx')} has no original: no page ${path.join(root, 'en/guide/lost.md')} or ${path.join(root, 'en/guide/lost.mdx')} in the site`,
      );
    });

    it('a front matter the key cannot be added to, or invalid YAML; the file is left as it was', () => {
      expect(mark('zh/flow.md')).toContain(`${path.join(root, 'zh/flow.md')}: could not add translatedFrom`);
      expect(fs.readFileSync(path.join(root, 'zh/flow.md'), 'utf8')).toBe('---\n{title: x}\n---\n');
      expect(mark('zh/broken.md')).toContain(`${path.join(root, 'zh/broken.md')}:3:1: Invalid YAML front matter`);
      expect(fs.readFileSync(path.join(root, 'zh/broken.md'), 'utf8')).toBe('---\ntitle: [x\n---\n');
    });

    it('several files: every error listed and nothing written', () => {
      const error = thrown(() => markTranslations(cfg, ['zh/a.md', 'en/a.md', 'notes.md'].map((f) => path.join(root, f))));
      expect(error.message.split('\n')).toHaveLength(2);
      expect(error.message).toContain('en/a.md is an original');
      expect(error.message).toContain('notes.md: not a page');
      expect(fs.readFileSync(path.join(root, 'zh/a.md'), 'utf8')).toBe('# 甲\n');
    });
  });
});
