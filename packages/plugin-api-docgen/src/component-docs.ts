/**
 * Component docs read from TypeScript source with react-docgen-typescript, through one TypeScript program
 * per compile thread: made on the first request, made again (reusing the unchanged source files, which is
 * most of its cost) when a source file it read has changed, and remembered per component file.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type ts from 'typescript';
import type { ComponentDoc, ParserOptions, PropItem } from 'react-docgen-typescript';

const require = createRequire(import.meta.url);
let tools: { ts: typeof ts; docgen: typeof import('react-docgen-typescript') } | undefined;

/**
 * TypeScript and react-docgen-typescript, loaded (as the CommonJS modules they are) when the first
 * component is read. TypeScript is one 9 MB module: loading both takes about 0.7 s on a 2-core machine,
 * which a build whose pages all come from the cache, a dev server start and every compile thread that
 * meets no props table no longer pay.
 */
function typescriptTools(): NonNullable<typeof tools> {
  return (tools ??= { ts: require('typescript') as typeof ts, docgen: require('react-docgen-typescript') as typeof import('react-docgen-typescript') });
}

/** The react-docgen-typescript options the plugin passes on, plus its own prop filter. Plain data. */
export interface ParseOptions {
  /** Absolute path of a tsconfig.json whose compiler options the program uses; docgen's defaults without one. */
  tsconfig?: string;
  /** Keep props declared only in `node_modules` (the DOM attributes a props type extends). */
  includeNodeModulesProps: boolean;
  /** Names of props to leave out of every table. */
  excludeProps: string[];
  shouldExtractLiteralValuesFromEnum: boolean;
  shouldExtractValuesFromUnion: boolean;
  shouldRemoveUndefinedFromOptional: boolean;
  shouldSortUnions: boolean;
  skipChildrenPropWithoutDoc: boolean;
}

/** One prop of a component, as the table shows it. */
export interface ApiProp {
  name: string;
  /** The prop's type as TypeScript prints it (`'a' | 'b'`, `ReactNode`), or its `@type` tag. */
  type: string;
  /** The default: from the code (`{ size = 'md' }`, `defaultProps`) or the `@default` tag; null when none. */
  defaultValue: string | null;
  required: boolean;
  /** The comment's main text (TSDoc tags left out); empty when the prop has no comment. */
  description: string;
  /** Descriptions by language, from the comment's tags: `@zh 中文描述` → `{ zh: '中文描述' }`. */
  localized: Record<string, string>;
}

/** A component of a source file with its props, in declaration order. */
export interface ApiComponent {
  /** Its name (`displayName`): the function, class or variable name. */
  name: string;
  /** The source file that declares it, absolute. */
  filePath: string;
  props: ApiProp[];
  /**
   * Files whose change may change the table, absolute, outside `node_modules`: the component's file and the
   * files declaring the props it shows (e.g. a props interface in `types.ts`).
   */
  dependencies: string[];
}

/** Compiler options when no tsconfig is given: what a React + TypeScript project of today uses. */
function defaultCompilerOptions(): ts.CompilerOptions {
  const { ts } = typescriptTools();
  return {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    esModuleInterop: true,
    skipLibCheck: true,
    allowJs: true,
    resolveJsonModule: true,
  };
}

const IN_NODE_MODULES = /[\\/]node_modules[\\/]/;

/** A parsed source file with the size and mtime it was read at, so an edit is seen. */
interface CachedSource {
  size: number;
  mtimeMs: number;
  sourceFile: ts.SourceFile;
}

/**
 * Component docs of a set of entry files, for one compile thread. Not thread-safe by design: a thread
 * compiles one page at a time.
 */
export class ComponentDocs {
  private readonly entries: string[];
  private readonly options: ParseOptions;
  private compilerOptions: ts.CompilerOptions | undefined;
  private program: ts.Program | undefined;
  /** Whether `program` read the current sources (false after `refresh` saw a change). */
  private fresh = false;
  private readonly sources = new Map<string, CachedSource>();
  private readonly byFile = new Map<string, ApiComponent[]>();
  /** Time spent making programs and reading docs, in ms: for `--profile`-style measurements and tests. */
  parseMs = 0;
  /** How many programs were made: a test sees that an unchanged source makes none. */
  programs = 0;

  /** `entries`: every component file the site names (absolute); one program holds them all. */
  constructor(entries: string[], options: ParseOptions) {
    this.entries = [...new Set(entries)];
    this.options = options;
  }

  /**
   * Forgets the program and the docs when a source file the program read (outside `node_modules`) changed
   * size or mtime, or is gone: the next `components` call reads them again. Call once per page, not per
   * table: it stats those files.
   */
  refresh(): void {
    if (!this.program) return;
    for (const [file, cached] of this.sources) {
      if (IN_NODE_MODULES.test(file)) continue;
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (!stat || stat.size !== cached.size || stat.mtimeMs !== cached.mtimeMs) {
        this.byFile.clear();
        this.fresh = false;
        // The next program reuses the unchanged files' syntax trees (`oldProgram`); the checker starts afresh.
        return;
      }
    }
  }

  /**
   * The components `file` declares (an entry), with their props.
   * @throws Error when the file does not exist, or the tsconfig cannot be read
   */
  components(file: string): ApiComponent[] {
    const known = this.byFile.get(file);
    if (known) return known;
    if (!fs.existsSync(file)) throw new Error(`${file} does not exist`);
    const started = performance.now();
    const program = this.makeProgram(file);
    const parser = typescriptTools().docgen.withCompilerOptions(program.getCompilerOptions(), this.parserOptions());
    const docs = parser.parseWithProgramProvider(file, () => program);
    // React components are capitalised; a lower-case export (a helper react-docgen-typescript took for one) is not.
    const components = docs.filter((doc) => /^[A-Z]/.test(doc.displayName)).map((doc) => this.toComponent(doc, program));
    this.byFile.set(file, components);
    this.parseMs += performance.now() - started;
    return components;
  }

  private parserOptions(): ParserOptions {
    const { includeNodeModulesProps, excludeProps, ...rest } = this.options;
    const excluded = new Set(excludeProps);
    return {
      ...rest,
      shouldIncludePropTagMap: true,
      savePropValueAsString: true,
      propFilter: (prop: PropItem) => {
        if (excluded.has(prop.name)) return false;
        if (includeNodeModulesProps) return true;
        // Inherited DOM and library props: every declaration is in a package.
        const declarations = prop.declarations ?? (prop.parent ? [prop.parent] : []);
        return !(declarations.length > 0 && declarations.every((d) => IN_NODE_MODULES.test(d.fileName)));
      },
    };
  }

  /** The program for the entries (and `file`, should it be none of them), made again only when `refresh` dropped it. */
  private makeProgram(file: string): ts.Program {
    const rootNames = this.entries.includes(file) ? this.entries : [...this.entries, file];
    if (this.program && this.fresh && this.program.getRootFileNames().length === rootNames.length) return this.program;
    this.compilerOptions ??= this.readCompilerOptions();
    const options = this.compilerOptions;
    const { ts } = typescriptTools();
    const host = ts.createCompilerHost(options, true);
    const read = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
      const stat = fs.statSync(fileName, { throwIfNoEntry: false });
      if (!stat) return undefined;
      const cached = this.sources.get(fileName);
      if (cached && cached.size === stat.size && cached.mtimeMs === stat.mtimeMs) return cached.sourceFile;
      const sourceFile = read(fileName, languageVersion, onError, shouldCreate);
      if (sourceFile) this.sources.set(fileName, { size: stat.size, mtimeMs: stat.mtimeMs, sourceFile });
      return sourceFile;
    };
    this.program = ts.createProgram({ rootNames, options, host, oldProgram: this.program });
    this.programs++;
    this.fresh = true;
    return this.program;
  }

  /** The tsconfig's compiler options (its `files`/`include` are not used: the entries are the roots). */
  private readCompilerOptions(): ts.CompilerOptions {
    const { tsconfig } = this.options;
    if (!tsconfig) return defaultCompilerOptions();
    const { ts } = typescriptTools();
    const read = ts.readConfigFile(tsconfig, (f) => ts.sys.readFile(f));
    if (read.error) throw new Error(`cannot read the tsconfig ${tsconfig}: ${ts.flattenDiagnosticMessageText(read.error.messageText, '\n')}`);
    const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(tsconfig), undefined, tsconfig);
    // "No inputs" is no error here: the entries are the program's roots, whatever the tsconfig includes.
    const errors = parsed.errors.filter((d) => d.code !== 18003);
    if (errors.length) throw new Error(`the tsconfig ${tsconfig} is not valid: ${errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('; ')}`);
    return { ...parsed.options, noEmit: true };
  }

  private toComponent(doc: ComponentDoc, program: ts.Program): ApiComponent {
    const props = Object.values(doc.props).map(toProp);
    const filePath = path.resolve(doc.filePath);
    return { name: doc.displayName, filePath, props, dependencies: [filePath, ...declarationFiles(Object.values(doc.props), program, filePath)] };
  }
}

function toProp(prop: PropItem): ApiProp {
  const tags = (prop.tags ?? {}) as Record<string, string>;
  const localized: Record<string, string> = {};
  for (const [name, text] of Object.entries(tags)) if (!NOT_LANGUAGES.has(name)) localized[name] = text;
  const type = typeText(prop.type);
  return {
    name: prop.name,
    type,
    defaultValue: defaultText(prop, tags.default, type),
    required: prop.required,
    description: prop.description.trim(),
    localized,
  };
}

/**
 * The default column: the `@default` tag as written, or the code's default (`{ size = 'md' }`).
 * react-docgen-typescript gives a string literal's value without its quotes and any other expression as
 * its source text; the quotes are put back (as TypeScript prints string literals, `"md"`) unless the value
 * reads as code: a keyword, a number, an array, object, call, template or `a.b` access.
 */
function defaultText(prop: PropItem, tag: string | undefined, type: string): string | null {
  const value = (prop.defaultValue as { value?: unknown } | null | undefined)?.value;
  if (value === undefined || value === null || value === '') return null;
  const text = String(value);
  if (tag !== undefined && tag.trim() === text) return text;
  const quoted = JSON.stringify(text);
  if (type.includes(quoted)) return quoted;
  return CODE_LIKE.test(text) ? text : quoted;
}

const CODE_LIKE = /^(?:true|false|null|undefined|NaN|Infinity|-?\d[\d_]*(?:\.\d+)?(?:e[+-]?\d+)?n?|[[{(`][\s\S]*|new\s[\s\S]*|[A-Za-z_$][\w$]*(?:\.[\w$]+)+|[\s\S]*\)\s*)$/;

/** TSDoc and JSDoc tags that are never a language (a language tag is looked up by name, so these only save space). */
const NOT_LANGUAGES = new Set(['default', 'defaultValue', 'type', 'example', 'see', 'deprecated', 'remarks', 'since', 'param', 'returns']);

/** The type column: enum-like unions (`shouldExtractLiteralValuesFromEnum`) as `a | b`, otherwise as TypeScript prints it. */
function typeText(type: PropItem['type']): string {
  if ((type.name === 'enum' || type.name === 'union') && Array.isArray(type.value)) {
    return (type.value as { value?: string; name?: string }[]).map((v) => v.value ?? v.name ?? '').join(' | ');
  }
  return type.name;
}

/**
 * Absolute paths of the files that declare `props`, outside `node_modules`, other than `componentFile`.
 * react-docgen-typescript gives them shortened (relative to an ancestor of the working folder); they are
 * matched back to the program's files by suffix, in one pass over the program's files.
 */
function declarationFiles(props: PropItem[], program: ts.Program, componentFile: string): string[] {
  const wanted = new Set<string>();
  for (const prop of props) for (const d of prop.declarations ?? (prop.parent ? [prop.parent] : [])) if (!IN_NODE_MODULES.test(d.fileName)) wanted.add(d.fileName.replace(/\\/g, '/'));
  if (!wanted.size) return [];
  const found = new Set<string>();
  for (const source of program.getSourceFiles()) {
    const name = source.fileName;
    if (IN_NODE_MODULES.test(name)) continue;
    for (const short of wanted) if (name === short || name.endsWith(`/${short}`)) found.add(path.resolve(name));
  }
  found.delete(componentFile);
  return [...found];
}

/**
 * One `ComponentDocs` per set of options, for the thread: the page processors of a thread (one for `.md`,
 * one for `.mdx`) share its program, which is what costs. Keyed by the options' JSON, so a site opened
 * again with other entries gets a new one and the old one is dropped.
 */
export class ComponentDocsRegistry {
  private key = '';
  private docs: ComponentDocs | undefined;

  /** The docs for `entries` and `options`, made on the first call and after the options changed. */
  get(entries: string[], options: ParseOptions): ComponentDocs {
    const key = JSON.stringify([entries, options]);
    if (!this.docs || key !== this.key) {
      this.docs = new ComponentDocs(entries, options);
      this.key = key;
    }
    return this.docs;
  }
}
