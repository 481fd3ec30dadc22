/**
 * Config validation and defaults through `resolveConfig`: the exact message lines of invalid configs, in the
 * documented wording (the async-validator defaults: '%s is required', '%s cannot be empty',
 * '%s must be one of %s', '%s is not a %s' / '%s is not an %s' for array and object), the defaults of an
 * empty config, base normalisation and the resolved locales. Also `formatKeyPath`.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocgenError } from '../shared/errors.js';
import { formatKeyPath, resolveConfig } from './index.js';

const root = path.resolve('/tmp/docgen-site');

/** The message lines of the DocgenError `resolveConfig` throws for `raw`, header excluded. */
function messageLines(raw: unknown, configFile?: string): { header: string; lines: string[] } {
  let thrown: unknown;
  try {
    resolveConfig(raw, { root, configFile });
  } catch (error) {
    thrown = error;
  }
  expect(thrown, 'expected the config to be rejected').toBeInstanceOf(DocgenError);
  const [header, ...lines] = (thrown as Error).message.split('\n');
  return { header, lines };
}

describe('invalid configs', () => {
  const twoLocales = [
    { lang: 'en', label: 'English' },
    { lang: 'zh', label: '中文' },
  ];
  it.each<[string, unknown, string[]]>([
    ['lang outside the locales', { lang: 'fr', locales: twoLocales }, ['lang must be one of en, zh']],
    ['default lang outside the locales', { locales: [{ lang: 'zh', label: '中文' }] }, ['lang must be one of zh']],
    ['title of the wrong type', { title: 3 }, ['title is not a string']],
    ['nav item without text', { themeConfig: { nav: [{ link: '/x' }] } }, ['themeConfig.nav[0].text is required']],
    ['nested nav item without text', { themeConfig: { nav: [{ text: 'a', items: [{ link: '/x' }] }] } }, ['themeConfig.nav[0].items[0].text is required']],
    ['nav item with empty text', { themeConfig: { nav: [{ text: '' }] } }, ['themeConfig.nav[0].text cannot be empty']],
    ['hideNavbar outside its values', { themeConfig: { hideNavbar: 'sometimes' } }, ['themeConfig.hideNavbar must be one of auto, always, never']],
    ['unknown top-level key', { foo: 1 }, ['foo is not a known option']],
    ['unknown markdown key', { markdown: { bogus: true } }, ['markdown.bogus is not a known option']],
    ['cleanUrls of the wrong type', { route: { cleanUrls: 'yes' } }, ['route.cleanUrls is not a boolean']],
    ['empty lang (an empty title is fine)', { title: '', lang: '' }, ['lang cannot be empty']],
    ['empty outDir', { outDir: '' }, ['outDir cannot be empty']],
    ['locale without label', { locales: [{ lang: 'en' }] }, ['locales[0].label is required']],
    ['a language twice', { locales: [{ lang: 'en', label: 'English' }, { lang: 'en', label: 'Again' }] }, ['locales contains the language en twice']],
    ['siteUrl not a url', { siteUrl: 'nope' }, ['siteUrl is not a valid url']],
    ['exclude entry of the wrong type', { route: { exclude: ['a', 2] } }, ['route.exclude[1] is not a string']],
    ['social link without link', { themeConfig: { socialLinks: [{ icon: 'github' }] } }, ['themeConfig.socialLinks[0].link is required']],
    ['two problems at once', { title: 3, foo: 1 }, ['title is not a string', 'foo is not a known option']],
    ['multiVersion incomplete', { multiVersion: { default: 1 } }, ['multiVersion.default is not a string', 'multiVersion.versions is required']],
    // One line per unknown key, each indented like every other line.
    ['two unknown keys', { foo: 1, bar: 2 }, ['foo is not a known option', 'bar is not a known option']],
    // async-validator, where this wording comes from: array and object take "an".
    ['exclude not an array', { route: { exclude: 'drafts/**' } }, ['route.exclude is not an array']],
    ['themeConfig not an object', { themeConfig: 'dark' }, ['themeConfig is not an object']],
  ])('%s', (_name, raw, expected) => {
    const { header, lines } = messageLines(raw);
    expect(header).toBe('Invalid config in config:');
    expect(lines).toEqual(expected.map((line) => `  ${line}`));
  });

  it('names the config file, relative to the working directory', () => {
    const { header, lines } = messageLines({ title: 3 }, path.join(process.cwd(), 'site', 'docgen.config.ts'));
    expect(header).toBe(`Invalid config in ${path.join('site', 'docgen.config.ts')}:`);
    expect(lines).toEqual(['  title is not a string']);
  });

  it('lets the base override be validated too', () => {
    expect(() => resolveConfig({}, { root, overrides: { base: 3 as unknown as string } })).toThrow('base is not a string');
  });
});

describe('defaults of an empty config', () => {
  const config = resolveConfig({}, { root });

  it('fills the documented defaults', () => {
    expect(config.lang).toBe('en');
    expect(config.base).toBe('/');
    expect(config.ssg).toBe(true);
    expect(config.route).toEqual({ cleanUrls: true, include: ['**'], extensions: ['.md', '.mdx'], exclude: [], excludeFragments: true });
    expect(config.multiVersion).toEqual({ default: '', versions: [], noindex: true, search: 'version' });
    expect(config.i18n).toEqual({ fallback: false, staleNotice: true });
    expect(config.markdown).toEqual({ showLineNumbers: false, defaultWrapCode: false, shiki: {}, remarkPlugins: [], rehypePlugins: [], checkDeadLinks: true, sanitize: false });
    expect(config.pageTimeout).toBe(30_000);
    expect(config.themeConfig.hideNavbar).toBe('auto');
    expect(config.themeConfig.enableAppearanceAnimation).toBe(false);
    expect(config.themeConfig.socialLinks).toEqual([]);
    expect(config.search).toEqual({ provider: 'local', insights: false });
    expect(config.title).toBe('docgen');
    expect(config.description).toBe('');
    expect(config.locales).toEqual([]);
  });

  it('resolves the folders against the root', () => {
    expect(config.root).toBe(root);
    expect(config.configFile).toBe('');
    expect(config.outDir).toBe(path.join(root, 'dist'));
    expect(config.publicDir).toBe(path.join(root, 'public'));
    expect(config.themeDir).toBe(path.join(root, 'theme'));
  });

  it('has one locale, the root, without prefix', () => {
    expect(config.resolvedLocales).toEqual([{ lang: 'en', label: 'en', prefix: '', dir: root, title: 'docgen', description: '', strings: {}, version: '', key: 'en' }]);
    expect(config.contentLocales).toEqual(config.resolvedLocales);
  });
});

describe('versions', () => {
  const locales = [
    { lang: 'en', label: 'English' },
    { lang: 'zh', label: '中文' },
  ];

  it('gives each version its locales, the default version without prefix, in <root>/<version>/<lang> or (missing) <root>/<lang>', () => {
    const config = resolveConfig({ locales, multiVersion: { default: '2.x', versions: ['2.x', '1.x'] } }, { root: '/site' });
    expect(config.contentLocales.map(({ lang, version, prefix, dir, key }) => ({ lang, version, prefix, dir, key }))).toEqual([
      { lang: 'en', version: '2.x', prefix: '', dir: path.join('/site', 'en'), key: 'en' },
      { lang: 'zh', version: '2.x', prefix: '/zh', dir: path.join('/site', 'zh'), key: 'zh' },
      { lang: 'en', version: '1.x', prefix: '/1.x', dir: path.join('/site', '1.x', 'en'), key: '1.x-en' },
      { lang: 'zh', version: '1.x', prefix: '/1.x/zh', dir: path.join('/site', '1.x', 'zh'), key: '1.x-zh' },
    ]);
    expect(config.resolvedLocales).toEqual(config.contentLocales.slice(0, 2));
  });

  it('keeps a site without locales in <root>/<version>', () => {
    const config = resolveConfig({ multiVersion: { default: 'v2', versions: ['v2', 'v1'] } }, { root: '/site' });
    expect(config.contentLocales.map(({ prefix, dir }) => [prefix, dir])).toEqual([
      ['', '/site'],
      ['/v1', path.join('/site', 'v1')],
    ]);
  });

  it.each([
    [{ default: '3.x', versions: ['2.x', '1.x'] }, 'multiVersion.default must be one of multiVersion.versions (2.x, 1.x)'],
    [{ default: '1.x', versions: ['1.x', '1.x'] }, 'multiVersion.versions contains 1.x twice'],
    [{ default: 'zh', versions: ['zh'] }, 'multiVersion.versions: zh is also a locale\'s lang'],
    [{ default: '2.x', versions: [] }, 'multiVersion.versions is empty'],
    [{ default: 'a/b', versions: ['a/b'] }, 'multiVersion.versions[0] must hold only letters, digits'],
    [{ default: '..', versions: ['..'] }, 'multiVersion.versions[0] cannot be "." or ".."'],
  ])('refuses %j', (multiVersion, message) => {
    expect(() => resolveConfig({ locales, multiVersion }, { root: '/site' })).toThrow(message);
  });
});

describe('base normalisation', () => {
  it.each([
    ['docs', '/docs/'],
    ['/docs', '/docs/'],
    ['docs/', '/docs/'],
    ['/docs/', '/docs/'],
    ['', '/'],
    ['/', '/'],
    [' /docs/ ', '/docs/'],
    ['//a//b', '/a/b/'],
  ])('%j → %j', (base, expected) => {
    expect(resolveConfig({ base }, { root }).base).toBe(expected);
  });

  it('takes the command-line base over the config', () => {
    expect(resolveConfig({ base: '/from-config/' }, { root, overrides: { base: 'cli' } }).base).toBe('/cli/');
  });

  it('takes the command-line outDir over the config', () => {
    expect(resolveConfig({ outDir: 'out' }, { root, overrides: { outDir: 'build' } }).outDir).toBe(path.join(root, 'build'));
  });
});

describe('locales', () => {
  it('puts the default locale first, without prefix, others under /<lang>', () => {
    const config = resolveConfig(
      { lang: 'zh', title: 'Site', locales: [{ lang: 'en', label: 'English', title: 'EN site' }, { lang: 'zh', label: '中文' }] },
      { root },
    );
    expect(config.resolvedLocales.map(({ lang, prefix, dir, title }) => ({ lang, prefix, dir, title }))).toEqual([
      { lang: 'zh', prefix: '', dir: path.join(root, 'zh'), title: 'Site' },
      { lang: 'en', prefix: '/en', dir: path.join(root, 'en'), title: 'EN site' },
    ]);
  });

  it('keeps theme keys it does not know (custom themes read them)', () => {
    expect(resolveConfig({ themeConfig: { customKey: 1 } }, { root }).themeConfig).toMatchObject({ customKey: 1 });
  });
});

describe('formatKeyPath', () => {
  it.each<[PropertyKey[], string]>([
    [[], 'config'],
    [['title'], 'title'],
    [['themeConfig', 'nav', 0, 'text'], 'themeConfig.nav[0].text'],
    [['locales', 1, 'editLink', 'pattern'], 'locales[1].editLink.pattern'],
    [[0], '[0]'],
  ])('%j → %s', (keys, expected) => {
    expect(formatKeyPath(keys)).toBe(expected);
  });
});

describe('locale tags and time limits', () => {
  it('accepts BCP 47 tags and refuses paths', () => {
    expect(() => resolveConfig({ lang: 'pt-BR', locales: [{ lang: 'pt-BR', label: 'Português' }, { lang: 'zh-Hans', label: '中文' }] }, { root: '/site' })).not.toThrow();
    expect(() => resolveConfig({ locales: [{ lang: 'en', label: 'English' }, { lang: '../victim', label: 'V' }] }, { root: '/site' })).toThrow(
      'locales[1].lang is not a BCP 47 language tag (such as en, zh or pt-BR)',
    );
    expect(() => resolveConfig({ lang: 'a/b' }, { root: '/site' })).toThrow('lang is not a BCP 47 language tag');
  });

  it('wants pageTimeout as a positive whole number of milliseconds', () => {
    expect(resolveConfig({}, { root: '/site' }).pageTimeout).toBe(30_000);
    expect(() => resolveConfig({ pageTimeout: 0 }, { root: '/site' })).toThrow('pageTimeout must be greater than 0');
    expect(() => resolveConfig({ pageTimeout: 1.5 }, { root: '/site' })).toThrow('pageTimeout is not an integer');
  });
});
