// Type-checks the repository's TypeScript (`tsc -p <project> --noEmit`), as many projects at a time as the
// machine has cores (the projects do not depend on each other's output). Prints the errors of each failing
// project; exits 1 if any failed.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = createRequire(path.join(root, 'package.json')).resolve('typescript/bin/tsc');

/**
 * The projects, relative to the repository root. Node code and browser code are checked apart (other
 * `lib`s). The plugins' sides are one program each (`tsconfig.plugins*.json`): nine programs loading the
 * same library types took ~50 s here, one takes ~9 s.
 */
const PROJECTS = [
  'packages/core/tsconfig.node.json',
  'packages/core/tsconfig.runtime.json',
  'packages/theme-default/tsconfig.json',
  'tsconfig.plugins.json',
  'tsconfig.plugins-runtime.json',
];

/** Runs tsc on `project`; resolves to its exit code and output. */
function check(project) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit', '--pretty', 'false'], { cwd: root });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ project, code, output }));
  });
}

const queue = [...PROJECTS];
const failed = [];
const lane = async () => {
  for (let project = queue.shift(); project; project = queue.shift()) {
    const result = await check(project);
    if (result.code !== 0) {
      failed.push(project);
      process.stderr.write(`tsc -p ${project}: exit ${result.code}\n${result.output}\n`);
    }
  }
};
await Promise.all(Array.from({ length: Math.max(1, Math.min(os.availableParallelism(), PROJECTS.length)) }, lane));
if (failed.length) {
  process.stderr.write(`typecheck: ${failed.length} of ${PROJECTS.length} projects have errors: ${failed.join(', ')}\n`);
  process.exit(1);
}
console.log(`typecheck: ${PROJECTS.length} projects, no errors`);
