/** Worker-thread side of parallel SSG: renders one batch of routes (see `render-routes.ts`). */
import { DocgenError } from '../../shared/errors.js';
import { renderRoutes, type RenderJob } from './render-routes.js';

/** Outcome of a batch; user errors travel as data because thrown errors lose their class across threads. */
export type RenderOutcome = { ok: true; count: number } | { ok: false; message: string; locations: DocgenError['locations'] };

/** Renders `job`; never throws for an error of the site (a component that throws), only for docgen's own. */
export default async function renderBatch(job: RenderJob): Promise<RenderOutcome> {
  try {
    return { ok: true, count: await renderRoutes(job) };
  } catch (error) {
    if (error instanceof DocgenError) return { ok: false, message: error.message, locations: error.locations };
    throw error;
  }
}
