export { configSchema, defineConfig, type SiteConfig, type UserConfig } from './schema.js';
export { loadConfig, resolveConfig, type ResolvedConfig, type ResolvedLocale, type ConfigOverrides } from './load-config.js';
export { formatIssue, formatKeyPath } from './validate.js';
