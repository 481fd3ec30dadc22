/**
 * The remark plugin of `@docgen/plugin-preview`, loaded by the page compile workers (default export). It
 * replaces each demo of a page with a `_DgPreview` element (the runtime's `Preview`) that keeps the code
 * as its child, so the page's own highlighter highlights it as any other block:
 * - a fenced `tsx`/`jsx` block marked `preview` (or every such block, with `previewAll` or front matter
 *   `preview: true`);
 * - a `<code src="./demo.tsx" />` tag alone on its line (a JSX element in `.mdx`, an HTML block in `.md`):
 *   the file's code becomes the child, and the file a dependency of the page.
 * Inline demos are imported by the page (an `import` added to the page's module, with its estree built
 * here, so `.md` pages get it too); iframe demos are not: their own pages (see `addPages`) import them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { blockSpecifier, RUNTIME_SPECIFIER } from './demo-module.js';
import { classifyFence, CODE_TAG, DEMO_FILE_EXTENSIONS, parseCodeTagAttributes, scanDemos, unsupportedLanguageMessage, type DemoDefaults, type PageDemoSettings, type PreviewMode } from './scan-demos.js';

/** Options of the remark plugin: plain data, as the compile workers receive them. */
export interface RemarkPreviewOptions extends DemoDefaults {
  /** The iframe's width and height in CSS pixels, and the route prefix of demo pages. */
  iframe: { width: number; height: number; routePrefix: string };
  /** Whether the code shows below the demo before the reader asks for it. */
  codeExpanded: boolean;
}

interface Point {
  line: number;
  column: number;
  offset?: number;
}
interface Position {
  start: Point;
  end: Point;
}
/** The few mdast and MDX node fields the plugin reads and writes. */
interface Node {
  type: string;
  position?: Position;
  children?: Node[];
  value?: string;
  lang?: string | null;
  meta?: string | null;
  name?: string | null;
  attributes?: JsxAttribute[];
  data?: Record<string, unknown>;
}
interface JsxAttribute {
  type: string;
  name?: string;
  value?: string | null | { type: string; value: string; data?: unknown };
}
/** The VFile fields the plugin uses (core's compile pipeline sets `frontmatter` and `dependencies`). */
interface PageFile {
  path: string;
  value: unknown;
  data: { frontmatter?: Record<string, unknown>; dependencies?: string[] };
  fail(reason: string, options?: { place?: Position | Point; ruleId?: string; source?: string }): never;
}

/** One demo met while walking the tree, for the check against the scanner. */
interface FoundIframeDemo {
  line: number;
  kind: 'code' | 'file';
  /** The code (block) or the `src` as written (file). */
  text: string;
  position?: Position;
}

const COMPONENT = '_DgPreview';
/** An `export default` in a demo's code: a regular expression, not a parse, that a comment can fool; the bundler has the last word. */
const DEFAULT_EXPORT = /\bexport\s+default\b|\bas\s+default\b/;

/**
 * Creates the transform. Errors are the page's (`file.fail`): a `preview` block in a language the plugin
 * cannot run, a demo without a default export, a `<code src>` naming no file or a file of another kind,
 * wrong front matter values, and an iframe demo the page scan reads differently.
 */
export default function remarkPreview(options: RemarkPreviewOptions) {
  return (tree: Node, file: PageFile) => {
    const settings = pageSettings(file);
    const imports: [local: string, specifier: string, imported?: string][] = [];
    const iframeDemos: FoundIframeDemo[] = [];
    let inline = 0;

    const element = (mode: PreviewMode, code: Node, at: Position | undefined, extra: JsxAttribute[]): Node => {
      const attributes: JsxAttribute[] = [stringAttribute('mode', mode), stringAttribute('line', String(at?.start.line ?? 1)), ...extra];
      if (!options.codeExpanded) attributes.push(stringAttribute('codeExpanded', 'false'));
      if (mode === 'iframe') {
        attributes.push(
          stringAttribute('index', String(iframeDemos.length - 1)),
          stringAttribute('width', String(options.iframe.width)),
          stringAttribute('height', String(options.iframe.height)),
          stringAttribute('routePrefix', options.iframe.routePrefix),
        );
      }
      return { type: 'mdxJsxFlowElement', name: COMPONENT, attributes, children: [code], position: at };
    };

    /** The element replacing `node`, or undefined when `node` is no demo. */
    const demoFor = (node: Node): Node | undefined => {
      if (node.type === 'code') {
        const mode = classifyFence(node.lang, node.meta, settings, options);
        if (!mode) return undefined;
        if (mode === 'unsupported') return file.fail(unsupportedLanguageMessage(node.lang), { place: node.position, source: 'docgen-preview' });
        const code = node.value ?? '';
        if (!DEFAULT_EXPORT.test(code)) {
          return file.fail('a preview block must export its demo component as default (`export default function Demo() { … }`)', { place: node.position, source: 'docgen-preview' });
        }
        if (mode === 'iframe') {
          iframeDemos.push({ line: node.position?.start.line ?? 1, kind: 'code', text: code, position: node.position });
          return element(mode, node, node.position, []);
        }
        const local = `${COMPONENT}Demo${inline++}`;
        imports.push([local, blockSpecifier({ page: file.path, line: node.position?.start.line ?? 1, lang: node.lang!, code })]);
        return element(mode, node, node.position, [expressionAttribute('demo', local)]);
      }
      const tag = codeTag(node, file);
      if (!tag) return undefined;
      const { src, mode: tagMode } = tag;
      const mode = tagMode ?? settings.previewMode ?? options.mode;
      const code = readDemoFile(src, node.position, file);
      if (mode === 'iframe') {
        iframeDemos.push({ line: node.position?.start.line ?? 1, kind: 'file', text: src, position: node.position });
        return element(mode, code, node.position, [stringAttribute('src', src)]);
      }
      const local = `${COMPONENT}Demo${inline++}`;
      imports.push([local, src.startsWith('.') ? src : `./${src}`]);
      return element(mode, code, node.position, [expressionAttribute('demo', local), stringAttribute('src', src)]);
    };

    const walk = (parent: Node) => {
      const children = parent.children!;
      for (let i = 0; i < children.length; i++) {
        const replacement = demoFor(children[i]);
        if (replacement) children[i] = replacement;
        else if (children[i].children) walk(children[i]);
      }
    };
    walk(tree);

    checkIframeDemos(iframeDemos, String(file.value), settings, options, file);
    if (inline === 0 && iframeDemos.length === 0) return;
    imports.unshift([COMPONENT, RUNTIME_SPECIFIER, 'Preview']);
    tree.children!.unshift(esmImports(imports));
  };
}

/** The page's front matter `preview` and `previewMode`, checked. */
function pageSettings(file: PageFile): PageDemoSettings {
  const fm = file.data.frontmatter ?? {};
  const settings: PageDemoSettings = {};
  if (fm.preview !== undefined) {
    if (typeof fm.preview !== 'boolean') failInFrontMatter(file, 'preview', `front matter preview must be true or false, not ${JSON.stringify(fm.preview)}`);
    settings.preview = fm.preview as boolean;
  }
  if (fm.previewMode !== undefined) {
    if (fm.previewMode !== 'inline' && fm.previewMode !== 'iframe') failInFrontMatter(file, 'previewMode', `front matter previewMode must be inline or iframe, not ${JSON.stringify(fm.previewMode)}`);
    settings.previewMode = fm.previewMode as PreviewMode;
  }
  return settings;
}

/** Fails at the line of a front matter key; the compiled text has the front matter blanked, so the file is read again (errors only). */
function failInFrontMatter(file: PageFile, key: string, message: string): never {
  let line = 1;
  try {
    const lines = fs.readFileSync(file.path, 'utf8').split(/\r?\n/);
    const at = lines.findIndex((l) => l.startsWith(`${key}:`));
    if (at >= 0) line = at + 1;
  } catch (error) {
    // A page given by content (no file): the message stands at line 1; the reason is kept in the message.
    message += ` (${(error as Error).message})`;
  }
  return file.fail(message, { place: { line, column: 1 }, source: 'docgen-preview' });
}

/** `<code src>` as a block: an MDX JSX element, or an HTML block of a `.md` page. */
function codeTag(node: Node, file: PageFile): { src: string; mode?: PreviewMode } | undefined {
  if (node.type === 'html') {
    const m = CODE_TAG.exec((node.value ?? '').trim());
    if (!m) return undefined;
    const attributes = parseCodeTagAttributes(m[1]);
    return attributes.src === undefined ? undefined : { src: requireSrc(attributes.src, node, file), mode: attributes.mode };
  }
  if (node.type !== 'mdxJsxFlowElement' || node.name !== 'code') return undefined;
  const src = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'src');
  if (!src) return undefined;
  if (typeof src.value !== 'string') return file.fail('<code src> takes a path as a string (`src="./demo.tsx"`), not an expression', { place: node.position, source: 'docgen-preview' });
  const flag = node.attributes!.find((a) => a.type === 'mdxJsxAttribute' && (a.name === 'iframe' || a.name === 'inline'));
  return { src: requireSrc(src.value, node, file), mode: flag?.name as PreviewMode | undefined };
}

function requireSrc(src: string, node: Node, file: PageFile): string {
  if (!src.trim()) return file.fail('<code src> is empty: give the path of the demo file (`src="./demo.tsx"`)', { place: node.position, source: 'docgen-preview' });
  if (path.isAbsolute(src) || /^[a-z][\w+.-]*:/i.test(src)) {
    return file.fail(`<code src="${src}">: give a path relative to the page (\`./demo.tsx\`)`, { place: node.position, source: 'docgen-preview' });
  }
  return src;
}

/** The demo file of a `<code src>` as a code node to highlight; records it as a dependency of the page. */
function readDemoFile(src: string, at: Position | undefined, file: PageFile): Node {
  const abs = path.resolve(path.dirname(file.path), src);
  const ext = path.extname(abs);
  if (!DEMO_FILE_EXTENSIONS.includes(ext)) {
    return file.fail(`<code src="${src}">: a demo file must be ${DEMO_FILE_EXTENSIONS.join(', ')} (its default export is the demo), not ${ext || 'a file without extension'}`, { place: at, source: 'docgen-preview' });
  }
  // Recorded before reading: a missing file that appears later must compile the page again.
  (file.data.dependencies ??= []).push(abs);
  let code: string;
  try {
    code = fs.readFileSync(abs, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : (error as Error).message;
    return file.fail(`<code src="${src}">: cannot read ${abs}: ${reason}`, { place: at, source: 'docgen-preview' });
  }
  if (!DEFAULT_EXPORT.test(code)) {
    return file.fail(`<code src="${src}">: ${abs} must export its demo component as default (\`export default function Demo() { … }\`)`, { place: at, source: 'docgen-preview' });
  }
  return { type: 'code', lang: ext.slice(1), meta: `title="${path.basename(abs).replace(/"/g, '')}"`, value: code.replace(/\r?\n$/, ''), position: at };
}

/**
 * Checks the page's iframe demos against the line scan that made their demo pages (`addPages`) and will
 * load their code (the esbuild plugin): same count, lines and code, else the page fails here.
 */
function checkIframeDemos(found: FoundIframeDemo[], source: string, settings: PageDemoSettings, defaults: DemoDefaults, file: PageFile): void {
  // Cheap for pages without demos: the scan runs only where an iframe demo can be.
  if (found.length === 0 && !/iframe/.test(source) && (settings.previewMode ?? defaults.mode) !== 'iframe') return;
  const scanned = scanDemos(source, defaults, settings).demos.filter((d) => d.mode === 'iframe');
  for (let i = 0; i < Math.max(found.length, scanned.length); i++) {
    const tree = found[i];
    const scan = scanned[i];
    const same = tree && scan && tree.line === scan.line && tree.kind === scan.kind && tree.text === (scan.kind === 'code' ? scan.code : scan.src);
    if (same) continue;
    const place = tree?.position ?? { line: scan!.line, column: 1 };
    const what = tree
      ? 'this iframe demo is written in a way the page scan that makes demo pages does not read'
      : 'the page scan that makes demo pages reads an iframe demo here that the page does not show';
    file.fail(
      `${what}: write the fence (or the <code src> tag) on lines of its own, at the top level, in a list or in a blockquote, or use inline mode`,
      { place, source: 'docgen-preview' },
    );
  }
}

function stringAttribute(name: string, value: string): JsxAttribute {
  return { type: 'mdxJsxAttribute', name, value };
}

/** `name={identifier}`, with the estree MDX compiles it from. */
function expressionAttribute(name: string, identifier: string): JsxAttribute {
  return {
    type: 'mdxJsxAttribute',
    name,
    value: {
      type: 'mdxJsxAttributeValueExpression',
      value: identifier,
      data: { estree: { type: 'Program', sourceType: 'module', body: [{ type: 'ExpressionStatement', expression: { type: 'Identifier', name: identifier } }] } },
    },
  };
}

/** One `mdxjsEsm` node importing `[local, specifier, imported?]` (default import without `imported`). */
function esmImports(imports: [string, string, string?][]): Node {
  const identifier = (name: string) => ({ type: 'Identifier', name });
  const body = imports.map(([local, specifier, imported]) => ({
    type: 'ImportDeclaration',
    specifiers: [imported ? { type: 'ImportSpecifier', imported: identifier(imported), local: identifier(local) } : { type: 'ImportDefaultSpecifier', local: identifier(local) }],
    source: { type: 'Literal', value: specifier, raw: JSON.stringify(specifier) },
    attributes: [],
  }));
  const value = imports.map(([local, specifier, imported]) => `import ${imported ? `{ ${imported} as ${local} }` : local} from ${JSON.stringify(specifier)};`).join('\n');
  return { type: 'mdxjsEsm', value, data: { estree: { type: 'Program', sourceType: 'module', body, comments: [] } } };
}
