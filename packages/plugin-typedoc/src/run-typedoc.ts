/**
 * Runs TypeDoc with typedoc-plugin-markdown in this process and returns its Markdown. Imported only when the
 * cache cannot serve the reference: loading TypeDoc and TypeScript alone costs a few hundred milliseconds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Application, Converter, Logger, LogLevel, ReflectionKind, TSConfigReader, type MinimalNode, type MinimalSourceFile, type TypeDocOptions } from 'typedoc';
import { load as loadMarkdownPlugin, type MarkdownRenderer, type NavigationItem } from 'typedoc-plugin-markdown';
import type ts from 'typescript';
import { DocgenError, type SourceLocation } from '@docgen/core';
import type { GeneratedReference } from './reference-cache.js';
import type { ReferenceNavItem } from './sidebar.js';

/** What `runTypedoc` is given. */
export interface TypedocRun {
  /** Absolute paths of the entry points, with the module name each gets when one is given. */
  entryPoints: { path: string; name?: string }[];
  /** Absolute paths of the tsconfig files; several are combined as the references of one solution tsconfig. */
  tsconfigs: string[];
  /** TypeDoc and typedoc-plugin-markdown options, the plugin's defaults included. */
  typedocOptions: Record<string, unknown>;
  /** Where paths in messages are shown from (the working directory). */
  cwd: string;
}

/** A message TypeDoc logged, without colours, with its place when TypeDoc gave one. */
export interface TypedocMessage {
  level: 'error' | 'warning';
  text: string;
  location?: SourceLocation;
}

/**
 * Runs TypeDoc: converts the entry points (type-checking the program), validates the project (TypeDoc's
 * `validation` warnings), renders Markdown into a temporary folder, reads it back and removes the folder.
 * @returns the pages, the navigation, the warnings and the input files of the output
 * @throws DocgenError `TypeDoc failed: …` with every error TypeDoc reported (options, TypeScript
 *   diagnostics, conversion, rendering), each with its file, line and column when TypeDoc gave them
 */
export async function runTypedoc(run: TypedocRun): Promise<GeneratedReference> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docgen-typedoc-'));
  try {
    return await runIn(tmp, run);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

async function runIn(tmp: string, run: TypedocRun): Promise<GeneratedReference> {
  const { default: typescript } = await import('typescript');
  const out = path.join(tmp, 'out');
  const logger = new CollectingLogger(run.cwd);
  const options: TypeDocOptions = {
    ...(run.typedocOptions as TypeDocOptions),
    entryPoints: run.entryPoints.map((e) => e.path),
    tsconfig: run.tsconfigs.length === 1 ? run.tsconfigs[0] : solutionTsconfig(tmp, run.tsconfigs),
    out,
    fileExtension: '.md',
    // Functions, not package names: TypeDoc would resolve names from the working directory. The first
    // one makes TypeDoc log to this run's logger from then on (its options are read after the plugins load).
    plugin: [
      (app: Application) => {
        logger.level = app.logger.level;
        app.logger = logger;
      },
      loadMarkdownPlugin,
    ],
  } as TypeDocOptions;
  const single = run.entryPoints.length === 1 ? run.entryPoints[0].name : undefined;
  if (single !== undefined && !('name' in run.typedocOptions)) options.name = single;
  // Only the tsconfig's `typedocOptions` besides these options: a typedoc.json or package.json found from
  // the working directory would make the output depend on files the cache does not know.
  const app = await Application.bootstrapWithPlugins(options, [new TSConfigReader()]);
  logger.throwIfErrors('its options');

  const names = new Map(run.entryPoints.filter((e) => e.name !== undefined).map((e) => [normalize(e.path), e.name!]));
  let programs: readonly ts.Program[] = [];
  app.converter.on(Converter.EVENT_BEGIN, (context) => {
    programs = context.programs;
  });
  // A module named in the options takes that name, as an `@module` tag in its file would give it.
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    if (!names.size || !reflection.kindOf(ReflectionKind.Module)) return;
    const file = context.getSymbolFromReflection(reflection)?.declarations?.find((d) => typescript.isSourceFile(d))?.getSourceFile().fileName;
    const name = file === undefined ? undefined : names.get(normalize(file));
    if (name !== undefined) reflection.name = name;
  });
  // TypeDoc's command line, not its API, applies these two options: applied here the same way.
  const strict = app.options.getValue('treatWarningsAsErrors');
  const strictValidation = strict || app.options.getValue('treatValidationWarningsAsErrors');
  logger.throwIfErrors('its options', strict ? 0 : undefined);
  const project = await app.convert();
  logger.throwIfErrors('the conversion', strict ? 0 : undefined);
  if (!project) throw new DocgenError('TypeDoc failed: the conversion gave no project, and TypeDoc reported no error');
  const beforeValidation = logger.messages.length;
  app.validate(project);
  logger.throwIfErrors('the validation', strict ? 0 : strictValidation ? beforeValidation : undefined);

  let navigation: NavigationItem[] | undefined;
  (app.renderer as unknown as MarkdownRenderer).postRenderAsyncJobs.push(async (output) => {
    navigation = output.navigation;
  });
  await app.generateOutputs(project);
  logger.throwIfErrors('the rendering', strict ? 0 : undefined);
  if (!navigation) throw new DocgenError('TypeDoc failed: typedoc-plugin-markdown gave no navigation (is another output than Markdown configured?)');

  const pages = listMarkdown(out).map((file) => ({ file, content: fs.readFileSync(path.join(out, file), 'utf8') }));
  return {
    projectName: project.name,
    pages,
    navigation: plainNavigation(navigation),
    warnings: logger.messages.filter((m) => m.level === 'warning').map((m) => m.text),
    inputs: inputsOf(programs, run),
  };
}

/** A tsconfig in `dir` whose only content is references to `tsconfigs`: TypeDoc makes one program of each. */
function solutionTsconfig(dir: string, tsconfigs: string[]): string {
  const file = path.join(dir, 'tsconfig.json');
  fs.writeFileSync(file, JSON.stringify({ files: [], references: tsconfigs.map((p) => ({ path: p })) }));
  return file;
}

/**
 * The files TypeDoc's output depends on: every source file of the programs (declaration files of packages
 * and TypeScript's own libraries included), the tsconfig files with those they extend, the package.json
 * TypeDoc takes the project's name and version from (the nearest above the entry points), and the files
 * that string options name (a `readme`, a custom CSS…).
 */
function inputsOf(programs: readonly ts.Program[], run: TypedocRun): string[] {
  const files = new Set<string>();
  for (const program of programs) {
    for (const sf of program.getSourceFiles()) files.add(path.resolve(sf.fileName));
    const configFile = program.getCompilerOptions().configFile as ts.TsConfigSourceFile | undefined;
    if (configFile) {
      files.add(path.resolve(configFile.fileName));
      for (const extended of configFile.extendedSourceFiles ?? []) files.add(path.resolve(extended));
    }
  }
  for (const tsconfig of run.tsconfigs) files.add(tsconfig);
  const common = commonDir(run.entryPoints.map((e) => path.dirname(e.path)));
  for (let dir = common; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      files.add(manifest);
      break;
    }
    if (path.dirname(dir) === dir) break;
  }
  for (const value of Object.values(run.typedocOptions).flat()) {
    if (typeof value !== 'string' || value.length > 4096) continue;
    const file = path.resolve(run.cwd, value);
    if (fs.statSync(file, { throwIfNoEntry: false })?.isFile()) files.add(file);
  }
  return [...files].sort();
}

function commonDir(dirs: string[]): string {
  return dirs.reduce((common, dir) => {
    while (!(dir === common || dir.startsWith(common.endsWith(path.sep) ? common : common + path.sep))) common = path.dirname(common);
    return common;
  });
}

/** The `.md` files under `dir`, relative, with `/` separators, sorted. */
function listMarkdown(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** The navigation with only what the sidebar uses, as plain data for the cache. */
function plainNavigation(items: NavigationItem[]): ReferenceNavItem[] {
  return items.map((item) => ({
    title: item.title,
    ...(item.path ? { path: item.path } : {}),
    ...(item.children?.length ? { children: plainNavigation(item.children) } : {}),
  }));
}

const normalize = (p: string) => path.resolve(p).split(path.sep).join('/');

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * TypeDoc's logger for one run: warnings and errors are kept (with the place TypeDoc gives: a node, or a
 * position in a file), information is printed when TypeDoc's `logLevel` asks for it.
 */
class CollectingLogger extends Logger {
  readonly messages: TypedocMessage[] = [];
  /** The place of the message being logged: `addContext` runs just before `log`, for the same message. */
  private location: SourceLocation | undefined;

  constructor(private readonly cwd: string) {
    super();
  }

  protected override addContext(message: string, _level: Exclude<LogLevel, LogLevel.None>, ...args: [MinimalNode?] | [number, MinimalSourceFile]): string {
    const [first, second] = args;
    if (first === undefined) this.location = undefined;
    else if (typeof first === 'number') this.location = this.locate(first, second as MinimalSourceFile);
    else this.location = this.locate(first.getStart(), first.getSourceFile());
    return message;
  }

  override log(message: string, level: LogLevel): void {
    super.log(message, level);
    const location = this.location;
    this.location = undefined;
    // TypeScript's diagnostics come formatted (colours, a code frame after a blank line), without addContext.
    const plain = message.replace(ANSI, '');
    const diagnostic = /^(.+?):(\d+):(\d+) - (?:error|warning) (TS\d+: [\s\S]*?)(?:\n\s*\n[\s\S]*)?$/.exec(plain);
    let text = plain.trim();
    let where = location;
    if (diagnostic) {
      const [, file, line, column, rest] = diagnostic;
      where = { file, line: Number(line), column: Number(column), lineText: lineOf(path.resolve(this.cwd, file), Number(line)) };
      text = rest.trim();
    }
    const shown = where ? `${where.file}:${where.line}:${where.column}: ${text}` : text;
    if (level === LogLevel.Error) this.messages.push({ level: 'error', text: shown, location: where });
    else if (level === LogLevel.Warn) this.messages.push({ level: 'warning', text: shown, location: where });
    else if (level >= this.level) console.log(`[typedoc] ${shown}`);
  }

  /**
   * @param warningsFrom the index of the first message from which warnings count as errors
   *   (`treatWarningsAsErrors`), undefined when none do
   * @throws DocgenError listing the errors logged so far, when there are
   */
  throwIfErrors(stage: string, warningsFrom?: number): void {
    const errors = this.messages.filter((m, i) => m.level === 'error' || (warningsFrom !== undefined && i >= warningsFrom));
    if (!errors.length) return;
    const warnings = this.messages.filter((m) => !errors.includes(m));
    const lines = [`TypeDoc failed in ${stage} with ${errors.length} error${errors.length === 1 ? '' : 's'}:`, ...errors.map((e) => `  ${e.text}`)];
    if (warnings.length) lines.push(`and ${warnings.length} warning${warnings.length === 1 ? '' : 's'}:`, ...warnings.map((w) => `  ${w.text}`));
    throw new DocgenError(
      lines.join('\n'),
      errors.map((e) => ({ message: e.text, location: e.location })),
    );
  }

  private locate(pos: number, file: MinimalSourceFile): SourceLocation {
    const { line, character } = file.getLineAndCharacterOfPosition(pos);
    const start = file.text.lastIndexOf('\n', pos - 1) + 1;
    const end = file.text.indexOf('\n', start);
    return {
      file: path.relative(this.cwd, file.fileName) || file.fileName,
      line: line + 1,
      column: character + 1,
      lineText: file.text.slice(start, end < 0 ? undefined : end),
    };
  }
}

/** Line `line` (1-based) of `file`, or undefined when the file cannot be read. */
function lineOf(file: string, line: number): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').split('\n')[line - 1]?.replace(/\r$/, '');
  } catch {
    // Only for the code frame under the message: the message itself keeps file, line and column.
    return undefined;
  }
}
