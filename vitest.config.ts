import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `@theme` names the active theme in a site; in the theme's own tests it is the default theme.
const theme = fileURLToPath(new URL('./packages/theme-default/src/index.tsx', import.meta.url));

// Vitest 4 reads projects from the root config (the workspace file is gone).
export default defineConfig({
  test: {
    // As many test files at a time as the machine has cores (Vitest's default is one fewer). One file at a
    // time kept 1.14 of two cores busy on average (a build waits on its threads, Chromium on the page, the
    // servers on the network). Two at a time, on a clean clone here, Vitest took 796 s instead of 952 s
    // (the whole CI run 13.8 min instead of 16.5), though single files took up to twice as long. Every
    // file makes its own sites, servers, ports and browser.
    maxWorkers: os.availableParallelism(),
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
          // As in the browser project: a wait for a state, long only when the machine is busy.
          expect: { poll: { timeout: 15_000 } },
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['e2e/browser/*.test.ts'],
          globalSetup: ['./e2e/helpers/global-setup.ts'],
          // `expect.poll` waits for a state and ends as soon as it holds: Vitest's default of 1 s only ever
          // failed a test because the machine was busy (a smooth scroll and the outline's update took longer
          // beside a heavy job), never because a state did not come.
          expect: { poll: { timeout: 15_000 } },
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
