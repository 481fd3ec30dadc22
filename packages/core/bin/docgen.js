#!/usr/bin/env node
// Thin launcher: the CLI lives in the compiled package (`pnpm build:packages`).
import { runCli } from '../dist/cli/index.js';

const code = await runCli(process.argv);
if (code !== 0) process.exitCode = code;
