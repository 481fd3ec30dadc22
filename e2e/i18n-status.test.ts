/**
 * `docgen i18n status` and `docgen i18n mark` through the CLI in-process (`runCli`), on sites written to a
 * temporary folder: the table and lists printed, `--json`, `--strict`'s exit code, `mark` making a page up to
 * date, a change of the original making it stale again, and the errors of `mark`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '@docgen/core';

/** Runs the CLI in-process, capturing its output. */
async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(['node', 'docgen', ...argv], { log: (s) => out.push(s), error: (s) => err.push(s) });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/** A site in a new temporary folder: `config` as the default export of docgen.config.mjs, and `files`. */
function site(config: object, files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-i18n-status-'));
  made.push(root);
  fs.writeFileSync(path.join(root, 'docgen.config.mjs'), `export default ${JSON.stringify(config)};\n`);
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), content);
  }
  return root;
}

const locales = [
  { lang: 'en', label: 'English' },
  { lang: 'zh', label: '简体中文' },
];

describe('docgen i18n on a site with two languages', () => {
  const root = site(
    { locales },
    {
      'en/index.md': '# Home\n',
      'en/guide/a.md': '# A\n\nFirst version.\n',
      'en/guide/b.md': '# B\n',
      'zh/index.md': '# 首页\n',
      'zh/guide/a.md': '---\ntitle: 甲\ntranslatedFrom: "000000000000"\n---\n# 甲\n',
    },
  );
  const at = (rel: string) => path.join(root, rel);

  it('status: the table, then the missing and stale pages', async () => {
    const { code, stdout, stderr } = await cli('i18n', 'status', root);
    expect([code, stderr]).toEqual([0, '']);
    expect(stdout).toBe(
      [
        'language  missing  stale  up to date  untracked',
        'zh        1        1      0           1',
        '',
        'Missing (1):',
        '  zh/guide/b.md  original en/guide/b.md (/guide/b)',
        '',
        'Stale (1), the original changed since `docgen i18n mark`:',
        '  zh/guide/a.md  original en/guide/a.md (/guide/a)',
        '',
        'Once a stale page is updated, record it: docgen i18n mark <file>',
        '1 translation without translatedFrom: once one matches its original, record it: docgen i18n mark <file>',
      ].join('\n'),
    );
  });

  it('status --json: the status object', async () => {
    const { code, stdout } = await cli('i18n', 'status', root, '--json');
    expect(code).toBe(0);
    const status = JSON.parse(stdout);
    expect(status).toMatchObject({ lang: 'en', versioned: false });
    expect(status.locales).toHaveLength(1);
    expect(status.locales[0]).toMatchObject({
      lang: 'zh',
      version: '',
      dir: 'zh',
      missing: [{ file: 'zh/guide/b.md', original: '/guide/b', originalFile: 'en/guide/b.md' }],
      stale: [{ file: 'zh/guide/a.md', path: '/zh/guide/a', original: '/guide/a', originalFile: 'en/guide/a.md', translatedFrom: '000000000000' }],
      upToDate: [],
      untracked: [{ file: 'zh/index.md', path: '/zh/', original: '/' }],
    });
    expect(status.locales[0].stale[0].hash).toMatch(/^[0-9a-f]{12}$/);
  });

  it('status --strict: exit 1 with the reason while a page is missing or stale', async () => {
    const { code, stdout, stderr } = await cli('i18n', 'status', root, '--strict');
    expect(code).toBe(1);
    expect(stdout).toContain('zh        1        1      0           1');
    expect(stderr).toBe('error: --strict: 1 translation missing and 1 translation stale');
  });

  it('mark: refuses an original, and writes nothing when one of the files is refused', async () => {
    const before = fs.readFileSync(at('zh/guide/a.md'), 'utf8');
    const { code, stdout, stderr } = await cli('i18n', 'mark', at('zh/guide/a.md'), at('en/guide/a.md'), '--root', root);
    expect([code, stdout]).toEqual([1, '']);
    expect(stderr).toBe(`error: ${at('en/guide/a.md')} is an original, not a translation: it is a page of the default language (en); mark its translations instead`);
    expect(fs.readFileSync(at('zh/guide/a.md'), 'utf8')).toBe(before);
    expect(fs.readFileSync(at('en/guide/a.md'), 'utf8')).toBe('# A\n\nFirst version.\n');
  });

  it('mark: a translation without an original names the paths looked for', async () => {
    fs.writeFileSync(at('zh/only-zh.md'), '# 只有中文\n');
    try {
      const { code, stderr } = await cli('i18n', 'mark', at('zh/only-zh.md'), '--root', root);
      expect(code).toBe(1);
      expect(stderr).toBe(`error: ${at('zh/only-zh.md')} has no original: no page ${at('en/only-zh.md')} or ${at('en/only-zh.mdx')} in the site`);
    } finally {
      fs.rmSync(at('zh/only-zh.md'));
    }
  });

  it('mark, then status --strict passes; a change of the original makes the page stale again', async () => {
    fs.writeFileSync(at('zh/guide/b.md'), '# 乙\n');
    const marked = await cli('i18n', 'mark', at('zh/guide/a.md'), at('zh/index.md'), at('zh/guide/b.md'), '--root', root);
    expect([marked.code, marked.stderr]).toEqual([0, '']);
    const lines = marked.stdout.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(new RegExp(`^${escape(at('zh/guide/a.md'))}: translatedFrom: "[0-9a-f]{12}", was "000000000000" \\(original ${escape(at('en/guide/a.md'))}\\)$`));
    expect(lines[1]).toMatch(new RegExp(`^${escape(at('zh/index.md'))}: translatedFrom: "[0-9a-f]{12}" \\(original ${escape(at('en/index.md'))}\\)$`));
    // Only the key changed; the title and the body are as they were.
    const hash = /"([0-9a-f]{12})"/.exec(lines[0])![1];
    expect(fs.readFileSync(at('zh/guide/a.md'), 'utf8')).toBe(`---\ntitle: 甲\ntranslatedFrom: "${hash}"\n---\n# 甲\n`);

    const clean = await cli('i18n', 'status', root, '--strict');
    expect([clean.code, clean.stderr]).toEqual([0, '']);
    expect(clean.stdout).toBe(['language  missing  stale  up to date  untracked', 'zh        0        0      3           0', '', 'Nothing is missing or stale.'].join('\n'));

    const again = await cli('i18n', 'mark', at('zh/guide/a.md'), '--root', root);
    expect(again.stdout).toBe(`${at('zh/guide/a.md')}: already translatedFrom: "${hash}", unchanged (original ${at('en/guide/a.md')})`);

    fs.writeFileSync(at('en/guide/a.md'), '# A\n\nSecond version.\n');
    const stale = await cli('i18n', 'status', root, '--strict');
    expect(stale.code).toBe(1);
    expect(stale.stdout).toContain('zh        0        1      2           0');
    expect(stale.stdout).toContain('  zh/guide/a.md  original en/guide/a.md (/guide/a)');
    expect(stale.stderr).toBe('error: --strict: 1 translation stale');
  });

  it('the working directory is the default root of both commands', async () => {
    const cwd = process.cwd();
    process.chdir(root);
    try {
      const marked = await cli('i18n', 'mark', 'zh/guide/a.md');
      expect([marked.code, marked.stderr]).toEqual([0, '']);
      expect(marked.stdout).toMatch(/^zh\/guide\/a\.md: translatedFrom: "[0-9a-f]{12}", was "[0-9a-f]{12}" \(original en\/guide\/a\.md\)$/);
      const status = await cli('i18n', 'status', '--strict');
      expect([status.code, status.stderr]).toEqual([0, '']);
    } finally {
      process.chdir(cwd);
    }
  });
});

describe('docgen i18n on a site with versions', () => {
  it('status lists each version of each language', async () => {
    const root = site(
      { locales, multiVersion: { default: '2.x', versions: ['2.x', '1.x'] } },
      {
        '2.x/en/index.md': '# Home 2\n',
        '2.x/en/new.md': '# New\n',
        '2.x/zh/index.md': '# 首页\n',
        '1.x/en/index.md': '# Home 1\n',
        '1.x/zh/index.md': '---\ntranslatedFrom: "000000000000"\n---\n# 首页\n',
      },
    );
    const { code, stdout } = await cli('i18n', 'status', root);
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        'language  version  missing  stale  up to date  untracked',
        'zh        2.x      1        0      0           1',
        'zh        1.x      0        1      0           0',
        '',
        'Missing (1):',
        '  2.x/zh/new.md  original 2.x/en/new.md (/new)',
        '',
        'Stale (1), the original changed since `docgen i18n mark`:',
        '  1.x/zh/index.md  original 1.x/en/index.md (/1.x/)',
        '',
        'Once a stale page is updated, record it: docgen i18n mark <file>',
        '1 translation without translatedFrom: once one matches its original, record it: docgen i18n mark <file>',
      ].join('\n'),
    );
    const marked = await cli('i18n', 'mark', path.join(root, '1.x/zh/index.md'), '--root', root);
    expect(marked.stdout).toContain(`(original ${path.join(root, '1.x/en/index.md')})`);
    expect((await cli('i18n', 'status', root)).stdout).toContain('zh        1.x      0        0      1           0');
  });
});

describe('docgen i18n on a site of one language', () => {
  it('status says there is nothing to compare', async () => {
    const root = site({}, { 'index.md': '# Home\n' });
    expect(await cli('i18n', 'status', root, '--strict')).toEqual({ code: 0, stdout: 'No translations: the site has one language (en).', stderr: '' });
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
