/**
 * The bad-input catalogue (`e2e/bad-input/cases.ts`): every case runs the real CLI on a copy of a built
 * fixture site and checks the three things its entry states (exit code, what is printed with its place, what
 * becomes of the output), plus for every case: no source file changed, no leftover temporary folder, and
 * nothing from outside the site (the `secret.txt` beside it, `/etc/passwd`) in the output. Also keeps the
 * "Errors and exit codes" tables of the CLI page equal to the catalogue (`UPDATE_BAD_INPUT_DOCS=1` rewrites them).
 */
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cases, tmpfs, type BadInputCase, type CaseContext } from './bad-input/cases.js';
import { copyFixture, repoRoot } from './helpers/site.js';

const bin = path.join(repoRoot, 'packages/core/bin/docgen.js');
const SECRET = `SECRET-${crypto.randomBytes(8).toString('hex')}`;
let template: string;
const made: string[] = [];

/** sha256 of every file under `dir` by relative path, skipping `skip` (relative names at the top). */
function digest(dir: string, skip: string[] = []): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const abs = path.join(d, e.name);
      const rel = path.relative(dir, abs);
      const top = rel.split(path.sep)[0];
      // Temporary folders of a build are no sources: `leftovers` checks them after the next build.
      if (skip.includes(top) || /\.(tmp|old)-\d+-\d+$/.test(top)) continue;
      if (e.isDirectory()) walk(abs);
      else if (e.isFile()) {
        let hash = 'unreadable';
        try {
          hash = crypto.createHash('sha256').update(fs.readFileSync(abs)).digest('hex');
        } catch {
          // chmod 000 for a non-root user: its presence is what counts
        }
        out.set(rel, hash);
      }
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return out;
}

/** Files under `dir` whose content holds `needle`. */
function filesHolding(dir: string, needles: string[]): string[] {
  return [...digest(dir).keys()].filter((rel) => {
    try {
      const text = fs.readFileSync(path.join(dir, rel), 'latin1');
      return needles.some((n) => text.includes(n));
    } catch {
      return false;
    }
  });
}

function withoutNodeEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NODE_ENV: _unused, ...rest } = env;
  return rest;
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI; with `interrupt`, sends the signal once the build's temporary output folder exists. */
function runCli(c: BadInputCase, ctx: CaseContext): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'build', c.root ?? 'site', ...(c.args ?? [])], {
      cwd: ctx.dir,
      // As a user's shell runs it: Vitest's NODE_ENV=test would switch React to its development build.
      env: { ...withoutNodeEnv(process.env), CI: 'true', ...(c.env?.(ctx) ?? {}) },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    let watcher: fs.FSWatcher | undefined;
    if (c.interrupt) {
      // A state, not a time: the signal goes out when the temporary output appears beside dist.
      const fire = () => {
        if (fs.readdirSync(ctx.site).some((n) => n.startsWith('dist.tmp-'))) {
          watcher?.close();
          watcher = undefined;
          child.kill(c.interrupt);
        }
      };
      watcher = fs.watch(ctx.site, fire);
      fire();
    }
    child.on('error', reject);
    child.on('close', (code, signal) => {
      watcher?.close();
      const signals: Record<string, number> = { SIGINT: 130, SIGKILL: 137, SIGTERM: 143 };
      resolve({ code: code ?? (signal ? signals[signal] ?? 128 : 1), stdout, stderr });
    });
  });
}

/** Leftovers of a build: temporary or old output folders beside the site's outputs, `ssr-*` in the cache. */
function leftovers(ctx: CaseContext, outDir: string): string[] {
  const found: string[] = [];
  for (const dir of new Set([ctx.site, path.dirname(outDir)])) {
    if (fs.existsSync(dir)) found.push(...fs.readdirSync(dir).filter((n) => /\.(tmp|old)-\d+-\d+$/.test(n)));
  }
  const cache = path.join(ctx.site, 'node_modules/.cache/docgen');
  if (fs.existsSync(cache)) found.push(...fs.readdirSync(cache).filter((n) => n.startsWith('ssr-')));
  return found;
}

beforeAll(async () => {
  // The previous output every case starts from: the basic fixture, built once.
  template = copyFixture('basic');
  made.push(template);
  const built = spawnSync(process.execPath, [bin, 'build', template], { env: { ...withoutNodeEnv(process.env), CI: 'true' }, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`template build failed:\n${built.stderr}`);
});

afterAll(() => {
  for (const dir of made) {
    spawnSync('umount', [path.join(dir, 'full')]);
    spawnSync('chmod', ['-R', 'u+rwX', dir]);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe('bad input catalogue', () => {
  it('has at least 60 cases, each with a unique name', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
    if (!tmpfs.ok) console.log(`bad-input: no disk-full case here, a tmpfs cannot be mounted (${tmpfs.why})`);
  });

  it.concurrent.each(cases.map((c) => [c.name, c] as const))('%s', { timeout: 120_000 }, async (_name, c) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-bad-'));
    made.push(dir);
    const site = path.join(dir, 'site');
    fs.cpSync(template, site, { recursive: true, verbatimSymlinks: true });
    fs.writeFileSync(path.join(dir, 'secret.txt'), `${SECRET}\n`);
    const ctx: CaseContext = {
      dir,
      site,
      write: (rel, content) => {
        fs.mkdirSync(path.dirname(path.join(site, rel)), { recursive: true });
        fs.writeFileSync(path.join(site, rel), content);
      },
      config: (text) => {
        const file = path.join(site, 'docgen.config.ts');
        fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('export default {', `export default {\n  ${text}`));
      },
    };
    c.setup?.(ctx);
    const outDir = path.join(dir, c.expect.outDir ?? 'site/dist');
    const previous = digest(path.join(site, 'dist'));
    const sources = digest(site, ['dist', 'node_modules', path.relative(site, outDir).split(path.sep)[0]]);

    const run = await runCli(c, ctx);
    const printed = run.code === 0 ? `${run.stdout}\n${run.stderr}` : run.stderr;
    const report = `exit ${run.code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`;

    expect(run.code, report).toBe(c.expect.code);
    if (c.expect.output) expect(printed, report).toMatch(c.expect.output);
    if (c.expect.notOutput) expect(printed, report).not.toMatch(c.expect.notOutput);
    // A user's error is one message, never a crash with a stack trace.
    expect(run.stderr, report).not.toMatch(/unexpected error|^\s+at .+:\d+:\d+\)?$/m);
    if (c.expect.result === 'intact') {
      expect(digest(path.join(site, 'dist')), report).toEqual(previous);
    } else {
      expect(fs.existsSync(path.join(outDir, '.docgen-output')), report).toBe(true);
      expect(fs.existsSync(path.join(outDir, '404.html')), report).toBe(true);
    }
    expect(digest(site, ['dist', 'node_modules', path.relative(site, outDir).split(path.sep)[0]])).toEqual(sources);
    for (const out of new Set([path.join(site, 'dist'), outDir])) {
      expect(filesHolding(out, [SECRET, 'root:x:0:0'])).toEqual([]);
    }
    c.expect.check?.(ctx);

    if (c.interrupt) {
      // The next build removes what an interrupted one left and succeeds.
      fs.rmSync(path.join(site, 'en/guide/slow.mdx'));
      const again = await runCli({ ...c, interrupt: undefined }, ctx);
      expect(again.code, again.stderr).toBe(0);
    }
    expect(leftovers(ctx, outDir)).toEqual([]);
  });
});

describe('the catalogue on the CLI page', () => {
  const pages = { en: path.join(repoRoot, 'docs/en/api/commands.md'), zh: path.join(repoRoot, 'docs/zh/api/commands.md') };
  const START = '<!-- bad-input table: generated from e2e/bad-input/cases.ts -->';
  const END = '<!-- end of bad-input table -->';

  /** The table of one language, from the case data. */
  function table(lang: 'en' | 'zh'): string {
    const head = lang === 'en' ? '| Input | Exit code | Printed | Output |' : '| 输入 | 退出码 | 输出的信息 | 输出目录 |';
    const outcome = (c: BadInputCase) =>
      c.expect.result === 'built' ? (lang === 'en' ? 'built' : '构建完成') : lang === 'en' ? 'previous output intact' : '上一次的输出保持不变';
    const printed = (c: BadInputCase) => {
      if (!c.expect.output) return c.expect.code === 0 ? (lang === 'en' ? 'summary line' : '总结行') : '';
      const source = c.expect.output.source
        .replace(/\\S\*|\\S\+|\[\\s\\S\]\*|\\w\+|\.\*/g, '…')
        .replace(/\\d\+/g, 'N')
        .replace(/\\(.)/g, '$1')
        .replace(/[\^$]/g, '')
        .replace(/\|/g, ' / ');
      return `\`${source.replace(/`/g, "'")}\``;
    };
    // A name such as "Raw <script> in a page" must stay text: in a .md page, `<script>` is raw HTML.
    const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/</g, '&lt;');
    const rows = cases.map((c) => `| ${cell(lang === 'en' ? c.name : c.zh)} | ${c.expect.code} | ${printed(c)} | ${outcome(c)} |`);
    return [START, '', head, '| --- | --- | --- | --- |', ...rows, '', END].join('\n');
  }

  for (const lang of ['en', 'zh'] as const) {
    it(`lists every case in docs/${lang}/api/commands.md`, () => {
      const text = fs.readFileSync(pages[lang], 'utf8');
      const start = text.indexOf(START);
      const end = text.indexOf(END);
      if (process.env.UPDATE_BAD_INPUT_DOCS && start !== -1 && end !== -1) {
        fs.writeFileSync(pages[lang], text.slice(0, start) + table(lang) + text.slice(end + END.length));
      }
      const current = fs.readFileSync(pages[lang], 'utf8');
      expect(current.slice(current.indexOf(START), current.indexOf(END) + END.length)).toBe(table(lang));
    });
  }
});
