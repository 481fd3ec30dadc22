import { describe, expect, it } from 'vitest';
import { DocgenError } from '../../shared/errors.js';
import type { PageData } from '../../shared/types.js';
import type { DocgenPlugin } from './plugin.js';
import { PluginContainer, runConfigHooks } from './plugin-container.js';

const where = 'docgen.config.ts';
const page = (): PageData => ({ title: 'T', routePath: '/', lang: 'en', toc: [], frontmatter: {}, version: '', _relativePath: 'index.md' });

describe('config hooks', () => {
  it('run in plugin order on the config each returns or changes, and plugins they add run next', async () => {
    const seen: string[] = [];
    const late: DocgenPlugin = { name: 'late', config: (c) => ({ ...c, title: `${c.title} late` }) };
    const plugins: DocgenPlugin[] = [
      { name: 'adds', config: (c, utils) => { seen.push(`adds:${utils.isProd}`); utils.addPlugin(late); return { ...c, title: `${c.title} adds` }; } },
      { name: 'in-place', config: (c) => { c.description = 'changed in place'; } },
      { name: 'post', enforce: 'post', config: (c) => ({ ...c, title: `${c.title} post` }) },
    ];
    const result = await runConfigHooks({ title: 'Site', plugins }, { isProd: true, where });
    expect(result.title).toBe('Site adds late post');
    expect(result.description).toBe('changed in place');
    expect(result.plugins?.map((p) => p.name)).toEqual(['adds', 'late', 'in-place', 'post']);
    expect(seen).toEqual(['adds:true']);
  });

  it('name the plugin when a hook throws or returns something other than a config', async () => {
    const boom = runConfigHooks({ plugins: [{ name: 'boom', config: () => { throw new Error('bad option'); } }] }, { isProd: true, where });
    await expect(boom).rejects.toBeInstanceOf(DocgenError);
    await expect(boom).rejects.toThrow('[boom] config: bad option');
    await expect(runConfigHooks({ plugins: [{ name: 'num', config: () => 42 as never }] }, { isProd: false, where })).rejects.toThrow(
      '[num] config: must return the config object or nothing',
    );
    // A plugin a hook adds is checked like the listed ones.
    await expect(runConfigHooks({ plugins: [{ name: 'adder', config: (_c, u) => u.addPlugin({ name: '' }) }] }, { isProd: true, where })).rejects.toThrow(
      /plugins\[1\]: name cannot be empty/,
    );
  });
});

describe('PluginContainer', () => {
  it('merges the fields extendPageData returns and refuses data JSON cannot carry', async () => {
    const container = new PluginContainer([{ name: 'a', extendPageData: () => ({ words: 12 }) }, { name: 'b', extendPageData: (p) => { (p as PageData & { twice?: number }).twice = 24; } }], { isProd: true });
    const data = page();
    await container.extendPageData(data, '/site/index.md');
    expect(data).toMatchObject({ words: 12, twice: 24 });
    const cyclic = new PluginContainer([{ name: 'cycle', extendPageData: (p) => { (p as PageData & { self?: unknown }).self = p; } }], { isProd: true });
    await expect(cyclic.extendPageData(page(), '/site/index.md')).rejects.toThrow(/^\[cycle\] extendPageData: left page data of \/ that cannot be sent to the browser/);
  });

  it('refuses one runtime module added by two plugins', async () => {
    const module = () => ({ 'virtual-x': 'export default 1' });
    const container = new PluginContainer([{ name: 'one', addRuntimeModules: module }, { name: 'two', addRuntimeModules: module }], { isProd: true });
    await expect(container.runtimeModules({} as never)).rejects.toThrow('[two] addRuntimeModules: the module virtual-x is added by one too');
  });

  it('has a fingerprint that changes with a hook’s code or a plugin’s data', () => {
    const a = new PluginContainer([{ name: 'p', extendPageData: () => ({ a: 1 }) }], { isProd: true }).fingerprint();
    const b = new PluginContainer([{ name: 'p', extendPageData: () => ({ a: 2 }) }], { isProd: true }).fingerprint();
    const c = new PluginContainer([{ name: 'p', extendPageData: () => ({ a: 1 }), globalStyles: '/x.css' }], { isProd: true }).fingerprint();
    expect(new Set([a, b, c]).size).toBe(3);
  });

  it('counts functions nested in hook data, such as an esbuild plugin\'s setup, in the fingerprint', () => {
    const withSetup = (setup: () => void) =>
      new PluginContainer([{ name: 'p', esbuild: { plugins: [{ name: 'e', setup }] } }], { isProd: true }).fingerprint();
    expect(withSetup(() => void 1)).not.toBe(withSetup(() => void 2));
  });

  it('hands each i18nSource hook the strings so far and keeps what it returns or changes in place', async () => {
    const container = new PluginContainer(
      [
        { name: 'a', i18nSource: () => ({ 'a.label': { en: 'A', zh: '甲' } }) },
        { name: 'b', i18nSource: (source) => void (source['b.label'] = { en: `B after ${Object.keys(source).join()}` }) },
      ],
      { isProd: true },
    );
    expect(await container.i18nSource()).toEqual({ 'a.label': { en: 'A', zh: '甲' }, 'b.label': { en: 'B after a.label' } });
  });
});
