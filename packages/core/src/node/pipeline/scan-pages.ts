/** Phase: the routed pages of the site, from its locale folders (`scanRoutes`). */
import { scanRoutes } from '../routes/scan-routes.js';
import type { BuildContext } from './context.js';

/**
 * Sets `ctx.routes`.
 * @throws DocgenError for a bad site layout (missing locale folders, names that cannot be URLs, clashes)
 */
export function scanPages(ctx: BuildContext): void {
  ctx.routes = scanRoutes(ctx.config);
  ctx.timings.mark('routes');
}
