// The synthetic bilingual benchmark corpus, shared by the build and search benchmarks:
// N plain-Markdown pages per locale (headings h2–h4, paragraphs, lists, a GFM table, links, 2–4 code blocks;
// en ~3.1 k characters, zh ~1.9 k) in nested guide/, api/, plugin/ folders, plus two home pages.
import fs from 'node:fs';
import path from 'node:path';

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

/** Writes a site of `n` pages per locale into `dir` (emptied first). */
export function generate(dir, n) {
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

