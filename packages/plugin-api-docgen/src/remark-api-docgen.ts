/**
 * The remark plugin of `@docgen/plugin-api-docgen`, run in docgen's compile threads: replaces each
 * `<API moduleName="Button" />` (MDX) and each paragraph `:::api Button` (Markdown and MDX) with the props
 * table of that component, in the page's language, and records the files the table was read from in
 * `file.data.dependencies`, so that the page cache and the dev server compile the page again when one changes.
 */
import path from 'node:path';
import { ComponentDocsRegistry, type ApiComponent, type ParseOptions } from './component-docs.js';
import type { MdxJsxFlowElement, Node } from './mdast.js';
import { labelsFor, propsTable, type TableLabels } from './props-table.js';

/** Options of the remark plugin: plain data (they are sent to the compile threads). `pluginApiDocgen` makes them. */
export interface RemarkApiDocgenOptions extends ParseOptions {
  /** Module name → component file: absolute, or relative to the site root. */
  entries: Record<string, string>;
  /** Table words by language, over the built-in ones. @default {} */
  labels?: Record<string, Partial<TableLabels>>;
}

/** The VFile fields the plugin reads and writes: docgen's compile sets `root` and `lang` on every page. */
interface PageFile {
  path: string;
  data: { dependencies?: string[]; root?: string; lang?: string };
  fail(reason: string, place?: unknown): never;
}

/**
 * One registry per compile thread, shared by the thread's `.md` and `.mdx` processors: the TypeScript
 * program is what costs (about a second), and it must outlive one processor. Plain options cannot carry
 * it, hence module state, keyed by the options (a site opened again with other options gets a new one).
 */
const threadDocs = new ComponentDocsRegistry();

/** A paragraph that is only `:::api Name` (optionally followed by a closing `:::` line). */
const MARKER = /^:::api[ \t]+([A-Za-z_$][\w$.-]*)[ \t]*(?:\r?\n[ \t]*:::[ \t]*)?$/;

/**
 * Replaces the API elements and markers of a page with props tables.
 * @throws VFileMessage (through `file.fail`, with the element's line and column) for an unknown module
 *   name, an element without a string `moduleName`, a file that declares no component of that name, or a
 *   component file TypeScript cannot read
 */
export default function remarkApiDocgen(options: RemarkApiDocgenOptions) {
  return (tree: Node, file: PageFile) => {
    const found = findApiNodes(tree);
    if (!found.length) return;
    const root = file.data.root ?? path.dirname(file.path);
    const entries = Object.fromEntries(Object.entries(options.entries).map(([name, p]) => [name, path.resolve(root, p)]));
    const docs = threadDocs.get(Object.values(entries), parseOptionsOf(options, root));
    docs.refresh();
    const lang = file.data.lang ?? 'en';
    const labels = labelsFor(lang, options.labels);
    const dependencies = (file.data.dependencies ??= []);
    for (const { parent, index, node, moduleName, inline } of found) {
      if (inline) file.fail('api-docgen: <API /> makes a table: put it on a line of its own, not inside a paragraph', node);
      if (!moduleName) file.fail('api-docgen: <API /> needs a moduleName attribute with a string, e.g. <API moduleName="Button" />', node);
      const entry = entries[moduleName];
      if (!entry) {
        const known = Object.keys(entries).sort();
        file.fail(`api-docgen: no module "${moduleName}" in the plugin's entries (known: ${known.join(', ') || 'none'})`, node);
      }
      let components: ApiComponent[];
      try {
        components = docs.components(entry);
      } catch (error) {
        file.fail(`api-docgen: cannot read the component "${moduleName}" from ${entry}: ${(error as Error).message}`, node);
      }
      const component = pickComponent(components, moduleName);
      if (!component) {
        const names = components.map((c) => c.name);
        file.fail(`api-docgen: ${entry} declares no component "${moduleName}" (${names.length ? `it declares ${names.join(', ')}` : 'it declares no React component'})`, node);
      }
      dependencies.push(...component.dependencies);
      parent.children![index] = propsTable(component, lang, labels) as unknown as Node;
    }
  };
}

/** The react-docgen-typescript part of the options, the tsconfig made absolute. */
function parseOptionsOf(options: RemarkApiDocgenOptions, root: string): ParseOptions {
  return {
    tsconfig: options.tsconfig && path.resolve(root, options.tsconfig),
    includeNodeModulesProps: options.includeNodeModulesProps,
    excludeProps: options.excludeProps,
    shouldExtractLiteralValuesFromEnum: options.shouldExtractLiteralValuesFromEnum,
    shouldExtractValuesFromUnion: options.shouldExtractValuesFromUnion,
    shouldRemoveUndefinedFromOptional: options.shouldRemoveUndefinedFromOptional,
    shouldSortUnions: options.shouldSortUnions,
    skipChildrenPropWithoutDoc: options.skipChildrenPropWithoutDoc,
  };
}

/** The component named `moduleName`, else the file's only component. */
function pickComponent(components: ApiComponent[], moduleName: string): ApiComponent | undefined {
  return components.find((c) => c.name === moduleName) ?? (components.length === 1 ? components[0] : undefined);
}

interface Found {
  parent: Node;
  index: number;
  node: Node;
  /** Empty for an element without a string `moduleName`. */
  moduleName: string;
  /** An element inside a paragraph, where a table cannot go. */
  inline: boolean;
}

/** The API elements and markers of the tree with their places, in one walk (no recursion: deep trees are fine). */
function findApiNodes(tree: Node): Found[] {
  const found: Found[] = [];
  const stack: Node[] = [tree];
  while (stack.length) {
    const parent = stack.pop()!;
    const children = parent.children ?? [];
    for (let index = 0; index < children.length; index++) {
      const node = children[index];
      const moduleName = apiModuleName(node);
      if (moduleName !== undefined) found.push({ parent, index, node, moduleName, inline: node.type === 'mdxJsxTextElement' });
      else if (node.children) stack.push(node);
    }
  }
  return found;
}

/** The module name of an API element or marker; undefined for any other node. */
function apiModuleName(node: Node): string | undefined {
  if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
    const element = node as MdxJsxFlowElement;
    if (element.name !== 'API') return undefined;
    const attribute = element.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'moduleName');
    // An empty name (no attribute, an expression) is reported by the caller, which has the file.
    return attribute && typeof attribute.value === 'string' ? attribute.value : '';
  }
  if (node.type === 'paragraph' && node.children?.length === 1 && node.children[0].type === 'text') {
    const match = MARKER.exec(node.children[0].value ?? '');
    if (match) return match[1];
  }
  return undefined;
}
