/**
 * SSG of a list of routes: imports the server bundle, renders each route to HTML and writes it. Takes
 * plain data only, so it runs in this thread or in a worker thread (`render-worker.ts`) alike.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DocgenError } from '../../shared/errors.js';
import type { PageData } from '../../shared/types.js';
import { renderHtmlDocument, type HtmlParts } from './html-template.js';

/** One page to render: its server module and everything of its document that does not need rendering. */
export interface RenderRoute {
  routePath: string;
  /** File of the server bundle holding the page module (relative to `ssrDir`); '' renders the 404 page. */
  moduleFile: string;
  /** Source file of the page, as shown in messages ('' for the 404 page). */
  sourceFile: string;
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
  /** File of the server entry, relative to `ssrDir`. @default 'server-entry.js' */
  serverEntry?: string;
  /** The clock of the job's time limit (`runLimited`), started when the thread takes the job. */
  clock?: SharedArrayBuffer;
}

type ServerEntry = {
  render: (routePath: string, page: unknown) => { html: string; head: string };
  pageTitle: (title: string | undefined, suffix: string | undefined, siteTitle: string) => string;
};

/** Renders and writes every route of `job`; resolves to the number of files written. */
export async function renderRoutes(job: RenderJob, onProgress?: () => void): Promise<number> {
  // Writes overlap with rendering (libuv's thread pool); each folder is created once.
  const writes: Promise<void>[] = [];
  const folders = new Set<string>();
  for (const route of job.routes) {
    const html = await renderDocument(job, route);
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

/**
 * The server bundle's entry in `job.ssrDir` (`server-entry.js` unless named), imported with React's
 * production build: React picks its build from NODE_ENV when first loaded, and the development build loads
 * and renders several times slower. What the dev server imports ahead of its first render goes through here
 * too, or the development build would be the one cached for the process.
 * @throws (rejects) what the import throws: a missing file, an error of the bundle's top level
 */
export function importServerEntry(job: Pick<RenderJob, 'ssrDir' | 'serverEntry'>): Promise<ServerEntry> {
  process.env.NODE_ENV ??= 'production';
  return import(pathToFileURL(path.join(job.ssrDir, job.serverEntry ?? 'server-entry.js')).href) as Promise<ServerEntry>;
}

/**
 * The HTML document of one route, rendered with the server bundle in `job.ssrDir` (imported once per
 * file by Node's module cache).
 * @throws DocgenError naming the route, its source file and the component that threw
 */
export async function renderDocument(job: Pick<RenderJob, 'ssrDir' | 'ssr' | 'serverEntry'>, route: RenderRoute): Promise<string> {
  const server = await importServerEntry(job);
  const mod = route.moduleFile ? ((await import(pathToFileURL(path.join(job.ssrDir, route.moduleFile)).href)) as { pageData: PageData }) : null;
  const pageData = mod?.pageData;
  let rendered = { html: '', head: '' };
  try {
    if (job.ssr) rendered = server.render(route.routePath, mod);
  } catch (error) {
    throw renderError(error, route, job.ssrDir);
  }
  return renderHtmlDocument({
    ...route.parts,
    title: pageData ? server.pageTitle(pageData.title, pageData.frontmatter.titleSuffix, route.siteTitle) : server.pageTitle('404', undefined, route.siteTitle),
    description: String(pageData?.frontmatter.description ?? route.defaultDescription),
    appHtml: rendered.html,
    headExtra: rendered.head,
  });
}

/**
 * The DocgenError of a render stopped at its time limit (`pageTimeout`, ms), naming the route and its source
 * file; the same for `docgen build` and the dev server.
 */
export function renderTimeoutError(route: RenderRoute, timeoutMs: number): DocgenError {
  const message = `Rendering ${route.routePath}${route.sourceFile ? ` (${route.sourceFile})` : ''} took longer than ${timeoutMs / 1000} s (pageTimeout) and was stopped`;
  return new DocgenError(message, route.sourceFile ? [{ message, location: { file: route.sourceFile, line: 1, column: 1 } }] : []);
}

/**
 * A DocgenError for a page whose server render threw: the route, its source file, the component when the
 * stack names one (the server bundle keeps function names), and the error's message.
 */
function renderError(error: unknown, route: RenderRoute, ssrDir: string): DocgenError {
  const message = (error as Error)?.message ?? String(error);
  const stack = String((error as Error)?.stack ?? '');
  // The first frame in a server module with a capitalised function name is the component that threw.
  const component = stack
    .split('\n')
    .map((line) => /^\s+at (?:new )?([A-Z][\w$]*) \((.*)\)$/.exec(line))
    .find((m) => m && m[2].includes(path.basename(ssrDir)))?.[1];
  const where = route.sourceFile ? ` (${route.sourceFile})` : '';
  const text = `Rendering ${route.routePath}${where} failed${component ? ` in <${component}>` : ''}: ${message}`;
  const failure = new DocgenError(text, route.sourceFile ? [{ message: text, location: { file: route.sourceFile, line: 1, column: 1 } }] : []);
  (failure as { cause?: unknown }).cause = error;
  return failure;
}
