/**
 * Redirect rules as the browser gets them (plain JSON), and the one function that applies them, shared by
 * the build (checks, static redirect pages), the inline head script and the runtime component. It imports
 * nothing, so the same code runs in Node and in the browser; URL policy (base, `.html`) stays with the callers.
 */

/**
 * One rule, ready for the browser. `to` is a route path (normalized, possibly with `?query` or `#hash`) or an
 * absolute URL; for a regular expression it is a template in which `$1`…`$99` and `$<name>` stand for the
 * capture groups and `$$` for a `$`.
 */
export type RedirectRule =
  /** An exact route path (normalized: no base, no `.html`, no final `index`). */
  | { path: string; to: string }
  /** A regular expression, as its `source` and `flags`, tested against the route path. */
  | { source: string; flags: string; to: string };

/** Where a route path leads: the final target and the route paths passed on the way (the start first). */
export type RedirectResolution = { to: string; chain: string[] } | { loop: string[] } | null;

/** At most this many rules apply one after another before the chain counts as a loop. */
export const MAX_REDIRECTS = 20;

/** A `$` reference of a `to` template: `$$`, `$1`…`$99` or `$<name>`. */
export const TEMPLATE_REFERENCE = /\$(\$|\d{1,2}|<([^>]*)>)/g;

/** True when `to` leaves the site: a URL with a scheme (`https:`) or protocol-relative (`//host`). */
export function isAbsoluteTarget(to: string): boolean {
  return /^([a-z][a-z\d+.-]*:|\/\/|\/\\)/i.test(to);
}

/** Rules prepared for matching: exact paths in a map, regular expressions compiled once. */
export interface RedirectTable {
  exact: Map<string, string>;
  patterns: { re: RegExp; to: string }[];
}

/** Prepares `rules` for {@link resolveRedirect}; the first rule of an exact path wins. */
export function createRedirectTable(rules: readonly RedirectRule[]): RedirectTable {
  const table: RedirectTable = { exact: new Map(), patterns: [] };
  for (const rule of rules) {
    if ('path' in rule) {
      if (!table.exact.has(rule.path)) table.exact.set(rule.path, rule.to);
    } else {
      table.patterns.push({ re: new RegExp(rule.source, rule.flags), to: rule.to });
    }
  }
  return table;
}

/**
 * Applies the rules of `table` to `routePath` (base removed, normalized by `normalize`), following a rule's
 * target when another rule matches it, until a target no rule matches or an absolute URL. An exact path wins
 * over the regular expressions, which are tried in their order; an exact path `/x/` also matches `/x`, since
 * hosts serve `x/index.html` there. A substituted target must stay what its template is: a route path
 * (starting with one `/`) or a URL on the template's own origin; otherwise the rule does not apply.
 * @returns the target with the chain of route paths (the start first), `{ loop }` when a route path comes
 *   back or more than {@link MAX_REDIRECTS} rules apply in a row, or null when no rule matches `routePath`
 */
export function resolveRedirect(table: RedirectTable, routePath: string, normalize: (path: string) => string = (p) => p): RedirectResolution {
  const chain = [routePath];
  let target: string | null = null;
  let current = routePath;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const next = applyRules(table, current);
    if (next === null) break;
    if (hop === MAX_REDIRECTS) return { loop: chain };
    target = next;
    if (isAbsoluteTarget(next)) break;
    current = normalize(next.replace(/[?#].*$/s, ''));
    const seen = chain.includes(current);
    chain.push(current);
    if (seen) return { loop: chain };
  }
  return target === null ? null : { to: target, chain };
}

/** The target of the rule that matches `routePath`, or null. */
function applyRules(table: RedirectTable, routePath: string): string | null {
  const exact = table.exact.get(routePath) ?? (routePath.endsWith('/') ? undefined : table.exact.get(`${routePath}/`));
  if (exact !== undefined) return exact;
  for (const { re, to: template } of table.patterns) {
    // A fresh start for expressions with the `g` or `y` flag, which remember where the last match ended.
    re.lastIndex = 0;
    const match = re.exec(routePath);
    if (!match) continue;
    const to = template.replace(TEMPLATE_REFERENCE, (_, token: string, name: string | undefined) =>
      token === '$' ? '$' : ((name === undefined ? match[Number(token)] : match.groups?.[name]) ?? ''),
    );
    if (keepsKind(template, to)) return to;
  }
  return null;
}

/**
 * True when the substituted `to` is of its template's kind: a route path stays one (a capture that makes it
 * `//host` would leave the site), an absolute URL keeps the origin written before the first `$`.
 */
function keepsKind(template: string, to: string): boolean {
  if (!isAbsoluteTarget(template)) return to.startsWith('/') && !isAbsoluteTarget(to);
  const cut = template.indexOf('$');
  return to.startsWith(cut < 0 ? template : template.slice(0, cut));
}
