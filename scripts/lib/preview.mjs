// `docgen preview` of a built site, for the benchmarks that load pages in Chromium.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/core/bin/docgen.js');

/**
 * Starts `docgen preview <root>` (serving `outDir` when given) on 127.0.0.1 and a free port; resolves to its
 * URL and `stop()`, which resolves once the server has exited.
 */
export function startPreview(root, outDir) {
  const child = spawn(process.execPath, [cli, 'preview', root, '--port', '0', '--host', '127.0.0.1', ...(outDir ? ['--out-dir', outDir] : [])], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
      const url = /running at (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve({ url, stop });
    });
    child.stderr.on('data', (d) => (output += d));
    exited.then((code) => reject(new Error(`docgen preview exited (${code}) before serving:\n${output}`)));
  });
}
