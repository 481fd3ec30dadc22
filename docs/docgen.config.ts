import path from 'node:path';
import { defineConfig } from '@docgen/core';
import { pluginApiDocgen } from '@docgen/plugin-api-docgen';
import { pluginClientRedirects } from '@docgen/plugin-client-redirects';
import { pluginLastUpdated } from '@docgen/plugin-last-updated';
import { pluginRss } from '@docgen/plugin-rss';
import { pluginLlms } from '@docgen/plugin-llms';
import { pluginPlayground } from '@docgen/plugin-playground';
import { pluginPreview } from '@docgen/plugin-preview';
import { pluginSitemap } from '@docgen/plugin-sitemap';
import { pluginTypedoc } from '@docgen/plugin-typedoc';
import { ecosystem, landing } from './ecosystem';

const repo = 'https://github.com/docgen-dev/docgen';

/** A component file of the default theme, relative to this site's root (`docs/`). */
const themeComponent = (name: string) => `../packages/theme-default/src/components/${name}/${name}.tsx`;

// One feed per language of the changelog; each index page keeps out of its feed with `feed: false`.
const changelogFeeds = [
  { id: 'changelog', title: 'docgen changelog', description: 'What changed in docgen, milestone by milestone.', match: '/changelog/' },
  { id: 'changelog-zh', title: 'docgen 更新日志', description: 'docgen 按里程碑记录的变更。', match: '/zh/changelog/' },
];

export default defineConfig({
  title: 'docgen',
  description: 'A fast static site generator for documentation: Markdown and MDX in, static HTML out.',
  icon: '/logo.svg',
  logo: '/logo.svg',
  logoText: 'docgen',
  lang: 'en',
  siteUrl: 'https://docgen.dev',
  // The current docs stay in en/ and zh/ (the default version, without URL prefix); the 1.x docs are in
  // 1.x/en/ and 1.x/zh/, served under /1.x/.
  multiVersion: { default: '2.x', versions: ['2.x', '1.x'] },
  // A page not translated yet is shown in English at its Chinese URL, with a notice.
  i18n: { fallback: true },
  // The sitemap takes each page's date from the last-updated plugin, listed before it. llms.txt, llms-full.txt
  // and a .md file per page for AI tools, with the "Copy Markdown" button on doc pages.
  plugins: [
    pluginLastUpdated(),
    // The pages of iframe demos (preview plugin) are parts of other pages, not pages to find; the 1.x docs
    // are an older version, kept out of search engines (noindex).
    pluginSitemap({ exclude: ['/_preview/**', '/zh/_preview/**', '/1.x/**'] }),
    pluginRss({ feeds: changelogFeeds }),
    pluginLlms({ exclude: ['/_preview/**', '/zh/_preview/**', '/1.x/**'] }),
    // Live, editable examples on the playground plugin's own page.
    pluginPlayground({ imports: ['react'] }),
    // Component demos next to their code; the preview plugin's own page shows one live.
    pluginPreview(),
    // Props tables of the default theme's components (components page, API Docgen page), from their source.
    pluginApiDocgen({
      tsconfig: '../packages/theme-default/tsconfig.json',
      entries: {
        Badge: themeComponent('Badge'),
        Card: themeComponent('Card'),
        LinkCard: themeComponent('LinkCard'),
        Steps: themeComponent('Steps'),
        Tabs: themeComponent('Tabs'),
        Tab: themeComponent('Tabs'),
        PackageManagerTabs: themeComponent('PackageManagerTabs'),
        SourceCode: themeComponent('SourceCode'),
        NoSSR: themeComponent('NoSSR'),
        HomeHero: themeComponent('HomeHero'),
        HomeFeature: themeComponent('HomeFeature'),
        CodeHighlight: themeComponent('CodeHighlight'),
      },
    }),
    // The API reference of @docgen/core from its source, at /api/reference/ (in the /api/ sidebar); the
    // Chinese site shows the same English pages under /zh/api/reference/, with its own interface.
    pluginTypedoc({
      entryPoints: [
        { path: '../packages/core/src/index.ts', name: '@docgen/core' },
        { path: '../packages/core/src/runtime/index.ts', name: '@docgen/core/runtime' },
      ],
      // The Node side and the browser side have a tsconfig each: one program each.
      tsconfig: ['../packages/core/tsconfig.node.json', '../packages/core/tsconfig.runtime.json'],
      sidebarLabel: { en: 'API Reference', zh: 'API 参考' },
      // The guide pages explain these names with examples; the search finds those, not the signatures.
      search: false,
      typedocOptions: {
        // The index page's title; the modules keep their own names.
        name: 'docgen',
        // Source links to the main branch, paths from the repository's root.
        disableGit: true,
        sourceLinkTemplate: `${repo}/blob/main/{path}#L{line}`,
        displayBasePath: path.resolve(import.meta.dirname, '..'),
        // One page per module, each export a section of it with its entry in the outline.
        outputFileStrategy: 'modules',
        // `pnpm typecheck` checks these programs already: TypeDoc skips its own type check (6.4–6.8 s
        // instead of 14.2–14.3 s for this reference, on 2 cores).
        skipErrorChecking: true,
        // Values of the config schema that the exported config types are derived from: not API.
        intentionallyNotExported: ['configSchema', 'coreThemeConfig'],
      },
    }),
    pluginClientRedirects({
      redirects: [
        // Short addresses to give out in talks, READMEs and chats.
        { from: '/start', to: '/guide/start/getting-started' },
        { from: '/zh/start', to: '/zh/guide/start/getting-started' },
        { from: '/config', to: '/api/config/config-basic' },
        { from: '/zh/config', to: '/zh/api/config/config-basic' },
        { from: '/cli', to: '/api/commands' },
        { from: '/zh/cli', to: '/zh/api/commands' },
        // Every official plugin at /plugins/<name>, in both languages: /plugins/sitemap, /zh/plugins/rss.
        { from: /^(\/zh)?\/plugins\/([a-z-]+)$/, to: '$1/plugin/official-plugins/$2' },
      ],
    }),
  ],
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
    landing: landing.en,
    locales: { zh: { landing: landing.zh } },
    ecosystem,
    banner: {
      href: { en: '/guide/start/getting-started', zh: '/zh/guide/start/getting-started' },
      message: {
        en: 'New to docgen? Start with the getting-started guide.',
        zh: '初次使用 docgen？从快速开始指南入手。',
      },
      storageKey: 'docgen-banner-getting-started',
    },
    // The overlay takes the page background, so a zoomed image in dark mode is not shown on white.
    mediumZoom: { options: { background: 'var(--dg-c-bg)' } },
  },
});
