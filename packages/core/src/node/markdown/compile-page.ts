/**
 * The page compile pipeline, top to bottom: front matter (gray-matter) → parse (remark-parse, + remark-mdx
 * for `.mdx`) → GFM → containers → GitHub alerts → heading ids → title and TOC → links → assets → user
 * remark plugins → rehype (+ rehype-raw for `.md`) → shiki → heading anchors → user rehype plugins → search sections → JavaScript (ESM, React
 * automatic runtime). One compiler serves many pages; it holds no per-page state.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { createProcessor } from '@mdx-js/mdx';
import { nodeTypes } from '@mdx-js/mdx';
import rehypeRaw, { type Options as RehypeRawOptions } from 'rehype-raw';
import type { Root as HastRoot } from 'hast';
import remarkGfm from 'remark-gfm';
import type { PluggableList, Processor } from 'unified';
import { VFile } from 'vfile';
import { DocgenError, type SourceLocation } from '../../shared/errors.js';
import type { LinkContext } from './page-links.js';
import { rehypeHeadingAnchors } from './rehype-heading-anchors.js';
import type { ShikiTransformer } from 'shiki';
import { rehypeCodeMeta, rehypeShiki, type HighlightMemo, type RehypeShikiOptions } from './rehype-shiki.js';
import { remarkAssets } from './remark-assets.js';
import { normalizeContainerTitles, remarkContainers } from './remark-containers.js';
import { remarkExtractToc } from './remark-extract-toc.js';
import { remarkGithubAlerts } from './remark-github-alerts.js';
import { escapeCustomHeadingIds, remarkHeadingIds } from './remark-heading-ids.js';
import { remarkLinks } from './remark-links.js';
import { rehypeSearchSections } from './rehype-search-sections.js';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import { rehypeCollectAnchors, rehypeUrlChecks } from './rehype-url-checks.js';
import './vfile-data.js';
import type { SourceInsertion } from './source-lines.js';
import { findExcessNesting, LARGE_PAGE_BYTES, MAX_NESTING_DEPTH } from './check-nesting.js';
import { displayPath } from '../display-path.js';
import { locatedError, parseFrontMatter, titleFromFileName } from './front-matter.js';

export { parseFrontMatter, titleFromFileName } from './front-matter.js';

/** Options of a page compiler; plain data, so a worker thread can receive them. */
export interface CompilerOptions extends LinkContext {
  showLineNumbers: boolean;
  defaultWrapCode: boolean;
  shiki: { lightTheme?: string; darkTheme?: string; langs?: string[]; transformers?: (string | [string, unknown])[] };
  /** Module names or paths, optionally with options: `['remark-foo', ['./plugins/bar.js', { x: 1 }]]`. */
  remarkPlugins: (string | [string, unknown])[];
  rehypePlugins: (string | [string, unknown])[];
  /**
   * Run rehype-sanitize on `.md` pages (`markdown.sanitize`), for sites that take pages from others; `.mdx`
   * pages are refused then, because they run code that no sanitiser can make safe. @default false
   */
  sanitize?: boolean;
}

export type { CompiledPage, PageWarning } from './compiled-page.js';
import type { CompiledPage, PageWarning } from './compiled-page.js';

/**
 * Options for pages of one folder with docgen's defaults (no locales, no user plugins): what
 * `renderMarkdownToHtml` uses.
 */
export function folderCompilerOptions(root: string, base = '/'): CompilerOptions {
  return {
    root,
    base,
    locales: [{ dir: root, prefix: '' }],
    excludeFragments: true,
    htmlLinks: false,
    showLineNumbers: false,
    defaultWrapCode: false,
    shiki: {},
    remarkPlugins: [],
    rehypePlugins: [],
  };
}

/** A compiler bound to one site's options. */
export interface PageCompiler {
  /**
   * Compiles `source` (the content of `filePath`; `.md` as Markdown, anything else as MDX). `highlights`:
   * the page's code blocks as last highlighted with these options, updated with this compile's.
   * @throws DocgenError with the file, line, column and offending line.
   */
  compile(filePath: string, source: string, opts?: { outputFormat?: 'program' | 'function-body'; highlights?: HighlightMemo }): Promise<CompiledPage>;
}

/** Creates a compiler; the highlighter and user plugins load once, on first use. */
export function createPageCompiler(options: CompilerOptions): PageCompiler {
  const shikiOptions: RehypeShikiOptions = {
    lightTheme: options.shiki.lightTheme,
    darkTheme: options.shiki.darkTheme,
    langs: options.shiki.langs,
    showLineNumbers: options.showLineNumbers,
    defaultWrapCode: options.defaultWrapCode,
    cache: {},
  };
  let userPlugins: Promise<{ remark: PluggableList; rehype: PluggableList; transformers: ShikiTransformer[] }> | undefined;
  const processors = new Map<string, ReturnType<typeof createProcessor>>();

  const processorFor = async (format: 'md' | 'mdx', outputFormat: 'program' | 'function-body') => {
    const key = `${format}:${outputFormat}`;
    let processor = processors.get(key);
    if (processor) return processor;
    userPlugins ??= loadUserPlugins(options);
    const user = await userPlugins;
    shikiOptions.transformers = user.transformers;
    processor = createProcessor({
      format,
      outputFormat,
      jsx: false,
      development: false,
      remarkPlugins: [
        remarkGfm,
        remarkContainers,
        remarkGithubAlerts,
        remarkHeadingIds,
        remarkExtractToc,
        [remarkLinks, options],
        [remarkAssets, options],
        ...user.remark,
      ],
      rehypePlugins: [
        ...(format === 'md' ? [rehypeCodeMeta, [rehypeRawWhenNeeded, { passThrough: nodeTypes }] as const] : []),
        rehypeUrlChecks,
        ...(options.sanitize && format === 'md' ? [[rehypeSanitize, SANITIZE_SCHEMA] as const] : []),
        [rehypeShiki, shikiOptions],
        rehypeHeadingAnchors,
        ...user.rehype,
        rehypeCollectAnchors,
        rehypeSearchSections,
      ] as PluggableList,
    });
    processors.set(key, processor);
    return processor;
  };

  return {
    async compile(filePath, input, opts = {}) {
      const source = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
      // Loaded on first use: its parser costs every page worker time at start, and most sites have no component page.
      if (/\.[jt]sx$/.test(filePath)) return (await import('./compile-component-page.js')).compileComponentPage(filePath, source);
      const warnings: PageWarning[] = [];
      if (options.sanitize && !filePath.endsWith('.md')) {
        throw locatedError('markdown.sanitize is on, and MDX pages run code that sanitising cannot make safe: rename the page to .md or turn sanitize off', filePath, source, 1, 1);
      }
      const { frontmatter, body } = parseFrontMatter(filePath, source, warnings);
      const tooDeep = findExcessNesting(body);
      if (tooDeep) {
        throw locatedError(`${tooDeep.kind} nest deeper than ${MAX_NESTING_DEPTH} levels here; docgen stops there rather than overflow`, filePath, source, tooDeep.line, tooDeep.column);
      }
      const bytes = Buffer.byteLength(source);
      if (bytes > LARGE_PAGE_BYTES) {
        warnings.push({ message: `${displayPath(filePath)} is ${(bytes / 1024 / 1024).toFixed(1)} MB, larger than ${LARGE_PAGE_BYTES / 1024 / 1024} MB: it builds, slowly; consider splitting it` });
      }
      const format = filePath.endsWith('.md') ? 'md' : 'mdx';
      const escaped: SourceInsertion[] = [];
      const titled: SourceInsertion[] = [];
      const prepared = normalizeContainerTitles(format === 'mdx' ? escapeCustomHeadingIds(body, escaped) : body, titled);
      const file = new VFile({ path: filePath, value: prepared });
      file.data.sourceInsertions = [escaped, titled];
      file.data.frontmatter = frontmatter;
      file.data.assets = [];
      file.data.dependencies = [];
      file.data.highlights = opts.highlights;
      file.data.root = options.root;
      file.data.lang = localeOf(options.locales, filePath)?.lang;
      try {
        const processor = await processorFor(format, opts.outputFormat ?? 'program');
        const out = await processor.process(file);
        if (!file.data.title) {
          file.data.title = titleFromFileName(filePath);
          warnings.push({ message: `${displayPath(filePath)} has no title (no front matter title, no # heading): the sidebar shows "${file.data.title}"`, location: { file: displayPath(filePath), line: 1, column: 1 } });
        }
        const locate = locator(filePath, source);
        return {
          code: String(out.value),
          title: file.data.title ?? '',
          toc: file.data.toc ?? [],
          frontmatter,
          assets: file.data.assets,
          dependencies: [...new Set(file.data.dependencies)],
          sections: file.data.searchSections ?? [],
          links: file.data.links ?? [],
          anchors: file.data.anchors ?? [],
          fragmentImports: file.data.fragmentImports ?? [],
          warnings: [
            ...warnings,
            // Non-fatal messages of the pipeline: dead links at checkDeadLinks: 'warn'.
            ...file.messages.map((m) => ({
              message: m.reason,
              location: locate(m.line ?? 1, m.column ?? 1),
            })),
          ],
        };
      } catch (error) {
        throw toSourceError(error, filePath, source);
      }
    },
  };
}

/**
 * GitHub's sanitising schema (rehype-sanitize's default), keeping what docgen's own Markdown output needs:
 * heading ids as written (no `user-content-` prefix; anchors and the TOC use them), classes (containers,
 * code languages), `data-*` (code block meta), lazy loading of images, and `data:` image sources
 * (`rehypeUrlChecks`, run before, allows `data:` in `src` of images only, and only `data:image/…`).
 * Code highlighting runs after it, so its classes and styles stay.
 */
const SANITIZE_SCHEMA: SanitizeSchema = {
  ...defaultSchema,
  clobberPrefix: '',
  protocols: { ...defaultSchema.protocols, src: [...(defaultSchema.protocols?.src ?? []), 'data'] },
  attributes: {
    ...defaultSchema.attributes,
    '*': [...(defaultSchema.attributes?.['*'] ?? []), 'className', 'id', 'data*'],
    img: [...(defaultSchema.attributes?.img ?? []), 'loading', 'decoding'],
  },
};

/**
 * rehype-raw, run only on trees that hold raw HTML: it re-parses the whole tree with parse5, the
 * costliest step for pages that need none of it.
 */
function rehypeRawWhenNeeded(this: Processor, options: RehypeRawOptions) {
  const transform = rehypeRaw.call(this, options) as (tree: HastRoot, file: VFile) => HastRoot;
  return (tree: HastRoot, file: VFile) => (hasRaw(tree) ? transform(tree, file) : undefined);
}

function hasRaw(node: { type: string; children?: unknown[] }): boolean {
  if (node.type === 'raw') return true;
  return (node.children as { type: string }[] | undefined)?.some((c) => hasRaw(c)) ?? false;
}

/**
 * Locations in one source for many messages: the source is split into lines once, on the first call, so
 * a page with thousands of warnings costs one pass, not one per warning.
 */
function locator(filePath: string, source: string): (line: number, column: number) => SourceLocation {
  let lines: string[] | undefined;
  return (line, column) => {
    lines ??= source.split(/\r?\n/);
    return { file: displayPath(filePath), line, column, lineText: lines[line - 1] ?? '' };
  };
}

/** Maps a VFileMessage (or any error) of the pipeline to a DocgenError with a location when one is known. */
function toSourceError(error: unknown, filePath: string, source: string): Error {
  if (error instanceof DocgenError) return error;
  const e = error as { reason?: string; message?: string; line?: number; column?: number; place?: { line?: number; column?: number; start?: { line: number; column: number } } };
  const reason = e.reason ?? e.message ?? String(error);
  // Some parser errors carry their place only in the text: `… (5:1-5:6)`.
  const inText = /\((\d+):(\d+)(?:-\d+:\d+)?\)/.exec(reason);
  const line = e.line ?? e.place?.line ?? e.place?.start?.line ?? (inText ? Number(inText[1]) : undefined);
  const column = e.column ?? e.place?.column ?? e.place?.start?.column ?? (inText ? Number(inText[2]) : undefined);
  if (line) return locatedError(reason, filePath, source, line, column ?? 1);
  return new DocgenError(`${displayPath(filePath)}: ${reason}`, [{ message: reason, location: { file: displayPath(filePath), line: 1, column: 1 } }]);
}


async function loadUserPlugins(options: CompilerOptions): Promise<{ remark: PluggableList; rehype: PluggableList; transformers: ShikiTransformer[] }> {
  const require = createRequire(path.join(options.root, 'noop.js'));
  const load = async (list: (string | [string, unknown])[]) =>
    Promise.all(
      list.map(async (entry) => {
        const [name, opts] = Array.isArray(entry) ? entry : [entry, undefined];
        const resolved = name.startsWith('.') ? path.resolve(options.root, name) : require.resolve(name);
        // The mtime in the URL makes a long-lived process (dev server) load an edited plugin afresh.
        const mod = (await import(`${pathToFileURL(resolved).href}?mtime=${fs.statSync(resolved).mtimeMs}`)) as { default: unknown };
        return (opts === undefined ? mod.default : [mod.default, opts]) as PluggableList[number];
      }),
    );
  const transformers = (await load(options.shiki.transformers ?? [])).map((loaded, i): ShikiTransformer => {
    const [value, opts] = Array.isArray(loaded) ? loaded : [loaded, undefined];
    const transformer = typeof value === 'function' ? (value as (o: unknown) => unknown)(opts) : value;
    if (!transformer || typeof transformer !== 'object') {
      const entry = options.shiki.transformers![i];
      throw new DocgenError(`markdown.shiki.transformers[${i}]: ${Array.isArray(entry) ? entry[0] : entry} does not export a shiki transformer (an object of hooks, or a function returning one) as its default export`);
    }
    return transformer as ShikiTransformer;
  });
  return { remark: await load(options.remarkPlugins), rehype: await load(options.rehypePlugins), transformers };
}

/** The locale whose folder holds `filePath` (the deepest one: the default locale's folder may be the root). */
function localeOf<T extends { dir: string }>(locales: T[], filePath: string): T | undefined {
  let found: T | undefined;
  for (const locale of locales) {
    if (filePath.startsWith(locale.dir + path.sep) && (!found || locale.dir.length > found.dir.length)) found = locale;
  }
  return found;
}
