/**
 * Shared resolution of relative references in a page: to another page (a route) or to a file (an asset
 * copied with a content hash). Used by `remarkLinks` and `remarkAssets`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileToRoutePath } from '../routes/scan-routes.js';
import type { PageAsset } from './vfile-data.js';

/** What the pipeline needs to know about the site to resolve links; plain data so workers can receive it. */
export interface LinkContext {
  /** Base with leading and trailing slash. */
  base: string;
  /**
   * Locale folders (absolute), their route prefixes and languages, e.g. `{ dir: '/site/zh', prefix: '/zh', lang: 'zh' }`.
   * `lang` is what remark and rehype plugins read as `file.data.lang`.
   */
  locales: { dir: string; prefix: string; lang?: string }[];
  /** Files and folders starting with `_` are not routes. */
  excludeFragments: boolean;
  /** Emit `.html` in page links (clean URLs off). */
  htmlLinks: boolean;
  /** Site root (absolute): files a page references must lie inside it or `publicDir`. */
  root: string;
  /** Public folder (absolute); may lie outside the root. */
  publicDir?: string;
  /**
   * What a dead link is (`markdown.checkDeadLinks`): an error (true), a warning ('warn'), or nothing (false).
   * @default true
   */
  checkDeadLinks?: boolean | 'warn';
  /**
   * With `i18n.fallback`: each translated locale's folder and the folder of its originals (the default
   * language's, same version). A link to a translation that does not exist leads to its fallback page.
   */
  fallback?: { dir: string; originalDir: string }[];
}

/**
 * Where a link to a missing page of a translated locale leads with `i18n.fallback`: the page file the
 * translation would be (with its original's extension), when its original exists; else undefined.
 * @param target the linked file, absolute, with or without its `.md`/`.mdx` extension
 */
export function fallbackTarget(target: string, ctx: LinkContext): string | undefined {
  const locale = ctx.fallback?.find((l) => target.startsWith(l.dir + path.sep));
  if (!locale) return undefined;
  const original = path.join(locale.originalDir, path.relative(locale.dir, target));
  const found = (/\.mdx?$/.test(original) ? [original] : [`${original}.md`, `${original}.mdx`]).find((f) => fs.statSync(f, { throwIfNoEntry: false })?.isFile());
  return found && path.join(locale.dir, path.relative(locale.originalDir, found));
}

/**
 * `p` with symbolic links followed: the real path of its longest existing ancestor joined with the rest,
 * so a file that does not exist yet is placed where the folders leading to it really are.
 */
function realPath(p: string): string {
  const resolved = path.resolve(p);
  let existing = resolved;
  for (;;) {
    try {
      return path.join(fs.realpathSync(existing), path.relative(existing, resolved));
    } catch {
      const parent = path.dirname(existing);
      if (parent === existing) return resolved;
      existing = parent;
    }
  }
}

/** True when `file` is `dir` or lies below it (both real paths). */
function isWithin(dir: string, file: string): boolean {
  const rel = path.relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * True when `file`, after following symbolic links, lies inside the site root or the public folder: only
 * such files may be copied into the output or imported by path (a link to `../../../../etc/passwd` or
 * through a folder linked to `/etc` must not publish it). A file that does not exist is placed by its
 * existing folders.
 */
export function isInsideSite(file: string, ctx: Pick<LinkContext, 'root' | 'publicDir'>): boolean {
  const target = realPath(file);
  return [ctx.root, ctx.publicDir].some((dir) => dir !== undefined && isWithin(realPath(dir), target));
}

/**
 * Why a file a page links to or shows may not be copied into the output, or null when it may: it lies
 * outside the site root and the public folder (`isInsideSite`), or it is hidden, its name or a folder of
 * its path (below the root, above any `node_modules`, as written or after symbolic links) starting with a
 * dot: a site whose root is a repository's top holds `.git/config` and `.env`, which a page must not
 * publish. Files of the public folder are published as they are anyway.
 * @returns a phrase to follow the URL in a message, e.g. `lies outside the site (/etc/passwd): only files…`
 */
export function publishRefusal(file: string, ctx: Pick<LinkContext, 'root' | 'publicDir'>): string | null {
  const real = realPath(file);
  if (!isInsideSite(file, ctx)) return `lies outside the site (${real}): only files inside the site root or the public folder are published`;
  if (ctx.publicDir && isWithin(realPath(ctx.publicDir), real)) return null;
  const root = realPath(ctx.root);
  for (const [from, to] of [
    [path.resolve(ctx.root), path.resolve(file)],
    [root, real],
  ]) {
    if (!isWithin(from, to)) continue;
    const segments = path.relative(from, to).split(path.sep);
    const end = segments.indexOf('node_modules');
    const hidden = segments.slice(0, end === -1 ? undefined : end).find((s) => s.startsWith('.'));
    if (hidden) return `is hidden (${hidden} in ${toPosix(path.relative(root, real))}): files and folders whose name starts with "." are not published`;
  }
  return null;
}

function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}

/** `url` cut to 60 characters, with control characters escaped, for messages. */
export function displayUrl(url: string): string {
  const cut = url.length > 60 ? `${url.slice(0, 60)}…` : url;
  return cut.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Link schemes that run code or smuggle a document in (`data:` is allowed for images only). */
const UNSAFE_SCHEME = /^(javascript|vbscript|data):/i;

/**
 * The unsafe scheme of `url`, lowercased (`javascript`, `vbscript`, `data`), or null. Browsers ignore
 * control characters and spaces around and inside a scheme, so they are removed before the test.
 */
export function unsafeScheme(url: string): string | null {
  const m = UNSAFE_SCHEME.exec(url.replace(/[\u0000-\u0020\u007f]+/g, ''));
  return m ? m[1].toLowerCase() : null;
}

const PAGE_EXT = /\.mdx?$/;

/** Splits `./a.md#x?y` into the path and the `#…`/`?…` suffix. */
export function splitUrl(url: string): { pathname: string; suffix: string } {
  const i = url.search(/[?#]/);
  return i === -1 ? { pathname: url, suffix: '' } : { pathname: url.slice(0, i), suffix: url.slice(i) };
}

/**
 * The route path of a page file, or an explanation of why it is not a route.
 * @returns `{ route }` such as `/zh/guide/x`, or `{ error }`.
 */
export function routeOfFile(file: string, ctx: LinkContext): { route?: string; error?: string } {
  const locale = [...ctx.locales].sort((a, b) => b.dir.length - a.dir.length).find((l) => file === l.dir || file.startsWith(l.dir + path.sep));
  if (!locale) return { error: 'is outside the site' };
  const rel = path.relative(locale.dir, file).split(path.sep).join('/');
  if (ctx.excludeFragments && rel.split('/').some((seg) => seg.startsWith('_'))) return { error: 'is a fragment (its name starts with _), not a route' };
  return { route: locale.prefix + fileToRoutePath(rel.replace(PAGE_EXT, '')) };
}

/** Output path of an asset, `assets/<name>-<8 hex of sha256><ext>`. */
export function assetOutputPath(file: string): string {
  const hash = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex').slice(0, 8);
  const ext = path.extname(file);
  const name = path.basename(file, ext).replace(/[^\w-]/g, '_');
  return `assets/${name}-${hash}${ext}`;
}

/** Records an asset on the file and returns its URL with the base. */
export function addAsset(assets: PageAsset[], from: string, base: string): string {
  const to = assetOutputPath(from);
  if (!assets.some((a) => a.to === to)) assets.push({ from, to });
  return base + to;
}
