/**
 * @docgen/plugin-preview on the `preview` fixture (two languages, `.md` and `.mdx` pages, a package of the
 * site's own), built in-process into temporary copies: inline demos in the static HTML above their
 * highlighted code, `<code src>` demos in both page formats, a page whose every block is a demo, iframe
 * demos with their own pages, a throwing demo that does not break the build, the demo file as a dependency
 * of the page's cache entry, and the errors for bad input with their file, line and column.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '@docgen/core';
import { copyFixture, listFiles, repoRoot } from './helpers/site.js';

const sites: string[] = [];
afterAll(() => {
  for (const site of sites) fs.rmSync(site, { recursive: true, force: true });
});

/**
 * A temporary copy of the fixture whose config can import the plugin (linked into its node_modules with
 * core), and whose demos can import `fixture-ui`, the site's own package, by its name.
 */
function previewSite(): string {
  const site = copyFixture('preview');
  sites.push(site);
  const scope = path.join(site, 'node_modules', '@docgen');
  fs.mkdirSync(scope, { recursive: true });
  for (const name of ['core', 'plugin-preview']) fs.symlinkSync(path.join(repoRoot, 'packages', name), path.join(scope, name), 'dir');
  fs.symlinkSync(path.join(site, 'ui'), path.join(site, 'node_modules', 'fixture-ui'), 'dir');
  return site;
}

/** The text of `html` without tags, for assertions on what a reader sees. */
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>');

describe('the preview fixture, built', () => {
  let site: string;
  let routes: string[];
  const read = (file: string) => fs.readFileSync(path.join(site, 'dist', file), 'utf8');
  /** The `<main>` of an output page. */
  const main = (file: string) => /<main[\s\S]*<\/main>/.exec(read(file))![0];

  beforeAll(async () => {
    site = previewSite();
    routes = (await build({ root: site, log: false, cache: false })).routes.map((r) => r.path);
  });

  it('renders an inline demo into the static HTML, above its highlighted code, with the code kept as written', () => {
    const html = main('guide/inline.html');
    const preview = /<div class="dg-preview dg-preview--inline">([\s\S]*?)<\/div><\/div><\/div>/.exec(html)![1];
    // The demo (the counter imported from a sibling file), then the bar, then the shiki block.
    expect(preview).toMatch(/<div class="dg-preview__stage"><!--\$--><button type="button" class="fixture-counter">Clicks<!-- -->: <!-- -->0<\/button>/);
    expect(preview.indexOf('fixture-counter')).toBeLessThan(preview.indexOf('class="dg-code"'));
    expect(preview).toContain('class="shiki');
    expect(text(preview)).toContain("import { Counter } from './demos/Counter';");
    expect(text(preview)).toContain('Hide code');
  });

  it('runs jsx blocks, blocks in containers and lists, and imports of the site\'s own package; leaves other blocks as code', () => {
    const html = main('guide/inline.html');
    expect(html).toContain('<!--$--><span class="fixture-badge">from the package</span><!--/$-->');
    expect(html).toContain('<div class="dg-code-title">badge.jsx</div>');
    expect(html).toMatch(/<div class="dg-preview__stage"><!--\$--><p class="fixture-in-list">in a list<\/p>/);
    // The block without `preview` is code only: its JSX is text, never an element.
    expect(html).not.toContain('<p class="fixture-not-a-demo">');
    expect(text(html)).toContain('export default () => <p className="fixture-not-a-demo">not a demo</p>;');
    expect(html.match(/class="dg-preview dg-preview--inline"/g)).toHaveLength(3);
  });

  it('shows <code src> demos with the file\'s highlighted source, in .mdx and in .md pages', () => {
    for (const file of ['guide/files.html', 'guide/files-md.html']) {
      const html = main(file);
      expect(html, file).toContain('<p class="fixture-hello">Hello from a demo file <span class="fixture-badge">file</span></p>');
      expect(html, file).toContain('<div class="dg-code-title">Hello.tsx</div>');
      expect(text(html), file).toContain("import { Badge } from 'fixture-ui';");
    }
    expect(main('guide/files.html')).toContain('<button type="button" class="fixture-counter">File clicks<!-- -->: <!-- -->0</button>');
  });

  it('previews every tsx and jsx block of a page with front matter preview: true, except preview=false and other languages', () => {
    const html = main('guide/all.html');
    expect(html).toContain('<p class="fixture-all-1">first</p>');
    expect(html).toContain('<p class="fixture-all-3">third</p>');
    expect(html).not.toContain('<p class="fixture-all-2">');
    expect(html.match(/class="dg-preview dg-preview--inline"/g)).toHaveLength(2);
    expect(text(html)).toContain('.not-a-demo { color: red; }');
  });

  it('shows iframe demos in a 375 px frame with a link, and gives each its own blank page, out of search', () => {
    const html = main('guide/iframe.html');
    expect(html).toContain('<iframe class="dg-preview__iframe" src="/_preview/guide/iframe/1" title="Demo 1 · Iframe demos" width="375" height="640" loading="lazy"></iframe>');
    expect(html).toContain('<iframe class="dg-preview__iframe" src="/_preview/guide/iframe/2" title="Demo 2 · Iframe demos"');
    expect(html).toContain('<a class="dg-preview__button" href="/_preview/guide/iframe/2" target="_blank" rel="noopener">Open in new tab');
    // Iframe demos are not imported by the page: their code is only highlighted there.
    expect(html).not.toContain('<p class="fixture-phone">');
    expect(routes).toEqual(expect.arrayContaining(['/_preview/guide/iframe/1', '/_preview/guide/iframe/2']));
    expect(main('_preview/guide/iframe/1.html')).toBe('<main id="dg-main" class="dg-blank"><div class="dg-preview-page"><!--$--><p class="fixture-phone">Width: <!-- -->0</p><!--/$--></div></main>');
    expect(main('_preview/guide/iframe/2.html')).toContain('<p class="fixture-wide">Viewport width: <!-- -->unknown</p>');
    const demoPage = read('_preview/guide/iframe/1.html');
    expect(demoPage).not.toContain('class="dg-navbar');
    expect(demoPage).not.toContain('dg-sidebar');
    // No search record names a demo page.
    const searchFiles = listFiles(path.join(site, 'dist')).filter((f) => /search.*\.json$/.test(f));
    expect(searchFiles.length).toBeGreaterThan(0);
    for (const f of searchFiles) expect(read(f), f).not.toContain('_preview');
  });

  it('builds a page whose demo throws: the server leaves the demo to the browser, the code and the rest of the page stay', () => {
    const html = main('guide/error.html');
    // React's marker of a boundary the browser renders (a development React adds the error to the template).
    expect(html).toMatch(/<div class="dg-preview__stage"><!--\$!--><template[^>]*><\/template><!--\/\$--><\/div>/);
    expect(text(html)).toContain("throw new Error('Broken demo: no data');");
    expect(html).toContain('<p>The page goes on after it.</p>');
  });

  it('shows the UI strings in the page\'s language', () => {
    const html = main('zh/guide/inline.html');
    expect(html).toContain('<button type="button" class="fixture-toggle">关</button>');
    expect(text(html)).toContain('隐藏代码');
  });
});

describe('a <code src> demo file is a dependency of its page', () => {
  it('builds the page again with the new code when only the demo file changed', async () => {
    const site = previewSite();
    await build({ root: site, log: false });
    const demo = path.join(site, 'en/guide/demos/Hello.tsx');
    fs.writeFileSync(demo, fs.readFileSync(demo, 'utf8').replace('Hello from a demo file', 'Changed demo file'));
    await build({ root: site, log: false });
    const html = fs.readFileSync(path.join(site, 'dist/guide/files-md.html'), 'utf8');
    expect(html).toContain('<p class="fixture-hello">Changed demo file <span class="fixture-badge">file</span></p>');
    expect(text(html)).toContain('Changed demo file <Badge>file</Badge>');
  });
});

describe('bad input', () => {
  /** The fixture with `page` written to `en/guide/bad.<ext>`; resolves to the message the build rejects with. */
  async function buildError(page: string, ext = 'md'): Promise<string> {
    const site = previewSite();
    fs.writeFileSync(path.join(site, `en/guide/bad.${ext}`), page);
    const error = await build({ root: site, log: false, cache: false }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error, 'the build must fail').toBeInstanceOf(Error);
    return error!.message;
  }

  it('names the file, line and column of a <code src> that names no file', async () => {
    const message = await buildError('# Bad\n\nText.\n\n<code src="./demos/Missing.tsx" />\n', 'mdx');
    expect(message).toContain('en/guide/bad.mdx:5:1');
    expect(message).toContain('<code src="./demos/Missing.tsx">: cannot read');
    expect(message).toContain('there is no such file');
  });

  it('names the place of a preview block in a language it cannot run', async () => {
    const message = await buildError('# Bad\n\n```css preview\n.a { color: red; }\n```\n');
    expect(message).toContain('en/guide/bad.md:3:1');
    expect(message).toContain('a preview block must be written in tsx or jsx');
    expect(message).toContain('this one is `css`');
  });

  it('names the place of a demo without a default export', async () => {
    const message = await buildError('# Bad\n\n- item\n\n  ```tsx preview\n  export const A = () => null;\n  ```\n');
    expect(message).toContain('en/guide/bad.md:5:3');
    expect(message).toContain('must export its demo component as default');
  });

  it('names the front matter line of a wrong previewMode', async () => {
    const message = await buildError('---\ntitle: Bad\npreviewMode: popup\n---\n\n# Bad\n');
    expect(message).toContain('en/guide/bad.md:3:1');
    expect(message).toContain('front matter previewMode must be inline or iframe, not "popup"');
  });

  it('reports a syntax error of an inline demo at its line in the page', async () => {
    const message = await buildError('# Bad\n\nText.\n\n```tsx preview\nexport default function A() {\n  return <p>unclosed;\n}\n```\n');
    expect(message).toMatch(/en\/guide\/bad\.md\?preview-block=5&\w+:8:/);
  });

  it('refuses an iframe demo the page scan reads differently from the page', async () => {
    // An HTML comment hides the fence from the page, not from the line scan that makes demo pages.
    const message = await buildError('# Bad\n\n<!--\n```tsx preview iframe\nexport default () => null;\n```\n-->\n');
    expect(message).toContain('en/guide/bad.md:4:1');
    expect(message).toContain('the page scan that makes demo pages reads an iframe demo here that the page does not show');
  });
});
