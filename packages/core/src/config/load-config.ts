/**
 * Finds, bundles and validates `docgen.config.ts`. The config file is bundled with esbuild (so it may be
 * TypeScript and import local files) into a temporary `.mjs` beside it, imported, then deleted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { DocgenError } from '../shared/errors.js';
import { normalizeBase } from '../shared/route-path.js';
import { configSchema, type SiteConfig, type UserConfig } from './schema.js';
import { formatIssue } from './validate.js';
import { isAlive } from '../node/pipeline/output-dir.js';
import { orderPlugins, runConfigHooks } from '../node/plugins/plugin-container.js';

const CONFIG_NAMES = ['docgen.config.ts', 'docgen.config.mts', 'docgen.config.js', 'docgen.config.mjs'];

/** A locale as the build sees it: folder, route prefix and strings. */
export interface ResolvedLocale {
  lang: string;
  label: string;
  /** '' for the default locale, `/<lang>` otherwise. */
  prefix: string;
  /** Absolute folder holding the locale's pages. */
  dir: string;
  title: string;
  description: string;
  editLink?: { text: string; pattern: string };
  /** Overrides of the theme's UI strings. */
  strings: Record<string, string>;
  /** The version whose pages the folder holds (`multiVersion.versions`); '' on a site without versions. */
  version: string;
  /** Names the locale's output files (route table, search index): its `lang`, prefixed `<version>-` outside the default version (`1.x-zh`). */
  key: string;
}

/** The validated config plus the absolute paths the build uses. */
export interface ResolvedConfig extends SiteConfig {
  /** Absolute site root: the folder holding the config file and the pages. */
  root: string;
  /** Absolute path of the config file, or '' when the site has none. */
  configFile: string;
  /** Absolute output folder. */
  outDir: string;
  /** Absolute public folder. */
  publicDir: string;
  /** Absolute custom theme folder (may not exist). */
  themeDir: string;
  /** Base with a leading and trailing slash. */
  base: string;
  /**
   * Locales of the default version, default first; a site without locales has one, with prefix '' and
   * `dir` = root (or the default version's folder).
   */
  resolvedLocales: ResolvedLocale[];
  /**
   * Every version's locales: the default version's (`resolvedLocales`) first, then each other version's in
   * `multiVersion.versions` order, prefixed `/<version>` (`/1.x`, `/1.x/zh`). The same list as
   * `resolvedLocales` on a site without versions.
   */
  contentLocales: ResolvedLocale[];
}

/** Overrides from the command line; they win over the config file. */
export interface ConfigOverrides {
  base?: string;
  outDir?: string;
  /** The dev server's config: plugins' `config` hooks get `isProd: false`. @default false */
  dev?: boolean;
}

/**
 * Loads the config of the site at `root`.
 * @throws DocgenError naming the key path when the config is invalid, or the file and position when
 *   the config file does not compile.
 */
export async function loadConfig(root: string, overrides: ConfigOverrides = {}): Promise<ResolvedConfig> {
  const absRoot = path.resolve(root);
  if (!fs.existsSync(absRoot)) throw new DocgenError(`Site root ${absRoot} does not exist`);
  if (!fs.statSync(absRoot).isDirectory()) throw new DocgenError(`Site root ${absRoot} is a file, not a folder: give the folder of docgen.config.ts`);
  removeStaleBundles(absRoot);
  const configFile = CONFIG_NAMES.map((n) => path.join(absRoot, n)).find((f) => fs.existsSync(f)) ?? '';
  const raw = configFile ? await importConfigFile(configFile) : {};
  const where = configFile ? path.relative(process.cwd(), configFile) || configFile : 'config';
  const hooked = await runConfigHooks(raw as UserConfig, { isProd: !overrides.dev, where });
  return resolveConfig(hooked, { root: absRoot, configFile, overrides });
}

/**
 * Validates a user config object and fills defaults.
 * @throws DocgenError listing every invalid key in docgen's validation wording.
 */
export function resolveConfig(
  raw: unknown,
  { root, configFile = '', overrides = {} }: { root: string; configFile?: string; overrides?: ConfigOverrides },
): ResolvedConfig {
  const merged = { ...(raw as object) } as Record<string, unknown>;
  if (overrides.base !== undefined) merged.base = overrides.base;
  if (overrides.outDir !== undefined) merged.outDir = overrides.outDir;
  const where = configFile ? path.relative(process.cwd(), configFile) || configFile : 'config';
  // Plugins first, with messages that name the plugin; the schema then only checks the list.
  const plugins = orderPlugins(merged.plugins, where);
  const result = configSchema.safeParse(merged);
  if (!result.success) {
    const messages = result.error.issues.flatMap((issue) => formatIssue(issue, merged).split('\n'));
    throw new DocgenError(`Invalid config in ${where}:\n  ${messages.join('\n  ')}`);
  }
  const config = result.data;
  const problems: string[] = [];
  const langs = config.locales.map((l) => l.lang);
  if (langs.length > 0 && !langs.includes(config.lang)) problems.push(`lang must be one of ${langs.join(', ')}`);
  const dup = langs.find((l, i) => langs.indexOf(l) !== i);
  if (dup) problems.push(`locales contains the language ${dup} twice`);

  const { versions, default: defaultVersion } = config.multiVersion;
  if (versions.length) {
    if (!versions.includes(defaultVersion)) problems.push(`multiVersion.default must be one of multiVersion.versions (${versions.join(', ')})`);
    const twice = versions.find((v, i) => versions.indexOf(v) !== i);
    if (twice) problems.push(`multiVersion.versions contains ${twice} twice`);
    const asLang = versions.find((v) => langs.includes(v));
    if (asLang) problems.push(`multiVersion.versions: ${asLang} is also a locale's lang; /${asLang}/ cannot be both`);
  } else if (defaultVersion) problems.push('multiVersion.versions is empty: list the versions, the default among them');
  if (problems.length) throw new DocgenError(`Invalid config in ${where}:\n  ${problems.join('\n  ')}`);

  // A version's folder holds what a site without versions keeps in the root; the default version's may be the root.
  const localesOf = (version: string): ResolvedLocale[] => {
    const isDefault = version === defaultVersion;
    const dir = !version || (isDefault && !fs.existsSync(path.join(root, version))) ? root : path.join(root, version);
    const versionPrefix = isDefault ? '' : `/${version}`;
    return config.locales.length
      ? [...config.locales]
          .sort((a, b) => Number(b.lang === config.lang) - Number(a.lang === config.lang))
          .map((l) => ({
            lang: l.lang,
            label: l.label,
            prefix: versionPrefix + (l.lang === config.lang ? '' : `/${l.lang}`),
            dir: path.join(dir, l.lang),
            title: l.title ?? config.title,
            description: l.description ?? config.description,
            editLink: l.editLink,
            strings: l.strings,
            version,
            key: isDefault || !version ? l.lang : `${version}-${l.lang}`,
          }))
      : [{ lang: config.lang, label: config.lang, prefix: versionPrefix, dir, title: config.title, description: config.description, strings: {}, version, key: isDefault || !version ? config.lang : `${version}-${config.lang}` }];
  };
  const resolvedLocales = localesOf(versions.length ? defaultVersion : '');
  const contentLocales = [...resolvedLocales, ...versions.filter((v) => v !== defaultVersion).flatMap(localesOf)];

  return {
    ...config,
    plugins,
    root,
    configFile,
    base: normalizeBase(config.base),
    outDir: path.resolve(root, config.outDir),
    publicDir: path.resolve(root, config.publicDir),
    themeDir: path.resolve(root, config.themeDir),
    globalStyles: config.globalStyles && path.resolve(root, config.globalStyles),
    globalUIComponents: config.globalUIComponents.map((c) => (typeof c === 'string' ? path.resolve(root, c) : [path.resolve(root, c[0]), c[1]])),
    // A relative target is a path from the root; anything else (absolute, a package name) stays.
    alias: Object.fromEntries(Object.entries(config.alias).map(([key, target]) => [key, target.startsWith('.') ? path.resolve(root, target) : target])),
    resolvedLocales,
    contentLocales,
  };
}

/** Bundled configs left by a process killed while importing its config (`<config>.timestamp-<ms>-<pid>.mjs`). */
function removeStaleBundles(root: string): void {
  for (const name of fs.readdirSync(root)) {
    const m = /^docgen\.config\.[mc]?[jt]s\.timestamp-\d+-(\d+)\.mjs$/.exec(name);
    if (m && !isAlive(Number(m[1]))) fs.rmSync(path.join(root, name), { force: true });
  }
}

const FILE_URL = '__docgen_file_url';
const DIRNAME = '__docgen_dirname';
const FILENAME = '__docgen_filename';

/**
 * Each local file bundled into the config keeps its own `import.meta.url`, `import.meta.dirname` and
 * `__dirname` (esbuild would give every file the bundle's): a plugin written beside the config finds its
 * own files (`new URL('./remark-x.mjs', import.meta.url)`). Packages stay external and keep theirs.
 */
const fileScopeVariables: Plugin = {
  name: 'docgen-file-scope-variables',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      const scope =
        `const ${FILE_URL} = ${JSON.stringify(pathToFileURL(args.path).href)};` +
        `const ${DIRNAME} = ${JSON.stringify(path.dirname(args.path))};` +
        `const ${FILENAME} = ${JSON.stringify(args.path)};`;
      // On the file's first line, so line numbers in messages and stack traces stay the file's own.
      return { contents: `${scope}${source}`, loader: path.extname(args.path).slice(1).replace(/^[cm]/, '') as 'ts' | 'tsx' | 'js' | 'jsx' };
    });
  },
};

async function importConfigFile(file: string): Promise<UserConfig> {
  const tmp = `${file}.timestamp-${Date.now()}-${process.pid}.mjs`;
  const sourceMaps = process.sourceMapsEnabled;
  try {
    await build({
      entryPoints: [file],
      outfile: tmp,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      logLevel: 'silent',
      sourcemap: 'inline',
      define: { 'import.meta.url': FILE_URL, 'import.meta.dirname': DIRNAME, 'import.meta.filename': FILENAME, __dirname: DIRNAME, __filename: FILENAME },
      plugins: [fileScopeVariables],
    });
    // Source maps make a throwing config's stack point at its own lines, not the bundle's.
    process.setSourceMapsEnabled(true);
    const mod = (await import(pathToFileURL(tmp).href)) as { default?: UserConfig };
    if (!mod.default || typeof mod.default !== 'object') {
      throw new DocgenError(`${path.relative(process.cwd(), file)} must export a config object as default export`);
    }
    return mod.default;
  } catch (error) {
    if (error instanceof DocgenError) throw error;
    const errors = (error as { errors?: { text: string; location?: { file: string; line: number; column: number; lineText: string } }[] }).errors;
    if (errors?.length) {
      throw new DocgenError(
        `Could not load ${path.relative(process.cwd(), file)}`,
        errors.map((e) => ({
          message: e.text,
          location: e.location && { file: e.location.file, line: e.location.line, column: e.location.column + 1, lineText: e.location.lineText },
        })),
      );
    }
    throw configThrew(error, file);
  } finally {
    process.setSourceMapsEnabled(sourceMaps);
    fs.rmSync(tmp, { force: true });
  }
}

/**
 * A DocgenError for a config file that threw while it was evaluated, or imports a package that is not
 * installed: the message, and the config file's line when the stack (source-mapped) or the specifier shows it.
 * The original error is kept as `cause` (`--debug` prints its stack).
 */
function configThrew(error: unknown, file: string): DocgenError {
  const shown = path.relative(process.cwd(), file) || file;
  const e = error as NodeJS.ErrnoException;
  const message = e?.message ?? String(error);
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/);
  let line = 0;
  let column = 0;
  const missing = e?.code === 'ERR_MODULE_NOT_FOUND' ? /(?:package|module) '([^']+)'/.exec(message) : null;
  const reason = missing ? `cannot find the package '${missing[1]}' (is it installed?)` : message.split('\n')[0];
  if (missing) {
    line = lines.findIndex((l) => l.includes(`'${missing[1]}'`) || l.includes(`"${missing[1]}"`)) + 1;
    column = line ? Math.max(lines[line - 1].indexOf(`'${missing[1]}'`), lines[line - 1].indexOf(`"${missing[1]}"`)) + 1 : 0;
  } else {
    // The bundled config carries an inline source map: frames name the config file's own lines.
    const name = path.basename(file).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const frame = new RegExp(`${name}:(\\d+):(\\d+)`).exec(e?.stack ?? '');
    if (frame) [line, column] = [Number(frame[1]), Number(frame[2])];
  }
  const where = line ? `${shown}:${line}:${column || 1}` : shown;
  const located = new DocgenError(
    `${where}: the config file failed to load: ${reason}`,
    line ? [{ message: reason, location: { file: shown, line, column: column || 1, lineText: lines[line - 1] } }] : [],
  );
  (located as { cause?: unknown }).cause = error;
  return located;
}
