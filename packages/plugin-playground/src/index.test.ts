import { describe, expect, it } from 'vitest';
import { configModuleSource, pluginPlayground } from './index.js';

describe('pluginPlayground options', () => {
  it('takes the defaults and names the remark plugin with plain options', () => {
    const plugin = pluginPlayground();
    expect(plugin.name).toBe('playground');
    const [entry] = plugin.markdown!.remarkPlugins!;
    expect(Array.isArray(entry) && entry[1]).toEqual({ component: 'docgen-playground:component', layout: 'horizontal' });
    expect(plugin).not.toHaveProperty('globalUIComponents');
    expect(plugin).not.toHaveProperty('globalStyles');
  });

  it('refuses wrong options, naming them', () => {
    expect(() => pluginPlayground({ imports: ['./local'] })).toThrow(/\[playground\] options: imports\[0\].*is not a package name/);
    expect(() => pluginPlayground({ imports: { ui: './ui.ts' } })).toThrow(/is a relative path/);
    expect(() => pluginPlayground({ layout: 'diagonal' as 'vertical' })).toThrow(/\[playground\] options: layout/);
    expect(() => pluginPlayground({ debounce: -1 })).toThrow(/\[playground\] options: debounce/);
    expect(() => pluginPlayground({ colour: 'red' } as never)).toThrow(/colour/);
  });

  it('writes the runtime module: a loader per allowed module, the JSX runtime, the chunk URLs under the base', () => {
    const source = configModuleSource({ loaders: { react: 'react', '@acme/ui': '/abs/ui/index.ts' }, base: '/docs/', editor: 'assets/playground/editor-A.js', compiler: 'assets/playground/compiler-B.js', debounce: 250 });
    expect(source).toBe(
      [
        'export const loaders = {',
        '  "react": () => import("react"),',
        '  "@acme/ui": () => import("/abs/ui/index.ts"),',
        '  "react/jsx-runtime": () => import("react/jsx-runtime"),',
        '};',
        'export const allowed = ["react","@acme/ui"];',
        'export const editorUrl = "/docs/assets/playground/editor-A.js";',
        'export const compilerUrl = "/docs/assets/playground/compiler-B.js";',
        'export const debounce = 250;',
        '',
      ].join('\n'),
    );
  });
});
