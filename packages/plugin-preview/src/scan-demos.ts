/**
 * What marks a demo, in one place for the three readers that must agree on it: the remark plugin (compile
 * workers, on the parsed tree), `addPages` (one demo page per iframe demo, before any page compiles) and
 * the esbuild plugin (the code of an iframe demo, read back from its page while bundling).
 *
 * `scanDemos` is a line scanner, not a Markdown parser: it finds fenced code blocks (also inside
 * blockquotes, lists and containers) and `<code src>` tags written on one line. The remark plugin checks
 * that its iframe demos are the scanner's, in the same order, at the same lines, with the same code, and
 * fails the page where they differ, so a block the scanner misreads is an error, never a wrong demo.
 */

/** Where a demo renders: in the page (`inline`) or in a page of its own shown in an iframe (`iframe`). */
export type PreviewMode = 'inline' | 'iframe';

/** The languages a preview code block can be written in: esbuild compiles them with the loader of that name. */
export const PREVIEW_LANGS: readonly string[] = ['tsx', 'jsx'];

/** File extensions a `<code src>` demo may have. */
export const DEMO_FILE_EXTENSIONS: readonly string[] = ['.tsx', '.jsx', '.ts', '.js'];

/** The plugin-wide defaults a page's demos start from. */
export interface DemoDefaults {
  /** Mode of a block whose meta and front matter name none. */
  mode: PreviewMode;
  /** Preview every `tsx`/`jsx` block, without the `preview` meta word. */
  previewAll: boolean;
}

/** A page's own settings (front matter `preview`, `previewMode`); undefined fields fall back to the defaults. */
export interface PageDemoSettings {
  preview?: boolean;
  previewMode?: PreviewMode;
}

/** The words of a code fence's meta that the plugin reads. */
export interface PreviewMeta {
  /** `preview` (true), `preview=false` (false), or neither (undefined). */
  preview?: boolean;
  /** `iframe` or `inline`, when written. */
  mode?: PreviewMode;
}

/** Splits a fence meta into words, a quoted value (`title="a b"`) staying inside its word. */
function metaWords(meta: string): string[] {
  return meta.match(/(?:[^\s"']+|"[^"]*"|'[^']*')+/g) ?? [];
}

/** Reads `preview`, `preview=false`, `iframe` and `inline` from a fence meta (`preview iframe title="x"`). */
export function parsePreviewMeta(meta: string | null | undefined): PreviewMeta {
  const out: PreviewMeta = {};
  for (const word of metaWords(meta ?? '')) {
    if (word === 'preview' || word === 'preview=true') out.preview = true;
    else if (word === 'preview=false') out.preview = false;
    else if (word === 'iframe' || word === 'inline') out.mode = word;
  }
  return out;
}

/**
 * Whether a fenced block is a demo and in which mode: the meta's `preview`/`preview=false` first, then
 * the page's `preview`, then `previewAll`; only `tsx`/`jsx` blocks are previewed without the word.
 * @returns the mode, `null` for a block that is not a demo, or `'unsupported'` for a block marked
 *   `preview` in a language the plugin cannot run (an error for the caller to report)
 */
export function classifyFence(lang: string | null | undefined, meta: string | null | undefined, page: PageDemoSettings, defaults: DemoDefaults): PreviewMode | 'unsupported' | null {
  const words = parsePreviewMeta(meta);
  const runnable = PREVIEW_LANGS.includes(lang ?? '');
  if (words.preview === false) return null;
  if (words.preview !== true && !(runnable && (page.preview ?? defaults.previewAll))) return null;
  if (!runnable) return 'unsupported';
  return words.mode ?? page.previewMode ?? defaults.mode;
}

/** Attributes of a `<code src>` tag that the plugin reads. */
export interface CodeTagAttributes {
  src?: string;
  mode?: PreviewMode;
}

/** Reads `src="…"` and the boolean `iframe` / `inline` from the attributes text of a `<code …>` tag. */
export function parseCodeTagAttributes(text: string): CodeTagAttributes {
  const out: CodeTagAttributes = {};
  for (const m of text.matchAll(/([A-Za-z_:][-\w:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    const [, name, dq, sq, bare] = m;
    if (name === 'src') out.src = dq ?? sq ?? bare ?? '';
    else if (name === 'iframe' || name === 'inline') out.mode = name;
  }
  return out;
}

/**
 * A `<code src="…">` tag alone on its line (`<code src="./demo.tsx" />`, `<code src="./demo.tsx"></code>`),
 * the only form that is a block of its own in Markdown; group 1 holds the attributes.
 */
export const CODE_TAG = /^<code\b((?:\s+[^>]*?)?)\s*(?:\/>|>\s*<\/code>)\s*$/;

/** One demo the scanner found. */
export interface ScannedDemo {
  /** A fenced code block, or a `<code src>` tag. */
  kind: 'code' | 'file';
  mode: PreviewMode;
  /** 1-based line of the fence's opening line or of the tag. */
  line: number;
  /** `kind: 'code'`: the language (`tsx`, `jsx`) and the code, without the fences. */
  lang?: string;
  code?: string;
  /** `kind: 'file'`: the `src` as written. */
  src?: string;
}

/** A fence or tag the scanner cannot accept: a `preview` block in a language it cannot run. */
export interface ScanProblem {
  line: number;
  message: string;
}

/** What `scanDemos` returns. */
export interface ScanResult {
  demos: ScannedDemo[];
  problems: ScanProblem[];
  /** The page settings read from the front matter (`readPageSettings`), or those given. */
  settings: PageDemoSettings;
}

const FENCE_OPEN = /^(`{3,}|~{3,})(.*)$/;
/** Blockquote markers and the indentation (list markers count as spaces) before a block on a line. */
const LINE_PREFIX = /^((?:[ \t]{0,3}>[ \t]?)*)((?:[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+)*[ \t]*)/;

/**
 * Reads `preview` and `previewMode` from a page's YAML front matter with a few regular expressions
 * (the values the plugin accepts are one-word scalars); the remark plugin reads the parsed front matter.
 * @returns the settings and the number of lines the front matter takes (0 without one)
 */
export function readPageSettings(lines: string[]): { settings: PageDemoSettings; bodyStart: number } {
  if (!/^---[ \t]*$/.test(lines[0] ?? '')) return { settings: {}, bodyStart: 0 };
  const settings: PageDemoSettings = {};
  for (let i = 1; i < lines.length; i++) {
    if (/^(?:---|\.\.\.)[ \t]*$/.test(lines[i])) return { settings, bodyStart: i + 1 };
    const m = /^(preview|previewMode)[ \t]*:[ \t]*(["']?)([\w-]+)\2[ \t]*(?:#.*)?$/.exec(lines[i]);
    if (!m) continue;
    const value = m[3];
    if (m[1] === 'preview' && /^(true|false)$/i.test(value) && !m[2]) settings.preview = value.toLowerCase() === 'true';
    if (m[1] === 'previewMode' && (value === 'inline' || value === 'iframe')) settings.previewMode = value;
  }
  // An unclosed front matter is not front matter: the page compiler reports it.
  return { settings: {}, bodyStart: 0 };
}

/**
 * Finds the demos of a page's source, in document order, in one pass over its lines.
 * @param source the page source (with its front matter, or with the front matter blanked out and
 *   `settings` given)
 * @param settings the page's settings when the caller has parsed the front matter itself
 */
export function scanDemos(source: string, defaults: DemoDefaults, settings?: PageDemoSettings): ScanResult {
  const lines = source.split(/\r?\n/);
  const read = readPageSettings(lines);
  const page = settings ?? read.settings;
  const demos: ScannedDemo[] = [];
  const problems: ScanProblem[] = [];
  // The open fence: its marker, its blockquote depth and indentation (stripped from its lines), and the demo it makes.
  let fence: { marker: string; quotes: number; indent: number; demo?: ScannedDemo; body: string[] } | undefined;
  for (let i = read.bodyStart; i < lines.length; i++) {
    const line = lines[i];
    const prefix = LINE_PREFIX.exec(line)!;
    const quotes = (prefix[1].match(/>/g) ?? []).length;
    if (fence) {
      // A closing fence: the opening marker's character, at least as many, nothing after; list markers do not count here.
      const rest = line.slice(prefix[1].length).trimStart();
      if (quotes === fence.quotes && closesFence(rest, fence.marker)) {
        if (fence.demo) {
          fence.demo.code = fence.body.join('\n');
          demos.push(fence.demo);
        }
        fence = undefined;
      } else if (fence.demo) {
        fence.body.push(stripPrefix(line, fence.quotes, fence.indent));
      }
      continue;
    }
    const rest = line.slice(prefix[0].length);
    const open = FENCE_OPEN.exec(rest);
    if (open && !(open[1][0] === '`' && open[2].includes('`'))) {
      const info = open[2].trim();
      const lang = /^\S*/.exec(info)![0];
      const meta = info.slice(lang.length).trim();
      const mode = classifyFence(lang, meta, page, defaults);
      fence = { marker: open[1], quotes, indent: prefix[0].length - prefix[1].length, body: [] };
      if (mode === 'unsupported') problems.push({ line: i + 1, message: unsupportedLanguageMessage(lang) });
      else if (mode) fence.demo = { kind: 'code', mode, line: i + 1, lang };
      continue;
    }
    const tag = CODE_TAG.exec(rest);
    if (tag) {
      const attributes = parseCodeTagAttributes(tag[1]);
      if (attributes.src !== undefined) demos.push({ kind: 'file', mode: attributes.mode ?? page.previewMode ?? defaults.mode, line: i + 1, src: attributes.src });
    }
  }
  // A fence left open runs to the end of the page, as CommonMark reads it.
  if (fence?.demo) {
    fence.demo.code = fence.body.join('\n');
    demos.push(fence.demo);
  }
  return { demos, problems, settings: page };
}

/** Whether `rest` (a line without its blockquote markers and indentation) closes a fence opened with `marker`. */
function closesFence(rest: string, marker: string): boolean {
  let n = 0;
  while (rest[n] === marker[0]) n++;
  return n >= marker.length && rest.slice(n).trim() === '';
}

/** A line of a fenced block without the fence's blockquote markers and at most its indentation. */
function stripPrefix(line: string, quotes: number, indent: number): string {
  let at = 0;
  for (let q = 0; q < quotes; q++) {
    const m = /^[ \t]{0,3}>[ \t]?/.exec(line.slice(at));
    if (!m) break;
    at += m[0].length;
  }
  let spaces = 0;
  while (spaces < indent && line[at] === ' ') {
    at++;
    spaces++;
  }
  return line.slice(at);
}

/** The error for a block marked `preview` in a language the plugin cannot run. */
export function unsupportedLanguageMessage(lang: string | null | undefined): string {
  return `a preview block must be written in ${PREVIEW_LANGS.join(' or ')} (its default export is the demo); this one is ${lang ? `\`${lang}\`` : 'without a language'}: change its language or remove the preview word`;
}
