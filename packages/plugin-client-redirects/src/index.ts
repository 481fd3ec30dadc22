/**
 * `@docgen/plugin-client-redirects`: sends visitors from paths that have no page (pages that moved, short
 * aliases) to their new place, on any static host. Three parts do it:
 * - an inline script in every page's `<head>`: on a direct load of such a path the host serves the 404
 *   page, and the script replaces the location before that page shows;
 * - a runtime component: in-app navigation to such a path is replaced at once, before the 404 page loads;
 * - a static redirect page at each exact `from` path (meta refresh, canonical link, `noindex`), which crawlers
 *   and readers without JavaScript follow.
 * Rules are checked against the site's pages: a `from` that is a page, a regular expression that matches a
 * page, a target that is no page, and loops are errors.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  definePlugin,
  linkHref,
  normalizeRoutePath,
  routeOutputFile,
  routeUrl,
  validatePluginOptions,
  type DocgenPlugin,
  type HeadTag,
  type ResolvedConfig,
  type RouteEntry,
} from '@docgen/core';
import * as z from '@docgen/core/zod';
import { createRedirectTable, resolveRedirect, TEMPLATE_REFERENCE, type RedirectRule, type RedirectTable } from './redirect-rules.js';

export { createRedirectTable, resolveRedirect, MAX_REDIRECTS, type RedirectRule, type RedirectResolution, type RedirectTable } from './redirect-rules.js';

/** Browser code ships as TypeScript source beside `src/` and `dist/` alike. */
const runtimeDir = fileURLToPath(new URL('../src/runtime/', import.meta.url));
const COMPONENT = path.join(runtimeDir, 'ClientRedirects.tsx');
/** `src/runtime/head-script.ts`, bundled into one minified IIFE when the package is built (`scripts/build-packages.mjs`). */
const HEAD_SCRIPT = fileURLToPath(new URL('../dist/head-script.js', import.meta.url));

/** One redirect as the user writes it. */
export interface Redirect {
  /**
   * An exact route path (`/guide/old-page`; no base; `.html` and a final `index` are ignored, so
   * `/guide/old-page.html` is the same path), or a regular expression tested against the route path.
   */
  from: string | RegExp;
  /**
   * A route path (`/guide/new-page`, may end in `?query` or `#fragment`) or an `http(s)` URL. With a regular
   * expression `from`, `$1`…`$99` and `$<name>` stand for its capture groups, `$$` for a `$`.
   */
  to: string;
}

const isRouteTarget = (to: string) => to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\');

const ruleSchema = z
  .object({
    from: z.custom<string | RegExp>((v) => typeof v === 'string' || v instanceof RegExp, { message: 'is not a string (a route path) or a regular expression' }),
    to: z.string().min(1),
  })
  .strict()
  .superRefine(({ from, to }, ctx) => {
    const issue = (key: 'from' | 'to', message: string) => ctx.addIssue({ code: 'custom', path: [key], message });
    if (typeof from === 'string') {
      if (!from.startsWith('/') || from.startsWith('//')) issue('from', 'must start with / (a route path such as /guide/old-page)');
      else if (/[?#]/.test(from)) issue('from', 'must be a route path, without ? or #');
    }
    if (typeof to !== 'string' || !to) return;
    const references = [...to.matchAll(TEMPLATE_REFERENCE)].filter((m) => m[1] !== '$');
    // A template may start with a group (`$1/guide/$2`); what it gives must then be a route path.
    const groupFirst = references.length > 0 && to.startsWith('$') && !to.startsWith('$$');
    if (!isRouteTarget(to) && !groupFirst && !isHttpTarget(to, references.length > 0)) {
      issue('to', 'must be a route path starting with / or an http(s) URL (https://example.com/…)');
      return;
    }
    if (!(from instanceof RegExp)) {
      if (references.length) issue('to', `uses ${references[0][0]}, but from is not a regular expression`);
      return;
    }
    // Matching the expression or an empty string shows its groups: their count and their names.
    const groups = new RegExp(`${from.source}|`, from.flags.replace(/[gy]/g, '')).exec('')!;
    for (const [reference, token, name] of references) {
      if (name !== undefined && !(groups.groups && name in groups.groups)) issue('to', `uses ${reference}, but from has no group named ${name}`);
      else if (name === undefined && Number(token) > groups.length - 1) {
        issue('to', `uses ${reference}, but from has ${groups.length - 1} capture group${groups.length === 2 ? '' : 's'}`);
      }
    }
  });

const optionsSchema = z
  .object({
    /**
     * The redirects, `{ from, to }`. An exact `from` wins over regular expressions, which are tried in order.
     * @example [{ from: '/guide/old-page', to: '/guide/new-page' }, { from: /^\/blog\/(.+)$/, to: 'https://blog.example.com/$1' }]
     */
    redirects: z.array(ruleSchema),
  })
  .strict()
  .superRefine(({ redirects }, ctx) => {
    const first = new Map<string, number>();
    redirects.forEach(({ from }, i) => {
      if (typeof from !== 'string') return;
      const key = normalizeRoutePath(from);
      const earlier = first.get(key);
      if (earlier === undefined) first.set(key, i);
      else ctx.addIssue({ code: 'custom', path: ['redirects', i, 'from'], message: `redirects ${key} again: redirects[${earlier}] already does` });
    });
  });

/** Options of `pluginClientRedirects`. */
export type ClientRedirectsOptions = z.input<typeof optionsSchema>;

/** A static redirect page to write: the output file and its target. */
interface RedirectPage {
  /** Index of the rule, for messages. */
  index: number;
  from: string;
  file: string;
  /** The final target (a route path, possibly with `?query#fragment`, or an absolute URL). */
  to: string;
}

/**
 * Creates the plugin.
 * @throws DocgenError `[client-redirects] options: …` for a wrong option
 * @example plugins: [pluginClientRedirects({ redirects: [{ from: '/start', to: '/guide/start/getting-started' }] })]
 */
export function pluginClientRedirects(options: ClientRedirectsOptions): DocgenPlugin {
  const { redirects } = validatePluginOptions('client-redirects', optionsSchema, options);
  const rules = redirects.map(toRule);
  const table = createRedirectTable(rules);
  let script = '';
  let pages: RedirectPage[] = [];
  return definePlugin({
    name: 'client-redirects',
    beforeBuild() {
      script ||= readHeadScript();
      pages = [];
    },
    routeGenerated(routes) {
      pages = checkRedirects(redirects, rules, table, routes);
    },
    globalUIComponents: rules.length ? [[COMPONENT, { rules }]] : [],
    head(config) {
      if (!rules.length) return [];
      const data = JSON.stringify({ rules, base: config.base, cleanUrls: config.route.cleanUrls });
      return [['script', { 'data-client-redirects': data }, script] satisfies HeadTag];
    },
    async afterBuild(config, { outDir }) {
      for (const page of pages) {
        if (fs.existsSync(path.join(outDir, page.file))) {
          throw new Error(
            `the output already has ${page.file} (from the public folder?): the redirect page of redirects[${page.index}].from ${page.from} would replace it; remove the file or the rule`,
          );
        }
      }
      for (const page of pages) {
        const file = path.join(outDir, page.file);
        await fs.promises.mkdir(path.dirname(file), { recursive: true });
        // `wx`: a file that appeared meanwhile is still never replaced.
        await fs.promises.writeFile(file, redirectPageHtml(page, config), { flag: 'wx' });
      }
    },
  });
}

/** The rule the browser gets: an exact `from` and a route `to` normalized like the browser's path. */
function toRule({ from, to }: Redirect): RedirectRule {
  if (typeof from === 'string') return { path: normalizeRoutePath(from), to: normalizeTarget(to) };
  const templated = [...to.matchAll(TEMPLATE_REFERENCE)].some((m) => m[1] !== '$');
  return { source: from.source, flags: from.flags, to: templated ? to : normalizeTarget(to) };
}

/** A route target with `.html` and a final `index` dropped from its path; an absolute URL as it is. */
function normalizeTarget(to: string): string {
  if (!isRouteTarget(to)) return to;
  const cut = to.search(/[?#]/);
  return cut < 0 ? normalizeRoutePath(to) : normalizeRoutePath(to.slice(0, cut)) + to.slice(cut);
}

/**
 * An `http(s)` URL; with `$` references, one whose origin and first `/` are written before the first `$`,
 * so a captured text can never change the host.
 */
function isHttpTarget(to: string, templated: boolean): boolean {
  const fixed = templated ? to.slice(0, to.indexOf('$')) : to;
  if (templated && !/^https?:\/\/[^/?#]+\//i.test(fixed)) return false;
  try {
    const url = new URL(templated ? `${fixed}x` : to);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Checks the rules against the final routes and returns the static redirect pages to write.
 * - A `from` path that is a page (or the folder path of a folder page, `/guide` for `/guide/`), or a regular
 *   expression that matches a page's path, would never apply: the page is served instead. A `from` `/x/`
 *   would also take readers away from a page `/x`.
 * - The target of an exact rule and the fixed target of an expression must be a page, or lead to one
 *   through other rules; a chain that comes back is a loop.
 * Linear in the pages times the regular expressions, plus the rules.
 * @throws Error listing every problem, one per line, each naming the rule
 */
function checkRedirects(redirects: readonly Redirect[], rules: readonly RedirectRule[], table: RedirectTable, routes: readonly RouteEntry[]): RedirectPage[] {
  const pages = new Map<string, string>();
  for (const route of routes) {
    pages.set(route.path, route.relativePath);
    if (route.path.length > 1 && route.path.endsWith('/')) pages.set(route.path.slice(0, -1), route.relativePath);
  }
  // The generated 404 page is served at /404 too.
  if (!pages.has('/404')) pages.set('/404', '404.html');
  const problems: string[] = [];
  const out: RedirectPage[] = [];

  rules.forEach((rule, i) => {
    const from = String(redirects[i].from);
    if ('path' in rule) {
      const page = pages.get(rule.path);
      // An exact `/x/` also matches `/x`, the path of the page `/x`.
      const bare = rule.path.length > 1 && rule.path.endsWith('/') ? rule.path.slice(0, -1) : '';
      if (page) problems.push(`redirects[${i}].from ${from} is the page of ${page}: the page is served there, so the redirect would never apply; remove the rule or the page`);
      else if (bare && pages.has(bare)) problems.push(`redirects[${i}].from ${from} also matches ${bare}, the page of ${pages.get(bare)}: it would send readers away from that page; remove the rule or the page`);
      return;
    }
    const re = new RegExp(rule.source, rule.flags);
    for (const [pagePath, file] of pages) {
      re.lastIndex = 0;
      if (re.test(pagePath)) {
        problems.push(`redirects[${i}].from ${from} matches the page ${pagePath} (${file}): redirects apply only to paths without a page; leave it out of the expression, e.g. with (?!…)`);
        return;
      }
    }
  });
  if (problems.length) throw new Error(problems.join('\n'));

  /** Follows `to` through the rules: the final target, or a problem. */
  const follow = (start: string, to: string): { to: string } | { problem: string } => {
    if (!isRouteTarget(to)) return { to };
    const resolved = resolveRedirect(table, start, normalizeRoutePath);
    if (resolved && 'loop' in resolved) return { problem: `is part of a redirect loop: ${resolved.loop.join(' → ')}` };
    const final = resolved?.to ?? to;
    if (!isRouteTarget(final)) return { to: final };
    const finalPath = normalizeRoutePath(final.replace(/[?#].*$/s, ''));
    // A file (an extension other than .html) may come from the public folder: not checked.
    if (pages.has(finalPath) || /\.[a-z\d]+$/i.test(finalPath)) return { to: final };
    const via = resolved && resolved.chain.length > 2 ? ` (reached through ${resolved.chain.join(' → ')})` : '';
    return { problem: `leads to ${finalPath}, which is not a page of the site${via}` };
  };

  rules.forEach((rule, i) => {
    if ('path' in rule) {
      const result = follow(rule.path, rule.to);
      if ('problem' in result) problems.push(`redirects[${i}].to ${redirects[i].to} ${result.problem}`);
      else out.push({ index: i, from: String(redirects[i].from), file: routeOutputFile(rule.path), to: result.to });
    } else if (![...rule.to.matchAll(TEMPLATE_REFERENCE)].some((m) => m[1] !== '$') && isRouteTarget(rule.to)) {
      // A fixed target is checked like an exact rule's, starting from the target itself.
      const result = follow(normalizeRoutePath(rule.to.replace(/[?#].*$/s, '')), rule.to);
      if ('problem' in result) problems.push(`redirects[${i}].to ${redirects[i].to} ${result.problem}`);
    }
  });
  if (problems.length) throw new Error(problems.join('\n'));
  return out;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The static redirect page of an exact rule: a meta refresh to the target (which crawlers treat as a
 * permanent redirect), the target as canonical link, `noindex`, a script that keeps the visited URL's query
 * and fragment, and a plain link for readers without either.
 */
export function redirectPageHtml(page: Pick<RedirectPage, 'from' | 'to'>, config: Pick<ResolvedConfig, 'base' | 'route' | 'siteUrl' | 'resolvedLocales' | 'lang'>): string {
  const policy = { base: config.base, cleanUrls: config.route.cleanUrls, siteUrl: config.siteUrl };
  let href: string;
  let canonical: string;
  if (isRouteTarget(page.to)) {
    const cut = page.to.search(/[?#]/);
    const [target, suffix] = cut < 0 ? [page.to, ''] : [page.to.slice(0, cut), page.to.slice(cut)];
    href = encodeURI(linkHref(target, policy)) + suffix;
    canonical = /\.[a-z\d]+$/i.test(target) ? href : routeUrl(target, policy) + suffix;
  } else {
    href = page.to;
    canonical = page.to;
  }
  const kept = page.to.includes('#') ? '' : page.to.includes('?') ? '+location.hash' : '+location.search+location.hash';
  const lang = localeOf(page.from, config)?.lang ?? config.lang;
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<title>Redirecting to ${escapeHtml(href)}</title>
<meta name="robots" content="noindex">
<link rel="canonical" href="${escapeHtml(canonical)}">
<meta http-equiv="refresh" content="0; url=${escapeHtml(href)}">
<script>location.replace(${JSON.stringify(href).replace(/</g, '\\u003c')}${kept})</script>
</head>
<body>
<p>This page has moved to <a href="${escapeHtml(href)}">${escapeHtml(href)}</a>.</p>
</body>
</html>
`;
}

/** The locale a route path belongs to: the longest prefix. */
function localeOf(routePath: string, config: Pick<ResolvedConfig, 'resolvedLocales'>) {
  let best: ResolvedConfig['resolvedLocales'][number] | undefined;
  for (const locale of config.resolvedLocales) {
    const { prefix } = locale;
    const inside = !prefix || routePath === prefix || routePath.startsWith(`${prefix}/`);
    if (inside && (!best || prefix.length > best.prefix.length)) best = locale;
  }
  return best;
}

/**
 * The inline head script, as the package's build bundled it.
 * @throws Error naming the file and the command that makes it, when the package was not built
 */
function readHeadScript(): string {
  try {
    return fs.readFileSync(HEAD_SCRIPT, 'utf8').trim();
  } catch (error) {
    throw new Error(`cannot read the head script ${HEAD_SCRIPT} (${(error as Error).message}): the package is not built (pnpm build:packages)`);
  }
}
