/**
 * The remark plugin of `@docgen/plugin-playground`, loaded by path in the page compile threads: each code
 * block whose meta has the word `playground` (```` ```tsx playground ````) becomes a `<Playground>` element
 * holding the block itself, so the page's highlighter still renders the static, highlighted code, and the
 * page gets one import of the playground component (an ES module node with its estree, which `.md` and
 * `.mdx` pages compile alike). Pages without a playground are left as they are: they import nothing.
 */
/** Languages a playground runs, as written after the fence → the compiler's language. */
export const PLAYGROUND_LANGS: Readonly<Record<string, 'tsx' | 'jsx' | 'ts' | 'js'>> = {
  tsx: 'tsx',
  jsx: 'jsx',
  ts: 'ts',
  typescript: 'ts',
  js: 'js',
  javascript: 'js',
};

/** Options of `remarkPlayground` (plain data: they reach the compile threads by structured clone). */
export interface RemarkPlaygroundOptions {
  /** The module whose default export is the playground component (a runtime module of the plugin). */
  component: string;
  /** Layout of blocks without `layout=…` in their meta. */
  layout: 'horizontal' | 'vertical';
}

/** The local name of the imported component in the page module; unlikely to meet an author's own name. */
export const COMPONENT_NAME = '_DocgenPlayground';

/** The mdast nodes this plugin reads or writes (unist shapes, without depending on @types/mdast). */
interface Point {
  line: number;
  column: number;
  offset?: number;
}
interface Node {
  type: string;
  children?: Node[];
  position?: { start: Point; end: Point };
  [key: string]: unknown;
}
/** What the plugin uses of the compiled file (a VFile). */
interface PageFile {
  /** Throws a VFileMessage located at `place` (a node); the compiler reports it with the page's file, line and column. */
  fail(reason: string, place?: unknown): never;
}
interface CodeNode extends Node {
  type: 'code';
  lang?: string | null;
  meta?: string | null;
  value: string;
}

/**
 * Replaces the playground code blocks of the tree and adds the import when there is one. Linear in the
 * tree's size.
 * @throws VFileMessage (through `file.fail`, located at the block) for a playground block in a language
 *   that cannot run, or with a `layout=` other than `horizontal` or `vertical`
 */
export default function remarkPlayground(options: RemarkPlaygroundOptions) {
  return (tree: Node, file: PageFile) => {
    let count = 0;
    // An explicit stack, not recursion: deep lists and quotes cannot overflow the call stack.
    const stack: Node[] = [tree];
    const ordered: { parent: Node; index: number; node: CodeNode }[] = [];
    while (stack.length) {
      const parent = stack.pop()!;
      const children = parent.children;
      if (!children) continue;
      children.forEach((child, index) => {
        if (child.type === 'code' && isPlayground(child as CodeNode)) ordered.push({ parent, index, node: child as CodeNode });
        else if (child.children) stack.push(child);
      });
    }
    // Numbered in reading order (the walk above is not), so that `pg-1` is the first one on the page.
    ordered.sort((a, b) => (a.node.position?.start.offset ?? 0) - (b.node.position?.start.offset ?? 0));
    for (const { parent, index, node } of ordered) {
      parent.children![index] = playgroundElement(node, ++count, options, file);
    }
    if (count) tree.children!.unshift(importNode(options.component));
  };
}

/** True for a code block with the word `playground` in its meta, or written ```` ```playground ```` (no language). */
function isPlayground(node: CodeNode): boolean {
  return node.lang === 'playground' || /(?:^|\s)playground(?:\s|$)/.test(node.meta ?? '');
}

function playgroundElement(node: CodeNode, index: number, options: RemarkPlaygroundOptions, file: PageFile): Node {
  if (node.lang === 'playground' || !node.lang) {
    file.fail('A playground code block needs its language first: ```tsx playground (or jsx, ts, js)', node);
  }
  const lang = PLAYGROUND_LANGS[node.lang!.toLowerCase()];
  if (!lang) {
    file.fail(`A playground cannot run ${node.lang} code: use tsx, jsx, ts or js (or remove the word playground to show the block as it is)`, node);
  }
  const layoutWord = /(?:^|\s)layout=(\S*)/.exec(node.meta ?? '');
  const layout = layoutWord ? layoutWord[1] : options.layout;
  if (layout !== 'horizontal' && layout !== 'vertical') {
    file.fail(`layout=${layout} is not a playground layout: use layout=horizontal or layout=vertical`, node);
  }
  const attribute = (name: string, value: string) => ({ type: 'mdxJsxAttribute', name, value });
  return {
    type: 'mdxJsxFlowElement',
    name: COMPONENT_NAME,
    attributes: [attribute('code', node.value), attribute('lang', lang), attribute('index', String(index)), attribute('layout', layout)],
    children: [node],
    position: node.position,
  };
}

/** `import _DocgenPlayground from '<component>'`, as the ES module node MDX compiles (with its estree). */
function importNode(component: string): Node {
  const value = `import ${COMPONENT_NAME} from ${JSON.stringify(component)};`;
  return {
    type: 'mdxjsEsm',
    value,
    data: {
      estree: {
        type: 'Program',
        sourceType: 'module',
        body: [
          {
            type: 'ImportDeclaration',
            specifiers: [{ type: 'ImportDefaultSpecifier', local: { type: 'Identifier', name: COMPONENT_NAME } }],
            source: { type: 'Literal', value: component, raw: JSON.stringify(component) },
            attributes: [],
          },
        ],
      },
    },
  };
}
