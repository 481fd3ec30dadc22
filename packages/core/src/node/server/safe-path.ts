/**
 * Which file, if any, a request's URL path names inside a served folder: the one check that `docgen preview`
 * and `docgen dev` share so that no request reads a file outside the site.
 */
import fs from 'node:fs';
import path from 'node:path';

/** What `resolveServedPath` decided. */
export type ServedPath =
  /** Send `file`: the path below `root` as requested (links not followed), whose real path was checked. */
  | { status: 200; file: string }
  /** Refused: the path is malformed or leads, as written or through symbolic links, out of the allowed folders. */
  | { status: 403; reason: string }
  /** Inside the folder, but no file by that name. */
  | { status: 404 };

/** Options of `resolveServedPath`. */
export interface ResolveServedPathOptions {
  /** Folder the URL path is resolved against (absolute). */
  root: string;
  /** Further folders (absolute) that symbolic links below `root` may lead into, e.g. packages a dev server serves. @default [] */
  allow?: string[];
  /** Extensions tried, in order, for a path without one (clean URLs), e.g. `['html']`: `/x` → `x`, `x.html`, `x/index.html`. @default [] */
  extensions?: string[];
}

/**
 * Maps `pathname` (a URL path as the client sent it, without query and base, still percent-encoded) to a
 * file below `options.root`. It is decoded once, so `%2e%2e` is `..` and `%252e` stays the name `%2e`; a null
 * byte, a backslash (a separator on Windows) or malformed percent-encoding is refused; the result is resolved
 * against the root and must stay inside it; and the file's real path (`fs.realpathSync`, following every
 * symbolic link) must lie inside the root's real path or one of `options.allow`. A path ending in `/` names
 * its folder's `index.html` when `'html'` is among the extensions.
 * @returns 200 with the file, 403 with the reason, or 404
 */
export function resolveServedPath(pathname: string, options: ResolveServedPathOptions): ServedPath {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { status: 403, reason: 'malformed percent-encoding' };
  }
  if (decoded.includes('\0')) return { status: 403, reason: 'null byte' };
  if (decoded.includes('\\')) return { status: 403, reason: 'backslash' };
  const root = path.resolve(options.root);
  // Joined below the root as a relative path, so an absolute path (`/etc/passwd`) names `<root>/etc/passwd`.
  const target = path.resolve(root, `.${path.posix.sep}${decoded}`);
  if (!isWithin(root, target)) return { status: 403, reason: 'outside the served folder' };

  const extensions = options.extensions ?? [];
  const candidates = decoded.endsWith('/')
    ? extensions.map((ext) => path.join(target, `index.${ext}`))
    : [target, ...extensions.map((ext) => `${target}.${ext}`), ...extensions.map((ext) => path.join(target, `index.${ext}`))];
  for (const file of candidates) {
    const real = realFile(file);
    if (real === undefined) continue;
    const allowed = [root, ...(options.allow ?? [])].map(realPathOrSelf);
    if (!allowed.some((dir) => isWithin(dir, real))) return { status: 403, reason: 'symbolic link out of the served folder' };
    return { status: 200, file };
  }
  return { status: 404 };
}

/** The real path of `file` when it exists and is a file (after links); undefined otherwise. */
function realFile(file: string): string | undefined {
  try {
    const real = fs.realpathSync(file);
    return fs.statSync(real).isFile() ? real : undefined;
  } catch (error) {
    // Missing, or a dangling or looping link: no file by that name. Anything else (EACCES…) is a real fault.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP' || code === 'ENAMETOOLONG') return undefined;
    throw error;
  }
}

/** `dir` after symbolic links; as given when it does not exist (then nothing lies inside it). */
function realPathOrSelf(dir: string): string {
  try {
    return fs.realpathSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return path.resolve(dir);
    throw error;
  }
}

/** True when `file` is `dir` or lies below it. */
function isWithin(dir: string, file: string): boolean {
  const rel = path.relative(dir, file);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}
