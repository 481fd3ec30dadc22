/**
 * @docgen/core: the Node side of docgen. The public surface is listed here; everything else is private.
 */
export { defineConfig, loadConfig, resolveConfig } from './config/index.js';
export type { UserConfig, SiteConfig, ResolvedConfig, ResolvedLocale, ConfigOverrides } from './config/index.js';
export type { NavItemInput, SidebarItemInput } from './config/schema.js';
import type { RenderMarkdownOptions } from './node/markdown/render-markdown.js';
export type { RenderMarkdownOptions };
export { globToRegExp, scanRoutes, type FolderListing, type RouteEntry } from './node/routes/scan-routes.js';
export { routeHref, routeUrl, routeOutputFile, linkHref, type UrlPolicy } from './shared/url-policy.js';
export { normalizeRoutePath } from './shared/route-path.js';
export { DocgenError, type SourceLocation } from './shared/errors.js';
export type * from './shared/types.js';
export { build, type BuildOptions, type BuildResult } from './node/pipeline/build.js';
import type { DevServer, DevServerOptions } from './node/dev/dev-server.js';
export type { DevServer, DevServerOptions };
import type { StaticServer, StaticServerOptions } from './node/server/static-server.js';
export type { StaticServer, StaticServerOptions };
export { runCli, createCli, type CliIo } from './cli/index.js';
export {
  translationHash,
  translationStatus,
  markTranslation,
  markTranslations,
  type TranslationStatus,
  type LocaleTranslationStatus,
  type MissingTranslation,
  type TranslationRecord,
  type MarkResult,
} from './node/i18n/translations.js';
export { definePlugin, validatePluginOptions } from './node/plugins/plugin.js';
export type { DocgenPlugin, AddedPage, AfterBuildEnv, ConfigUtils, HookEnv, I18nSource, LocaleNavigation, MarkdownPluginEntry, NavigationEnv } from './node/plugins/plugin.js';
export type { HeadTag } from './node/pipeline/html-template.js';

// The Markdown pipeline, the dev server and the static server load when first called: a plugin imports this
// module for its helpers (`definePlugin`, the URL policy), and a build whose pages come from the cache, or
// one that is up to date, then never loads the pipeline in its main thread (about 0.2 s on a 2-core
// machine), nor the HTTP server and its compression middleware (~20 ms).

/**
 * Renders Markdown or MDX source to HTML with docgen's pipeline (GFM, containers, heading ids, shiki…).
 * MDX `import`s are not supported here (there is no bundler in this path).
 * @throws DocgenError with line and column on a syntax error, a broken relative link or bad front matter.
 */
export async function renderMarkdownToHtml(source: string, options?: RenderMarkdownOptions): Promise<string> {
  return (await import('./node/markdown/render-markdown.js')).renderMarkdownToHtml(source, options);
}

/**
 * Opens, serves and watches the site at `options.root`; resolves once every page has compiled and the
 * search indexes and plugin outputs are written (failed or not: a failure is shown in the overlay).
 * @throws DocgenError when the config, the navigation files or the shared code cannot be used at start
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  return (await import('./node/dev/dev-server.js')).startDevServer(options);
}

/**
 * Serves a built site from `options.dir` on 127.0.0.1 (or `options.host`), as `docgen preview` does.
 * @throws when no port in `port`…`port + 20` can be bound.
 */
export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  return (await import('./node/server/static-server.js')).startStaticServer(options);
}
