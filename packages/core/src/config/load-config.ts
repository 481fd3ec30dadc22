/**
 * Finds, bundles and validates `docgen.config.ts`. The config file is bundled with esbuild (so it may be
 * TypeScript and import local files) into a temporary `.mjs` beside it, imported, then deleted. The bundle
 * is kept in the cache, and reused while none of the files it was made from changed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { CORE_FINGERPRINT } from '../node/core-fingerprint.js';
import { DocgenError } from '../shared/errors.js';
import { normalizeBase } from '../shared/route-path.js';
import { configSchema, type SiteConfig, type UserConfig } from './schema.js';
import { formatIssue } from './validate.js';
import { cacheDirOf, configBundlePid, isAlive } from '../node/pipeline/output-dir.js';
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
  /**
   * Reuse the config's bundle kept in the cache (`node_modules/.cache/docgen/config.json`) when none of the
   * files it was made from changed, and keep the new one; false (`--no-cache`): bundle it, keep nothing.
   * @default true
   */
  cache?: boolean;
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
  const kept = overrides.cache === false ? undefined : path.join(cacheDirOf({ root: absRoot }), KEPT_BUNDLE);
  const raw = configFile ? await importConfigFile(configFile, kept) : {};
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
    const pid = configBundlePid(name);
    if (pid !== undefined && !isAlive(pid)) fs.rmSync(path.join(root, name), { force: true });
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

/** The kept config bundle, in the cache folder. */
const KEPT_BUNDLE = 'config.json';

/**
 * A config bundle as kept in the cache: the bundled code, the config file it was made from, and each file
 * esbuild read for it (the local modules, and the `package.json`, `tsconfig.json` and `jsconfig.json` files
 * beside them or above, whose settings it applies) with the sha256 of its content ('' for none). `docgen`
 * is `CORE_FINGERPRINT`: another docgen (or esbuild, which it pins) bundles again.
 */
interface KeptBundle {
  docgen: string;
  file: string;
  inputs: Record<string, string>;
  code: string;
}

const SETTINGS_FILES = ['package.json', 'tsconfig.json', 'jsconfig.json'];

function contentHash(file: string): string {
  try {
    return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return '';
    throw error;
  }
}

/** The kept bundle's code when it was made from `file` by this docgen and none of its inputs changed. */
function readKeptBundle(kept: string, file: string): string | undefined {
  let bundle: KeptBundle;
  try {
    bundle = JSON.parse(fs.readFileSync(kept, 'utf8')) as KeptBundle;
  } catch {
    // Missing, or not docgen's JSON (an interrupted write): bundled again and replaced.
    return undefined;
  }
  if (bundle?.docgen !== CORE_FINGERPRINT || bundle.file !== file || typeof bundle.code !== 'string' || typeof bundle.inputs !== 'object') return undefined;
  for (const [input, hash] of Object.entries(bundle.inputs)) if (contentHash(input) !== hash) return undefined;
  return bundle.code;
}

/** Records `code` as the bundle of `file`, made from the local modules `modules` (absolute paths). */
function keepBundle(kept: string, file: string, modules: string[], code: string): void {
  const inputs: Record<string, string> = {};
  for (const module of modules) {
    inputs[module] = contentHash(module);
    for (let dir = path.dirname(module); ; dir = path.dirname(dir)) {
      for (const name of SETTINGS_FILES) {
        const settings = path.join(dir, name);
        if (!(settings in inputs)) inputs[settings] = contentHash(settings);
      }
      if (path.dirname(dir) === dir) break;
    }
  }
  const bundle: KeptBundle = { docgen: CORE_FINGERPRINT, file, inputs, code };
  fs.mkdirSync(path.dirname(kept), { recursive: true });
  // Whole or not at all: a reader never sees half of it.
  const tmp = `${kept}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(bundle));
  fs.renameSync(tmp, kept);
}

/**
 * Bundles `file` with esbuild (or takes the bundle kept at `kept`, see `KeptBundle`), writes it beside
 * `file`, imports it and deletes it: imports in the config resolve from the config's own folder.
 * @returns the config's default export
 * @throws DocgenError when the config does not compile (esbuild's locations), throws or has no default export
 */
async function importConfigFile(file: string, kept: string | undefined): Promise<UserConfig> {
  const tmp = `${file}.timestamp-${Date.now()}-${process.pid}.mjs`;
  try {
    let code = kept && readKeptBundle(kept, file);
    let modules: string[] = [];
    if (code === undefined) {
      // Loaded only here: a build whose config did not change never starts esbuild for it.
      const { build } = await import('esbuild');
      const result = await build({
        entryPoints: [file],
        outfile: tmp,
        write: false,
        metafile: true,
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
      code = result.outputFiles[0]!.text;
      // The metafile names inputs relative to the working folder.
      modules = Object.keys(result.metafile.inputs).map((input) => path.resolve(input));
    }
    fs.writeFileSync(tmp, code);
    let mod: { default?: UserConfig };
    try {
      mod = (await import(pathToFileURL(tmp).href)) as typeof mod;
    } catch (error) {
      throw await withConfigLines(error, file, code);
    }
    if (!mod.default || typeof mod.default !== 'object') {
      throw new DocgenError(`${path.relative(process.cwd(), file)} must export a config object as default export`);
    }
    if (kept && modules.length) keepBundle(kept, file, modules, code);
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
    fs.rmSync(tmp, { force: true });
  }
}

/**
 * The error of a config that threw while it was evaluated, with a stack whose frames name the config's own
 * lines: the bundle is imported once more, with Node's source maps on, and its new error is returned (the
 * first one if it does not throw again). Source maps stay off for the first import because Node then reads
 * the map of every module loaded meanwhile (docgen's and the plugins'), about 0.15 s per build.
 */
async function withConfigLines(error: unknown, file: string, code: string): Promise<unknown> {
  if ((error as NodeJS.ErrnoException)?.code === 'ERR_MODULE_NOT_FOUND') return error;
  // A later timestamp than the first import's file: a name of its own, which `removeStaleBundles` knows.
  const again = `${file}.timestamp-${Date.now() + 1}-${process.pid}.mjs`;
  const sourceMaps = process.sourceMapsEnabled;
  try {
    fs.writeFileSync(again, code);
    process.setSourceMapsEnabled(true);
    await import(pathToFileURL(again).href);
    return error;
  } catch (mapped) {
    // V8 formats a stack when it is first read: read now, while the source maps are on.
    void (mapped as Error | undefined)?.stack;
    return mapped;
  } finally {
    process.setSourceMapsEnabled(sourceMaps);
    fs.rmSync(again, { force: true });
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
