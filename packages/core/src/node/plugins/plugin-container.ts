/**
 * The plugin container: the only code that calls plugin hooks. Sequential hooks run in plugin order
 * (`enforce: 'pre'` plugins first, `'post'` last), what a hook returns is validated, and every error a hook
 * throws or causes is a DocgenError `[plugin-name] hook: message`, so a user sees which plugin failed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin as EsbuildPlugin } from 'esbuild';
import type { z } from 'zod';
import type { ResolvedConfig } from '../../config/load-config.js';
import type { UserConfig } from '../../config/schema.js';
import { formatIssue } from '../../config/validate.js';
import { DocgenError } from '../../shared/errors.js';
import type { PageData } from '../../shared/types.js';
import type { HeadTag } from '../pipeline/html-template.js';
import type { RouteEntry } from '../routes/scan-routes.js';
import {
  addedPagesSchema,
  headTagsSchema,
  i18nSourceSchema,
  navigationSchema,
  pluginSchema,
  runtimeModulesSchema,
  type AddedPage,
  type AfterBuildEnv,
  type DocgenPlugin,
  type HookEnv,
  type I18nSource,
  type LocaleNavigation,
  type MarkdownPluginEntry,
} from './plugin.js';

/**
 * Validates `plugins` (the config's list, before its hooks ran) and puts them in running order.
 * @throws DocgenError naming the plugin and the option for a wrong shape (`plugins[1] (my-plugin): afterBuld is not a known option`)
 *   and for two plugins of one name
 */
export function orderPlugins(plugins: unknown, where = 'config'): DocgenPlugin[] {
  if (plugins === undefined) return [];
  if (!Array.isArray(plugins)) throw new DocgenError(`Invalid config in ${where}:\n  plugins is not an array`);
  const problems: string[] = [];
  const names = new Set<string>();
  plugins.forEach((plugin, i) => {
    const result = pluginSchema.safeParse(plugin);
    const given = (plugin as { name?: unknown } | null)?.name;
    const name = typeof given === 'string' && given ? ` (${given})` : '';
    if (!result.success) {
      for (const issue of result.error.issues) {
        for (const line of formatIssue(issue, plugin).split('\n')) problems.push(`plugins[${i}]${name}: ${line}`);
      }
      return;
    }
    if (names.has(result.data.name)) problems.push(`plugins[${i}]${name}: another plugin has the name ${result.data.name}`);
    names.add(result.data.name);
  });
  if (problems.length) throw new DocgenError(`Invalid config in ${where}:\n  ${problems.join('\n  ')}`);
  const rank = (p: DocgenPlugin) => (p.enforce === 'pre' ? 0 : p.enforce === 'post' ? 2 : 1);
  return [...(plugins as DocgenPlugin[])].sort((a, b) => rank(a) - rank(b)); // a stable sort keeps the listed order
}

/**
 * Runs the `config` hooks of `plugins` on `config` in order; a plugin a hook adds (`utils.addPlugin`) is
 * validated and its own hook runs after the current one.
 * @returns the changed config, its `plugins` the full ordered list
 * @throws DocgenError `[name] config: message` when a hook throws or returns something other than an object
 */
export async function runConfigHooks(config: UserConfig, { isProd, where }: { isProd: boolean; where: string }): Promise<UserConfig> {
  let current = config;
  const queue = orderPlugins(current.plugins, where);
  const all: DocgenPlugin[] = [];
  for (let i = 0; i < queue.length; i++) {
    const plugin = queue[i];
    all.push(plugin);
    if (!plugin.config) continue;
    const added: DocgenPlugin[] = [];
    const result = await call(plugin, 'config', () => plugin.config!(current, { isProd, addPlugin: (p) => void added.push(p) }));
    if (result !== undefined) {
      if (result === null || typeof result !== 'object' || Array.isArray(result)) throw hookError(plugin, 'config', 'must return the config object or nothing');
      current = result;
    }
    if (added.length) queue.splice(i + 1, 0, ...orderPlugins([...all, ...added], where).slice(all.length));
  }
  return { ...current, plugins: orderPlugins(all, where) };
}

/** Calls the hooks of a site's plugins during a build. */
export class PluginContainer {
  readonly plugins: DocgenPlugin[];
  private readonly isProd: boolean;
  private readonly cacheRoot: string | null;
  private readonly onWarning: (message: string) => void;
  private readonly log: boolean;

  /**
   * `plugins` in running order (the resolved config's `plugins`); `cacheRoot` is the folder of the plugins'
   * cache folders (`HookEnv.cacheDir`), null for a build without its cache; `onWarning` gets what plugins
   * report with `HookEnv.warn`, `[name] message`; `log: false` silences `HookEnv.info`.
   */
  constructor(
    plugins: DocgenPlugin[],
    { isProd, cacheRoot = null, onWarning = () => {}, log = true }: { isProd: boolean; cacheRoot?: string | null; onWarning?: (message: string) => void; log?: boolean },
  ) {
    this.plugins = plugins;
    this.isProd = isProd;
    this.cacheRoot = cacheRoot;
    this.onWarning = onWarning;
    this.log = log;
  }

  /** The hook environment of `plugin`, with its own cache folder. */
  private env(plugin: DocgenPlugin): HookEnv {
    return {
      isProd: this.isProd,
      cacheDir: this.cacheRoot && path.join(this.cacheRoot, plugin.name.replace(/[^\w.@-]/g, '_')),
      warn: (message) => this.onWarning(`[${plugin.name}] ${message}`),
      info: (message) => {
        if (this.log) console.log(`[${plugin.name}] ${message}`);
      },
    };
  }

  /** The plugins' remark or rehype plugins, in plugin order. */
  markdownPlugins(kind: 'remarkPlugins' | 'rehypePlugins'): MarkdownPluginEntry[] {
    return this.plugins.flatMap((p) => p.markdown?.[kind] ?? []);
  }

  /**
   * Module paths of the components MDX pages may use without importing them.
   * @throws DocgenError `[name] markdown.globalComponents: … does not exist`
   */
  globalComponents(): string[] {
    return this.plugins.flatMap((p) => existing(p, 'markdown.globalComponents', p.markdown?.globalComponents ?? []));
  }

  /**
   * Components rendered on every page, with their props.
   * @throws DocgenError `[name] globalUIComponents: … does not exist`
   */
  globalUIComponents(): [string, Record<string, unknown>][] {
    return this.plugins.flatMap((p) => {
      const entries = (p.globalUIComponents ?? []).map((c): [string, Record<string, unknown>] => (typeof c === 'string' ? [c, {}] : c));
      existing(p, 'globalUIComponents', entries.map(([file]) => file));
      return entries;
    });
  }

  /**
   * The plugins' head tags, in plugin order; `head` functions are called with `config`.
   * @throws DocgenError `[name] head: …` when a function throws or returns tags of the wrong shape
   */
  async headTags(config: ResolvedConfig): Promise<HeadTag[]> {
    const tags: HeadTag[] = [];
    for (const p of this.plugins) {
      const head = p.head;
      if (typeof head === 'function') tags.push(...validated(p, 'head', headTagsSchema, await call(p, 'head', () => head(config))));
      else if (head) tags.push(...head);
    }
    return tags;
  }

  /**
   * Stylesheets loaded on every page.
   * @throws DocgenError `[name] globalStyles: … does not exist`
   */
  globalStyles(): string[] {
    return this.plugins.flatMap((p) => existing(p, 'globalStyles', p.globalStyles ? [p.globalStyles] : []));
  }

  /** Whether a plugin has the hook `name`. */
  hasHook(name: keyof DocgenPlugin): boolean {
    return this.plugins.some((p) => p[name] !== undefined);
  }

  async beforeBuild(config: ResolvedConfig): Promise<void> {
    for (const p of this.plugins) if (p.beforeBuild) await call(p, 'beforeBuild', () => p.beforeBuild!(config, this.env(p)));
  }

  /** Runs `afterBuild` of every plugin; `navigation` is the build's nav and sidebars by language. */
  async afterBuild(config: ResolvedConfig, routes: RouteEntry[], navigation: AfterBuildEnv['navigation']): Promise<void> {
    for (const p of this.plugins) {
      if (p.afterBuild) await call(p, 'afterBuild', () => p.afterBuild!(config, { ...this.env(p), outDir: config.outDir, routes, navigation }));
    }
  }

  /** Each plugin's added pages, validated, with the plugin that added them. */
  /** `routes`: the routes of the content folders' files, given to each hook as a copy. */
  async addPages(config: ResolvedConfig, routes: RouteEntry[]): Promise<{ plugin: string; page: AddedPage }[]> {
    const out: { plugin: string; page: AddedPage }[] = [];
    for (const p of this.plugins) {
      if (!p.addPages) continue;
      const pages = validated(p, 'addPages', addedPagesSchema, await call(p, 'addPages', () => p.addPages!(config, { ...this.env(p), routes: routes.map((r) => ({ ...r })) })));
      for (const page of pages) out.push({ plugin: p.name, page });
    }
    return out;
  }

  /**
   * Runs `extendNavigation` of every plugin on each locale's navigation (of every version; keyed by locale prefix), in place.
   * @throws DocgenError `[name] extendNavigation: …` when a hook throws or leaves a nav or sidebar of the
   *   wrong shape (`sidebars[0].items[1].text is required`)
   */
  async extendNavigation(config: ResolvedConfig, navigation: Map<string, LocaleNavigation>): Promise<void> {
    for (const p of this.plugins) {
      if (!p.extendNavigation) continue;
      for (const locale of config.contentLocales) {
        const current = navigation.get(locale.prefix);
        if (!current) continue;
        const env = { ...this.env(p), lang: locale.lang, prefix: locale.prefix, version: locale.version, config };
        const next = validated(p, 'extendNavigation', navigationSchema, (await call(p, 'extendNavigation', () => p.extendNavigation!(current, env))) ?? current);
        navigation.set(locale.prefix, { nav: next.nav, sidebars: [...next.sidebars].sort((a, b) => b.prefix.length - a.prefix.length) });
      }
    }
  }

  async routeGenerated(routes: RouteEntry[]): Promise<void> {
    // A copy per plugin: the route list is the build's; a hook reads it.
    for (const p of this.plugins) if (p.routeGenerated) await call(p, 'routeGenerated', () => p.routeGenerated!(routes.map((r) => ({ ...r })), this.env(p)));
  }

  /**
   * Runs `extendPageData` of every plugin on `pageData` (in place); `filePath` is the page's source.
   * @throws DocgenError `[name] extendPageData: …` when a hook throws, returns a non-object, or leaves data
   *   that JSON cannot carry to the browser
   */
  async extendPageData(pageData: PageData, filePath: string): Promise<void> {
    for (const p of this.plugins) {
      if (!p.extendPageData) continue;
      const fields = await call(p, 'extendPageData', () => p.extendPageData!(pageData, { ...this.env(p), filePath }));
      if (fields !== undefined) {
        if (fields === null || typeof fields !== 'object' || Array.isArray(fields)) throw hookError(p, 'extendPageData', 'must return an object of fields or nothing');
        Object.assign(pageData, fields);
      }
      try {
        JSON.stringify(pageData);
      } catch (error) {
        throw hookError(p, 'extendPageData', `left page data of ${pageData.routePath} that cannot be sent to the browser: ${(error as Error).message}`);
      }
    }
  }

  /** Every plugin's runtime modules, by specifier; a specifier given twice is an error naming both plugins. */
  async runtimeModules(config: ResolvedConfig): Promise<Map<string, string>> {
    const modules = new Map<string, string>();
    const owner = new Map<string, string>();
    for (const p of this.plugins) {
      if (!p.addRuntimeModules) continue;
      const added = validated(p, 'addRuntimeModules', runtimeModulesSchema, await call(p, 'addRuntimeModules', () => p.addRuntimeModules!(config, this.env(p))));
      for (const [specifier, source] of Object.entries(added)) {
        if (owner.has(specifier)) throw hookError(p, 'addRuntimeModules', `the module ${specifier} is added by ${owner.get(specifier)} too`);
        owner.set(specifier, p.name);
        modules.set(specifier, source);
      }
    }
    return modules;
  }

  /**
   * The plugins' UI strings: each `i18nSource` hook in turn gets the strings so far and returns them.
   * @returns key → language → text
   * @throws DocgenError `[name] i18nSource: …` when a hook throws or returns a wrong shape
   */
  async i18nSource(): Promise<I18nSource> {
    let source: I18nSource = {};
    for (const p of this.plugins) {
      if (!p.i18nSource) continue;
      const returned = await call(p, 'i18nSource', () => p.i18nSource!(source));
      source = validated(p, 'i18nSource', i18nSourceSchema, returned ?? source);
    }
    return source;
  }

  /**
   * The plugins' additions to the site bundles: esbuild plugins in plugin order, `define` and `alias` merged.
   * @throws DocgenError `[name] esbuild.define: … is set by <other> too` (or `alias`) for a key two plugins give
   */
  esbuildOptions(): { plugins: EsbuildPlugin[]; define: Record<string, string>; alias: Record<string, string> } {
    const out = { plugins: [] as EsbuildPlugin[], define: {} as Record<string, string>, alias: {} as Record<string, string> };
    const owners = { define: new Map<string, string>(), alias: new Map<string, string>() };
    for (const p of this.plugins) {
      if (!p.esbuild) continue;
      out.plugins.push(...(p.esbuild.plugins ?? []));
      for (const kind of ['define', 'alias'] as const) {
        for (const [key, value] of Object.entries(p.esbuild[kind] ?? {})) {
          const owner = owners[kind].get(key);
          if (owner) throw hookError(p, `esbuild.${kind}`, `${key} is set by ${owner} too`);
          owners[kind].set(key, p.name);
          out[kind][key] = value;
        }
      }
    }
    return out;
  }

  /**
   * What the plugins contribute to every build's output besides their modules' files: names, static hook
   * data and the source text of each hook. Part of the build key, so a changed plugin rebuilds the site.
   */
  fingerprint(): string {
    // Functions at any depth (an esbuild plugin's `setup`) count by their source text.
    return JSON.stringify(this.plugins, (_key, value: unknown) => (typeof value === 'function' ? String(value) : value));
  }
}

/** `files`, once each is known to be a file; the bundler's own message would name no plugin. */
function existing(plugin: DocgenPlugin, option: string, files: string[]): string[] {
  for (const file of files) {
    if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) throw hookError(plugin, option, `${file} does not exist`);
  }
  return files;
}

async function call<T>(plugin: DocgenPlugin, hook: string, run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DocgenError && error.message.startsWith(`[${plugin.name}]`)) throw error;
    throw hookError(plugin, hook, error instanceof Error ? error.message : String(error), error);
  }
}

function validated<T>(plugin: DocgenPlugin, hook: string, schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const messages = result.error.issues.flatMap((issue) => formatIssue({ ...issue, path: ['result', ...issue.path] } as typeof issue, { result: value }).split('\n'));
  throw hookError(plugin, hook, `returned a wrong value: ${messages.join('; ')}`);
}

function hookError(plugin: DocgenPlugin, hook: string, message: string, cause?: unknown): DocgenError {
  const error = new DocgenError(`[${plugin.name}] ${hook}: ${message}`);
  if (cause !== undefined) (error as Error & { cause?: unknown }).cause = cause;
  return error;
}
