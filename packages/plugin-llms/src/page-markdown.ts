/**
 * A page's Markdown as an AI tool wants it, derived from the page's source: front matter dropped, the title
 * as `# Title` with the description under it, MDX `import`/`export` lines and `{expressions}` dropped, JSX
 * elements reduced to their content and the text of their `title`/`label`/`text`/`description` props, links
 * to pages pointed at their Markdown version. Everything else
 * (text, tables, code blocks, containers, raw HTML of `.md` pages) is copied from the source as written.
 *
 * The source is parsed once (remark-parse, remark-gfm, and remark-mdx for `.mdx`) and the output is made of
 * slices of the source between the nodes that change, so the work is linear in the page's size and nothing
 * is re-formatted.
 */
import { createRequire } from 'node:module';
import type matterModule from 'gray-matter';
import type { Processor } from 'unified';

const require = createRequire(import.meta.url);

/** What the Markdown of a page says instead of a link's or an image's URL. */
export type UrlRewrite = (url: string, kind: 'link' | 'image') => string | null | undefined;

/** Options of `pageMarkdown`. */
export interface PageMarkdownOptions {
  /** `md` pages are CommonMark with GFM, `mdx` pages MDX (as docgen compiles them). */
  format: 'md' | 'mdx';
  /** The page's title (its page data's), written as `# Title` unless the page starts with its own `# ` heading. */
  title: string;
  /** The page's description (front matter `description`), written as a quote under the title. */
  description?: string;
  /** Markdown placed between the description and the body (a home page's hero and features). */
  lead?: string;
  /**
   * The new URL of a link or image: a string replaces it, `null` drops the link (its text stays) or the
   * image (its alt text stays), `undefined` keeps it. Link reference definitions keep their URL on `null`.
   */
  rewriteUrl?: UrlRewrite;
}

/** A page that does not parse, with the line and column in its source file when the parser gives them. */
export class PageMarkdownError extends Error {
  constructor(
    message: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
  }
}

/** The mdast fields this module reads; node types of remark-mdx and remark-gfm included. */
interface MdNode {
  type: string;
  position?: { start: { line: number; column: number; offset?: number }; end: { offset?: number } };
  children?: MdNode[];
  depth?: number;
  url?: string;
  title?: string | null;
  alt?: string | null;
  label?: string | null;
  identifier?: string;
  /** Attributes of a JSX element: `{ type: 'mdxJsxAttribute', name, value }`, value a string or an expression. */
  attributes?: { type: string; name?: string; value?: unknown }[];
}

/** Nodes left out of the Markdown: MDX's `import`/`export` and `{expressions}` (code, not text). */
const DROPPED = new Set(['mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression']);

let parsing: { matter: typeof matterModule; processors: Record<PageMarkdownOptions['format'], Processor> } | undefined;

/**
 * gray-matter and the remark parsers, loaded on the first page (`require` of ES modules, Node ≥ 20.19): about
 * 0.2 s of loading that a build whose llms files are all cached never pays, nor any build that only loads
 * the config.
 */
function parsers(): NonNullable<typeof parsing> {
  if (parsing) return parsing;
  const { unified } = require('unified') as typeof import('unified');
  const remarkParse = (require('remark-parse') as typeof import('remark-parse')).default;
  const remarkGfm = (require('remark-gfm') as typeof import('remark-gfm')).default;
  const remarkMdx = (require('remark-mdx') as typeof import('remark-mdx')).default;
  parsing = {
    matter: require('gray-matter') as typeof matterModule,
    processors: {
      md: unified().use(remarkParse).use(remarkGfm).freeze() as unknown as Processor,
      mdx: unified().use(remarkParse).use(remarkGfm).use(remarkMdx).freeze() as unknown as Processor,
    },
  };
  return parsing;
}

/**
 * The Markdown of a page from its source file's text (`source`, front matter included).
 * @returns Markdown ending in one newline: `# Title`, `> description`, then the body
 * @throws PageMarkdownError with the line and column in `source`, when the parser gives them, when the page
 *   does not parse as `format`
 */
export function pageMarkdown(source: string, options: PageMarkdownOptions): string {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const { matter, processors } = parsers();
  // Options given, so that gray-matter does not keep every page's text in its module-wide cache.
  const content = matter(text, {}).content;
  const body = stripCustomHeadingIds(content);
  let tree: MdNode;
  try {
    tree = processors[options.format].parse(body) as MdNode;
  } catch (error) {
    const place = error as { line?: number; column?: number; reason?: string; message: string };
    // Some messages carry their place (counted in the body) in their text only: `… (4:1-4:7)`.
    const inText = /\s*\((\d+):(\d+)(?:-\d+:\d+)?\)$/.exec(place.reason ?? place.message);
    const line = place.line ?? (inText ? Number(inText[1]) : undefined);
    const column = place.column ?? (inText ? Number(inText[2]) : undefined);
    // The body is the end of the file: its lines come after those of the front matter.
    const frontMatterLines = text.slice(0, text.length - content.length).split('\n').length - 1;
    const reason = (place.reason ?? place.message).slice(0, inText?.index);
    throw new PageMarkdownError(reason, line === undefined ? undefined : line + frontMatterLines, column);
  }
  const rewrite: UrlRewrite = options.rewriteUrl ?? (() => undefined);
  const imageIds = new Set<string>();
  collectImageReferences(tree, imageIds);
  const renderer = new Renderer(body, rewrite, imageIds);
  const children = (tree.children ?? []).filter((c) => !DROPPED.has(c.type));
  // The page's own first `# ` heading is its title as the reader sees it: it stays, and no other is added.
  const ownTitle = children[0]?.type === 'heading' && children[0].depth === 1 ? renderer.render(children.shift()!) : '';
  const head = [ownTitle || `# ${oneLine(options.title)}`];
  if (options.description?.trim()) head.push(options.description.trim().split(/\r?\n/).map((l) => `> ${l}`.trimEnd()).join('\n'));
  const rest = renderer.flow(children, 1);
  return `${[...head, options.lead ?? '', rest].filter((part) => part.trim()).join('\n\n').trimEnd()}\n`;
}

/** Identifiers of the definitions that images use (`![alt][id]`): their URL is an image's. */
function collectImageReferences(node: MdNode, ids: Set<string>): void {
  const stack = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === 'imageReference' && n.identifier) ids.add(n.identifier);
    if (n.children) stack.push(...n.children);
  }
}

/** Turns nodes back into Markdown: source slices, with the changed nodes replaced. */
class Renderer {
  constructor(
    private readonly source: string,
    private readonly rewrite: UrlRewrite,
    private readonly imageIds: Set<string>,
  ) {}

  /** The Markdown of one node; '' for a dropped one. */
  render(node: MdNode): string {
    if (DROPPED.has(node.type)) return '';
    const children = node.children ?? [];
    switch (node.type) {
      case 'mdxJsxFlowElement': {
        const { label, href, description } = this.props(node);
        let lead = label ? (href ? `[${label}](${destination(href)})` : `**${label}**`) : '';
        if (description) lead += lead ? `: ${description}` : description;
        const content = this.flow(children, node.position!.start.column);
        return lead && content ? `${lead}\n\n${' '.repeat(node.position!.start.column - 1)}${content}` : lead || content;
      }
      case 'mdxJsxTextElement': {
        const { label, href } = this.props(node);
        const content = children.length ? this.between(children, start(children[0]), end(children[children.length - 1])) : (label ?? '');
        return href && content ? `[${content}](${destination(href)})` : content;
      }
      case 'heading': {
        const out = this.between(children, start(node), end(node));
        // An ATX heading is one line: what a dropped element or custom id left at its end goes.
        return out.includes('\n') ? out : out.trimEnd();
      }
      case 'link': {
        const url = this.rewrite(node.url!, 'link');
        if (url === undefined || url === node.url) break;
        const content = children.length ? this.between(children, start(children[0]), end(children[children.length - 1])) : '';
        return url === null ? content : `[${content}](${destination(url)}${titlePart(node.title)})`;
      }
      case 'image': {
        const url = this.rewrite(node.url!, 'image');
        if (url === undefined || url === node.url) break;
        return url === null ? (node.alt ?? '') : `![${node.alt ?? ''}](${destination(url)}${titlePart(node.title)})`;
      }
      case 'definition': {
        const url = this.rewrite(node.url!, this.imageIds.has(node.identifier ?? '') ? 'image' : 'link');
        if (url === undefined || url === null || url === node.url) break;
        return `[${node.label ?? node.identifier}]: ${destination(url)}${titlePart(node.title)}`;
      }
    }
    return children.length ? this.between(children, start(node), end(node)) : this.source.slice(start(node), end(node));
  }

  /**
   * The text a JSX element shows from its props, from string attributes only: its label (`title`, else
   * `label`, else `text`: a card's title, a tab's label, a badge's text), its `href` (rewritten as a link)
   * and its `description`.
   */
  private props(node: MdNode): { label?: string; href?: string; description?: string } {
    const value = (name: string) => {
      const attribute = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
      return typeof attribute?.value === 'string' && attribute.value.trim() ? oneLine(attribute.value) : undefined;
    };
    const rawHref = value('href');
    const href = rawHref === undefined ? undefined : this.rewrite(rawHref, 'link');
    return {
      label: value('title') ?? value('label') ?? value('text'),
      href: href === null ? undefined : (href ?? rawHref),
      description: value('description'),
    };
  }

  /**
   * Block nodes (a page's, or the children of a JSX element) one after the other, a blank line apart,
   * placed at `column`: lines of a child indented deeper than it (inside `<Tabs>`) lose that indentation.
   */
  flow(nodes: MdNode[], column: number): string {
    const parts: string[] = [];
    for (const node of nodes) {
      const out = this.render(node);
      if (!out.trim()) continue;
      parts.push(dedent(out, node.position!.start.column - column));
    }
    return parts.join(`\n\n${' '.repeat(column - 1)}`);
  }

  /**
   * The source from `from` to `to` with `nodes` (children in that range) rendered. A dropped inline
   * element (`{expression}`, `<Icon />`) after a space takes the spaces after it along, and at the end of a
   * line or before a punctuation mark the spaces before it: no double or trailing space is left.
   */
  between(nodes: MdNode[], from: number, to: number): string {
    let out = '';
    let strip = false;
    const append = (piece: string) => {
      if (strip) {
        piece = piece.replace(/^[ \t]+/, '');
        if (piece === '') return;
        // Before the end of a line or a punctuation mark (`is {version}.`), the space before goes too.
        if (/^[\n.,;:!?)]/.test(piece)) out = out.replace(/[ \t]+$/, '');
        strip = false;
      }
      out += piece;
    };
    let at = from;
    for (const node of nodes) {
      append(this.source.slice(at, start(node)));
      at = end(node);
      const rendered = this.render(node);
      if (rendered === '' && (node.type === 'mdxJsxTextElement' || node.type === 'mdxTextExpression')) {
        strip ||= out === '' || /[ \t\n]$/.test(out);
        continue;
      }
      append(rendered);
    }
    append(this.source.slice(at, to));
    return strip ? out.replace(/[ \t]+$/, '') : out;
  }
}

function start(node: MdNode): number {
  return node.position!.start.offset!;
}

function end(node: MdNode): number {
  return node.position!.end.offset!;
}

/** Removes up to `by` spaces or tabs from the start of every line after the first. */
function dedent(text: string, by: number): string {
  if (by <= 0 || !text.includes('\n')) return text;
  const lead = new RegExp(`\\n[ \\t]{0,${by}}`, 'g');
  return text.replace(lead, '\n');
}

/** A link destination: in angle brackets when it holds spaces or brackets. */
function destination(url: string): string {
  return /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, (c) => encodeURIComponent(c))}>` : url;
}

function titlePart(title: string | null | undefined): string {
  return title ? ` "${title.replace(/["\\]/g, '\\$&')}"` : '';
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

// Same rules as docgen's compiler: a fence opens with ``` or ~~~ indented at most 3 spaces.
const FENCE = /^ {0,3}(?:(`{3,})[^`]*|(~{3,}).*)$/;
const HEADING_WITH_ID = /^(\s{0,3}#{1,6}\s.*?)\s*\\?\{#[\w-]+\}\s*$/;

/**
 * Removes custom heading ids (`## Usage {#usage}`) outside fenced code: docgen turns them into the heading's
 * `id`, they are no text; and in MDX, `{…}` would read as an expression.
 */
export function stripCustomHeadingIds(source: string): string {
  if (!source.includes('{#')) return source;
  const lines = source.split('\n');
  let fence = '';
  for (let i = 0; i < lines.length; i++) {
    const f = FENCE.exec(lines[i]);
    if (f) {
      const marker = f[1] ?? f[2];
      if (!fence) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length && lines[i].trim() === marker) fence = '';
    } else if (!fence) {
      const m = HEADING_WITH_ID.exec(lines[i]);
      if (m) lines[i] = m[1];
    }
  }
  return lines.join('\n');
}
