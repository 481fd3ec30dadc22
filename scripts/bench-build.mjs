// Build benchmark: generates a synthetic bilingual site of N plain-Markdown pages per locale (the corpus of
// ../shared/BENCHMARKS.md: headings h2–h4, paragraphs, lists, a GFM table, links, 2–4 code blocks; en ~3.1 k
// characters, zh ~1.9 k; nested guide/, api/, plugin/ folders; two home pages) and prints, per N:
// cold build wall time (output and caches deleted), warm build wall time (nothing changed), rebuild after
// editing one page, peak RSS,
// first-load JavaScript (gzip) of the home page and of a doc page, and the HTML size of a doc page.
// Usage: node scripts/bench-build.mjs [N...]   (default: 50 500)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const counts = sizes.length ? sizes : [50, 500];
const sections = ['guide', 'api', 'plugin'];

function enPage(i, n) {
  const next = (i + 1) % n;
  const sec = sections[next % 3];
  return `---
title: Page ${i}
description: Synthetic page number ${i} of the benchmark corpus.
---

# Page ${i}

This page explains feature number ${i} of the synthetic project. It has paragraphs, lists, a table and code
so that the Markdown pipeline does representative work. See [the next page](../../${sec}/s${Math.floor(next / 10)}/p${next}.md) for more.

## Installing feature ${i}

Install the package with your package manager of choice. The command below adds it as a development
dependency, which is what most documentation sites need during their build.

\`\`\`bash
npm install --save-dev feature-${i}
\`\`\`

- First, read the configuration reference and decide which options you need.
- Then, add the plugin to the config file and run a build to check the output.
- Finally, deploy the generated folder to any static host.

### Configuration

\`\`\`ts
import { defineConfig } from 'example';

export default defineConfig({
  feature${i}: { enabled: true, level: ${i % 5}, name: 'feature-${i}' },
});
\`\`\`

| option | type | default | description |
| --- | --- | --- | --- |
| enabled | boolean | false | Turns the feature on. |
| level | number | 0 | How much work the feature does per page. |
| name | string | '' | A name shown in logs. |

#### Advanced options

Advanced options change internal behaviour and should rarely be needed. They exist for sites with very
large numbers of pages, where the default trade-offs between speed and memory may not fit.

## Using feature ${i}

Call the function from your code. It returns a promise that resolves once the work is done, and rejects
with a clear error when the input is invalid.

\`\`\`js
const result = await runFeature(${i}, { verbose: false });
console.log(result.pages, result.duration);
\`\`\`

\`\`\`json
{ "feature": ${i}, "enabled": true, "targets": ["html", "search"] }
\`\`\`

## Troubleshooting

If the build fails, read the message: it names the file, the line and the column. Most problems come from
a typo in the config file or a broken relative link between pages.
`;
}

function zhPage(i, n) {
  const next = (i + 1) % n;
  const sec = sections[next % 3];
  return `---
title: 页面 ${i}
description: 基准测试语料中的第 ${i} 个合成页面。
---

# 页面 ${i}

本页介绍合成项目的第 ${i} 个功能，包含段落、列表、表格和代码，让 Markdown 流水线做有代表性的工作。更多内容见[下一页](../../${sec}/s${Math.floor(next / 10)}/p${next}.md)。

## 安装功能 ${i}

使用你喜欢的包管理器安装。下面的命令把它添加为开发依赖，这也是大多数文档站点在构建时需要的方式。

\`\`\`bash
npm install --save-dev feature-${i}
\`\`\`

- 首先，阅读配置参考并决定需要哪些选项。
- 然后，把插件加入配置文件并运行一次构建检查输出。
- 最后，把生成的目录部署到任意静态托管服务。

### 配置

\`\`\`ts
export default { feature${i}: { enabled: true, level: ${i % 5} } };
\`\`\`

| 选项 | 类型 | 默认值 | 说明 |
| --- | --- | --- | --- |
| enabled | boolean | false | 开启该功能。 |
| level | number | 0 | 每个页面上的工作量。 |

#### 高级选项

高级选项会改变内部行为，很少需要。它们为页面数量非常多的站点而存在。

## 使用功能 ${i}

\`\`\`js
const result = await runFeature(${i});
\`\`\`

## 故障排查

如果构建失败，请阅读错误信息：它会给出文件、行号和列号。大多数问题来自配置文件中的拼写错误或页面之间失效的相对链接。
`;
}

function generate(dir, n) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.writeFileSync(
    path.join(fs.mkdirSync(dir, { recursive: true }) ?? dir, 'docgen.config.ts'),
    `export default { title: 'Bench', lang: 'en', locales: [{ lang: 'en', label: 'English' }, { lang: 'zh', label: '简体中文' }] };\n`,
  );
  for (const [lang, page] of [['en', enPage], ['zh', zhPage]]) {
    for (let i = 0; i < n; i++) {
      const file = path.join(dir, lang, sections[i % 3], `s${Math.floor(i / 10)}`, `p${i}.md`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, page(i, n));
    }
    fs.writeFileSync(
      path.join(dir, lang, 'index.md'),
      `---\npageType: home\nhero:\n  name: Bench\n  text: Synthetic site\n  actions:\n    - { theme: brand, text: Start, link: /guide/s0/p0 }\nfeatures:\n  - { title: Fast, details: Builds quickly }\n---\n`,
    );
  }
}

/** Runs one build in a fresh Node process; returns wall seconds, CPU seconds and peak RSS (MiB). */
function timedBuild(root) {
  const script = `
    const { build } = await import(${JSON.stringify(path.join(repo, 'packages/core/dist/index.js'))});
    const t = performance.now();
    await build({ root: ${JSON.stringify(root)}, log: false });
    const u = process.resourceUsage();
    console.log(JSON.stringify({ wall: (performance.now() - t) / 1000, cpu: (u.userCPUTime + u.systemCPUTime) / 1e6, rss: u.maxRSS / 1024 }));`;
  const started = performance.now();
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, CI: 'true' } }).toString();
  const result = JSON.parse(out.trim().split('\n').pop());
  return { ...result, process: (performance.now() - started) / 1000 };
}

function firstLoadJs(dist, htmlFile) {
  const html = fs.readFileSync(path.join(dist, htmlFile), 'utf8');
  // Preloaded chunks, plus the entry and its imports named by the inline app loader.
  const loader = /<script>\(function\(\)\{function s\(\)\{var u=(\[[^\]]*\])/.exec(html);
  const urls = new Set([...[...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]), ...(loader ? JSON.parse(loader[1]) : [])]);
  let gzip = 0;
  for (const u of urls) gzip += zlib.gzipSync(fs.readFileSync(path.join(dist, u))).length;
  return gzip / 1024;
}

const rows = [];
for (const n of counts) {
  const dir = path.join(os.tmpdir(), `docgen-bench-${n}`);
  generate(dir, n);
  const cold = timedBuild(dir);
  const warm = timedBuild(dir);
  // One page edited: the compile cache serves every other page, bundles and SSG run again.
  fs.appendFileSync(path.join(dir, 'en/guide/s0/p0.md'), '\nOne more paragraph.\n');
  const edited = timedBuild(dir);
  const dist = path.join(dir, 'dist');
  const docHtml = 'guide/s0/p0.html';
  rows.push({
    'pages': 2 * n + 2,
    'cold wall s': cold.wall.toFixed(2),
    'cold process s': cold.process.toFixed(2),
    'cold CPU s': cold.cpu.toFixed(2),
    'warm wall s': warm.wall.toFixed(2),
    'warm/cold': `${Math.round((warm.wall / cold.wall) * 100)} %`,
    'one page edited s': edited.wall.toFixed(2),
    'peak RSS MiB': Math.round(Math.max(cold.rss, warm.rss, edited.rss)),
    'first-load JS gzip KB (home / doc)': `${firstLoadJs(dist, 'index.html').toFixed(1)} / ${firstLoadJs(dist, docHtml).toFixed(1)}`,
    'doc HTML KB': (fs.statSync(path.join(dist, docHtml)).size / 1024).toFixed(1),
    'output MiB': (Number(execFileSync('du', ['-sk', dist]).toString().split('\t')[0]) / 1024).toFixed(1),
  });
  fs.rmSync(dir, { recursive: true, force: true });
}
console.table(rows);
