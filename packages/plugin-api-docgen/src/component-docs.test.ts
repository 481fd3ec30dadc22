import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ComponentDocs, ComponentDocsRegistry, type ParseOptions } from './component-docs.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__');
const button = path.join(fixtures, 'Button.tsx');
const defaults: ParseOptions = {
  includeNodeModulesProps: false,
  excludeProps: [],
  shouldExtractLiteralValuesFromEnum: false,
  shouldExtractValuesFromUnion: false,
  shouldRemoveUndefinedFromOptional: true,
  shouldSortUnions: false,
  skipChildrenPropWithoutDoc: true,
};

/** The fixture folder copied where a test may edit it (the program resolves `react` from the repo's node_modules). */
function copyFixtures(): string {
  const dir = fs.mkdtempSync(path.join(path.dirname(fixtures), '.tmp-api-docgen-'));
  fs.cpSync(fixtures, dir, { recursive: true });
  return dir;
}

describe('ComponentDocs', () => {
  const docs = new ComponentDocs([button], defaults);

  it('reads the props: types, code and tag defaults, required, descriptions and their @zh tags', () => {
    const [component, ...others] = docs.components(button);
    // `buttonClass` is exported too, but it is not a component (lower case).
    expect(others).toEqual([]);
    expect(component.name).toBe('Button');
    expect(component.props).toEqual([
      { name: 'variant', type: '"primary" | "secondary" | "danger"', defaultValue: '"primary"', required: false, description: 'Colour of the button, see [variants](/guide/variants) and `tone`.', localized: { zh: '按钮的颜色，见 [变体](/guide/variants) 和 `tone`。' } },
      { name: 'label', type: 'string', defaultValue: null, required: true, description: 'Text of the button.', localized: { zh: '按钮上的文字。' } },
      { name: 'onPress', type: '((count: number) => void)', defaultValue: null, required: false, description: 'Called with the click count.', localized: {} },
      { name: 'block', type: 'boolean', defaultValue: 'false', required: false, description: 'Whether the button fills its row.', localized: {} },
      { name: 'icon', type: 'ReactNode', defaultValue: null, required: false, description: 'Content before the label.', localized: {} },
      { name: 'size', type: 'ButtonSize', defaultValue: '"md"', required: false, description: 'Size of the button.', localized: { zh: '按钮的尺寸。' } },
    ]);
  });

  it('records the component file and the file declaring inherited props, not node_modules', () => {
    const [component] = docs.components(button);
    expect(component.dependencies).toEqual([button, path.join(fixtures, 'button-types.ts')]);
  });

  it('keeps the DOM props only with includeNodeModulesProps, and drops excluded names', () => {
    const all = new ComponentDocs([button], { ...defaults, includeNodeModulesProps: true, excludeProps: ['icon'] }).components(button)[0];
    const names = all.props.map((p) => p.name);
    expect(names).toContain('onClick');
    expect(names).toContain('aria-label');
    expect(names).not.toContain('icon');
    expect(all.props.length).toBeGreaterThan(100);
  });

  it('prints literal unions behind an alias with shouldExtractLiteralValuesFromEnum', () => {
    const [component] = new ComponentDocs([button], { ...defaults, shouldExtractLiteralValuesFromEnum: true }).components(button);
    expect(component.props.find((p) => p.name === 'size')?.type).toBe('"sm" | "md" | "lg"');
  });

  it('makes no new program while the sources are unchanged, and reads an edited source again', () => {
    const dir = copyFixtures();
    try {
      const file = path.join(dir, 'Button.tsx');
      const edited = new ComponentDocs([file], defaults);
      expect(edited.components(file)[0].props.map((p) => p.name)).not.toContain('tone');
      edited.refresh();
      edited.components(file);
      expect(edited.programs).toBe(1);

      // A prop added in the file of the inherited props: the table's dependency, not the entry.
      const types = path.join(dir, 'button-types.ts');
      fs.writeFileSync(types, fs.readFileSync(types, 'utf8').replace('  size?: ButtonSize;', '  size?: ButtonSize;\n  /** Tone of the colour. */\n  tone?: number;'));
      edited.refresh();
      const props = edited.components(file)[0].props;
      expect(props.find((p) => p.name === 'tone')).toMatchObject({ type: 'number', description: 'Tone of the colour.' });
      expect(edited.programs).toBe(2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails for a file that does not exist, naming it', () => {
    const missing = path.join(os.tmpdir(), 'no-such-component.tsx');
    expect(() => new ComponentDocs([missing], defaults).components(missing)).toThrow(`${missing} does not exist`);
  });

  it('reads the compiler options of a tsconfig, and names a broken one', () => {
    const dir = copyFixtures();
    try {
      const tsconfig = path.join(dir, 'tsconfig.json');
      fs.writeFileSync(tsconfig, JSON.stringify({ compilerOptions: { strict: false, jsx: 'react-jsx', moduleResolution: 'bundler', module: 'esnext' } }));
      const file = path.join(dir, 'Button.tsx');
      // With strict null checks (docgen's defaults) an optional prop's type has `| undefined`; this tsconfig has none.
      const keep = { ...defaults, shouldRemoveUndefinedFromOptional: false };
      const blockType = (options: ParseOptions) => new ComponentDocs([file], options).components(file)[0].props.find((p) => p.name === 'block')?.type;
      expect(blockType(keep)).toBe('boolean | undefined');
      expect(blockType({ ...keep, tsconfig })).toBe('boolean');
      fs.writeFileSync(tsconfig, '{ "compilerOptions": { "jsx": "nope" } }');
      expect(() => new ComponentDocs([file], { ...defaults, tsconfig }).components(file)).toThrow(/tsconfig .* is not valid: .*jsx/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('ComponentDocsRegistry', () => {
  it('gives the same docs for the same options, new docs for others', () => {
    const registry = new ComponentDocsRegistry();
    const first = registry.get([button], defaults);
    expect(registry.get([button], { ...defaults })).toBe(first);
    expect(registry.get([button], { ...defaults, excludeProps: ['icon'] })).not.toBe(first);
  });
});
