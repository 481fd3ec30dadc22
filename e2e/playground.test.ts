/**
 * @docgen/plugin-playground on the `playground` fixture, built in-process with `build()` into a temporary
 * copy: the static HTML holds each example as the highlighted code block inside its playground, pages
 * with a playground load the component and its stylesheet, pages without one load none of the
 * playground's code, the editor and compiler are chunks of their own, and a playground block in a
 * language it cannot run stops the build with its file, line and column.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '@docgen/core';
import { copyFixture, repoRoot } from './helpers/site.js';

/** A temporary copy of the fixture whose config can import the plugin package (linked into its node_modules). */
function playgroundSite(): string {
  const site = copyFixture('playground');
  const scope = path.join(site, 'node_modules', '@docgen');
  fs.mkdirSync(scope, { recursive: true });
  for (const name of ['core', 'plugin-playground']) fs.symlinkSync(path.join(repoRoot, 'packages', name), path.join(scope, name), 'dir');
  return site;
}

/** The JavaScript and CSS files a page's HTML loads or preloads (module scripts, modulepreload links, stylesheets), relative to the output. */
function pageAssets(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
}

/** Every file a JavaScript file imports, statically or dynamically, transitively (relative to the output). */
function importGraph(dist: string, entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries.filter((f) => f.endsWith('.js'))];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(path.join(dist, file), 'utf8');
    for (const m of code.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+\.js|\/assets\/[^"]+\.js)"/g)) {
      const target = m[1]!.startsWith('/') ? m[1]!.slice(1) : path.posix.join(path.posix.dirname(file), m[1]!);
      queue.push(target);
    }
  }
  return seen;
}

describe('a site with playgrounds, built', () => {
  let site: string;
  let dist: string;
  const read = (file: string) => fs.readFileSync(path.join(dist, file), 'utf8');

  beforeAll(async () => {
    site = playgroundSite();
    dist = (await build({ root: site, log: false, cache: false })).outDir;
  });

  afterAll(() => {
    if (site) fs.rmSync(site, { recursive: true, force: true });
  });

  it('renders each playground as its highlighted code block, numbered in page order, with its layout', () => {
    const html = read('guide/playground.html');
    const playgrounds = [...html.matchAll(/<div class="dg-playground dg-playground--(\w+)" data-playground="(\d+)"/g)].map((m) => [m[2], m[1]]);
    expect(playgrounds).toEqual([
      ['1', 'horizontal'],
      ['2', 'vertical'],
    ]);
    const first = html.slice(html.indexOf('data-playground="1"'), html.indexOf('data-playground="2"'));
    // Shiki's markup of the example, inside the playground's static pane.
    expect(first).toContain('class="dg-playground-static"');
    expect(first).toMatch(/<div class="dg-code" data-lang="tsx"><pre[^>]*class="shiki/);
    expect(first).toMatch(/<span style="--shiki-light:#[0-9A-F]+;--shiki-dark:#[0-9A-F]+"> useState<\/span>/);
    // Without JavaScript there is no toolbar nor result pane to show.
    expect(html).not.toContain('dg-playground-result');
    expect(read('guide/mdx-page.html')).toMatch(/data-playground="1"[\s\S]*<div class="dg-code" data-lang="ts">/);
  });

  it('loads the component and its stylesheet on playground pages only', () => {
    const withPlayground = pageAssets(read('guide/playground.html'));
    const css = withPlayground.filter((f) => f.endsWith('.css')).map((f) => read(f)).join('\n');
    expect(css).toContain('.dg-playground-result');
    const graph = importGraph(dist, withPlayground);
    expect([...graph].some((f) => read(f).includes('dg-playground-static'))).toBe(true);

    for (const page of ['index.html', 'guide/plain.html']) {
      const assets = pageAssets(read(page));
      for (const file of importGraph(dist, assets)) {
        const found = /dg-playground|playground\/(editor|compiler)-|cm-content|enableLegacyTypeScriptModuleInterop/.exec(read(file));
        expect(found?.[0], `${page} loads ${file}`).toBeUndefined();
      }
      for (const file of assets.filter((f) => f.endsWith('.css'))) expect(read(file), `${page} loads ${file}`).not.toContain('dg-playground');
    }
  });

  it('writes the editor and the compiler as chunks of their own, imported by URL from the component', () => {
    const chunks = fs.readdirSync(path.join(dist, 'assets/playground')).sort();
    expect(chunks).toEqual([expect.stringMatching(/^compiler-\w+\.js$/), expect.stringMatching(/^editor-\w+\.js$/)]);
    const editor = read(`assets/playground/${chunks[1]}`);
    const compiler = read(`assets/playground/${chunks[0]}`);
    // Booleans, not the minified code, in the failure messages.
    expect(editor.includes('cm-content'), 'the editor chunk holds CodeMirror').toBe(true);
    expect(editor.includes('enableLegacyTypeScriptModuleInterop'), 'the editor chunk holds no compiler').toBe(false);
    expect(compiler.includes('enableLegacyTypeScriptModuleInterop'), 'the compiler chunk holds sucrase').toBe(true);
    expect(compiler.includes('cm-content'), 'the compiler chunk holds no editor').toBe(false);
    // The page's own code holds neither: it names their URLs.
    const pageCode = [...importGraph(dist, pageAssets(read('guide/playground.html')))].map((f) => read(f)).join('\n');
    expect(pageCode.includes('cm-content') || pageCode.includes('enableLegacyTypeScriptModuleInterop'), 'the page bundles a chunk').toBe(false);
    expect(pageCode.includes(`"/assets/playground/${chunks[1]}"`), 'the page names the editor URL').toBe(true);
    expect(pageCode.includes(`"/assets/playground/${chunks[0]}"`), 'the page names the compiler URL').toBe(true);
  });
});

describe('a playground block that cannot run', () => {
  it('stops the build with the file, line and column of the block', async () => {
    const site = playgroundSite();
    try {
      fs.writeFileSync(path.join(site, 'guide/bad.md'), '# Bad\n\nText.\n\n```css playground\n.a { color: red; }\n```\n');
      const error = await build({ root: site, log: false, cache: false }).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect(error?.message).toMatch(/guide\/bad\.md:5:1/);
      expect(error?.message).toContain('A playground cannot run css code: use tsx, jsx, ts or js');
    } finally {
      fs.rmSync(site, { recursive: true, force: true });
    }
  });
});
