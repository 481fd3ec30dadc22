import { describe, expect, it } from 'vitest';
import type { ApiComponent } from './component-docs.js';
import { descriptionPhrasing, labelsFor, localizedDescription, propsTable } from './props-table.js';

const component: ApiComponent = {
  name: 'Button',
  filePath: '/x/Button.tsx',
  dependencies: ['/x/Button.tsx'],
  props: [
    { name: 'label', type: 'string', defaultValue: null, required: true, description: 'Text of the button.', localized: { zh: '按钮上的文字。' } },
    { name: 'size', type: '"sm" | "md"', defaultValue: '"md"', required: false, description: '', localized: {} },
  ],
};

/** The text of a table as rows of cells, inline code in backticks. */
function rows(table: ReturnType<typeof propsTable>): string[][] {
  const text = (nodes: ReturnType<typeof descriptionPhrasing>): string =>
    nodes.map((n) => (n.type === 'inlineCode' ? `\`${n.value}\`` : n.type === 'text' ? n.value : n.type === 'break' ? '<br>' : `[${text(n.children)}](${n.type === 'link' ? n.url : ''})`)).join('');
  return table.children.map((row) => row.children.map((cell) => text(cell.children)));
}

describe('propsTable', () => {
  it('makes an English table: header, one row per prop, inline code for names, types and defaults', () => {
    const table = propsTable(component, 'en', labelsFor('en'));
    expect(table.type).toBe('table');
    expect(table.align).toHaveLength(5);
    expect(rows(table)).toEqual([
      ['Prop', 'Type', 'Default', 'Required', 'Description'],
      ['`label`', '`string`', '—', 'Yes', 'Text of the button.'],
      ['`size`', '`"sm" | "md"`', '`"md"`', 'No', '—'],
    ]);
    expect(table.data?.hProperties).toEqual({ className: ['dg-api-table'], dataApiComponent: 'Button' });
  });

  it('makes a Chinese table from the @zh descriptions, and a zh-CN one too', () => {
    const expected = [
      ['属性', '类型', '默认值', '必填', '说明'],
      ['`label`', '`string`', '—', '是', '按钮上的文字。'],
      ['`size`', '`"sm" | "md"`', '`"md"`', '否', '—'],
    ];
    expect(rows(propsTable(component, 'zh', labelsFor('zh')))).toEqual(expected);
    expect(rows(propsTable(component, 'zh-CN', labelsFor('zh-CN')))).toEqual(expected);
  });
});

describe('labelsFor', () => {
  it('takes the option over the built-in words, and English for an unknown language', () => {
    expect(labelsFor('fr').prop).toBe('Prop');
    expect(labelsFor('fr', { fr: { default: 'Défaut' } })).toMatchObject({ prop: 'Prop', default: 'Défaut' });
    expect(labelsFor('zh-TW', { zh: { description: '描述' }, 'zh-TW': { prop: '屬性' } })).toMatchObject({ prop: '屬性', description: '描述', type: '类型' });
  });
});

describe('localizedDescription', () => {
  it('takes the tag of the language, then of its primary subtag, then the main text', () => {
    const prop = { description: 'Main', localized: { zh: '中文', 'pt-BR': 'Português' } };
    expect(localizedDescription(prop, 'zh')).toBe('中文');
    expect(localizedDescription(prop, 'zh-Hans')).toBe('中文');
    expect(localizedDescription(prop, 'en')).toBe('Main');
  });
});

describe('descriptionPhrasing', () => {
  it('keeps code spans, links and {@link}, joins lines, breaks at blank lines', () => {
    expect(descriptionPhrasing('Use `a | b`, see [the guide](/guide/x) and {@link Button}.\nMore\n\nNext `` a`b ``')).toEqual([
      { type: 'text', value: 'Use ' },
      { type: 'inlineCode', value: 'a | b' },
      { type: 'text', value: ', see ' },
      { type: 'link', url: '/guide/x', children: [{ type: 'text', value: 'the guide' }] },
      { type: 'text', value: ' and ' },
      { type: 'inlineCode', value: 'Button' },
      { type: 'text', value: '. More' },
      { type: 'break' },
      { type: 'text', value: 'Next ' },
      { type: 'inlineCode', value: 'a`b' },
    ]);
  });

  it('leaves an unclosed backtick and a bracket that is no link as text', () => {
    expect(descriptionPhrasing('a ` b [c] d')).toEqual([{ type: 'text', value: 'a ` b [c] d' }]);
  });

  it('reads a long description in one pass', () => {
    const long = 'word `code` [l](u) '.repeat(20_000);
    expect(descriptionPhrasing(long)).toHaveLength(20_000 * 4);
  });
});
