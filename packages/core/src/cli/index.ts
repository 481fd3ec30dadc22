/**
 * The `docgen` command line (commander): `build`, `dev`, `preview` and `i18n`. `runCli(argv)` runs in-process and
 * resolves to the exit code: 0 on success, 1 on any error.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Command, CommanderError } from 'commander';
import { loadConfig } from '../config/index.js';
import { DocgenError } from '../shared/errors.js';
import { removeTemporaries } from '../node/pipeline/output-dir.js';
import { formatError } from './format-error.js';
import { CORE_ROOT } from '../node/core-root.js';

const pkg = JSON.parse(fs.readFileSync(path.join(CORE_ROOT, 'package.json'), 'utf8')) as { version: string };

/** Servers started by `dev`/`preview` stay up after `runCli` resolves; they close on SIGINT/SIGTERM. */
export interface CliIo {
  log: (text: string) => void;
  error: (text: string) => void;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new DocgenError(`--port must be an integer between 0 and 65535, got ${value}`);
  return port;
}

/**
 * Creates the commander program; `io` receives output (tests capture it). Each command loads its code when
 * it runs: `docgen build` with nothing to do, or `--help`, starts without the dev server and the renderer.
 */
export function createCli(io: CliIo = { log: console.log, error: console.error }): Command {
  const program = new Command('docgen')
    .description('docgen: a fast static documentation-site generator')
    .version(pkg.version, '-v, --version')
    .option('--debug', 'print the stack of every error (for reporting a bug)')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.log(s.trimEnd()), writeErr: (s) => io.error(s.trimEnd()) });

  program
    .command('build')
    .description('build the site for production into its output folder')
    .argument('[root]', 'site root (folder of docgen.config.ts)', '.')
    .option('--out-dir <dir>', 'output folder (default: dist in the root)')
    .option('--base <path>', 'URL path the site is served under (default: /)')
    .option('--empty-out-dir', 'replace an existing output folder that docgen did not make (never one holding sources)')
    .option('--profile', 'print the time of each build phase')
    .option('--no-cache', 'compile every page; read and write no page cache or build state')
    .option('--metafile <file>', "write esbuild's metafile of the browser bundle (inputs and outputs with their bytes) to <file>")
    .action(async (root: string, opts: { outDir?: string; base?: string; emptyOutDir?: boolean; profile?: boolean; cache: boolean; metafile?: string }) => {
      // Ctrl+C or a kill mid-build: the previous output stays, the temporary folders go.
      const interrupt = (signal: NodeJS.Signals) => {
        removeTemporaries();
        process.exit(signal === 'SIGINT' ? 130 : 143);
      };
      process.once('SIGINT', interrupt);
      process.once('SIGTERM', interrupt);
      try {
        const { build } = await import('../node/pipeline/build.js');
        await build({ root, outDir: opts.outDir && path.resolve(opts.outDir), base: opts.base, emptyOutDir: opts.emptyOutDir, profile: opts.profile, cache: opts.cache, metafile: opts.metafile });
      } finally {
        process.off('SIGINT', interrupt);
        process.off('SIGTERM', interrupt);
      }
    });

  program
    .command('dev')
    .description('serve the site and rebuild it when a file changes')
    .argument('[root]', 'site root (folder of docgen.config.ts)', '.')
    .option('--port <port>', 'port (default: 5173, or the next free one)', parsePort)
    .option('--host <host>', 'host to listen on (default: 127.0.0.1)')
    .option('--base <path>', 'URL path the site is served under')
    .option('--out-dir <dir>', 'where the development build is written')
    .option('--profile', 'print the time of each build phase, at every rebuild')
    .action(async (root: string, opts: { port?: number; host?: string; base?: string; outDir?: string; profile?: boolean }) => {
      const { startDevServer } = await import('../node/dev/dev-server.js');
      let stopping = false;
      const server = await startDevServer({
        root,
        port: opts.port,
        host: opts.host,
        base: opts.base,
        outDir: opts.outDir && path.resolve(opts.outDir),
        profile: opts.profile,
        // Printed after this turn's I/O: Ctrl+C also reaches esbuild's service process, and a job in flight
        // can fail ("The service was stopped") before the signal is handled. The signal comes first then,
        // and that failure is part of the stop.
        onError: (error) => setImmediate(() => stopping || io.error(formatError(error))),
        onListening: (url) => io.log(`docgen dev server running at ${url}`),
      });
      closeOnSignal(() => {
        stopping = true;
        return server.close();
      });
    });

  program
    .command('preview')
    .description('serve the built site with clean URLs')
    .argument('[root]', 'site root (folder of docgen.config.ts)', '.')
    .option('--port <port>', 'port (default: 4173, or the next free one)', parsePort)
    .option('--host <host>', 'host to listen on (default: 127.0.0.1)')
    .option('--out-dir <dir>', 'folder to serve (default: the config outDir)')
    .action(async (root: string, opts: { port?: number; host?: string; outDir?: string }) => {
      const config = await loadConfig(root, { outDir: opts.outDir && path.resolve(opts.outDir) });
      if (!fs.existsSync(path.join(config.outDir, 'index.html')) && !fs.existsSync(path.join(config.outDir, '404.html'))) {
        throw new DocgenError(`${path.relative(process.cwd(), config.outDir) || '.'} holds no build: run \`docgen build\` first`);
      }
      const { startStaticServer } = await import('../node/server/static-server.js');
      const server = await startStaticServer({ dir: config.outDir, base: config.base, host: opts.host, port: opts.port ?? 4173 });
      io.log(`docgen preview server running at ${server.url}`);
      closeOnSignal(server.close);
    });

  const i18n = program.command('i18n').description('translations: which are missing or stale, and recording that one matches its original');
  i18n
    .command('status')
    .description('list, per locale, the missing, stale, up-to-date and untracked translations')
    .argument('[root]', 'site root (folder of docgen.config.ts)', '.')
    .option('--strict', 'exit with code 1 when a translation is missing or stale')
    .option('--json', 'print the status as JSON')
    .action(async (root: string, opts: { strict?: boolean; json?: boolean }) => {
      const { i18nStatus } = await import('./i18n-command.js');
      await i18nStatus(root, opts, io);
    });
  i18n
    .command('mark')
    .description("record in each translation's front matter (translatedFrom) that it matches its original now")
    .argument('<files...>', 'translated pages (.md, .mdx), relative to the working directory')
    .option('--root <dir>', 'site root (folder of docgen.config.ts)', '.')
    .action(async (files: string[], opts: { root: string }) => {
      const { i18nMark } = await import('./i18n-command.js');
      await i18nMark(files, opts, io);
    });

  return program;
}

function closeOnSignal(close: () => Promise<void>) {
  const stop = () => {
    removeTemporaries();
    close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** Runs the CLI with `argv` (as `process.argv`); resolves to the exit code. */
export async function runCli(argv: string[], io?: CliIo): Promise<number> {
  const out = io ?? { log: console.log, error: console.error };
  const program = createCli(out);
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end with exit code 0; usage errors were already printed by commander.
      return error.exitCode === 0 ? 0 : 1;
    }
    out.error(formatError(error, { debug: Boolean(program.opts().debug) }));
    return 1;
  }
}
