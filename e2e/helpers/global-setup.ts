/**
 * Vitest global setup of the integration and browser projects: builds the website before their files
 * run. The files that serve or read its output (`docs/dist`) then find it up to date; none builds the
 * website into a folder of its own, which would record that folder in the site's cache and make the next
 * build of `docs/dist` write every file again.
 */
import { build } from '@docgen/core';
import { docsRoot } from './site.js';

export default async function setup(): Promise<void> {
  await build({ root: docsRoot, log: false });
}
