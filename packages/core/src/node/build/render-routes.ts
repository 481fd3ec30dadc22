/**
 * SSG of a list of routes: imports the server bundle, renders each route to HTML and writes it. Takes
 * plain data only, so it runs in this thread or in a worker thread (`render-worker.ts`) alike.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageData } from '../../shared/types.js';
import { renderHtmlDocument, type HtmlParts } from './html-template.js';

/** One page to render: its server module and everything of its document that does not need rendering. */
export interface RenderRoute {
  routePath: string;
  /** File of the server bundle holding the page module (relative to `ssrDir`); '' renders the 404 page. */
  moduleFile: string;
  /** Output file, relative to `outDir`. */
  htmlFile: string;
  /** Title suffix of the page's locale. */
  siteTitle: string;
  /** Used when the page has no front matter `description`. */
  defaultDescription: string;
  parts: Omit<HtmlParts, 'title' | 'description' | 'appHtml'>;
}

/** A batch of routes for one thread. */
export interface RenderJob {
  ssrDir: string;
  outDir: string;
  /** Server-render the app into each page (`ssg`); false writes documents the client renders. */
  ssr: boolean;
  routes: RenderRoute[];
}

type ServerEntry = {
  render: (routePath: string, page: unknown) => { html: string; head: string };
  pageTitle: (title: string | undefined, suffix: string | undefined, siteTitle: string) => string;
};

/** Renders and writes every route of `job`; resolves to the number of files written. */
export async function renderRoutes(job: RenderJob, onProgress?: () => void): Promise<number> {
  // React picks its production or development build from NODE_ENV when first loaded; the development
  // build renders several times slower.
  process.env.NODE_ENV ??= 'production';
  const server = (await import(pathToFileURL(path.join(job.ssrDir, 'server-entry.js')).href)) as ServerEntry;
  // Writes overlap with rendering (libuv's thread pool); each folder is created once.
  const writes: Promise<void>[] = [];
  const folders = new Set<string>();
  for (const route of job.routes) {
    const mod = route.moduleFile ? ((await import(pathToFileURL(path.join(job.ssrDir, route.moduleFile)).href)) as { pageData: PageData }) : null;
    const pageData = mod?.pageData;
    const rendered = job.ssr ? server.render(route.routePath, mod) : { html: '', head: '' };
    const html = renderHtmlDocument({
      ...route.parts,
      title: pageData ? server.pageTitle(pageData.title, pageData.frontmatter.titleSuffix, route.siteTitle) : server.pageTitle('404', undefined, route.siteTitle),
      description: String(pageData?.frontmatter.description ?? route.defaultDescription),
      appHtml: rendered.html,
      headExtra: rendered.head,
    });
    const file = path.join(job.outDir, route.htmlFile);
    const dir = path.dirname(file);
    if (!folders.has(dir)) {
      fs.mkdirSync(dir, { recursive: true });
      folders.add(dir);
    }
    writes.push(fs.promises.writeFile(file, html));
    onProgress?.();
  }
  await Promise.all(writes);
  return job.routes.length;
}
