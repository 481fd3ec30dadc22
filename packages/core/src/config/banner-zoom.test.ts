/**
 * `themeConfig.banner` and `themeConfig.mediumZoom` through `resolveConfig`: the accepted shapes, the
 * defaults (banner `storageKey` and `display`; zoom options left to medium-zoom), and the exact message
 * of each invalid shape, naming the key path.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocgenError } from '../shared/errors.js';
import { resolveConfig } from './index.js';

const root = path.resolve('/tmp/docgen-site');
const locales = [
  { lang: 'en', label: 'English' },
  { lang: 'zh', label: '中文' },
];

const resolveTheme = (themeConfig: unknown) => resolveConfig({ locales, themeConfig }, { root }).themeConfig;

/** The message lines of the rejection of `themeConfig`, header excluded. */
function errors(themeConfig: unknown): string[] {
  let thrown: unknown;
  try {
    resolveConfig({ locales, themeConfig }, { root });
  } catch (error) {
    thrown = error;
  }
  expect(thrown, 'expected the config to be rejected').toBeInstanceOf(DocgenError);
  return (thrown as Error).message.split('\n').slice(1).map((line) => line.trim());
}

describe('themeConfig.banner', () => {
  it('is absent by default', () => {
    expect(resolveTheme({}).banner).toBeUndefined();
  });

  it('fills storageKey and display, and keeps per-locale message and link', () => {
    expect(resolveTheme({ banner: { href: '/guide/', message: 'v1 is out' } }).banner).toEqual({
      href: '/guide/',
      message: 'v1 is out',
      storageKey: 'dg-banner-dismissed',
      display: true,
    });
    const banner = { href: { en: '/a', zh: '/zh/a' }, message: { en: 'Hi', zh: '你好' }, storageKey: 'news', display: false, customClass: 'promo' };
    expect(resolveTheme({ banner }).banner).toEqual(banner);
  });

  it.each<[string, unknown, string[]]>([
    ['no href', { message: 'm' }, ['themeConfig.banner.href is required']],
    ['no message', { href: '/' }, ['themeConfig.banner.message is required']],
    ['a blank message', { href: '/', message: '  ' }, ['themeConfig.banner.message cannot be empty']],
    ['an empty href', { href: '', message: 'm' }, ['themeConfig.banner.href cannot be empty']],
    ['a message record without languages', { href: '/', message: {} }, ['themeConfig.banner.message needs a text for at least one language']],
    ['wrong texts in a message record', { href: '/', message: { en: 3, zh: '' } }, ['themeConfig.banner.message.en is not a string', 'themeConfig.banner.message.zh cannot be empty']],
    ['a message of the wrong type', { href: '/', message: 3 }, ['themeConfig.banner.message must be a string or an object of strings by language']],
    ['a message list', { href: '/', message: ['a'] }, ['themeConfig.banner.message must be a string or an object of strings by language']],
    ['a link record without languages', { href: {}, message: 'm' }, ['themeConfig.banner.href needs a link for at least one language']],
    ['an empty storageKey', { href: '/', message: 'm', storageKey: '' }, ['themeConfig.banner.storageKey cannot be empty']],
    ['display of the wrong type', { href: '/', message: 'm', display: 'yes' }, ['themeConfig.banner.display is not a boolean']],
    ['an unknown key', { href: '/', message: 'm', showBanner: true }, ['themeConfig.banner.showBanner is not a known option']],
  ])('rejects %s', (_name, banner, expected) => {
    expect(errors({ banner })).toEqual(expected);
  });
});

describe('themeConfig.mediumZoom', () => {
  it('is absent by default (zoom on, default selector) and takes false, true or an object', () => {
    expect(resolveTheme({}).mediumZoom).toBeUndefined();
    expect(resolveTheme({ mediumZoom: false }).mediumZoom).toBe(false);
    expect(resolveTheme({ mediumZoom: true }).mediumZoom).toBe(true);
    const zoom = {
      selector: '.dg-doc-content img.zoom',
      options: { margin: 24, background: 'var(--dg-c-bg)', scrollOffset: 0, container: { top: 64, left: 0 }, template: '#zoom-template' },
    };
    expect(resolveTheme({ mediumZoom: zoom }).mediumZoom).toEqual(zoom);
    expect(resolveTheme({ mediumZoom: { options: { container: '#zoom-box' } } }).mediumZoom).toEqual({ options: { container: '#zoom-box' } });
  });

  it('adds no defaults of its own: medium-zoom applies margin 0, background #fff, scrollOffset 40', () => {
    expect(resolveTheme({ mediumZoom: { options: {} } }).mediumZoom).toEqual({ options: {} });
  });

  it.each<[string, unknown, string[]]>([
    ['an empty selector', { selector: '' }, ['themeConfig.mediumZoom.selector cannot be empty']],
    ['a negative margin', { options: { margin: -1 } }, ['themeConfig.mediumZoom.options.margin cannot be less than 0']],
    ['a scrollOffset of the wrong type', { options: { scrollOffset: '40' } }, ['themeConfig.mediumZoom.options.scrollOffset is not a number']],
    ['an unknown option', { options: { zIndex: 3 } }, ['themeConfig.mediumZoom.options.zIndex is not a known option']],
    ['an unknown container key', { options: { container: { x: 1 } } }, ['themeConfig.mediumZoom.options.container.x is not a known option']],
    ['an unknown key', { selectors: 'img' }, ['themeConfig.mediumZoom.selectors is not a known option']],
  ])('rejects %s', (_name, mediumZoom, expected) => {
    expect(errors({ mediumZoom })).toEqual(expected);
  });

  it('rejects a value that is neither a boolean nor an object', () => {
    expect(errors({ mediumZoom: 'on' })).toEqual(['themeConfig.mediumZoom is not a valid value']);
  });
});
