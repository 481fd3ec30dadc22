import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pageMarkdown, PageMarkdownError, stripCustomHeadingIds, type PageMarkdownOptions, type UrlRewrite } from './page-markdown.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__');

/** The fixtures' links: pages go to their `.md` URL, other relative files lose their URL, public files get a base. */
const rewrite: UrlRewrite = (url) => {
  if (/^(\.\/guide\.md)(#.*)?$/.test(url)) return url.replace('./guide.md', 'https://docs.example.com/guide.md');
  if (url === '/api/') return 'https://docs.example.com/api/index.md';
  if (url.startsWith('./')) return null;
  if (url.startsWith('/')) return `/base${url}`;
  return undefined;
};

// One folder per case: input.md or input.mdx, options.json (title, description), output.md (expected).
describe.each(fs.readdirSync(fixtures))('pageMarkdown: %s', (name) => {
  const dir = path.join(fixtures, name);
  const input = fs.readdirSync(dir).find((f) => f.startsWith('input.'))!;
  const options = JSON.parse(fs.readFileSync(path.join(dir, 'options.json'), 'utf8')) as Pick<PageMarkdownOptions, 'title' | 'description'>;
  it('gives the expected Markdown', () => {
    const source = fs.readFileSync(path.join(dir, input), 'utf8');
    const out = pageMarkdown(source, { ...options, format: input.endsWith('.mdx') ? 'mdx' : 'md', rewriteUrl: rewrite });
    expect(out).toBe(fs.readFileSync(path.join(dir, 'output.md'), 'utf8'));
  });
});

describe('pageMarkdown', () => {
  it('reports where an MDX page does not parse, at its line in the file', () => {
    let error: unknown;
    try {
      pageMarkdown('---\ntitle: X\n---\n\nText\n\n<a></b>\n', { format: 'mdx', title: 'X' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PageMarkdownError);
    expect((error as PageMarkdownError).message).toBe('Unexpected closing tag `</b>`, expected corresponding closing tag for `<a>`');
    expect([(error as PageMarkdownError).line, (error as PageMarkdownError).column]).toEqual([7, 4]);
    // A message whose place is in its text only.
    const unclosed = (() => {
      try {
        pageMarkdown('---\ntitle: X\n---\n\n<Card>\n', { format: 'mdx', title: 'X' });
      } catch (e) {
        return e as PageMarkdownError;
      }
    })();
    expect([unclosed?.message, unclosed?.line, unclosed?.column]).toEqual(['Expected a closing tag for `<Card>`', 5, 1]);
  });

  it('reads `<` and `{` in a .md page as text', () => {
    expect(pageMarkdown('a < b and {c}\n', { format: 'md', title: 'T' })).toBe('# T\n\na < b and {c}\n');
  });

  it('drops a byte order mark and front matter, and a page of front matter alone is its title', () => {
    expect(pageMarkdown('\ufeff---\ntitle: Only\n---\n', { format: 'md', title: 'Only' })).toBe('# Only\n');
  });

  it('adds the title when the first heading is not an h1, and keeps the text of dropped JSX around punctuation', () => {
    expect(pageMarkdown('## Sub\n\nIs {1 + 1}, <X />; done <Y /> now\n', { format: 'mdx', title: 'T' })).toBe('# T\n\n## Sub\n\nIs,; done now\n');
  });
});

describe('stripCustomHeadingIds', () => {
  it('removes ids of headings, not of other lines or code', () => {
    expect(stripCustomHeadingIds('## A {#a}\ntext {#b}\n```\n## C {#c}\n```\n### D \\{#d}  \n')).toBe('## A\ntext {#b}\n```\n## C {#c}\n```\n### D\n');
  });
});
