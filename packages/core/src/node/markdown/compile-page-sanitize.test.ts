/**
 * `markdown.sanitize`: rehype-sanitize on `.md` pages keeps what docgen's own output needs and removes
 * scripts, event handlers and inline styles of raw HTML; `.mdx` pages are refused. Without it, raw HTML is
 * trusted and kept as written.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run } from '@mdx-js/mdx';
import { createElement, type ComponentType } from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocgenError } from '../../shared/errors.js';
import { createPageCompiler, folderCompilerOptions, type CompiledPage } from './compile-page.js';

const PAGE = `# Title

## Section {#custom}

:::tip Note
A tip with **bold**.
:::

> [!WARNING]
> An alert.

- [x] done
- [ ] todo

\`\`\`ts title="a.ts" {1}
const a = 1;
\`\`\`

![shot](./shot.png) ![dot](data:image/png;base64,iVBORw0KGgo=)

Text[^1].

[^1]: A note.

<div id="raw-id" class="raw" onclick="stealCookies()" style="position:fixed">raw <script>stealCookies()</script></div>
<a name="named" href="https://example.com/">named</a>
<img src="x" onerror="stealCookies()">
<form action="/login"><input name="password"></form>
<details><summary>More</summary>Hidden text</details>
`;

async function render(page: CompiledPage): Promise<string> {
  const mod = (await run(page.code, { ...(jsxRuntime as object), baseUrl: import.meta.url } as Parameters<typeof run>[1])) as { default: ComponentType };
  return renderToStaticMarkup(createElement(mod.default));
}

describe('markdown.sanitize', () => {
  let dir: string;
  let sanitized: CompiledPage;
  let trusted: CompiledPage;
  let html: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-sanitize-'));
    fs.copyFileSync(new URL('./__fixtures__/images/img.png', import.meta.url), path.join(dir, 'shot.png'));
    const file = path.join(dir, 'page.md');
    sanitized = await createPageCompiler({ ...folderCompilerOptions(dir), sanitize: true }).compile(file, PAGE, { outputFormat: 'function-body' });
    trusted = await createPageCompiler(folderCompilerOptions(dir)).compile(file, PAGE, { outputFormat: 'function-body' });
    html = await render(sanitized);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('removes scripts, event handlers, inline styles and forms of raw HTML', () => {
    expect(sanitized.code).not.toContain('stealCookies');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('position:fixed');
    expect(html).not.toContain('<form');
    // An input left alone becomes a disabled checkbox (the only input task lists need).
    expect(html).toContain('<input disabled="" type="checkbox" name="password"/>');
    expect(html).toContain('<div id="raw-id" class="raw">raw </div>');
  });

  it('keeps raw HTML as written without it (trusted content)', async () => {
    expect(trusted.code).toContain('stealCookies');
    const trustedHtml = await render(trusted);
    expect(trustedHtml).toContain('<script>stealCookies()</script>');
    expect(trustedHtml).toContain('style="position:fixed"');
  });

  it("keeps docgen's own output: heading ids and anchors, containers, alerts, task lists, code, images, footnotes", () => {
    expect(html).toContain('<h1 id="title">Title</h1>');
    expect(html).toMatch(/<h2 id="custom">Section<a class="dg-heading-anchor" href="#custom"[^>]*>#<\/a><\/h2>/);
    expect(html).toContain('<div class="dg-container dg-container-tip"><p class="dg-container-title">Note</p>');
    expect(html).toContain('<div class="dg-container dg-container-warning">');
    expect(html).toContain('<li class="task-list-item"><input type="checkbox" disabled="" checked=""/> done</li>');
    expect(html).toContain('<div class="dg-code" data-lang="ts"><div class="dg-code-title">a.ts</div>');
    expect(html).toMatch(/<pre class="shiki [^"]*" style="--shiki-light:[^"]+"/);
    expect(html).toMatch(/<span class="line highlighted"><span style="--shiki-light:/);
    expect(html).toMatch(/<img src="\/assets\/shot-[0-9a-f]{8}\.png" alt="shot" loading="lazy" decoding="async"\/>/);
    expect(html).toContain('<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot" loading="lazy" decoding="async"/>');
    expect(html).toContain('<a href="#user-content-fn-1" id="user-content-fnref-1"');
    expect(html).toContain('<li id="user-content-fn-1">');
    expect(html).toContain('<details><summary>More</summary>Hidden text</details>');
    expect(sanitized.toc).toEqual(trusted.toc);
    expect(sanitized.anchors).toEqual(expect.arrayContaining(['title', 'custom', 'raw-id', 'named', 'user-content-fn-1']));
    // Only what was removed differs from the trusted page.
    expect(sanitized.sections.map((s) => s.id)).toEqual(trusted.sections.map((s) => s.id));
  });

  it('refuses .mdx pages at their first line', async () => {
    const compiler = createPageCompiler({ ...folderCompilerOptions(dir), sanitize: true });
    const error = await compiler.compile(path.join(dir, 'page.mdx'), '# MDX\n\n{alert(1)}\n').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DocgenError);
    expect((error as DocgenError).message).toContain('markdown.sanitize is on, and MDX pages run code');
    expect((error as DocgenError).locations[0]?.location).toMatchObject({ line: 1, column: 1 });
  });

  it('still refuses unsafe URL schemes before sanitising', async () => {
    const compiler = createPageCompiler({ ...folderCompilerOptions(dir), sanitize: true });
    await expect(compiler.compile(path.join(dir, 'page.md'), '# X\n\n<a href="javascript:alert(1)">x</a>\n')).rejects.toThrow(/3:1: <a> href with the javascript: scheme/);
  });
});
