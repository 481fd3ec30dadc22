/**
 * Where TypeDoc's Markdown files land on the site, and their links rewritten to those places. TypeDoc
 * writes files such as `README.md` and `index/functions/build.md` that link each other relatively
 * (`../interfaces/BuildResult.md#root`); a page added by content resolves relative links from the site root,
 * so each link to another generated file becomes the absolute route path of that file's page.
 */
import path from 'node:path';

/**
 * The route of a generated file: `routeBase` (`/api/reference/`, or `/zh/api/reference/` for a locale with
 * a prefix) followed by the file's path without `.md`; a folder's entry file (`README.md` by TypeDoc's
 * default, `entryFileName`) is the folder's index route, with a trailing slash.
 * @param file the file's path relative to TypeDoc's output folder, with `/` separators (`index/README.md`)
 * @param routeBase an absolute route path ending with `/`
 * @example pageRoute('index/functions/build.md', '/api/reference/', 'README.md') // '/api/reference/index/functions/build'
 * @example pageRoute('README.md', '/api/reference/', 'README.md') // '/api/reference/'
 */
export function pageRoute(file: string, routeBase: string, entryFileName: string): string {
  const slash = file.lastIndexOf('/');
  const dir = file.slice(0, slash + 1);
  const name = file.slice(slash + 1);
  if (name === entryFileName) return routeBase + dir;
  return routeBase + dir + name.replace(/\.md$/, '');
}

/**
 * Rewrites the links of one generated page that lead to another generated page: Markdown links
 * (`[text](../a/B.md#x)`, with an optional title) and `href="…"` attributes of the raw HTML TypeDoc may
 * write (its HTML tables). The target is resolved against the page's own file; a link to a file that is not
 * among `routes`, an absolute URL or an anchor on the same page (`#x`) is left as it is.
 * @param content the page's Markdown
 * @param file the page's path in TypeDoc's output (`index/functions/build.md`)
 * @param routes every generated file (same form as `file`) → its route path
 * @returns the Markdown with the links rewritten; linear in the length of `content`
 */
export function rewriteLinks(content: string, file: string, routes: ReadonlyMap<string, string>): string {
  const dir = path.posix.dirname(file);
  const target = (url: string): string | undefined => {
    if (!url || url.startsWith('#') || url.startsWith('/') || /^[a-z][a-z\d+.-]*:/i.test(url)) return undefined;
    const hash = url.indexOf('#');
    const pathname = hash < 0 ? url : url.slice(0, hash);
    if (!pathname.endsWith('.md')) return undefined;
    let decoded: string;
    try {
      decoded = decodeURI(pathname);
    } catch {
      // Not a URL TypeDoc wrote (it encodes nothing it cannot decode): leave it for the dead-link check.
      return undefined;
    }
    const route = routes.get(path.posix.normalize(path.posix.join(dir, decoded)));
    return route === undefined ? undefined : route + (hash < 0 ? '' : url.slice(hash));
  };
  return content
    .replace(/\]\(([^()\s]+)((?:\s+"[^"]*")?)\)/g, (whole, url: string, title: string) => {
      const to = target(url);
      return to === undefined ? whole : `](${to}${title})`;
    })
    .replace(/\bhref="([^"]*)"/g, (whole, url: string) => {
      const to = target(url);
      return to === undefined ? whole : `href="${to}"`;
    });
}
