/**
 * Client-side highlighting run in Node (the same modules the browser gets, shiki's JavaScript engine):
 * every language and theme of the lists loads, and the HTML is the build's HTML for the same code block
 * (the build uses the Oniguruma engine in `rehype-shiki.ts`), so the theme's code block styles apply.
 */
import { renderMarkdownToHtml } from '@docgen/core';
import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_LANGUAGES, HIGHLIGHT_THEMES, HighlightError, highlight, highlightToParts } from './highlight.js';
import { styleToObject } from './CodeHighlight.js';

const SAMPLES: Record<string, string> = {
  typescript: 'const answer: number = 42;\nexport function greet(name: string) {\n  return `Hello, ${name}`;\n}',
  tsx: 'export const App = () => <h1 className="title">{count}</h1>;',
  javascript: "import fs from 'node:fs';\nconst data = fs.readFileSync('a.txt', 'utf8'); // read",
  jsx: 'const el = <Button onClick={() => go(1)}>Go</Button>;',
  json: '{"name": "docgen", "private": true, "n": 1}',
  jsonc: '{\n  // comment\n  "a": [1, 2],\n}',
  shellscript: 'pnpm add -D docgen && echo "$HOME" # done',
  css: '.card:hover > a {\n  color: #3c8772;\n  margin: 0 auto !important;\n}',
  html: '<!doctype html>\n<div class="a"><script>let x = 1;</script><style>p { color: red }</style></div>',
  markdown: '# Title\n\n- **bold** and `code`\n\n[link](./a.md)',
  mdx: "import { Badge } from '@theme';\n\n# Hi <Badge text=\"new\" />\n\nexport const x = 1;",
  yaml: 'title: docgen\nlocales:\n  - lang: en # English\n    label: "English"',
  toml: '[package]\nname = "docgen"\nversion = 1',
  diff: '--- a\n+++ b\n@@ -1 +1 @@\n-old\n+new',
  vue: '<template>\n  <p :class="cls">{{ msg }}</p>\n</template>\n<script setup lang="ts">\nconst msg: string = \'hi\';\n</script>\n<style scoped>\np { color: red; }\n</style>',
  text: 'just <plain> text & more',
};
// Aliases share their language's sample.
const ALIAS_OF: Record<string, string> = {
  ts: 'typescript', cts: 'typescript', mts: 'typescript',
  js: 'javascript', cjs: 'javascript', mjs: 'javascript',
  bash: 'shellscript', sh: 'shellscript', shell: 'shellscript', zsh: 'shellscript',
  md: 'markdown', yml: 'yaml', txt: 'text', plain: 'text', plaintext: 'text',
};

/** The `pre` of the build's code block for the fence, escapes decoded. */
async function buildPre(lang: string, code: string): Promise<string> {
  const html = await renderMarkdownToHtml(`\`\`\`${lang}\n${code}\n\`\`\`\n`);
  const pre = /<pre[\s\S]*<\/pre>/.exec(html)?.[0];
  if (!pre) throw new Error(`no pre in ${html}`);
  return normalize(pre);
}

/** Decodes character references: React and hast-util-to-html escape text differently (`&lt;` / `&#x3C;`). */
function normalize(html: string): string {
  const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
  return html.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (ref, name: string) =>
    name.startsWith('#x') || name.startsWith('#X')
      ? String.fromCodePoint(parseInt(name.slice(2), 16))
      : name.startsWith('#')
        ? String.fromCodePoint(Number(name.slice(1)))
        : (named[name] ?? ref),
  );
}

describe('highlight()', () => {
  it.each(HIGHLIGHT_LANGUAGES.map((lang) => [lang]))('highlights %s like the build does', async (lang) => {
    const code = SAMPLES[ALIAS_OF[lang] ?? lang];
    expect(code, `a sample for ${lang}`).toBeDefined();
    // Without the browser's time limit per line (500 ms), which a busy machine can reach on any line.
    const html = await highlight(code, { lang, timeLimit: 0 });
    expect(normalize(html)).toBe(await buildPre(lang, code));
    expect(html).toMatch(/^<pre class="shiki shiki-themes github-light-default github-dark-default" style="--shiki-light:#1f2328;--shiki-dark:#e6edf3;/);
    if (!['text', 'txt', 'plain', 'plaintext'].includes(lang)) {
      // Tokens carry both themes' colours, and there is more than one colour: highlighted, not plain.
      const colours = new Set(html.match(/--shiki-light:#\w+;--shiki-dark:#\w+/g));
      expect(colours.size).toBeGreaterThan(1);
    }
  });

  it('takes the language name in any case, as the build does', async () => {
    expect(await highlight('let a = 1', { lang: 'TS', timeLimit: 0 })).toBe(await highlight('let a = 1', { lang: 'ts', timeLimit: 0 }));
  });

  it.each(HIGHLIGHT_THEMES.map((theme) => [theme]))('loads the theme %s', async (theme) => {
    const { className, style, html } = await highlightToParts('const a = 1;', { lang: 'js', lightTheme: theme, darkTheme: 'github-dark-default' });
    expect(className).toBe(`shiki shiki-themes ${theme} github-dark-default`);
    expect(style).toMatch(/^--shiki-light:#\w+;--shiki-dark:#e6edf3;--shiki-light-bg:#\w+;--shiki-dark-bg:#0d1117$/);
    expect(html).toMatch(/^<code><span class="line"><span style="--shiki-light:#\w+;--shiki-dark:#\w+">/);
  });

  it('highlights calls made at once, before anything is loaded, once the loads are done', async () => {
    const results = await Promise.all([
      highlight('a: 1', { lang: 'yml' }),
      highlight('b: 2', { lang: 'yaml' }),
      highlightToParts('c = 3', { lang: 'toml', darkTheme: 'vitesse-dark' }),
    ]);
    expect(results[0]).toContain('>a</span>');
    expect(results[1]).toContain('>b</span>');
    expect(results[2].className).toBe('shiki shiki-themes github-light-default vitesse-dark');
  });

  it('rejects an unknown language or theme with a HighlightError naming it and the known names', async () => {
    const language = await highlight('x', { lang: 'klingon' }).catch((error: unknown) => error);
    expect(language).toBeInstanceOf(HighlightError);
    expect(language).toMatchObject({ kind: 'unknown-language', value: 'klingon', name: 'HighlightError' });
    expect((language as Error).message).toBe(
      `Unknown language "klingon" for client-side highlighting. Known languages: ${HIGHLIGHT_LANGUAGES.join(', ')}.`,
    );
    const theme = await highlight('x', { lang: 'ts', darkTheme: 'nord' }).catch((error: unknown) => error);
    expect(theme).toMatchObject({ kind: 'unknown-theme', value: 'nord' });
    expect((theme as Error).message).toMatch(/^Unknown theme "nord" for client-side highlighting\. Known themes: github-light-default, /);
  });
});

describe('styleToObject()', () => {
  it('keeps custom properties and camel-cases the others', () => {
    expect(styleToObject('--shiki-light:#1f2328; background-color: #fff;;color:red')).toEqual({
      '--shiki-light': '#1f2328',
      backgroundColor: '#fff',
      color: 'red',
    });
  });
});
