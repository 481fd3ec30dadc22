import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Node } from './mdast.js';
import remarkApiDocgen, { type RemarkApiDocgenOptions } from './remark-api-docgen.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__');
const site = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-api-docgen-unit-'));
fs.mkdirSync(path.join(site, 'zh/guide'), { recursive: true });
afterAll(() => fs.rmSync(site, { recursive: true, force: true }));

const options: RemarkApiDocgenOptions = {
  entries: { Button: path.join(fixtures, 'Button.tsx') },
  includeNodeModulesProps: false,
  excludeProps: [],
  shouldExtractLiteralValuesFromEnum: false,
  shouldExtractValuesFromUnion: false,
  shouldRemoveUndefinedFromOptional: true,
  shouldSortUnions: false,
  skipChildrenPropWithoutDoc: true,
};

/**
 * What the plugin needs of a VFile: its path, the data docgen's compile sets (root, the locale's language,
 * read from the first folder here), and `fail`, which throws the place as VFile's does.
 */
class Page {
  data: { dependencies?: string[]; root: string; lang: string };
  constructor(readonly path: string) {
    this.data = { root: site, lang: path.startsWith(`${site}/zh/`) ? 'zh' : 'en' };
  }
  fail(reason: string, place?: unknown): never {
    throw Object.assign(new Error(reason), { place: (place as Node | undefined)?.position });
  }
}

const at = (line: number, column: number) => ({ start: { line, column }, end: { line, column: column + 10 } });
const api = (attributes: unknown[], line = 3): Node => ({ type: 'mdxJsxFlowElement', name: 'API', attributes, children: [], position: at(line, 1) });
const tree = (...children: Node[]): Node => ({ type: 'root', children });
const cellText = (cell: Node): string => (cell.children ?? []).map((c) => c.value ?? cellText(c)).join('');

describe('remarkApiDocgen', () => {
  const transform = remarkApiDocgen(options);

  it('replaces <API moduleName> with the props table in English and records the files it read', () => {
    const root = tree({ type: 'heading', children: [] }, api([{ type: 'mdxJsxAttribute', name: 'moduleName', value: 'Button' }]));
    const page = new Page(path.join(site, 'en/guide/button.mdx'));
    transform(root, page);
    const table = root.children![1];
    expect(table.type).toBe('table');
    const rows = table.children!.map((row) => row.children!.map(cellText));
    expect(rows[0]).toEqual(['Prop', 'Type', 'Default', 'Required', 'Description']);
    expect(rows.map((r) => r[0])).toEqual(['Prop', 'variant', 'label', 'onPress', 'block', 'icon', 'size']);
    expect(rows[2]).toEqual(['label', 'string', '—', 'Yes', 'Text of the button.']);
    expect(page.data.dependencies).toEqual([path.join(fixtures, 'Button.tsx'), path.join(fixtures, 'button-types.ts')]);
  });

  it('takes a `:::api Name` paragraph, on a Chinese page in Chinese', () => {
    const root = tree({ type: 'paragraph', children: [{ type: 'text', value: ':::api Button\n:::' }] });
    transform(root, new Page(path.join(site, 'zh/guide/button.md')));
    const rows = root.children![0].children!.map((row) => row.children!.map(cellText));
    expect(rows[0]).toEqual(['属性', '类型', '默认值', '必填', '说明']);
    expect(rows[2]).toEqual(['label', 'string', '—', '是', '按钮上的文字。']);
    expect(rows[6][4]).toBe('按钮的尺寸。');
  });

  it('leaves other paragraphs and elements alone', () => {
    const other = { type: 'mdxJsxFlowElement', name: 'Badge', attributes: [], children: [] };
    const prose = { type: 'paragraph', children: [{ type: 'text', value: ':::api Button and more' }] };
    const root = tree(other, prose);
    const page = new Page(path.join(site, 'en/x.mdx'));
    transform(root, page);
    expect(root.children).toEqual([other, prose]);
    expect(page.data.dependencies).toBeUndefined();
  });

  it('fails at the element for an unknown module, naming the known ones', () => {
    const root = tree(api([{ type: 'mdxJsxAttribute', name: 'moduleName', value: 'Buton' }], 7));
    expect(() => transform(root, new Page(path.join(site, 'en/x.mdx')))).toThrow(expect.objectContaining({ message: 'api-docgen: no module "Buton" in the plugin\'s entries (known: Button)', place: at(7, 1) }));
  });

  it('fails for an element without a string moduleName, and for one inside a paragraph', () => {
    const expression = api([{ type: 'mdxJsxAttribute', name: 'moduleName', value: { type: 'mdxJsxAttributeValueExpression', value: 'name' } }]);
    expect(() => transform(tree(expression), new Page(path.join(site, 'en/x.mdx')))).toThrow(/needs a moduleName attribute with a string/);
    const inline = { ...api([{ type: 'mdxJsxAttribute', name: 'moduleName', value: 'Button' }]), type: 'mdxJsxTextElement' };
    expect(() => transform(tree({ type: 'paragraph', children: [inline] }), new Page(path.join(site, 'en/x.mdx')))).toThrow(/on a line of its own/);
  });

  it('fails when the entry declares no component of that name', () => {
    const transformOther = remarkApiDocgen({ ...options, entries: { Other: path.join(fixtures, 'button-types.ts') } });
    const root = tree(api([{ type: 'mdxJsxAttribute', name: 'moduleName', value: 'Other' }]));
    expect(() => transformOther(root, new Page(path.join(site, 'en/x.mdx')))).toThrow(/button-types\.ts declares no component "Other" \(it declares no React component\)/);
  });
});
