/**
 * The catalogue of bad input: one entry per case, each a change to a built copy of the `basic` fixture site
 * (`site/`, with `secret.txt` beside it, outside the site) and what `docgen build` must do with it: its exit
 * code, a pattern of what it prints (with the place in the file where the input has one), and what becomes of
 * the output. `e2e/bad-input.test.ts` runs every case and writes the table on the CLI page from this list.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where a case runs: `dir` holds `site/` (the site root) and `secret.txt`. */
export interface CaseContext {
  dir: string;
  site: string;
  /** Writes `content` to `rel` under the site, creating folders. */
  write: (rel: string, content: string | Buffer) => void;
  /** Inserts `text` as the first key of the config object. */
  config: (text: string) => void;
}

/** What a case expects. */
export interface Expectation {
  code: number;
  /** Pattern that stderr (for exit code 0: stdout and stderr) must match. */
  output?: RegExp;
  /** Pattern that must not appear in stderr. Every case also refuses `unexpected error` and stack lines. */
  notOutput?: RegExp;
  /** 'intact': the previous `dist/` is byte-identical; 'built': a new output with the marker. */
  result: 'intact' | 'built';
  /** Output folder when not `site/dist` (relative to the case folder). */
  outDir?: string;
  /** Extra check on the case folder after the run. */
  check?: (ctx: CaseContext) => void;
}

/** One case of the catalogue. */
export interface BadInputCase {
  /** What the input is, in English (the table's first column). */
  name: string;
  /** The same in Chinese. */
  zh: string;
  setup?: (ctx: CaseContext) => void;
  /** Site root given to the CLI, relative to the case folder. @default 'site' */
  root?: string;
  /** CLI arguments after `build <root>`. */
  args?: string[];
  /** Environment added to the run. */
  env?: (ctx: CaseContext) => Record<string, string>;
  /** How the run is stopped: a signal sent once the build's temporary folder exists. */
  interrupt?: 'SIGINT' | 'SIGKILL';
  expect: Expectation;
}

const nested = (depth: number, line: (i: number) => string) => Array.from({ length: depth }, (_, i) => line(i)).join('\n');
const exists = (ctx: CaseContext, rel: string) => fs.existsSync(path.join(ctx.site, rel));
const read = (ctx: CaseContext, rel: string) => fs.readFileSync(path.join(ctx.site, rel), 'utf8');
const isRoot = process.getuid?.() === 0;

function expectTrue(value: boolean, what: string): void {
  if (!value) throw new Error(what);
}

/** A page whose server render takes about `ms`, so a signal can reach the build while it runs. */
const slowPage = (ms: number) => `# Slow\n\n{(() => { const t = Date.now(); while (Date.now() - t < ${ms}) {} return 'done'; })()}\n`;

/**
 * Whether a tiny tmpfs can be mounted here (root in a VM: yes; a container without CAP_SYS_ADMIN: no), to
 * fill a disk for real. Decided once, when the catalogue is loaded; `diskFullCase` says why when it cannot.
 */
function canMountTmpfs(): { ok: boolean; why: string } {
  if (process.platform !== 'linux') return { ok: false, why: 'not Linux' };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-tmpfs-probe-'));
  const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir], { encoding: 'utf8' });
  if (mount.status === 0) spawnSync('umount', [dir]);
  fs.rmSync(dir, { recursive: true, force: true });
  return mount.status === 0 ? { ok: true, why: '' } : { ok: false, why: (mount.stderr || mount.error?.message || 'mount failed').trim() };
}

export const tmpfs = canMountTmpfs();

/** A full disk: the output folder on a 64 KB tmpfs (unmounted by the test afterwards). */
const diskFullCase: BadInputCase = {
  name: 'Disk full while writing the output (64 KB tmpfs)',
  zh: '写入输出时磁盘已满（64 KB 的 tmpfs）',
  setup: (c) => {
    fs.mkdirSync(path.join(c.dir, 'full'));
    const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', path.join(c.dir, 'full')], { encoding: 'utf8' });
    if (mount.status !== 0) throw new Error(`mount: ${mount.stderr}`);
  },
  args: ['--out-dir', 'full/dist'],
  expect: { code: 1, output: /full\/dist\.tmp-\S*: no space left on (the )?device/, result: 'intact' },
};

export const cases: BadInputCase[] = [
  // ── The output folder ────────────────────────────────────────────────────────────────────────────────
  { name: "outDir: '.' (the site root)", zh: "outDir: '.'（站点根目录）", setup: (c) => c.config("outDir: '.',"), expect: { code: 1, output: /outDir site is the site root/, result: 'intact' } },
  { name: "outDir: '..' (the folder around the site)", zh: "outDir: '..'（站点外层文件夹）", setup: (c) => c.config("outDir: '..',"), expect: { code: 1, output: /outDir \S+ contains the site root/, result: 'intact' } },
  { name: '--out-dir naming the site root', zh: '--out-dir 指向站点根目录', args: ['--out-dir', 'site'], expect: { code: 1, output: /--out-dir site is the site root/, result: 'intact' } },
  { name: "outDir: 'en' (a content folder)", zh: "outDir: 'en'（内容目录）", setup: (c) => c.config("outDir: 'en',"), expect: { code: 1, output: /is the content folder of locale en/, result: 'intact' } },
  { name: "outDir: 'public'", zh: "outDir: 'public'", setup: (c) => c.config("outDir: 'public',"), expect: { code: 1, output: /is the public folder/, result: 'intact' } },
  { name: "outDir: 'public/out' (inside public/)", zh: "outDir: 'public/out'（位于 public 内）", setup: (c) => c.config("outDir: 'public/out',"), expect: { code: 1, output: /lies inside the public folder/, result: 'intact' } },
  { name: "outDir: 'theme' (the theme folder)", zh: "outDir: 'theme'（主题目录）", setup: (c) => c.config("outDir: 'theme',"), expect: { code: 1, output: /is the theme folder/, result: 'intact' } },
  { name: 'Output folder is the home folder', zh: '输出目录是主目录', args: ['--out-dir', '.'], env: (c) => ({ HOME: c.dir }), expect: { code: 1, output: /--out-dir \. (is your home folder|contains the site root)/, result: 'intact' } },
  { name: 'Output folder is the filesystem root', zh: '输出目录是文件系统根目录', args: ['--out-dir', '/'], expect: { code: 1, output: /--out-dir \/ is a filesystem root/, result: 'intact' } },
  { name: 'Output folder is a file', zh: '输出目录是一个文件', setup: (c) => c.write('out', 'not a folder'), args: ['--out-dir', 'site/out'], expect: { code: 1, output: /is a file, not a folder/, result: 'intact' } },
  {
    name: 'Existing folder not made by docgen',
    zh: '已存在且不是 docgen 生成的文件夹',
    setup: (c) => c.write('other/notes.txt', 'mine'),
    args: ['--out-dir', 'site/other'],
    expect: { code: 1, output: /was not made by docgen .*--empty-out-dir/, result: 'intact', check: (c) => expectTrue(read(c, 'other/notes.txt') === 'mine', 'notes.txt kept') },
  },
  {
    name: 'Existing folder not made by docgen, with --empty-out-dir',
    zh: '已存在且不是 docgen 生成的文件夹，加 --empty-out-dir',
    setup: (c) => c.write('other/notes.txt', 'mine'),
    args: ['--out-dir', 'site/other', '--empty-out-dir'],
    expect: { code: 0, result: 'built', outDir: 'site/other', check: (c) => expectTrue(!exists(c, 'other/notes.txt'), 'replaced') },
  },
  {
    name: 'Folder holding Markdown sources, with --empty-out-dir',
    zh: '包含 Markdown 源文件的文件夹，加 --empty-out-dir',
    setup: (c) => c.write('notes/draft.md', '# Draft\n'),
    args: ['--out-dir', 'site/notes', '--empty-out-dir'],
    expect: { code: 1, output: /holds \S*draft\.md, which looks like a source file/, result: 'intact' },
  },
  { name: 'Output folder on a read-only path (/proc)', zh: '只读路径上的输出目录（/proc）', args: ['--out-dir', '/proc/docgen-out'], expect: { code: 1, output: /^error: \w+ \/proc\/docgen-out\S*: .*\((ENOENT|EACCES|EROFS|EPERM)\)/m, result: 'intact' } },

  // ── Size and depth ───────────────────────────────────────────────────────────────────────────────────
  { name: 'One section of 224 KB of paragraphs', zh: '一个 224 KB 段落的章节', setup: (c) => c.write('en/guide/long.md', `# Long\n\n## Log\n\n${'A line of a long changelog entry that goes on. '.repeat(4900)}\n`), expect: { code: 0, result: 'built' } },
  { name: 'A page of 1.2 MB', zh: '1.2 MB 的页面', setup: (c) => c.write('en/guide/big.md', `# Big\n\n${'Words of a very large generated page. '.repeat(33_000)}\n`), expect: { code: 0, output: /warning: \S*big\.md is 1\.2 MB, larger than 1 MB/, result: 'built' } },
  { name: 'A 20 MB file (a generated comment)', zh: '20 MB 的文件（生成的注释）', setup: (c) => c.write('en/guide/huge.md', `# Huge\n\n<!--\n${'x'.repeat(20 * 1024 * 1024)}\n-->\n`), expect: { code: 0, output: /huge\.md is 20\.0 MB/, result: 'built' } },
  { name: 'A list nested 3,000 levels', zh: '嵌套 3,000 层的列表', setup: (c) => c.write('en/guide/deep.md', `# Deep\n\n${nested(3000, (i) => `${'  '.repeat(i)}- item`)}\n`), expect: { code: 1, output: /deep\.md:103:\d+: blockquotes and lists nest deeper than 100 levels/, result: 'intact' } },
  { name: 'A blockquote nested 20,000 levels', zh: '嵌套 20,000 层的引用块', setup: (c) => c.write('en/guide/deep.md', `# Deep\n\n${'>'.repeat(20_000)} x\n`), expect: { code: 1, output: /deep\.md:3:101: blockquotes and lists nest deeper/, result: 'intact' } },
  { name: 'HTML elements nested 5,000 levels in MDX', zh: 'MDX 中嵌套 5,000 层的 HTML 元素', setup: (c) => c.write('en/guide/deep.mdx', `# Deep\n\n${'<div>'.repeat(5000)}x${'</div>'.repeat(5000)}\n`), expect: { code: 1, output: /deep\.mdx:3:\d+: HTML\/JSX elements nest deeper than 100/, result: 'intact' } },
  { name: '10,000 headings', zh: '10,000 个标题', setup: (c) => c.write('en/guide/many.md', `# Many\n\n${nested(10_000, (i) => `## Heading ${i}\n\nText ${i}.\n`)}`), expect: { code: 0, result: 'built' } },
  { name: 'Empty file', zh: '空文件', setup: (c) => c.write('en/guide/empty.md', ''), expect: { code: 0, output: /empty\.md has no title/, result: 'built', check: (c) => expectTrue(read(c, 'dist/guide/intro.html').includes('>empty<'), 'sidebar link has text') } },

  // ── Front matter ─────────────────────────────────────────────────────────────────────────────────────
  { name: 'Front matter pageType: nonsense', zh: 'front matter pageType: nonsense', setup: (c) => c.write('en/guide/fm.md', '---\npageType: nonsense\n---\n# F\n'), expect: { code: 1, output: /fm\.md:2:1: front matter pageType must be one of/, result: 'intact' } },
  { name: 'Front matter title: [1, 2]', zh: 'front matter title: [1, 2]', setup: (c) => c.write('en/guide/fm.md', '---\ntitle: [1, 2]\n---\n# F\n'), expect: { code: 1, output: /fm\.md:2:1: front matter title is not a string/, result: 'intact' } },
  { name: 'Front matter sidebar: maybe', zh: 'front matter sidebar: maybe', setup: (c) => c.write('en/guide/fm.md', '---\ntitle: F\nsidebar: maybe\n---\n# F\n'), expect: { code: 1, output: /fm\.md:3:1: front matter sidebar is not a boolean/, result: 'intact' } },
  { name: 'Front matter hero action with an unknown theme', zh: 'front matter 的 hero 按钮主题未知', setup: (c) => c.write('en/guide/fm.md', '---\npageType: home\nhero:\n  actions:\n    - text: Go\n      link: /\n      theme: loud\n---\n'), expect: { code: 1, output: /fm\.md:7:1: front matter hero\.actions\[0\]\.theme must be one of brand, alt/, result: 'intact' } },
  { name: 'Front matter key with a typo (titel)', zh: 'front matter 键名拼写错误（titel）', setup: (c) => c.write('en/guide/fm.md', '---\ntitel: F\n---\n# F\n'), expect: { code: 0, output: /warning: \S*fm\.md:2:1: unknown front matter key `titel`: did you mean `title`\?/, result: 'built' } },
  { name: 'Front matter that is a list', zh: '列表形式的 front matter', setup: (c) => c.write('en/guide/fm.md', '---\n- a\n- b\n---\n# F\n'), expect: { code: 1, output: /fm\.md:2:1: Front matter must be a mapping/, result: 'intact' } },
  { name: 'Front matter __proto__ key', zh: 'front matter 中的 __proto__ 键', setup: (c) => c.write('en/guide/fm.md', '---\n__proto__:\n  polluted: yes\ntitle: F\n---\n# F\n'), expect: { code: 0, result: 'built' } },
  { name: 'Invalid YAML front matter', zh: '无效的 YAML front matter', setup: (c) => c.write('en/guide/fm.md', '---\ntitle: ok\ntags: [unclosed\n---\n# F\n'), expect: { code: 1, output: /fm\.md:\d+:\d+: Invalid YAML front matter/, result: 'intact' } },
  {
    name: 'UTF-8 BOM and CRLF line ends',
    zh: 'UTF-8 BOM 与 CRLF 换行',
    setup: (c) => c.write('en/guide/bom.md', '\ufeff---\r\ntitle: From the BOM page\r\n---\r\n\r\nText.\r\n'),
    expect: { code: 0, result: 'built', check: (c) => expectTrue(/<h1[^>]*>From the BOM page/.test(read(c, 'dist/guide/bom.html')) && !read(c, 'dist/guide/bom.html').includes('<hr'), 'front matter read') },
  },
  { name: 'Invalid UTF-8 bytes', zh: '无效的 UTF-8 字节', setup: (c) => c.write('en/guide/latin1.md', Buffer.concat([Buffer.from('# Caf'), Buffer.from([0xe9]), Buffer.from('\n')])), expect: { code: 1, output: /latin1\.md:1:6: not valid UTF-8: byte 0xe9 at byte offset 5/, result: 'intact' } },

  // ── Config ───────────────────────────────────────────────────────────────────────────────────────────
  { name: 'Config file that throws', zh: '抛出异常的配置文件', setup: (c) => fs.writeFileSync(path.join(c.site, 'docgen.config.ts'), "const x = 1;\nthrow new Error('boom');\nexport default {};\n"), expect: { code: 1, output: /docgen\.config\.ts:2:\d+: the config file failed to load: boom/, result: 'intact' } },
  { name: 'Config importing a missing package', zh: '导入未安装包的配置文件', setup: (c) => fs.writeFileSync(path.join(c.site, 'docgen.config.ts'), "import x from 'docgen-not-installed';\nexport default { title: x };\n"), expect: { code: 1, output: /docgen\.config\.ts:1:15: .*cannot find the package 'docgen-not-installed'/, result: 'intact' } },
  { name: 'Config with a syntax error', zh: '有语法错误的配置文件', setup: (c) => fs.writeFileSync(path.join(c.site, 'docgen.config.ts'), 'export default { title: };\n'), expect: { code: 1, output: /docgen\.config\.ts:1:\d+/, result: 'intact' } },
  { name: 'Unknown config key', zh: '未知的配置键', setup: (c) => c.config("foo: 1,"), expect: { code: 1, output: /foo is not a known option/, result: 'intact' } },
  { name: 'pageTimeout: -1', zh: 'pageTimeout: -1', setup: (c) => c.config('pageTimeout: -1,'), expect: { code: 1, output: /pageTimeout must be greater than 0/, result: 'intact' } },
  { name: 'The same locale twice', zh: '重复的语言', setup: (c) => fs.writeFileSync(path.join(c.site, 'docgen.config.ts'), "export default { locales: [{ lang: 'en', label: 'A' }, { lang: 'en', label: 'B' }] };\n"), expect: { code: 1, output: /locales contains the language en twice/, result: 'intact' } },
  { name: "Locale lang: '../victim'", zh: "语言 lang: '../victim'", setup: (c) => fs.writeFileSync(path.join(c.site, 'docgen.config.ts'), "export default { locales: [{ lang: 'en', label: 'E' }, { lang: '../victim', label: 'V' }] };\n"), expect: { code: 1, output: /locales\[1\]\.lang is not a BCP 47 language tag/, result: 'intact' } },
  {
    name: 'Locales configured, pages not in en/',
    zh: '配置了语言，但页面不在 en/ 中',
    setup: (c) => fs.renameSync(path.join(c.site, 'en'), path.join(c.site, 'pages')),
    expect: { code: 1, output: /The locale en has no folder site\/en/, result: 'intact' },
  },
  { name: 'Site root that is a file', zh: '站点根目录是一个文件', root: 'site/en/index.md', expect: { code: 1, output: /Site root \S*index\.md is a file, not a folder/, result: 'intact' } },

  // ── Routes and files ─────────────────────────────────────────────────────────────────────────────────
  { name: 'File name with #', zh: '文件名包含 #', setup: (c) => c.write('en/guide/a#b.md', '# A\n'), expect: { code: 1, output: /en\/guide\/a#b\.md: a page's file and folder names cannot hold "#"/, result: 'intact' } },
  { name: 'File name with ?', zh: '文件名包含 ?', setup: (c) => c.write('en/guide/why?.md', '# A\n'), expect: { code: 1, output: /cannot hold "\?"/, result: 'intact' } },
  { name: 'File name with %', zh: '文件名包含 %', setup: (c) => c.write('en/guide/100%.md', '# A\n'), expect: { code: 1, output: /cannot hold "%"/, result: 'intact' } },
  { name: 'File name with spaces', zh: '文件名包含空格', setup: (c) => c.write('en/guide/my page.md', '# My page\n'), expect: { code: 0, result: 'built', check: (c) => expectTrue(exists(c, 'dist/guide/my page.html'), 'page written') } },
  { name: 'File name in Chinese', zh: '中文文件名', setup: (c) => c.write('en/guide/指南.md', '# 指南\n'), expect: { code: 0, result: 'built', check: (c) => expectTrue(exists(c, 'dist/guide/指南.html'), 'page written') } },
  { name: '.md and .mdx of the same name', zh: '同名的 .md 与 .mdx', setup: (c) => c.write('en/guide/intro.mdx', '# Intro again\n'), expect: { code: 1, output: /en\/guide\/intro\.md and en\/guide\/intro\.mdx both map to the route \/guide\/intro/, result: 'intact' } },
  {
    name: 'x_b.md next to x/b.md',
    zh: 'x_b.md 与 x/b.md 并存',
    setup: (c) => {
      c.write('en/guide/x_b.md', '# Underscore\n');
      c.write('en/guide/x/b.md', '# Folder\n');
    },
    expect: { code: 0, result: 'built', check: (c) => expectTrue(read(c, 'dist/guide/x_b.html').includes('Underscore') && read(c, 'dist/guide/x/b.html').includes('Folder'), 'both pages') },
  },
  {
    name: 'route.exclude with the automatic sidebar',
    zh: 'route.exclude 与自动侧边栏',
    setup: (c) => {
      c.write('en/guide/extra.md', '# Extra\n');
      c.config("route: { exclude: ['en/guide/extra.md'] },");
    },
    expect: { code: 0, result: 'built', check: (c) => expectTrue(!exists(c, 'dist/guide/extra.html') && !read(c, 'dist/guide/intro.html').includes('/guide/extra'), 'excluded page not in the sidebar') },
  },
  { name: '_meta.json naming a missing page', zh: '_meta.json 引用不存在的页面', setup: (c) => c.write('en/guide/_meta.json', '["intro", "nowhere"]'), expect: { code: 1, output: /_meta\.json: "nowhere" is not a page of/, result: 'intact' } },
  { name: 'Invalid _meta.json', zh: '无效的 _meta.json', setup: (c) => c.write('en/guide/_meta.json', '["intro",]'), expect: { code: 1, output: /_meta\.json:1:\d+: Invalid JSON/, result: 'intact' } },
  { name: 'Symlink loop in the site', zh: '站点中的符号链接循环', setup: (c) => { fs.symlinkSync('loop-b', path.join(c.site, 'en/loop-a')); fs.symlinkSync('loop-a', path.join(c.site, 'en/loop-b')); }, expect: { code: 0, result: 'built' } },
  {
    name: 'Folder symlinked from outside the site',
    zh: '从站点外链接进来的文件夹',
    setup: (c) => {
      fs.mkdirSync(path.join(c.dir, 'outside'));
      fs.writeFileSync(path.join(c.dir, 'outside/page.md'), '# Outside OUTSIDE-PAGE\n');
      fs.symlinkSync(path.join(c.dir, 'outside'), path.join(c.site, 'en/linked'));
    },
    expect: { code: 0, result: 'built', check: (c) => expectTrue(!exists(c, 'dist/linked'), 'links are not followed') },
  },
  {
    name: 'Unreadable page (chmod 000)',
    zh: '不可读的页面（chmod 000）',
    setup: (c) => {
      c.write('en/guide/locked.md', '# Locked\n');
      fs.chmodSync(path.join(c.site, 'en/guide/locked.md'), 0o000);
    },
    // root reads any file: there the page builds.
    expect: isRoot ? { code: 0, result: 'built' } : { code: 1, output: /^error: open \S*locked\.md: permission denied \(EACCES\)$/m, result: 'intact' },
  },

  // ── Links, images and imports ────────────────────────────────────────────────────────────────────────
  { name: 'Broken relative link', zh: '失效的相对链接', setup: (c) => c.write('en/guide/l.md', '# L\n\nSee [x](./nowhere.md).\n'), expect: { code: 1, output: /l\.md:3:5: Broken link: \.\/nowhere\.md/, result: 'intact' } },
  { name: 'Link to a missing anchor', zh: '指向不存在锚点的链接', setup: (c) => c.write('en/guide/l.md', '# L\n\nSee [x](./usage.mdx#nope).\n'), expect: { code: 1, output: /l\.md:3:5: Dead anchor: \.\/usage\.mdx#nope/, result: 'intact' } },
  { name: 'Link to a missing anchor on the same page', zh: '指向本页不存在锚点的链接', setup: (c) => c.write('en/guide/l.md', '# L\n\n## Here\n\nSee [x](#there).\n'), expect: { code: 1, output: /l\.md:5:5: Dead anchor: #there/, result: 'intact' } },
  { name: 'Root-relative link to no page', zh: '指向不存在页面的根相对链接', setup: (c) => c.write('en/guide/l.md', '# L\n\nSee [x](/guide/nope).\n'), expect: { code: 1, output: /l\.md:3:5: Dead link: \/guide\/nope/, result: 'intact' } },
  { name: 'Root-relative link to a public file', zh: '指向 public 文件的根相对链接', setup: (c) => c.write('en/guide/l.md', '# L\n\nSee [robots](/robots.txt) and [usage](/guide/usage#options).\n'), expect: { code: 0, result: 'built' } },
  {
    name: 'Link to an excluded page',
    zh: '指向被排除页面的链接',
    setup: (c) => {
      c.write('en/guide/l.md', '# L\n\nSee [x](./hidden.md).\n');
      c.write('en/guide/hidden.md', '# Hidden\n');
      c.config("route: { exclude: ['en/guide/hidden.md'] },");
    },
    expect: { code: 1, output: /l\.md:3:5: Dead link: \.\/hidden\.md \(\S*hidden\.md is not built \(left out by route\.exclude or route\.include\)\)/, result: 'intact' },
  },
  {
    name: "Dead link with checkDeadLinks: 'warn'",
    zh: "checkDeadLinks: 'warn' 时的失效链接",
    setup: (c) => {
      c.write('en/guide/l.md', '# L\n\n[x](./usage.mdx#nope) [y](./gone.md)\n');
      c.config("markdown: { checkDeadLinks: 'warn' },");
    },
    expect: { code: 0, output: /warning: \S*l\.md:3:23: Broken link: \.\/gone\.md[\s\S]*warning: \S*l\.md:3:1: Dead anchor: \.\/usage\.mdx#nope/, result: 'built' },
  },
  {
    name: 'Dead link with checkDeadLinks: false',
    zh: 'checkDeadLinks: false 时的失效链接',
    setup: (c) => {
      c.write('en/guide/l.md', '# L\n\n[x](/guide/nope)\n');
      c.config('markdown: { checkDeadLinks: false },');
    },
    expect: { code: 0, notOutput: /warning/, result: 'built' },
  },
  { name: 'data:text/html link', zh: 'data:text/html 链接', setup: (c) => c.write('en/guide/l.md', '# L\n\n[x](data:text/html,<b>hi</b>)\n'), expect: { code: 1, output: /l\.md:3:1: Link URL with the data: scheme is not allowed/, result: 'intact' } },
  { name: 'vbscript: link', zh: 'vbscript: 链接', setup: (c) => c.write('en/guide/l.md', '# L\n\n[x](vbscript:msgbox)\n'), expect: { code: 1, output: /l\.md:3:1: Link URL with the vbscript: scheme/, result: 'intact' } },
  { name: 'javascript: link (mixed case)', zh: 'javascript: 链接（大小写混合）', setup: (c) => c.write('en/guide/l.md', '# L\n\n[x](JaVaScRiPt:alert(1))\n'), expect: { code: 1, output: /l\.md:3:1: Link URL with the javascript: scheme/, result: 'intact' } },
  { name: 'Entity-encoded javascript: in raw HTML', zh: '原始 HTML 中经实体编码的 javascript:', setup: (c) => c.write('en/guide/l.md', '# L\n\n<a href="&#106;avascript:alert(1)">x</a>\n'), expect: { code: 1, output: /l\.md:3:1: <a> href with the javascript: scheme/, result: 'intact' } },
  { name: 'javascript: in a JSX attribute', zh: 'JSX 属性中的 javascript:', setup: (c) => c.write('en/guide/l.mdx', '# L\n\n<a href="javascript:alert(1)">x</a>\n'), expect: { code: 1, output: /l\.mdx:3:1: <a> href with the javascript: scheme/, result: 'intact' } },
  { name: 'data: image', zh: 'data: 图片', setup: (c) => c.write('en/guide/l.md', '# L\n\n![dot](data:image/png;base64,iVBORw0KGgo=)\n'), expect: { code: 0, result: 'built' } },
  { name: 'Image ../../../../etc/passwd', zh: '图片 ../../../../etc/passwd', setup: (c) => c.write('en/guide/l.md', `# L\n\n![x](${'../'.repeat(12)}etc/passwd)\n`), expect: { code: 1, output: /l\.md:3:1: Image \S+ lies outside the site \(\/etc\/passwd\)/, result: 'intact' } },
  { name: 'Image of a file beside the site', zh: '站点旁边的文件作为图片', setup: (c) => c.write('en/guide/l.md', '# L\n\n![x](../../../secret.txt)\n'), expect: { code: 1, output: /lies outside the site/, result: 'intact' } },
  {
    name: 'Image through a folder symlinked to /etc',
    zh: '通过链接到 /etc 的文件夹引用图片',
    setup: (c) => {
      fs.symlinkSync('/etc', path.join(c.site, 'en/guide/etc'));
      c.write('en/guide/l.md', '# L\n\n![x](./etc/hostname)\n');
    },
    expect: { code: 1, output: /l\.md:3:1: Image \.\/etc\/hostname lies outside the site \(\/etc\/hostname\)/, result: 'intact' },
  },
  { name: 'Import of a file beside the site', zh: '导入站点旁边的文件', setup: (c) => c.write('en/guide/l.mdx', "import s from '../../../secret.txt';\n\n# L\n\n{s}\n"), expect: { code: 1, output: /l\.mdx:1:15: Import "\.\.\/\.\.\/\.\.\/secret\.txt" leads outside the site/, result: 'intact' } },
  { name: 'Broken image', zh: '失效的图片', setup: (c) => c.write('en/guide/l.md', '# L\n\n![x](./missing.png)\n'), expect: { code: 1, output: /l\.md:3:1: Image not found: \.\/missing\.png/, result: 'intact' } },
  { name: 'Image of 0 bytes', zh: '0 字节的图片', setup: (c) => { c.write('en/guide/empty.png', ''); c.write('en/guide/l.md', '# L\n\n![x](./empty.png)\n'); }, expect: { code: 0, result: 'built' } },
  {
    name: 'SVG with a script, shown as an image',
    zh: '作为图片显示的带脚本 SVG',
    setup: (c) => {
      c.write('en/guide/evil.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      c.write('en/guide/l.md', '# L\n\n![x](./evil.svg)\n');
    },
    // An SVG in <img> never runs its scripts; it is copied as an asset.
    expect: { code: 0, result: 'built', check: (c) => expectTrue(/<img[^>]+src="\/assets\/evil-[0-9a-f]{8}\.svg"/.test(read(c, 'dist/guide/l.html')), 'img') },
  },
  { name: 'Import of a missing file', zh: '导入不存在的文件', setup: (c) => c.write('en/guide/l.mdx', "import Missing from './_missing.mdx';\n\n# L\n\n<Missing />\n"), expect: { code: 1, output: /l\.mdx:1:\d+: Could not resolve "\.\/_missing\.mdx"/, result: 'intact' } },

  // ── Pages that fail while compiling or rendering ─────────────────────────────────────────────────────
  { name: 'MDX syntax error', zh: 'MDX 语法错误', setup: (c) => c.write('en/guide/s.mdx', '# S\n\n<div>\n  {1 +}\n</div>\n'), expect: { code: 1, output: /s\.mdx:4:\d+/, result: 'intact' } },
  { name: 'Component that throws while rendering', zh: '渲染时抛出异常的组件', setup: (c) => c.write('en/guide/boom.mdx', "export function Boom() { throw new Error('kaputt'); }\n\n# Boom\n\n<Boom />\n"), expect: { code: 1, output: /Rendering \/guide\/boom \(\S*boom\.mdx\) failed in <Boom>: kaputt/, result: 'intact' } },
  {
    name: 'MDX expression that never returns (pageTimeout: 3000)',
    zh: '永不返回的 MDX 表达式（pageTimeout: 3000）',
    setup: (c) => {
      c.config('pageTimeout: 3000,');
      c.write('en/guide/loop.mdx', '# Loop\n\n{(() => { while (true) {} })()}\n');
    },
    expect: { code: 1, output: /Rendering \/guide\/loop \(\S*loop\.mdx\) took longer than 3 s \(pageTimeout\) and was stopped/, result: 'intact' },
  },
  {
    name: 'Circular MDX import',
    zh: '循环的 MDX 导入',
    setup: (c) => {
      c.write('en/guide/_b.mdx', "import C from './_c.mdx';\n\nB <C />\n");
      c.write('en/guide/_c.mdx', "import B from './_b.mdx';\n\nC <B />\n");
      c.write('en/guide/cycle.mdx', "import B from './_b.mdx';\n\n# Cycle\n\n<B />\n");
    },
    // Each side renders the other without end: the render hung until pageTimeout, or, depending on the order
    // the modules loaded in, left one side empty.
    expect: { code: 1, output: /_c\.mdx:1:10: Circular import: \S*_c\.mdx imports \S*_b\.mdx, which imports it back \(_b\.mdx → _c\.mdx → _b\.mdx\)/, result: 'intact' },
  },
  { name: 'Duplicate heading ids', zh: '重复的标题 id', setup: (c) => c.write('en/guide/d.md', '# D\n\n## Same\n\n## Same\n'), expect: { code: 0, result: 'built', check: (c) => expectTrue(read(c, 'dist/guide/d.html').includes('id="same-1"'), 'second id numbered') } },
  { name: 'HTML in headings', zh: '标题中的 HTML', setup: (c) => c.write('en/guide/h.md', '# H\n\n## <span class="x">Styled</span> heading\n\n[self](#styled-heading)\n'), expect: { code: 0, result: 'built' } },
  { name: 'Raw <script> in a .md page (trusted)', zh: '.md 页面中的原始 <script>（受信任）', setup: (c) => c.write('en/guide/r.md', '# R\n\n<script>window.fromPage = 1</script>\n'), expect: { code: 0, result: 'built', check: (c) => expectTrue(read(c, 'dist/guide/r.html').includes('window.fromPage = 1'), 'script kept') } },
  {
    name: 'Raw <script> with markdown.sanitize: true',
    zh: 'markdown.sanitize: true 时的原始 <script>',
    setup: (c) => {
      for (const f of ['en/guide/usage.mdx', 'en/guide/_snippet.mdx']) fs.rmSync(path.join(c.site, f));
      c.write('en/guide/intro.md', '# Intro\n\n<script>window.fromPage = 1</script>\n\n<b onclick="x()">bold</b>\n');
      c.write('en/index.md', '# Home\n');
      c.config('markdown: { sanitize: true },');
    },
    expect: { code: 0, result: 'built', check: (c) => expectTrue(!read(c, 'dist/guide/intro.html').includes('fromPage') && !read(c, 'dist/guide/intro.html').includes('onclick'), 'sanitised') },
  },
  { name: 'An .mdx page with markdown.sanitize: true', zh: 'markdown.sanitize: true 时的 .mdx 页面', setup: (c) => c.config('markdown: { sanitize: true },'), expect: { code: 1, output: /usage\.mdx:1:1: markdown\.sanitize is on, and MDX pages run code/, result: 'intact' } },

  // ── Interrupted builds ───────────────────────────────────────────────────────────────────────────────
  {
    name: 'Ctrl+C (SIGINT) during a build',
    zh: '构建期间按 Ctrl+C（SIGINT）',
    setup: (c) => c.write('en/guide/slow.mdx', slowPage(4000)),
    interrupt: 'SIGINT',
    expect: { code: 130, result: 'intact' },
  },
  {
    name: 'Killed (SIGKILL) during a build, then built again',
    zh: '构建期间被强制结束（SIGKILL），然后再次构建',
    setup: (c) => c.write('en/guide/slow.mdx', slowPage(4000)),
    interrupt: 'SIGKILL',
    expect: { code: 137, result: 'intact' },
  },
  ...(tmpfs.ok ? [diskFullCase] : []),
];
