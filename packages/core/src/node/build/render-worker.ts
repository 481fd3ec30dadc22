/** Worker-thread side of parallel SSG: renders one batch of routes (see `render-routes.ts`). */
import { renderRoutes, type RenderJob } from './render-routes.js';

export default function renderBatch(job: RenderJob): Promise<number> {
  return renderRoutes(job);
}
