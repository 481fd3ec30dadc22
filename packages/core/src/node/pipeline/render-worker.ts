/** Worker-thread side of parallel SSG: renders one batch of routes (see `render-routes.ts`). */
import { DocgenError } from '../../shared/errors.js';
import { renderRoutes, type RenderJob } from './render-routes.js';
import { startTaskClock } from '../task-clock.js';

// A worker thread copies the environment when it starts, before the bundler sets NODE_ENV in the main
// thread: without this, React would load its development build here, which renders several times slower.
process.env.NODE_ENV ??= 'production';
// React and its server renderer, which the server bundle imports by these same files (`docgenPlugin`
// resolves them from this package): loading starts with the thread, so that a pool started early
// (`startRenderPool`) has them ready when the bundles are. Awaited by the first batch, not at the top level:
// piscina loads this module with `require()`, which refuses a module with top-level await, and its fallback
// to `import()` then raced the first task's own `require()` of the module half loaded, which Node 20.20
// answers with a fatal error ("v8::Module::IsGraphAsync must be used on an instantiated module", seen in CI).
const preloaded = Promise.all([import('react'), import('react/jsx-runtime'), import('react-dom/server')]);

/** Outcome of a batch; user errors travel as data because thrown errors lose their class across threads. */
export type RenderOutcome = { ok: true; count: number } | { ok: false; message: string; locations: DocgenError['locations'] };

/** Renders `job`; never throws for an error of the site (a component that throws), only for docgen's own. */
export default async function renderBatch(job: RenderJob): Promise<RenderOutcome> {
  if (job.clock) startTaskClock(job.clock);
  await preloaded;
  try {
    return { ok: true, count: await renderRoutes(job) };
  } catch (error) {
    if (error instanceof DocgenError) return { ok: false, message: error.message, locations: error.locations };
    throw error;
  }
}
