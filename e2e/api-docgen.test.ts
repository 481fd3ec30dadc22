/**
 * @docgen/plugin-api-docgen on the `api-docgen` fixture: a bilingual site whose `.mdx` pages show
 * `<API moduleName="Button" />` and whose `.md` pages `:::api Alert`. The tables must be in the static HTML
 * and the search index in the page's language; editing a component (or the file of its props type) must
 * compile the pages that show it again, with the cache on and in `docgen dev`, and only those; an unknown
 * module name must stop the build at its file, line and column.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build, startDevServer, type StaticServer } from '@docgen/core';
import { copyFixture, listFiles, repoRoot } from './helpers/site.js';

/** The fixture in a temporary folder, with the plugin linked where its config imports it from. */
function copySite(): string {
  const site = copyFixture('api-docgen');
  fs.mkdirSync(path.join(site, 'node_modules/@docgen'), { recursive: true });
  fs.symlinkSync(path.join(repoRoot, 'packages/plugin-api-docgen'), path.join(site, 'node_modules/@docgen/plugin-api-docgen'), 'dir');
  return site;
}

/** The rows of the props table of `component` in an HTML page: header first, each cell's text. */
function tableRows(html: string, component: string): string[][] {
  const table = new RegExp(`<table class="dg-api-table" data-api-component="${component}">([\\s\\S]*?)</table>`).exec(html);
  if (!table) throw new Error(`no props table of ${component} in the page`);
  return [...table[1].matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1].matchAll(/<t[hd]>([\s\S]*?)<\/t[hd]>/g)].map((cell) => cell[1].replace(/<[^>]+>/g, '').replace(/&quot;/g, '"').replace(/&gt;/g, '>')),
  );
}

const read = (file: string) => fs.readFileSync(file, 'utf8');
const edit = (file: string, from: string, to: string) => {
  const text = read(file);
  expect(text).toContain(from);
  fs.writeFileSync(file, text.replace(from, to));
};
/** Adds a documented prop `tone` to the props declared in `button-types.ts`. */
const addTone = (dir: string) => edit(path.join(dir, 'button-types.ts'), '  size?: ButtonSize;', '  size?: ButtonSize;\n  /**\n   * Tone of the colour.\n   * @zh 颜色的色调。\n   */\n  tone?: number;');

describe('props tables in the build', () => {
  it('writes the tables into the static HTML and the search index, in each page language, for MDX and Markdown pages', async () => {
    const site = copySite();
    const { outDir } = await build({ root: site, log: false });
    expect(tableRows(read(path.join(outDir, 'guide/button.html')), 'Button')).toEqual([
      ['Prop', 'Type', 'Default', 'Required', 'Description'],
      ['variant', '"primary" | "secondary" | "danger"', '"primary"', 'No', 'Colour of the button, see tone.'],
      ['label', 'string', '—', 'Yes', 'Text of the button.'],
      ['block', 'boolean', 'false', 'No', 'Whether the button fills its row.'],
      ['onPress', '((count: number) => void)', '—', 'No', 'Called with the number of clicks so far.'],
      ['size', 'ButtonSize', '"md"', 'No', 'Size of the button.'],
    ]);
    const zh = tableRows(read(path.join(outDir, 'zh/guide/button.html')), 'Button');
    expect(zh[0]).toEqual(['属性', '类型', '默认值', '必填', '说明']);
    expect(zh.map((row) => row[4])).toEqual(['说明', '按钮的颜色，见 tone。', '按钮上的文字。', '按钮是否占满整行。', 'Called with the number of clicks so far.', '按钮的尺寸。']);
    expect(tableRows(read(path.join(outDir, 'guide/alert.html')), 'Alert')).toEqual([
      ['Prop', 'Type', 'Default', 'Required', 'Description'],
      ['message', 'string', '—', 'Yes', 'The message.'],
    ]);
    expect(tableRows(read(path.join(outDir, 'zh/guide/alert.html')), 'Alert')[1]).toEqual(['message', 'string', '—', '是', '提示的内容。']);
    // The text around the element stays; the marker's text is gone.
    expect(read(path.join(outDir, 'guide/button.html'))).toContain('Text after the table.');
    expect(read(path.join(outDir, 'guide/alert.html'))).not.toContain(':::api');

    const search = (lang: string) => listFiles(path.join(outDir, 'docgen-data/search', lang)).map((f) => read(path.join(outDir, 'docgen-data/search', lang, f))).join('\n');
    expect(search('en')).toContain('Text of the button.');
    expect(search('zh')).toContain('按钮上的文字。');
  });

  it('shows a prop added to the props type after a rebuild with the cache on, compiling only the pages that show it', async () => {
    const site = copySite();
    const first = await build({ root: site, log: false });
    expect(first.cachedPages).toBe(0);
    addTone(path.join(site, 'components'));
    const second = await build({ root: site, log: false });
    expect(second.upToDate).toBe(false);
    // The two Button pages compiled again; the Alert pages and the home pages came from the cache.
    expect(second.cachedPages).toBe(second.routes.length - 2);
    expect(tableRows(read(path.join(second.outDir, 'guide/button.html')), 'Button').at(-1)).toEqual(['tone', 'number', '—', 'No', 'Tone of the colour.']);
    expect(tableRows(read(path.join(second.outDir, 'zh/guide/button.html')), 'Button').at(-1)).toEqual(['tone', 'number', '—', '否', '颜色的色调。']);
  });

  it('sees a change to a component outside the site root', async () => {
    const site = copySite();
    // The components beside the site rather than in it, named by absolute paths.
    const outside = `${site}-components`;
    fs.renameSync(path.join(site, 'components'), outside);
    edit(path.join(site, 'docgen.config.ts'), "'./components/Button.tsx'", JSON.stringify(path.join(outside, 'Button.tsx')));
    edit(path.join(site, 'docgen.config.ts'), "'./components/Alert.tsx'", JSON.stringify(path.join(outside, 'Alert.tsx')));
    await build({ root: site, log: false });
    expect((await build({ root: site, log: false })).upToDate).toBe(true);
    addTone(outside);
    const next = await build({ root: site, log: false });
    expect(next.upToDate).toBe(false);
    expect(next.cachedPages).toBe(next.routes.length - 2);
    expect(tableRows(read(path.join(next.outDir, 'guide/button.html')), 'Button').map((row) => row[0])).toContain('tone');
  });

  it('stops at the element of an unknown module name, naming the known ones', async () => {
    const site = copySite();
    fs.writeFileSync(path.join(site, 'en/guide/bad.mdx'), '# Bad\n\n  <API moduleName="Buton" />\n');
    await expect(build({ root: site, log: false })).rejects.toThrow(/bad\.mdx:3:3: api-docgen: no module "Buton" in the plugin's entries \(known: Alert, Button\)/);
  });
});

describe('props tables in docgen dev', () => {
  const servers: StaticServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  it('updates the page when the component changes', async () => {
    const site = copySite();
    const errors: unknown[] = [];
    const server = await startDevServer({ root: site, port: 0, onError: (e) => errors.push(e) });
    servers.push(server);
    const page = async (route: string) => (await fetch(new URL(route, server.url))).text();
    expect(tableRows(await page('guide/button'), 'Button').map((row) => row[0])).not.toContain('rounded');

    const rebuilt = server.nextBuild();
    edit(path.join(site, 'components/Button.tsx'), '  label: string;', '  label: string;\n  /**\n   * Round corners.\n   * @zh 圆角。\n   */\n  rounded?: boolean;');
    await rebuilt;
    expect(errors).toEqual([]);
    expect(tableRows(await page('guide/button'), 'Button')).toContainEqual(['rounded', 'boolean', '—', 'No', 'Round corners.']);
    expect(tableRows(await page('zh/guide/button'), 'Button')).toContainEqual(['rounded', 'boolean', '—', '否', '圆角。']);
  });
});
