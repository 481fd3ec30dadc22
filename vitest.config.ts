import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `@theme` names the active theme in a site; in the theme's own tests it is the default theme.
const theme = fileURLToPath(new URL('./packages/theme-default/src/index.tsx', import.meta.url));

// Vitest 4 reads projects from the root config (the workspace file is gone).
export default defineConfig({
  test: {
    // One test file at a time (Vitest's default on two cores): the files are CPU-bound (a build uses both
    // cores, Chromium one and more), and two at a time took each about twice as long.
    projects: [
      {
        resolve: { alias: { '@theme': theme } },
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          // The files share one module graph (no DOM, no module mocks; the one file that sets an environment
          // variable restores it): importing the packages' sources once instead of per file halves the
          // project's time here (113 s → 53 s).
          isolate: false,
          // A safety net, not a speed check: compiling a 1 MB page takes 1 s idle and 7 s on a busy machine.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['e2e/*.test.ts'],
          // One module graph for the files too: the in-process builds and servers then load docgen, its
          // Markdown pipeline and the plugins once. Every file makes its own sites and servers and stops
          // them; the two that change the working folder restore it. The files besides the bad-input
          // catalogue (which runs the CLI) took 344 s isolated and 296 s in one graph here, one run each.
          isolate: false,
          // Builds the website first (the browser project's finds it up to date).
          globalSetup: ['./e2e/helpers/global-setup.ts'],
          // Concurrent tests (the bad-input catalogue) each run a build: two at a time on two cores.
          maxConcurrency: 2,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['e2e/browser/*.test.ts'],
          globalSetup: ['./e2e/helpers/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // One Chromium at a time: the machine has two cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
