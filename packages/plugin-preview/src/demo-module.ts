/**
 * The modules a page with demos imports, and the esbuild plugin that serves them to both site bundles:
 * - `docgen-preview:runtime`: the browser components (`src/runtime/index.ts`);
 * - `docgen-preview:block/<payload>`: the code of an inline demo block. The page compiles in a worker
 *   thread, which shares no memory with the bundler, so the specifier carries the code itself (base64url
 *   JSON), with the page and the line: the bundler needs nothing else, and a changed block is a new module;
 * - `docgen-preview:iframe/<payload>`: the demo of an iframe demo page: the page file and the demo's
 *   index; the code is read back from the page when the module loads (`scanDemos`), so it is the page's
 *   current code even when the demo page was made before the page changed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DocgenPlugin } from '@docgen/core';
import { scanDemos, type DemoDefaults } from './scan-demos.js';

/** An esbuild plugin, as `DocgenPlugin.esbuild.plugins` takes it. */
export type EsbuildPlugin = NonNullable<NonNullable<DocgenPlugin['esbuild']>['plugins']>[number];

/** The prefix of every module specifier the plugin serves. */
export const SPECIFIER_PREFIX = 'docgen-preview:';
/** The browser components, as pages import them. */
export const RUNTIME_SPECIFIER = `${SPECIFIER_PREFIX}runtime`;
/** Browser code ships as TypeScript source beside `src/` and `dist/` alike. */
export const RUNTIME_ENTRY = fileURLToPath(new URL('../src/runtime/index.ts', import.meta.url));

/** What the specifier of an inline demo block carries. */
export interface BlockPayload {
  /** Absolute path of the page; its folder is where the demo's imports resolve from. */
  page: string;
  /** 1-based line of the block's opening fence in the page. */
  line: number;
  /** `tsx` or `jsx`: the esbuild loader. */
  lang: string;
  code: string;
}

/** What the specifier of an iframe demo carries. */
export interface IframePayload {
  /** Absolute path of the page that holds the demo. */
  page: string;
  /** Index of the demo among the page's iframe demos, from 0. */
  index: number;
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
const decode = <T>(text: string): T => JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as T;

/** The specifier of an inline demo block's module. */
export function blockSpecifier(payload: BlockPayload): string {
  return `${SPECIFIER_PREFIX}block/${encode(payload)}`;
}

/** The specifier of an iframe demo's module. */
export function iframeSpecifier(payload: IframePayload): string {
  return `${SPECIFIER_PREFIX}iframe/${encode(payload)}`;
}

/** Reads a specifier made by `blockSpecifier` or `iframeSpecifier`; undefined for any other. */
export function parseSpecifier(specifier: string): { kind: 'block'; payload: BlockPayload } | { kind: 'iframe'; payload: IframePayload } | undefined {
  const m = /^docgen-preview:(block|iframe)\/([\w-]+)$/.exec(specifier);
  if (!m) return undefined;
  return m[1] === 'block' ? { kind: 'block', payload: decode<BlockPayload>(m[2]) } : { kind: 'iframe', payload: decode<IframePayload>(m[2]) };
}

/**
 * The module of an inline demo block: its code after as many blank lines as precede it in the page, so
 * that esbuild's messages (a syntax error, an import it cannot resolve) give the page's own line numbers.
 */
export function blockModule(payload: BlockPayload): { contents: string; loader: 'tsx' | 'jsx'; resolveDir: string } {
  return { contents: '\n'.repeat(payload.line) + payload.code, loader: payload.lang === 'jsx' ? 'jsx' : 'tsx', resolveDir: path.dirname(payload.page) };
}

/**
 * The module of an iframe demo: the `index`-th iframe demo of the page as the page reads now.
 * @throws Error naming the page when it has no such demo (it changed since the demo pages were made:
 *   the dev server makes them again when it reopens the site)
 */
export function iframeModule(payload: IframePayload, defaults: DemoDefaults): { contents: string; loader: 'tsx' | 'jsx'; resolveDir: string } {
  const source = fs.readFileSync(payload.page, 'utf8');
  const demo = scanDemos(source, defaults).demos.filter((d) => d.mode === 'iframe')[payload.index];
  if (!demo) throw new Error(`${payload.page} has no iframe demo number ${payload.index + 1} any more: restart the dev server to make its demo pages again`);
  if (demo.kind === 'file') {
    const src = demo.src!.startsWith('.') ? demo.src! : `./${demo.src}`;
    return { contents: `export { default } from ${JSON.stringify(src)};\n`, loader: 'tsx', resolveDir: path.dirname(payload.page) };
  }
  return blockModule({ page: payload.page, line: demo.line, lang: demo.lang!, code: demo.code! });
}

/**
 * The esbuild plugin serving the modules above. Demo modules get short paths in a namespace of their own
 * (the page, the line or index, a hash of the payload), so messages and source maps stay readable.
 */
export function previewEsbuildPlugin(defaults: DemoDefaults): EsbuildPlugin {
  return {
    name: 'docgen-preview',
    setup(build) {
      build.onResolve({ filter: /^docgen-preview:/ }, (args) => {
        if (args.path === RUNTIME_SPECIFIER) return { path: RUNTIME_ENTRY };
        let parsed;
        try {
          parsed = parseSpecifier(args.path);
        } catch (error) {
          return { errors: [{ text: `docgen-preview module "${args.path.slice(0, 80)}…" is damaged: ${(error as Error).message}` }] };
        }
        if (!parsed) return { errors: [{ text: `Unknown docgen-preview module "${args.path.slice(0, 80)}"` }] };
        const hash = crypto.createHash('sha256').update(args.path).digest('hex').slice(0, 8);
        const where = parsed.kind === 'block' ? `preview-block=${parsed.payload.line}` : `iframe-demo=${parsed.payload.index + 1}`;
        return { path: `${parsed.payload.page}?${where}&${hash}`, namespace: 'docgen-preview', pluginData: parsed };
      });
      build.onLoad({ filter: /.*/, namespace: 'docgen-preview' }, (args) => {
        const parsed = args.pluginData as NonNullable<ReturnType<typeof parseSpecifier>>;
        if (parsed.kind === 'block') return blockModule(parsed.payload);
        try {
          // The page is a file esbuild watches: an edit of its demo bundles again in `docgen dev`.
          return { ...iframeModule(parsed.payload, defaults), watchFiles: [parsed.payload.page] };
        } catch (error) {
          return { errors: [{ text: (error as Error).message }] };
        }
      });
    },
  };
}
