/**
 * The esbuild plugin that turns a site into modules: pages (`.md`/`.mdx`, compiled by the page pipeline,
 * with their page record and sidebar section), the virtual modules `docgen:site-data` and
 * `docgen:sidebar/<n>`, the `@theme` alias, and React resolved from @docgen/core so a site needs no
 * React dependency of its own and the app holds exactly one copy.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Message, OnResolveResult, PartialMessage, Plugin } from 'esbuild';
import { DocgenError } from '../../shared/errors.js';
import type { OverviewGroup, PageData, SidebarSection, SiteData } from '../../shared/types.js';
import type { CompiledPage, PageCompiler } from '../markdown/compile-page.js';
import { DamagedCacheEntry, type PageCache } from './page-cache.js';
import { readPageSource } from '../markdown/read-source.js';
import { isInsideSite } from '../markdown/page-links.js';
import { CORE_ROOT } from '../core-root.js';

/** Everything the plugin serves; built once per build and shared by the browser and server bundles. */
export interface SiteModules {
  siteData: SiteData;
  /** Page file → page record and index of its sidebar section in `sidebars` (-1: none). */
  pages: Map<string, { pageData: PageData; sidebar: number; overview?: OverviewGroup[] }>;
  sidebars: SidebarSection[];
  /** Pages compiled ahead of bundling. */
  compiled: Map<string, CompiledPage>;
  /** Fallback page's file → its original's (`RouteEntry.originalFile`): its imports resolve from the original's folder. */
  originals?: Map<string, string>;
  /**
   * A fallback page's link (`href` as compiled, base included) → the same link in the page's locale, or
   * undefined to keep it: links between pages stay in the reader's language.
   */
  localizeLink?: (file: string, href: string) => string | undefined;
  /** Compiles files met only while bundling (fragments imported by MDX). */
  compileFragment: (file: string) => Promise<CompiledPage>;
  /** Absolute path of the module `@theme` names. */
  themeEntry: string;
  /**
   * What the app itself imports as `@theme` (its `Layout` and `mdxComponents`): the default theme's `app`
   * module, which leaves out the built-in MDX components, or `themeEntry` for a site's own theme. esbuild
   * splits code by file, so an app that imported the whole theme would put every built-in into the first load
   * as soon as one page imports `@theme`.
   */
  themeAppEntry: string;
  /** Site root and public folder: what pages may import by a relative or absolute path. */
  site: { root: string; publicDir: string };
  /** Resolves after the browser bundle: asset source path → URL, so the server bundle renders the same URLs. */
  assetUrls?: Promise<Map<string, string>>;
  /** What plugins add to every page (`docgen:global-ui`): absolute module paths. */
  globalUI: {
    /** Rendered after the layout, with their props. */
    components: [string, Record<string, unknown>][];
    /** Usable in MDX by their file name. */
    mdxComponents: string[];
    styles: string[];
  };
  /** Plugins' runtime modules: specifier → JavaScript source (`addRuntimeModules`). */
  runtimeModules: Map<string, string>;
  /**
   * Code appended to each page module, given its file and compiled code: the dev server's registration of
   * the page's components with React Fast Refresh (`registrations`). None in a build.
   */
  pageSuffix?: (file: string, code: string) => string;
}

const ASSET = /\.(svg|png|jpe?g|gif|webp|avif|ico|woff2?)$/i;

const coreDir = CORE_ROOT;
const SHARED_PACKAGES = /^(react|react-dom)(\/.*)?$/;
/** The runtime's app module (the runtime ships as source). */
const APP_MODULE = /[\\/]core[\\/]src[\\/]runtime[\\/]app\.tsx$/;

/**
 * Modules the dev server's browser bundle exposes as entries of their own (`shared-<name>`, see
 * `sharedEntryPoints`), so that a page bundled alone can import the app's own instances of them by URL:
 * one React, one theme and runtime context (which holds the router).
 */
export const SHARED_SPECIFIERS = ['react', 'react/jsx-runtime', 'react-dom', '@theme', '@docgen/theme-default', '@docgen/theme-default/highlight', '@docgen/core/runtime', '@docgen/core/shared'];
/** CommonJS among them: their names are read by loading them, since `export *` cannot re-export CommonJS as ESM. */
const COMMONJS = new Set(['react', 'react/jsx-runtime', 'react-dom']);

/** Entry points of the shared modules (`specifiers`), in the `docgen-shared` namespace the plugin serves. */
export function sharedEntryPoints(specifiers: string[] = SHARED_SPECIFIERS): { in: string; out: string }[] {
  return specifiers.map((specifier) => ({ in: `docgen-shared:${specifier}`, out: `shared-${specifier.replace(/[^\w]+/g, '_')}` }));
}

/** Source of a shared module's entry: every export of `specifier`, by name. */
function sharedModule(specifier: string): string {
  if (!COMMONJS.has(specifier)) return `export * from ${JSON.stringify(specifier)};\n`;
  // Loaded as server rendering in this process loads it (production): a development React cached here first
  // would meet a production react-dom/server. Names only in the development build (`act`) are then left out;
  // a page that imports one is not bundled alone.
  process.env.NODE_ENV ??= 'production';
  const exported = createRequire(path.join(coreDir, 'package.json'))(specifier) as Record<string, unknown>;
  const names = Object.keys(exported).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default');
  return `import * as m from ${JSON.stringify(specifier)};\nexport default m.default;\nexport const { ${names.join(', ')} } = m;\n`;
}

/**
 * Creates the plugin. `server: true` keeps React and the router external (imported by absolute path,
 * so the SSR modules and `react-dom/server` share one copy).
 */
export function docgenPlugin(site: SiteModules, { server }: { server: boolean }): Plugin {
  return {
    name: 'docgen',
    setup(build) {
      build.onResolve({ filter: /^docgen:/ }, (args) => ({ path: args.path, namespace: 'docgen' }));
      build.onResolve({ filter: /^docgen-shared:/ }, (args) => ({ path: args.path.slice('docgen-shared:'.length), namespace: 'docgen-shared' }));
      build.onLoad({ filter: /.*/, namespace: 'docgen-shared' }, (args) => ({ contents: sharedModule(args.path), loader: 'js', resolveDir: site.site.root }));
      // Component pages (`.tsx`, `.jsx`) enter as pages, with their page data; the module the page wraps is
      // imported from there by the same path and resolves normally, as the component it is.
      const componentPages = [...site.pages.keys()].filter((file) => /\.[jt]sx$/.test(file));
      if (componentPages.length) {
        const filter = new RegExp(`^(${componentPages.map((f) => f.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`);
        build.onResolve({ filter }, (args) => (args.kind === 'entry-point' ? { path: args.path, namespace: 'docgen-page' } : undefined));
      }
      if (site.runtimeModules.size) {
        const names = [...site.runtimeModules.keys()].map((k) => k.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
        build.onResolve({ filter: new RegExp(`^(${names.join('|')})$`) }, (args) => ({ path: args.path, namespace: 'docgen-runtime-module' }));
        build.onLoad({ filter: /.*/, namespace: 'docgen-runtime-module' }, (args) => ({
          contents: site.runtimeModules.get(args.path)!,
          loader: 'js',
          resolveDir: site.site.root,
        }));
      }
      build.onResolve({ filter: /^@theme$/ }, (args) => ({ path: APP_MODULE.test(args.importer) ? site.themeAppEntry : site.themeEntry }));
      // The default theme by its package name (and `@theme-default`, its short name) and the runtime, always
      // from the copy beside the running docgen: a second copy would bring a second React context, and a
      // site need not depend on them itself.
      build.onResolve({ filter: /^(@docgen\/theme-default|@theme-default)(\/[\w.-]+)?$/ }, async (args) =>
        args.pluginData === 'from-core'
          ? undefined
          : build.resolve(args.path.replace(/^@theme-default/, '@docgen/theme-default'), { kind: args.kind, resolveDir: coreDir, pluginData: 'from-core' }),
      );
      build.onResolve({ filter: /^@docgen\/core\/(runtime|shared)$/ }, (args) => ({
        path: path.join(coreDir, `src/${args.path.slice('@docgen/core/'.length)}/index.ts`),
      }));
      // Resolved once per specifier and kind: every page imports `react/jsx-runtime`.
      const shared = new Map<string, Promise<OnResolveResult>>();
      build.onResolve({ filter: SHARED_PACKAGES }, (args) => {
        if (args.pluginData === 'from-core') return undefined;
        const key = `${args.kind}\0${args.path}`;
        let result = shared.get(key);
        if (!result) {
          result = build.resolve(args.path, { kind: args.kind, resolveDir: coreDir, pluginData: 'from-core' }).then((r) => {
            if (r.errors.length) return { errors: r.errors };
            return server ? { path: r.path, external: true } : { path: r.path, sideEffects: r.sideEffects };
          });
          shared.set(key, result);
        }
        return result;
      });

      // Pages and fragments live in the `docgen-page` namespace, so the hook below sees only their imports
      // (a catch-all hook on every import of the graph would cost a round trip to JavaScript each).
      build.onResolve({ filter: /\.mdx?$/ }, async (args) => {
        if (args.pluginData === 'docgen-mdx') return undefined;
        let file: string;
        if (path.isAbsolute(args.path)) file = args.path;
        else if (args.path.startsWith('.')) file = path.resolve(args.resolveDir, args.path);
        else {
          const result = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'docgen-mdx' });
          if (result.errors.length) return { errors: result.errors };
          file = result.path;
        }
        if (!fs.existsSync(file)) {
          return { errors: [{ text: `Could not resolve "${args.path}"`, location: args.namespace === 'docgen-page' ? locateInSource(args.importer, args.path) : null }] };
        }
        if (args.namespace === 'docgen-page' && isPathSpecifier(args.path) && !isInsideSite(file, site.site)) {
          return { errors: [{ text: outsideMessage(args.path, file), location: locateInSource(args.importer, args.path) }] };
        }
        return { path: file, namespace: 'docgen-page' };
      });

      // Compiled MDX is not the source the author wrote: an import that cannot be resolved is reported
      // at the specifier's place in the page's own source, not in the generated JavaScript.
      build.onResolve({ filter: /.*/, namespace: 'docgen-page' }, async (args) => {
        if (args.pluginData === 'docgen-mdx') return undefined;
        const result = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'docgen-mdx' });
        if (result.errors.length === 0 && isPathSpecifier(args.path) && !result.external && result.path && !isInsideSite(result.path, site.site)) {
          // A package (a bare name) may live anywhere; a path must stay inside the site.
          return { errors: [{ text: outsideMessage(args.path, result.path), location: locateInSource(args.importer, args.path) }] };
        }
        if (result.errors.length === 0) {
          // An import without its extension (`./_intro`) that found a page file is a page or fragment too.
          if (!result.external && /\.mdx?$/.test(result.path) && result.namespace === 'file') return { path: result.path, namespace: 'docgen-page' };
          return { path: result.path, external: result.external, namespace: result.namespace, sideEffects: result.sideEffects, pluginData: result.pluginData };
        }
        return { errors: [{ text: `Could not resolve "${args.path}"`, location: locateInSource(args.importer, args.path) }] };
      });

      if (server) {
        build.onLoad({ filter: ASSET }, async (args) => {
          const url = (await site.assetUrls)?.get(args.path);
          return url ? { contents: `export default ${JSON.stringify(url)};`, loader: 'js' } : undefined;
        });
      }

      build.onLoad({ filter: /.*/, namespace: 'docgen' }, (args) => {
        if (args.path === 'docgen:site-data') return { contents: `export default ${JSON.stringify(site.siteData)};`, loader: 'js' };
        if (args.path === 'docgen:global-ui') return { contents: globalUIModule(site.globalUI), loader: 'js', resolveDir: site.site.root };
        const m = /^docgen:sidebar\/(\d+)$/.exec(args.path);
        if (m) return { contents: `export default ${JSON.stringify(site.sidebars[Number(m[1])])};`, loader: 'js' };
        return { errors: [{ text: `Unknown docgen module ${args.path}` }] };
      });

      build.onLoad({ filter: /.*/, namespace: 'docgen-page' }, async (args) => {
        let code: string;
        try {
          code = await codeOf(site, args.path);
        } catch (error) {
          return { errors: toEsbuildMessages(error) };
        }
        return { contents: pageModuleSource(site, args.path, code), loader: 'js', resolveDir: path.dirname(site.originals?.get(args.path) ?? args.path), watchFiles: [args.path] };
      });
    },
  };
}

/**
 * The compiled code of a page or fragment file. A page whose cached code turns out damaged when read
 * (`DamagedCacheEntry`, its entry is gone by then) is compiled again here, in this thread.
 * @throws DocgenError when the file does not compile
 */
async function codeOf(site: SiteModules, file: string): Promise<string> {
  const compiled = site.compiled.get(file);
  if (!compiled) return (await site.compileFragment(file)).code;
  try {
    return compiled.code;
  } catch (error) {
    if (!(error instanceof DamagedCacheEntry)) throw error;
    return (await site.compileFragment(site.originals?.get(file) ?? file)).code;
  }
}

/**
 * What the plugin serves for a page or fragment file: its compiled `code` and, for a routed page, its page
 * record, sidebar section (`docgen:sidebar/<n>`) and overview.
 */
export function pageModuleSource(site: SiteModules, file: string, code: string): string {
  const page = site.pages.get(file);
  let contents = code;
  const { localizeLink } = site;
  if (localizeLink && site.originals?.has(file)) {
    // Only `href` props: a string elsewhere (a code block's text) that looks like a route stays as written.
    contents = contents.replace(/(\bhref:\s*)"([^"\\]+)"/g, (whole, prop: string, href: string) => {
      const localized = localizeLink(file, href);
      return localized === undefined ? whole : `${prop}${JSON.stringify(localized)}`;
    });
  }
  if (site.pageSuffix) contents += site.pageSuffix(file, code);
  if (page) {
    contents += `\nexport const pageData = ${JSON.stringify(page.pageData)};\n`;
    contents += page.sidebar >= 0 ? `export { default as sidebar } from 'docgen:sidebar/${page.sidebar}';\n` : 'export const sidebar = null;\n';
    if (page.overview) contents += `export const overview = ${JSON.stringify(page.overview)};\n`;
  }
  return contents;
}

/**
 * Source of `docgen:global-ui`: imports the plugins' global styles and components, exports the components
 * to render on every page (with props) and those MDX pages use by name (`Alert.tsx` → `Alert`).
 */
function globalUIModule({ components, mdxComponents, styles }: SiteModules['globalUI']): string {
  const lines = styles.map((file) => `import ${JSON.stringify(file)};`);
  components.forEach(([file], i) => lines.push(`import C${i} from ${JSON.stringify(file)};`));
  mdxComponents.forEach((file, i) => lines.push(`import M${i} from ${JSON.stringify(file)};`));
  lines.push(`export const globalUIComponents = [${components.map(([, props], i) => `[C${i}, ${JSON.stringify(props)}]`).join(', ')}];`);
  const named = mdxComponents.map((file, i) => `${JSON.stringify(path.basename(file).replace(/\.[^.]+$/, ''))}: M${i}`);
  lines.push(`export const globalMdxComponents = { ${named.join(', ')} };`);
  return lines.join('\n');
}

/** A relative or absolute specifier (`./x`, `../x`, `/x`), as opposed to a package name. */
function isPathSpecifier(specifier: string): boolean {
  return /^(\.{1,2}(\/|$)|\/)/.test(specifier) || path.isAbsolute(specifier);
}

function outsideMessage(specifier: string, file: string): string {
  return `Import "${specifier}" leads outside the site (${fs.realpathSync(file)}): pages may import files inside the site root or the public folder, and packages`;
}

/**
 * Compiles fragments on demand, through the page cache; each file once per compiler made here (the link
 * check and the bundler of one build share the result, a failure included).
 */
export function fragmentCompiler(compiler: PageCompiler, cache: PageCache, optionsKey: string) {
  const compiled = new Map<string, Promise<CompiledPage>>();
  const compile = async (file: string): Promise<CompiledPage> => {
    const source = readPageSource(file);
    const key = cache.key(file, source, optionsKey);
    const hit = cache.get(key);
    try {
      // Fragments are few: their code is checked now, so that a damaged one is compiled again below.
      if (hit?.code !== undefined) return hit;
    } catch (error) {
      if (!(error instanceof DamagedCacheEntry)) throw error;
    }
    const page = await compiler.compile(file, source);
    cache.set(key, page);
    return page;
  };
  return (file: string): Promise<CompiledPage> => {
    let page = compiled.get(file);
    if (!page) compiled.set(file, (page = compile(file)));
    return page;
  };
}

/** Line and column of the first quoted occurrence of `specifier` in `file`, for error messages. */
/** Where `specifier` is imported in the source of `file` (a page's MDX, not the JavaScript it compiles to). */
export function locateInSource(file: string, specifier: string): PartialMessage['location'] {
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const column = Math.max(lines[i].indexOf(`'${specifier}'`), lines[i].indexOf(`"${specifier}"`));
    if (column >= 0) return { file: path.relative(process.cwd(), file), line: i + 1, column, lineText: lines[i] };
  }
  return { file: path.relative(process.cwd(), file) };
}

function toEsbuildMessages(error: unknown): PartialMessage[] {
  if (error instanceof DocgenError && error.locations.length) {
    return error.locations.map(({ message, location }) => ({
      text: message,
      location: location ? { file: location.file, line: location.line, column: location.column - 1, lineText: location.lineText ?? '' } : null,
    }));
  }
  return [{ text: (error as Error).message }];
}

/** Throws a DocgenError for esbuild's failure, each message with its file, line, column and line text. */
export function esbuildFailure(error: unknown): never {
  const errors = (error as { errors?: Message[] }).errors;
  if (!errors?.length) throw error;
  // Pages live in the `docgen-page` namespace: show their paths as the files they are.
  for (const e of errors) {
    if (e.location?.file.startsWith('docgen-page:')) {
      const file = e.location.file.slice('docgen-page:'.length);
      e.location.file = path.relative(process.cwd(), file) || file;
    }
  }
  throw new DocgenError(
    errors.map((e) => (e.location ? `${e.location.file}:${e.location.line}:${e.location.column + 1}: ${e.text}` : e.text)).join('\n'),
    errors.map((e) => ({
      message: e.text,
      location: e.location ? { file: e.location.file, line: e.location.line, column: e.location.column + 1, lineText: e.location.lineText } : undefined,
    })),
  );
}
