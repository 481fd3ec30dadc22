import { defineConfig } from '@docgen/core';

const repo = 'https://github.com/docgen-dev/docgen';

export default defineConfig({
  title: 'docgen',
  description: 'A fast static site generator for documentation: Markdown and MDX in, static HTML out.',
  icon: '/logo.svg',
  logo: '/logo.svg',
  logoText: 'docgen',
  lang: 'en',
  siteUrl: 'https://docgen.dev',
  locales: [
    {
      lang: 'en',
      label: 'English',
      editLink: { text: 'Edit this page on GitHub', pattern: `${repo}/edit/main/docs/:path` },
    },
    {
      lang: 'zh',
      label: '简体中文',
      description: '快速的文档站点静态生成器：输入 Markdown 与 MDX，输出静态 HTML。',
      editLink: { text: '在 GitHub 上编辑此页', pattern: `${repo}/edit/main/docs/:path` },
    },
  ],
  themeConfig: {
    socialLinks: [{ icon: 'github', link: repo, ariaLabel: 'GitHub' }],
  },
});
