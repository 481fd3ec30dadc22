/**
 * The shape of a docgen plugin: an object with a `name` and any of the hooks below, listed in the config's
 * `plugins`. Hook names follow the ones documentation sites already know (Rspress's), so plugins port
 * easily. The container (`plugin-container.ts`) is the only code that calls them.
 */
import type { Plugin as EsbuildPlugin } from 'esbuild';
import * as z from 'zod';
import { formatIssue } from '../../config/validate.js';
import { DocgenError } from '../../shared/errors.js';
import type { ResolvedConfig } from '../../config/load-config.js';
import { headTagSchema, navItem, sidebarItem, type UserConfig } from '../../config/schema.js';
import type { PageData } from '../../shared/types.js';
import type { LocaleNavigation } from '../nav/resolve-nav-sidebar.js';
import type { HeadTag } from '../pipeline/html-template.js';
import type { RouteEntry } from '../routes/scan-routes.js';

/** A remark or rehype plugin as the page workers load it: a module path or package name, with options. */
export type MarkdownPluginEntry = string | [string, unknown];

/** A page that does not come from a file of the site's content folders (`addPages`). */
export type AddedPage =
  /** A Markdown or MDX file anywhere inside the site root (e.g. a plugin's template copied there). */
  | { routePath: string; filepath: string }
  /** Markdown or MDX source; `.mdx` unless `format: 'md'`. Relative links and images resolve from the site root. */
  | { routePath: string; content: string; format?: 'md' | 'mdx' };

/** What `config` hooks get besides the config. */
export interface ConfigUtils {
  /** Adds a plugin after the current one; its own `config` hook runs in turn. */
  addPlugin(plugin: DocgenPlugin): void;
  /** True for `docgen build`, false for `docgen dev`. */
  isProd: boolean;
}

/** What every hook gets besides its own arguments. */
export interface HookEnv {
  /** Whether the build is a production build (`docgen build`) or the dev server's. */
  isProd: boolean;
  /**
   * A folder of the plugin's own for files it keeps from one build to the next
   * (`<root>/node_modules/.cache/docgen/plugins/<plugin name>`), not created until the plugin writes to it;
   * `null` when the build runs without its cache (`docgen build --no-cache`, `build({ cache: false })`), in
   * which case the plugin must neither read nor write a cache.
   */
  cacheDir: string | null;
  /**
   * Reports a warning of the plugin, `[name] message`: listed in `BuildResult.warnings` and printed with the
   * build's other warnings (`warning: [name] message`, at the end of `docgen build`, at once in `docgen dev`)
   * unless the build is silent (`build({ log: false })`). For what the user should fix; a failure is thrown.
   */
  warn(message: string): void;
  /** Prints a line of the plugin's progress, `[name] message`, unless the build is silent (`build({ log: false })`). */
  info(message: string): void;
}

export type { LocaleNavigation };

/** What `afterBuild` gets besides the config. */
export interface AfterBuildEnv extends HookEnv {
  /** The output folder, with the new output in place. */
  outDir: string;
  /** Every route that was built. */
  routes: RouteEntry[];
  /**
   * The nav and sidebars of each locale, by language code (`en`, `zh`), as the pages show them; on a site
   * with versions, the default version's.
   */
  navigation: Record<string, LocaleNavigation>;
}

/** What `extendNavigation` gets besides the navigation. */
export interface NavigationEnv extends HookEnv {
  /** The locale's language code (`en`, `zh`). */
  lang: string;
  /** The locale's route prefix: `''` for the default locale, else e.g. `/zh`; other versions' start with the version (`/1.x/zh`). */
  prefix: string;
  /** The version of the locale's pages; '' on a site without versions. */
  version: string;
  config: ResolvedConfig;
}

/** A docgen plugin. Every hook is optional; sequential hooks run in plugin order (`enforce` first). */
export interface DocgenPlugin {
  /** Names the plugin in every error a hook causes: `[name] hook: message`. Must be unique. */
  name: string;
  /** `'pre'` plugins run before the others, `'post'` ones after; otherwise in the order listed. */
  enforce?: 'pre' | 'post';
  /** Changes the user config before it is validated; returns the new config or changes it in place. */
  config?: (config: UserConfig, utils: ConfigUtils) => UserConfig | void | Promise<UserConfig | void>;
  /** Runs once the config is resolved, before any page is read. */
  beforeBuild?: (config: ResolvedConfig, env: HookEnv) => void | Promise<void>;
  /** Runs once the output is in place: may read it or add files to `outDir`. */
  afterBuild?: (config: ResolvedConfig, env: AfterBuildEnv) => void | Promise<void>;
  /** Markdown pipeline additions, run after the config's own `markdown.*Plugins`, in plugin order. */
  markdown?: {
    remarkPlugins?: MarkdownPluginEntry[];
    rehypePlugins?: MarkdownPluginEntry[];
    /** Components MDX pages may use without importing them: absolute paths of modules whose default export is the component, named after the file (`Alert.tsx` → `<Alert />`). */
    globalComponents?: string[];
  };
  /**
   * Adds fields to each page's data (changing it in place or returning fields to merge); `usePageData()`
   * returns them. `filePath` is the page's absolute source file, to read what the page data does not hold.
   */
  extendPageData?: (pageData: PageData, env: HookEnv & { filePath: string }) => void | Record<string, unknown> | Promise<void | Record<string, unknown>>;
  /**
   * Pages that do not come from a file of the content folders. `env.routes` are the routes of those files
   * (a copy), for plugins that derive pages from them without scanning the folders again.
   */
  addPages?: (config: ResolvedConfig, env: HookEnv & { routes: RouteEntry[] }) => AddedPage[] | Promise<AddedPage[]>;
  /**
   * Changes one locale's nav and sidebars once they are resolved (from the config, or from `_nav.json` and
   * `_meta.json`): e.g. adds a sidebar section for pages made with `addPages`, which no `_meta.json` lists.
   * Called once per locale and build, in plugin order; changes the navigation in place or returns a new one.
   * Sections are matched longest prefix first afterwards, whatever order the hook leaves them in.
   */
  extendNavigation?: (navigation: LocaleNavigation, env: NavigationEnv) => LocaleNavigation | void | Promise<LocaleNavigation | void>;
  /** Reads the final list of routes (files and added pages). */
  routeGenerated?: (routes: RouteEntry[], env: HookEnv) => void | Promise<void>;
  /** Virtual modules the browser code (theme, pages, global components) can import: specifier → JavaScript source. */
  addRuntimeModules?: (config: ResolvedConfig, env: HookEnv) => Record<string, string> | Promise<Record<string, string>>;
  /** Components rendered on every page after the layout: absolute module paths (default export), with props. */
  globalUIComponents?: (string | [string, Record<string, unknown>])[];
  /** A stylesheet loaded on every page: an absolute path. */
  globalStyles?: string;
  /**
   * Tags added to the `<head>` of every page, after the config's own `head`: a list, or a function of the
   * resolved config (for URLs under `base`) called once per build, before the pages render.
   */
  head?: HeadTag[] | ((config: ResolvedConfig) => HeadTag[]);
  /**
   * UI strings for the plugin's own components, by key and language: `{ 'copy.label': { en: 'Copy', zh: '复制' } }`.
   * Each hook gets the strings collected so far and returns them changed (or changes them in place); they
   * land in every locale's `strings` (`useLocale().strings` in the browser). A locale's `strings` in the
   * config win over the plugins'.
   */
  i18nSource?: (source: I18nSource) => I18nSource | void | Promise<I18nSource | void>;
  /**
   * Additions to both site bundles (browser and server) made by esbuild: its plugins (run after docgen's
   * own, in plugin order), `define` replacements (JavaScript expressions as strings, as esbuild takes them)
   * and import `alias`es (a package-style name, or a prefix such as `@site`, → an absolute path or a
   * package name). A `define` or `alias` key given by two plugins is an error naming both.
   * @see https://esbuild.github.io/api/#define
   */
  esbuild?: {
    plugins?: EsbuildPlugin[];
    define?: Record<string, string>;
    alias?: Record<string, string>;
  };
}

/** UI strings by key, then by language (`lang` of a locale): `{ 'copy.label': { en: 'Copy', zh: '复制' } }`. */
export type I18nSource = Record<string, Record<string, string>>;

/**
 * Identity helper that types a plugin object.
 * @example
 * export function pluginHello(): DocgenPlugin {
 *   return definePlugin({ name: 'hello', extendPageData(page) { page.hello = 'world'; } });
 * }
 */
export function definePlugin(plugin: DocgenPlugin): DocgenPlugin {
  return plugin;
}

const fn = z.custom<(...args: never[]) => unknown>((v) => typeof v === 'function', { message: 'is not a function' });
/** Options go to the page workers by structured clone: functions and symbols cannot. */
const cloneable = z.unknown().refine(
  (v) => {
    try {
      structuredClone(v);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'cannot be sent to the page workers: give plain data (no functions)' },
);
const markdownEntry = z.union([z.string().min(1), z.tuple([z.string().min(1), cloneable])]);
const absolutePath = z.string().refine((p) => p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p), { message: 'is not an absolute path' });

/** An alias target: an absolute path or a package name (`react`, `@scope/pkg/sub`), never a relative path. */
export const aliasTarget = z.string().refine((t) => !t.startsWith('.'), { message: 'is a relative path: give an absolute path or a package name' });

/** Schema of one plugin object: the name, the known hooks with their kinds, nothing else (a typo is an error). */
export const pluginSchema = z
  .object({
    name: z.string().min(1),
    enforce: z.enum(['pre', 'post']).optional(),
    config: fn.optional(),
    beforeBuild: fn.optional(),
    afterBuild: fn.optional(),
    markdown: z
      .object({
        remarkPlugins: z.array(markdownEntry).optional(),
        rehypePlugins: z.array(markdownEntry).optional(),
        globalComponents: z.array(absolutePath).optional(),
      })
      .strict()
      .optional(),
    extendPageData: fn.optional(),
    addPages: fn.optional(),
    extendNavigation: fn.optional(),
    routeGenerated: fn.optional(),
    addRuntimeModules: fn.optional(),
    globalUIComponents: z.array(z.union([absolutePath, z.tuple([absolutePath, z.record(z.string(), z.unknown())])])).optional(),
    globalStyles: absolutePath.optional(),
    head: z.union([z.array(headTagSchema), fn]).optional(),
    i18nSource: fn.optional(),
    esbuild: z
      .object({
        plugins: z.array(z.object({ name: z.string().min(1), setup: fn }).passthrough()).optional(),
        define: z.record(z.string(), z.string()).optional(),
        alias: z.record(z.string().min(1), aliasTarget).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

/** What `i18nSource` may return. */
export const i18nSourceSchema = z.record(z.string(), z.record(z.string(), z.string()));

/** What `addPages` may return. */
export const addedPagesSchema = z.array(
  z.union([
    z.object({ routePath: z.string().startsWith('/'), filepath: absolutePath }).strict(),
    z.object({ routePath: z.string().startsWith('/'), content: z.string(), format: z.enum(['md', 'mdx']).optional() }).strict(),
  ]),
);

/** What a `head` function may return. */
export const headTagsSchema = z.array(headTagSchema);

/** What `extendNavigation` may leave or return: the nav and sidebar sections, checked as the config's are. */
export const navigationSchema = z.lazy(() =>
  // Lazy: the config schema imports this module, so its item schemas do not exist yet when this one is made.
  z.object({
    nav: z.array(navItem),
    sidebars: z.array(z.object({ prefix: z.string().refine((p) => p.startsWith('/'), { message: 'must start with /' }), items: z.array(sidebarItem) })),
  }),
);

/** What `addRuntimeModules` may return. */
export const runtimeModulesSchema = z.record(z.string().min(1), z.string());

/**
 * Validates a plugin's options with the plugin's own zod schema, for plugins to call when they are made.
 * @returns the parsed options (defaults filled)
 * @throws DocgenError listing every wrong option, named after the plugin: `[rss] options: feeds[0].title is required`,
 *   `[rss] options: colour is not a known option`
 * @example const { git } = validatePluginOptions('last-updated', schema, options);
 */
export function validatePluginOptions<T extends z.ZodType>(pluginName: string, schema: T, options: unknown): z.output<T> {
  const result = schema.safeParse(options ?? {});
  if (result.success) return result.data;
  const messages = result.error.issues.flatMap((issue) => formatIssue({ ...issue, path: issue.path } as typeof issue, options).split('\n'));
  // A path-less issue (the options themselves) reads as "options …" through formatKeyPath's fallback.
  throw new DocgenError(`[${pluginName}] options: ${messages.map((m) => m.replace(/^config\b/, 'options')).join('; ')}`);
}
