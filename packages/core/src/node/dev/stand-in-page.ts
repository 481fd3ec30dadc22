/**
 * Stand-ins: what `docgen dev` shows of a page before it has compiled it (`standInPage`), and the memo of
 * them that lets a start skip reading and parsing the pages that did not change since the last one
 * (`StandInMemo`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FrontMatter } from '../../shared/types.js';
import * as z from 'zod';
import type { CompiledPage } from '../markdown/compiled-page.js';
import { parseFrontMatter, titleFromFileName } from '../markdown/front-matter.js';
import { readPageSource } from '../markdown/read-source.js';
import { readChecked, writeChecked } from '../pipeline/page-cache.js';

/**
 * What a page shows of itself before it is compiled: the title from its front matter or its first `#`
 * heading (inline Markdown removed), else from its file name; its front matter when valid. Enough for the
 * sidebars and page data of the pages around it, until the real page replaces it.
 */
export function standInPage(filePath: string): CompiledPage {
  let frontmatter: FrontMatter = {};
  let body = '';
  try {
    const source = readPageSource(filePath);
    // Front matter that does not parse is left out (its `#` comments are no headings); the page's own
    // compile reports the error, with its place.
    body = source.replace(/^---[ \t]*\r?\n[\s\S]*?\r?\n---[ \t]*(\r?\n|$)/, '');
    ({ frontmatter, body } = parseFrontMatter(filePath, source));
  } catch {
    // As above: the compile reports it (a file that is not UTF-8 is titled by its name meanwhile).
  }
  return standIn(typeof frontmatter.title === 'string' ? frontmatter.title : (firstHeading(body) ?? titleFromFileName(filePath)), frontmatter);
}

function standIn(title: string, frontmatter: FrontMatter): CompiledPage {
  return { code: '', title, toc: [], frontmatter, assets: [], dependencies: [], sections: [], links: [], anchors: [], fragmentImports: [], warnings: [] };
}

/** Text of the first ATX `#` heading outside fenced code, inline Markdown and HTML removed; one pass over the lines. */
function firstHeading(body: string): string | undefined {
  let fence: string | undefined;
  for (const line of body.split('\n')) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (!fence || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence ? undefined : marker;
      continue;
    }
    if (fence) continue;
    const heading = /^ {0,3}#[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line.replace(/\r$/, ''));
    if (!heading) continue;
    const text = heading[1]
      .replace(/\s*\{#[^}]*\}\s*$/, '')
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/(\*\*|__|\*|_|~~|`)/g, '')
      .trim();
    return text || undefined;
  }
  return undefined;
}

/** A memo entry: the file's modification time (ms) and size (bytes) when its stand-in was made, its title and front matter. */
type MemoEntry = [mtimeMs: number, size: number, title: string, frontmatter: FrontMatter];

/** The memo file: the stamp its entries were made under, and an entry per page, by path relative to the site root. */
interface MemoFile {
  stamp: string;
  pages: Record<string, MemoEntry>;
}

/**
 * Checked entry by entry in one loop: an object schema of a record took ~10× as long at 2,000 pages, before
 * the JIT had warmed up, on the path to the first page served.
 */
const memoSchema = z.object({
  stamp: z.string(),
  pages: z.custom<Record<string, MemoEntry>>(
    (value) =>
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.values(value).every(
        (entry: unknown) =>
          Array.isArray(entry) &&
          entry.length === 4 &&
          typeof entry[0] === 'number' &&
          typeof entry[1] === 'number' &&
          typeof entry[2] === 'string' &&
          typeof entry[3] === 'object' &&
          entry[3] !== null &&
          !Array.isArray(entry[3]),
      ),
  ),
});

/**
 * The stand-ins of the last start (`<cacheDir>/dev-stand-ins.json`), reused for the pages whose file has
 * the same modification time and size: reading and parsing the front matter of every page took ~0.25 ms
 * a page (0.5 s at 2,000 pages) before the first page could be served; a stat takes a few µs. A stand-in
 * only stands until the page compiles in the background, so a file changed without a new time or size (a
 * copy that keeps times, within one tick of the clock) shows its old title only until then.
 */
export class StandInMemo {
  private readonly last: Record<string, MemoEntry>;
  private readonly used: Record<string, MemoEntry> = {};
  private fresh = false;

  /**
   * @param file the memo file; missing, damaged (checksum, shape) or of another stamp: no stand-in is reused
   * @param stamp what stand-ins depend on besides the page (docgen's code: `BuildContext.optionsKey`)
   * @param root the site root, which entries are relative to
   * @throws a file-system error other than a missing file, from reading the memo
   */
  constructor(
    private readonly file: string,
    private readonly stamp: string,
    private readonly root: string,
  ) {
    const memo = readChecked(file, (json): MemoFile | undefined => memoSchema.safeParse(json).data);
    this.last = memo && memo.stamp === stamp ? memo.pages : {};
  }

  /** The stand-in of `filePath` (absolute): the memo's when its time and size match, else `standInPage`'s, remembered. */
  standIn(filePath: string): CompiledPage {
    const key = path.relative(this.root, filePath).split(path.sep).join('/');
    const stat = fs.statSync(filePath, { throwIfNoEntry: false });
    const last = this.last[key];
    if (stat && last && last[0] === stat.mtimeMs && last[1] === stat.size) {
      this.used[key] = last;
      return standIn(last[2], last[3]);
    }
    const page = standInPage(filePath);
    if (stat) {
      this.used[key] = [stat.mtimeMs, stat.size, page.title, page.frontmatter];
      this.fresh = true;
    }
    return page;
  }

  /**
   * Writes the memo of the stand-ins asked for, when they differ from the last; called before anything
   * reads the stand-ins, whose front matter objects it holds.
   */
  save(): void {
    if (this.fresh || Object.keys(this.used).length !== Object.keys(this.last).length) writeChecked(this.file, { stamp: this.stamp, pages: this.used } satisfies MemoFile);
  }
}
