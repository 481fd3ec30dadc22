/**
 * A component's props as a GFM table (mdast), in one page language: the same node a hand-written Markdown
 * table gives, so the HTML, the theme's table styles and the search records treat both alike.
 */
import type { ApiComponent, ApiProp } from './component-docs.js';
import type { Phrasing, Table, TableCell, TableRow } from './mdast.js';

/** The words of a props table in one language: its column headings and the cells of the required column. */
export interface TableLabels {
  prop: string;
  type: string;
  default: string;
  required: string;
  description: string;
  /** The required column of a required prop. */
  yes: string;
  /** The required column of an optional prop. */
  no: string;
}

/** Built-in words, by language; `labelsFor` falls back to English for any other language. */
export const BUILT_IN_LABELS: Record<string, TableLabels> = {
  en: { prop: 'Prop', type: 'Type', default: 'Default', required: 'Required', description: 'Description', yes: 'Yes', no: 'No' },
  zh: { prop: '属性', type: '类型', default: '默认值', required: '必填', description: '说明', yes: '是', no: '否' },
};

/** What a cell shows when there is nothing to say (no default, no description). */
const EMPTY = '—';

/**
 * The words for `lang`: the option's `labels[lang]` over the built-in ones of `lang`, or of its primary
 * subtag (`zh-CN` → `zh`), or English.
 */
export function labelsFor(lang: string, custom: Record<string, Partial<TableLabels>> = {}): TableLabels {
  const primary = lang.split('-')[0];
  const builtIn = BUILT_IN_LABELS[lang] ?? BUILT_IN_LABELS[primary] ?? BUILT_IN_LABELS.en;
  return { ...builtIn, ...(custom[primary] ?? {}), ...(custom[lang] ?? {}) };
}

/**
 * The description of `prop` for a page in `lang`: the prop's `@<lang>` tag (e.g. `@zh 中文描述`), else the
 * tag of the primary subtag (`@zh` for `zh-CN`), else the comment's main text; empty when there is none.
 */
export function localizedDescription(prop: Pick<ApiProp, 'description' | 'localized'>, lang: string): string {
  return prop.localized[lang] ?? prop.localized[lang.split('-')[0]] ?? prop.description;
}

/**
 * The props table of `component` for a page in `lang`: columns prop, type, default, required, description.
 * Names, types and defaults are inline code; descriptions keep their inline code spans and links.
 */
export function propsTable(component: ApiComponent, lang: string, labels: TableLabels): Table {
  const header: TableRow = {
    type: 'tableRow',
    children: [labels.prop, labels.type, labels.default, labels.required, labels.description].map((text) => cell([{ type: 'text', value: text }])),
  };
  const rows = component.props.map(
    (prop): TableRow => ({
      type: 'tableRow',
      children: [
        cell([{ type: 'inlineCode', value: prop.name }]),
        cell([{ type: 'inlineCode', value: prop.type }]),
        cell(prop.defaultValue === null ? [{ type: 'text', value: EMPTY }] : [{ type: 'inlineCode', value: prop.defaultValue }]),
        cell([{ type: 'text', value: prop.required ? labels.yes : labels.no }]),
        cell(descriptionPhrasing(localizedDescription(prop, lang))),
      ],
    }),
  );
  return {
    type: 'table',
    align: [null, null, null, null, null],
    children: [header, ...rows],
    // A class for styles and tests; the table is otherwise the theme's ordinary table.
    data: { hProperties: { className: ['dg-api-table'], dataApiComponent: component.name } },
  };
}

function cell(children: Phrasing[]): TableCell {
  return { type: 'tableCell', children };
}

/**
 * A TSDoc description as inline Markdown, in one pass: `` `code` `` spans, `[text](url)` links and
 * `{@link Name}` (as code); a blank line becomes a line break (a table cell holds no paragraphs), a
 * single newline a space. Everything else is text.
 */
export function descriptionPhrasing(description: string): Phrasing[] {
  const source = description.trim();
  if (!source) return [{ type: 'text', value: EMPTY }];
  const out: Phrasing[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ type: 'text', value: text });
    text = '';
  };
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    if (ch === '`') {
      // A code span closes at the next run of as many backticks (CommonMark); an unclosed one is text.
      let run = 1;
      while (source[i + run] === '`') run++;
      const fence = '`'.repeat(run);
      const end = source.indexOf(fence, i + run);
      if (end > 0) {
        flush();
        out.push({ type: 'inlineCode', value: source.slice(i + run, end).replace(/\s*\n\s*/g, ' ').trim() });
        i = end + run;
        continue;
      }
      text += fence;
      i += run;
      continue;
    }
    if (ch === '{' && source.startsWith('{@link', i)) {
      const end = source.indexOf('}', i);
      if (end > 0) {
        flush();
        out.push({ type: 'inlineCode', value: source.slice(i + 6, end).trim().split(/[\s|]/)[0] });
        i = end + 1;
        continue;
      }
    }
    if (ch === '[') {
      const link = /^\[([^\]\n]+)\]\(([^)\s]+)\)/.exec(source.slice(i, i + 2048));
      if (link) {
        flush();
        out.push({ type: 'link', url: link[2], children: descriptionPhrasing(link[1]) });
        i += link[0].length;
        continue;
      }
    }
    if (ch === '\n' || ch === '\r') {
      let j = i;
      let newlines = 0;
      while (j < source.length && /\s/.test(source[j])) {
        if (source[j] === '\n') newlines++;
        j++;
      }
      if (newlines > 1) {
        flush();
        out.push({ type: 'break' });
      } else text += ' ';
      i = j;
      continue;
    }
    text += ch;
    i++;
  }
  flush();
  return out;
}
