import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '@docgen/core';
import { demoPages, pluginPreview, REMARK_PLUGIN } from './index.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-preview-index-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('pluginPreview', () => {
  it('hands the workers the built remark plugin with plain options, and adds nothing to every page', () => {
    const plugin = pluginPreview({ mode: 'iframe', iframe: { height: 500 } });
    expect(plugin.markdown?.remarkPlugins).toEqual([[REMARK_PLUGIN, { mode: 'iframe', previewAll: false, codeExpanded: true, iframe: { width: 375, height: 500, routePrefix: '/_preview' } }]]);
    expect(fs.existsSync(REMARK_PLUGIN)).toBe(true);
    // Styles and UI strings come with the runtime component, on the pages that have a demo.
    expect(plugin.globalStyles).toBeUndefined();
    expect(plugin.i18nSource).toBeUndefined();
    expect(plugin.globalUIComponents).toBeUndefined();
  });

  it('names every wrong option', () => {
    expect(() => pluginPreview({ mode: 'popup' as 'inline' })).toThrow(/\[preview\] options: mode/);
    expect(() => pluginPreview({ iframe: { width: 10 } })).toThrow(/\[preview\] options: iframe\.width/);
    expect(() => pluginPreview({ iframe: { routePrefix: 'demos/' } })).toThrow(/must be a route prefix such as \/_preview/);
    expect(() => pluginPreview({ colour: 'red' } as object)).toThrow(/colour/);
  });
});

describe('demoPages', () => {
  it('adds one blank page per iframe demo, under its locale, showing the demo with its source', () => {
    fs.mkdirSync(path.join(dir, 'en/guide'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'zh'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'en/guide/a.md'), '# A\n\n```tsx preview iframe\nexport default () => null;\n```\n\n```tsx preview\nexport default () => null;\n```\n');
    fs.writeFileSync(path.join(dir, 'zh/index.mdx'), '# Z\n\n<code src="./d.tsx" iframe />\n');
    fs.writeFileSync(path.join(dir, 'en/index.md'), '# Home\n');
    const config = resolveConfig({ title: 'T', lang: 'en', locales: [{ lang: 'en', label: 'English' }, { lang: 'zh', label: '中文' }] }, { root: dir });
    const pages = demoPages(config, { mode: 'inline', previewAll: false }, '/_preview');
    expect(pages.map((p) => p.routePath)).toEqual(['/_preview/guide/a/1', '/zh/_preview/index/1']);
    const first = pages[0] as { content: string; format: string };
    expect(first.format).toBe('mdx');
    expect(first.content).toContain('pageType: blank\nsidebar: false\noutline: false\nsearch: false\n');
    expect(first.content).toContain('<DemoPage demo={Demo} file={"en/guide/a.md"} line={3} />');
    expect((pages[1] as { content: string }).content).toContain('<DemoPage demo={Demo} file={"zh/index.mdx"} line={3} src={"./d.tsx"} />');
  });
});
