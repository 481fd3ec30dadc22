/**
 * The website's landing section and ecosystem menu: docgen's (fictional) family of JavaScript build tools,
 * the "Fen" toolchain. Each tool is written once with its English and Chinese texts, then shaped into
 * `themeConfig.landing` (English home page), `themeConfig.locales.zh.landing` (Chinese home page) and
 * `themeConfig.ecosystem` (the navbar menu: `desc`/`url` Chinese, `descEn`/`urlEn` English).
 * The links point to placeholder pages on example.com; the logos are files of `public/ecosystem/`.
 */

interface Tool {
  name: string;
  logo: string;
  /** English page; the Chinese one is `urlZh` when the tool has a separate one. */
  url: string;
  urlZh?: string;
  en: string;
  zh: string;
}

const tools: Tool[] = [
  {
    name: 'Fenpack',
    logo: '/ecosystem/fenpack.svg',
    url: 'https://example.com/fen/pack/',
    urlZh: 'https://example.com/zh/fen/pack/',
    en: 'A fast JavaScript bundler that turns modules into optimised bundles for the browser.',
    zh: '快速的 JavaScript 打包工具，把模块打包为面向浏览器优化的产物。',
  },
  {
    name: 'Fenbuild',
    logo: '/ecosystem/fenbuild.svg',
    url: 'https://example.com/fen/build/',
    urlZh: 'https://example.com/zh/fen/build/',
    en: 'A build tool on top of Fenpack, with a dev server and production builds that need no config.',
    zh: '基于 Fenpack 的构建工具，提供开发服务器和无需配置的生产构建。',
  },
  {
    name: 'Fenlib',
    logo: '/ecosystem/fenlib.svg',
    url: 'https://example.com/fen/lib/',
    en: 'Builds a library to ES modules, CommonJS and type declarations from one config file.',
    zh: '用一份配置文件把库构建为 ES 模块、CommonJS 和类型声明。',
  },
  {
    name: 'docgen',
    logo: '/logo.svg',
    url: 'https://example.com/fen/docgen/',
    urlZh: 'https://example.com/zh/fen/docgen/',
    en: 'A static site generator for documentation: Markdown and MDX in, static HTML out.',
    zh: '文档静态站点生成器：输入 Markdown 与 MDX，输出静态 HTML。',
  },
  {
    name: 'Fenscope',
    logo: '/ecosystem/fenscope.svg',
    url: 'https://example.com/fen/scope/',
    en: 'Analyses a build: module graph, bundle sizes, duplicate packages and what changed.',
    zh: '分析构建产物：模块依赖图、包体积、重复依赖以及变化之处。',
  },
  {
    name: 'Fentest',
    logo: '/ecosystem/fentest.svg',
    url: 'https://example.com/fen/test/',
    en: 'A test framework that runs your tests with the same transforms as your build.',
    zh: '用与构建相同的转换来运行测试的测试框架。',
  },
];

/** A link of the ecosystem menu, as `themeConfig.ecosystem` takes it. */
interface MenuLink {
  name: string;
  desc: string;
  descEn: string;
  logo: string;
  url: string;
  urlEn?: string;
  logoScale?: number;
}

const linkText = (url: string) => url.replace(/^https:\/\//, '').replace(/\/$/, '');

/** `themeConfig.landing` (English) and `themeConfig.locales.zh.landing`. */
export const landing = {
  en: {
    title: 'The Fen toolchain',
    tagline: 'docgen and its family of fast JavaScript build tools, from bundling to testing.',
    tools: tools.map((tool) => ({ name: tool.name, desc: tool.en, logo: tool.logo, url: tool.url, urlText: linkText(tool.url) })),
  },
  zh: {
    title: 'Fen 工具链',
    tagline: 'docgen 属于一套快速的 JavaScript 构建工具，覆盖从打包到测试的各个环节。',
    tools: tools.map((tool) => {
      const url = tool.urlZh ?? tool.url;
      return { name: tool.name, desc: tool.zh, logo: tool.logo, url, urlText: linkText(url) };
    }),
  },
};

/** `themeConfig.ecosystem`: the six tools, then a community list of ecosystem projects. */
export const ecosystem: { title: string; titleEn: string; links: MenuLink[] }[] = [
  {
    title: 'Fen 工具链',
    titleEn: 'Fen toolchain',
    links: tools.map((tool) => ({
      name: tool.name,
      desc: tool.zh,
      descEn: tool.en,
      logo: tool.logo,
      url: tool.urlZh ?? tool.url,
      ...(tool.urlZh ? { urlEn: tool.url } : {}),
    })),
  },
  {
    title: '社区',
    titleEn: 'Community',
    links: [
      {
        name: 'Awesome Fen',
        desc: '社区整理的 Fen 生态项目列表：插件、模板与示例。',
        descEn: 'A community list of projects built with the Fen toolchain: plugins, templates and examples.',
        logo: '/ecosystem/awesome-fen.svg',
        url: 'https://example.com/fen/awesome/',
        // The star fills its square edge to edge; shrink it to the visual size of the other logos.
        logoScale: 0.9,
      },
    ],
  },
];
