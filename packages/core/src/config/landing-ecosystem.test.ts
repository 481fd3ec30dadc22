/**
 * Config shapes of the landing section (`themeConfig.landing`, `themeConfig.locales[lang].landing`: title,
 * tagline, tool cards { name, desc, logo, url, urlText }) and of the ecosystem menu (`themeConfig.ecosystem`:
 * groups { title, titleEn, links: { name, desc, descEn, logo, url, urlEn?, logoScale? }[] }), through
 * `resolveConfig`: valid examples (the website's own data among them) and the exact messages of invalid ones.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocgenError } from '../shared/errors.js';
import { resolveConfig } from './index.js';
import { ecosystem as websiteEcosystem, landing as websiteLanding } from '../../../../docs/ecosystem.js';

const root = path.resolve('/tmp/docgen-site');

const tool = { name: 'Fenpack', desc: 'A bundler.', logo: '/ecosystem/fenpack.svg', url: 'https://example.com/pack/', urlText: 'example.com/pack' };
const landing = { title: 'The toolchain', tagline: 'One family of tools.', tools: [tool] };
const link = { name: 'Fenpack', desc: '打包工具。', descEn: 'A bundler.', logo: '/ecosystem/fenpack.svg', url: 'https://example.com/zh/pack/' };
const group = { title: '工具链', titleEn: 'Toolchain', links: [link] };

/** The message lines `resolveConfig` throws for `themeConfig`, without the header and indentation. */
function errors(themeConfig: unknown): string[] {
  try {
    resolveConfig({ themeConfig }, { root });
  } catch (error) {
    expect(error).toBeInstanceOf(DocgenError);
    return (error as Error).message.split('\n').slice(1).map((line) => line.trim());
  }
  throw new Error('expected the config to be rejected');
}

describe('valid landing and ecosystem config', () => {
  it('keeps the landing section and the ecosystem groups as given', () => {
    const config = resolveConfig(
      {
        locales: [
          { lang: 'en', label: 'English' },
          { lang: 'zh', label: '中文' },
        ],
        themeConfig: {
          landing,
          locales: { zh: { landing: { ...landing, title: '工具链' } } },
          ecosystem: [{ ...group, links: [{ ...link, urlEn: 'https://example.com/pack/', logoScale: 0.8 }] }],
        },
      },
      { root },
    );
    expect(config.themeConfig.landing).toEqual(landing);
    expect(config.themeConfig.locales.zh.landing?.title).toBe('工具链');
    expect(config.themeConfig.ecosystem?.[0].links[0]).toEqual({ ...link, urlEn: 'https://example.com/pack/', logoScale: 0.8 });
  });

  it('leaves both out by default', () => {
    const config = resolveConfig({}, { root });
    expect(config.themeConfig.landing).toBeUndefined();
    expect(config.themeConfig.ecosystem).toBeUndefined();
  });

  it("accepts the website's data: six tool cards per language, seven menu links", () => {
    const config = resolveConfig(
      { themeConfig: { landing: websiteLanding.en, locales: { zh: { landing: websiteLanding.zh } }, ecosystem: websiteEcosystem } },
      { root },
    );
    expect(config.themeConfig.landing?.tools).toHaveLength(6);
    expect(config.themeConfig.locales.zh.landing?.tools).toHaveLength(6);
    expect(config.themeConfig.ecosystem?.flatMap((g) => g.links)).toHaveLength(7);
    // Some links have an English URL of their own.
    expect(config.themeConfig.ecosystem?.[0].links.some((l) => l.urlEn && l.urlEn !== l.url)).toBe(true);
  });
});

describe('invalid landing config', () => {
  it.each<[string, unknown, string[]]>([
    ['landing not an object', { landing: 'Tools' }, ['themeConfig.landing is not an object']],
    ['landing without a title', { landing: { ...landing, title: undefined } }, ['themeConfig.landing.title is required']],
    ['landing with an empty tagline', { landing: { ...landing, tagline: '' } }, ['themeConfig.landing.tagline cannot be empty']],
    ['landing without tools', { landing: { ...landing, tools: [] } }, ['themeConfig.landing.tools must have at least 1 item']],
    ['tool card without urlText', { landing: { ...landing, tools: [{ ...tool, urlText: undefined }] } }, ['themeConfig.landing.tools[0].urlText is required']],
    ['tool card with a relative url', { landing: { ...landing, tools: [{ ...tool, url: '/pack/' }] } }, ['themeConfig.landing.tools[0].url is not a valid url']],
    [
      'tool card with a javascript: url',
      { landing: { ...landing, tools: [{ ...tool, url: 'javascript:alert(1)' }] } },
      ['themeConfig.landing.tools[0].url must be an http(s) URL such as https://example.com/'],
    ],
    [
      'tool card with a url over 2048 characters',
      { landing: { ...landing, tools: [{ ...tool, url: `https://example.com/${'a'.repeat(2030)}` }] } },
      ['themeConfig.landing.tools[0].url cannot be longer than 2048 characters'],
    ],
    ['tool card with a misspelt key', { landing: { ...landing, tools: [{ ...tool, description: 'x' }] } }, ['themeConfig.landing.tools[0].description is not a known option']],
    ['locale landing without tools', { locales: { zh: { landing: { title: '工具', tagline: '一句话' } } } }, ['themeConfig.locales.zh.landing.tools is required']],
  ])('%s', (_name, themeConfig, expected) => {
    expect(errors(themeConfig)).toEqual(expected);
  });
});

describe('invalid ecosystem config', () => {
  it.each<[string, unknown, string[]]>([
    ['ecosystem not an array', { ecosystem: group }, ['themeConfig.ecosystem is not an array']],
    ['group without titleEn', { ecosystem: [{ ...group, titleEn: undefined }] }, ['themeConfig.ecosystem[0].titleEn is required']],
    ['group without links', { ecosystem: [{ ...group, links: [] }] }, ['themeConfig.ecosystem[0].links must have at least 1 item']],
    ['link without descEn', { ecosystem: [{ ...group, links: [{ ...link, descEn: undefined }] }] }, ['themeConfig.ecosystem[0].links[0].descEn is required']],
    ['link with an empty logo', { ecosystem: [{ ...group, links: [{ ...link, logo: '' }] }] }, ['themeConfig.ecosystem[0].links[0].logo cannot be empty']],
    ['link with an invalid urlEn', { ecosystem: [{ ...group, links: [{ ...link, urlEn: 'example.com' }] }] }, ['themeConfig.ecosystem[0].links[0].urlEn is not a valid url']],
    ['logoScale as text', { ecosystem: [{ ...group, links: [{ ...link, logoScale: '0.8' }] }] }, ['themeConfig.ecosystem[0].links[0].logoScale is not a number']],
    ['logoScale too large', { ecosystem: [{ ...group, links: [{ ...link, logoScale: 5 }] }] }, ['themeConfig.ecosystem[0].links[0].logoScale cannot be greater than 3']],
    ['logoScale zero', { ecosystem: [{ ...group, links: [{ ...link, logoScale: 0 }] }] }, ['themeConfig.ecosystem[0].links[0].logoScale cannot be less than 0.1']],
    ['link with a misspelt key', { ecosystem: [{ ...group, links: [{ ...link, descEN: 'x' }] }] }, ['themeConfig.ecosystem[0].links[0].descEN is not a known option']],
    [
      'two problems in one link',
      { ecosystem: [{ ...group, links: [{ ...link, name: '', url: 'ftp://example.com/' }] }] },
      ['themeConfig.ecosystem[0].links[0].name cannot be empty', 'themeConfig.ecosystem[0].links[0].url must be an http(s) URL such as https://example.com/'],
    ],
  ])('%s', (_name, themeConfig, expected) => {
    expect(errors(themeConfig)).toEqual(expected);
  });
});
