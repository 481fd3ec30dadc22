/**
 * Worker-thread side of the dev server's rendering: one document per task (`renderDocument`), in a thread
 * of its own so that a page whose render never ends (an MDX expression that loops) is stopped at
 * `pageTimeout` while the server goes on answering, as `docgen build` stops it; and so that the thread
 * loads React and the server entry beside the main thread's start, not on the first request's path.
 */
import { DocgenError } from '../../shared/errors.js';
import { importServerEntry, renderDocument, type RenderJob, type RenderRoute } from '../pipeline/render-routes.js';
import { startTaskClock } from '../task-clock.js';

// As in the build's render threads: the environment is copied when the thread starts, and React picks its
// build from NODE_ENV when first loaded (the development build renders several times slower).
process.env.NODE_ENV ??= 'production';
// Awaited by the first task, not at the top level: piscina loads this module with `require()` (see
// `render-worker.ts`).
const preloaded = Promise.all([import('react'), import('react/jsx-runtime'), import('react-dom/server')]);

/**
 * A task: the document of `route` rendered with the server bundle of `job`; without `route`, a warm-up
 * (the server entry imported and the 404 page rendered once, the result dropped), so that the first page a
 * reader asks for renders with the modules loaded and the renderer compiled.
 */
export interface DevRenderTask {
  job: Pick<RenderJob, 'ssrDir' | 'ssr' | 'serverEntry'>;
  route?: RenderRoute;
  /** The clock of the task's time limit (`runLimited`), started when the thread takes the task. */
  clock?: SharedArrayBuffer;
}

/** The document, or the site's error as data: thrown errors lose their class across threads. */
export type DevRenderOutcome = { ok: true; html: string } | { ok: false; message: string; locations: DocgenError['locations'] };

/** Runs `task`; throws only for an error of docgen itself. */
export default async function renderTask(task: DevRenderTask): Promise<DevRenderOutcome> {
  if (task.clock) startTaskClock(task.clock);
  await preloaded;
  if (!task.route) {
    const server = await importServerEntry(task.job);
    try {
      if (task.job.ssr) server.render('/404', null);
    } catch {
      // A warm-up only: a theme that throws is reported by the render of the page asked for.
    }
    return { ok: true, html: '' };
  }
  try {
    return { ok: true, html: await renderDocument(task.job, task.route) };
  } catch (error) {
    if (error instanceof DocgenError) return { ok: false, message: error.message, locations: error.locations };
    throw error;
  }
}
