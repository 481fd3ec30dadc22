/**
 * `renderMarkdownToHtml`: the page pipeline (same plugins, same output) rendered to an HTML string,
 * for RSS, llms output and tests.
 */
import path from 'node:path';
import { run } from '@mdx-js/mdx';
import { createElement, type ComponentType } from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { createPageCompiler, folderCompilerOptions, type PageCompiler } from './compile-page.js';

/** Options of `renderMarkdownToHtml`. */
export interface RenderMarkdownOptions {
  /** `md` (CommonMark + GFM, raw HTML allowed) or `mdx`. @default 'md' */
  format?: 'md' | 'mdx';
  /** Where relative links and images resolve from. @default process.cwd() */
  cwd?: string;
  /** Base prefixed to root-relative links. @default '/' */
  base?: string;
}

const compilers = new Map<string, PageCompiler>();

/**
 * Renders Markdown or MDX source to HTML with docgen's pipeline (GFM, containers, heading ids, shiki…).
 * MDX `import`s are not supported here (there is no bundler in this path).
 * @throws DocgenError with line and column on a syntax error, a broken relative link or bad front matter.
 */
export async function renderMarkdownToHtml(source: string, options: RenderMarkdownOptions = {}): Promise<string> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const base = options.base ?? '/';
  const key = `${cwd}\0${base}`;
  let compiler = compilers.get(key);
  if (!compiler) {
    compiler = createPageCompiler(folderCompilerOptions(cwd, base));
    compilers.set(key, compiler);
  }
  const virtualFile = path.join(cwd, options.format === 'mdx' ? 'input.mdx' : 'input.md');
  const { code } = await compiler.compile(virtualFile, source, { outputFormat: 'function-body' });
  const mod = (await run(code, { ...(jsxRuntime as object), baseUrl: import.meta.url } as Parameters<typeof run>[1])) as { default: ComponentType };
  return renderToStaticMarkup(createElement(mod.default));
}
