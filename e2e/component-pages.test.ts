/**
 * `route.extensions` with `.tsx`: React component pages build beside Markdown ones, with their page data,
 * in the sidebar, search and links; components in `_` folders stay fragments.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '@docgen/core';
import { copyFixture, listFiles } from './helpers/site.js';

const read = (file: string) => fs.readFileSync(file, 'utf8').replace(/<!-- -->/g, '');

describe('component pages', () => {
  let site: string;
  beforeAll(async () => {
    site = copyFixture('component-pages');
    await build({ root: site, log: false });
  });

  it('renders the component with the page data of its frontmatter export', () => {
    const html = read(path.join(site, 'dist/guide/playground.html'));
    expect(html).toContain('<title>Playground | Components</title>');
    expect(html).toContain('<meta name="description" content="A page written as a React component">');
    expect(html).toContain('<main class="playground"><h1>Playground</h1><button type="button" class="counter">Clicked 0 times</button></main>');
  });

  it('lists it in the generated sidebar and the route manifest, and not the component in the _ folder', () => {
    const guide = read(path.join(site, 'dist/guide/index.html'));
    expect(guide).toMatch(/<a href="\/guide\/playground"[^>]*>Playground<\/a>/);
    expect(fs.existsSync(path.join(site, 'dist/guide/_parts'))).toBe(false);
    expect(Object.keys(JSON.parse(read(path.join(site, 'dist/docgen-data/routes-en.json'))).routes).sort()).toEqual(['/', '/guide/', '/guide/playground']);
  });

  it('is no page while its extension is not in route.extensions', async () => {
    const copy = copyFixture('component-pages');
    fs.writeFileSync(path.join(copy, 'docgen.config.ts'), "export default { title: 'Components' };\n");
    fs.writeFileSync(path.join(copy, 'index.md'), '# Home\n');
    await build({ root: copy, log: false });
    expect(fs.existsSync(path.join(copy, 'dist/guide/playground.html'))).toBe(false);
  });
});
