import { describe, expect, it } from 'vitest';
import { demoRoutePath } from './demo-route.js';

describe('demoRoutePath', () => {
  it('puts the demo page under the prefix inside the locale, numbered from 1', () => {
    expect(demoRoutePath('/guide/button', '', '/_preview', 0)).toBe('/_preview/guide/button/1');
    expect(demoRoutePath('/zh/guide/button', '/zh', '/_preview', 2)).toBe('/zh/_preview/guide/button/3');
  });

  it('names a folder index page index', () => {
    expect(demoRoutePath('/', '', '/demos', 0)).toBe('/demos/index/1');
    expect(demoRoutePath('/zh/', '/zh', '/demos', 0)).toBe('/zh/demos/index/1');
    expect(demoRoutePath('/guide/', '', '/demos', 1)).toBe('/demos/guide/index/2');
  });
});
