import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pluginApiDocgen, REMARK_MODULE } from './index.js';

describe('pluginApiDocgen', () => {
  it('gives the compile threads the built remark plugin with the options, defaults filled', () => {
    const plugin = pluginApiDocgen({ entries: { Button: './Button.tsx' } });
    expect(plugin.name).toBe('api-docgen');
    const [[module, options]] = plugin.markdown!.remarkPlugins as [string, Record<string, unknown>][];
    expect(module).toBe(REMARK_MODULE);
    expect(path.basename(module)).toBe('remark-api-docgen.js');
    expect(structuredClone(options)).toEqual({
      entries: { Button: './Button.tsx' },
      includeNodeModulesProps: false,
      excludeProps: [],
      shouldExtractLiteralValuesFromEnum: false,
      shouldExtractValuesFromUnion: false,
      shouldRemoveUndefinedFromOptional: true,
      shouldSortUnions: false,
      skipChildrenPropWithoutDoc: true,
      labels: {},
    });
  });

  it('refuses wrong options, naming them', () => {
    expect(() => pluginApiDocgen({ entries: {} })).toThrow(/\[api-docgen\] options: entries must name at least one component/);
    expect(() => pluginApiDocgen({ entries: { '1x': 'a.tsx' } })).toThrow(/is not a component name/);
    expect(() => pluginApiDocgen({ entries: { A: 'a.tsx' }, colour: 'red' } as never)).toThrow(/colour/);
    expect(() => pluginApiDocgen({ entries: { A: 'a.tsx' }, labels: { fr: { prop: '' } } })).toThrow(/labels\.fr\.prop/);
  });
});
