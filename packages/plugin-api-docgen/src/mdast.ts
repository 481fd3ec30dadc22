/**
 * The few mdast and MDX node shapes this plugin reads and writes. Declared here rather than imported from
 * `@types/mdast`: the package depends on no unified type package, and it only needs these.
 */

/** A point of a node's position: 1-based line and column. */
export interface Point {
  line: number;
  column: number;
  offset?: number;
}

/** Any node of the tree. */
export interface Node {
  type: string;
  children?: Node[];
  value?: string;
  position?: { start: Point; end: Point };
  [key: string]: unknown;
}

/** Phrasing content this plugin makes: text, inline code, links and line breaks. */
export type Phrasing =
  | { type: 'text'; value: string }
  | { type: 'inlineCode'; value: string }
  | { type: 'link'; url: string; children: Phrasing[] }
  | { type: 'strong'; children: Phrasing[] }
  | { type: 'break' };

/** A GFM table cell. */
export interface TableCell {
  type: 'tableCell';
  children: Phrasing[];
}

/** A GFM table row. */
export interface TableRow {
  type: 'tableRow';
  children: TableCell[];
}

/** A GFM table: the first row is the header; `align` has one entry per column. */
export interface Table {
  type: 'table';
  align: (null | 'left' | 'right' | 'center')[];
  children: TableRow[];
  data?: { hProperties?: Record<string, unknown> };
}

/** An attribute of an MDX JSX element: a string value, an expression (`{…}`), or none (`<X flag />`). */
export interface MdxJsxAttribute {
  type: 'mdxJsxAttribute' | 'mdxJsxExpressionAttribute';
  name?: string;
  value?: string | null | { type: 'mdxJsxAttributeValueExpression'; value: string };
}

/** An MDX JSX element on its own line (`<API moduleName="Button" />`). */
export interface MdxJsxFlowElement extends Node {
  type: 'mdxJsxFlowElement';
  name: string | null;
  attributes: MdxJsxAttribute[];
}
