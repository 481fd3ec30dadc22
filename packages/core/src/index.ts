/**
 * @docgen/core: the Node side of docgen. The public surface is listed here; everything else is private.
 */
export { defineConfig, loadConfig, resolveConfig } from './config/index.js';
export type { UserConfig, SiteConfig, ResolvedConfig, ResolvedLocale, ConfigOverrides } from './config/index.js';
export type { NavItemInput, SidebarItemInput } from './config/schema.js';
export { renderMarkdownToHtml, type RenderMarkdownOptions } from './node/markdown/render-markdown.js';
export { globToRegExp, scanRoutes, type FolderListing, type RouteEntry } from './node/routes/scan-routes.js';
export { routeHref, routeUrl, routeOutputFile, linkHref, type UrlPolicy } from './shared/url-policy.js';
export { normalizeRoutePath } from './shared/route-path.js';
export { DocgenError, type SourceLocation } from './shared/errors.js';
export type * from './shared/types.js';
export { build, type BuildOptions, type BuildResult } from './node/pipeline/build.js';
export { startDevServer, type DevServer, type DevServerOptions } from './node/dev/dev-server.js';
export { startStaticServer, type StaticServer, type StaticServerOptions } from './node/server/static-server.js';
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
