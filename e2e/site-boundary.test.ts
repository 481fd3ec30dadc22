/**
 * Nothing leaves the site that should not, through `build()` on copies of the fixture site placed in
 * `<tmp>/site`, with files beside it (`<tmp>/outside.*`, a package in `<tmp>/node_modules`): images, linked
 * files and imports by path must stay inside the site root or public folder (after symbolic links), a
 * package imported by name may live anywhere; dead links site-wide at each `checkDeadLinks` level;
 * `markdown.sanitize`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, DocgenError } from '@docgen/core';
import { fixturesRoot, listFiles } from './helpers/site.js';

const SECRET = 'SECRET-BESIDE-THE-SITE';
const temporaries: string[] = [];

/** A fresh `<tmp>/site` (the basic fixture) with a secret file, a fragment and a package beside it. */
function makeSite(): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'dg-boundary-')));
  temporaries.push(dir);
  const site = path.join(dir, 'site');
  fs.cpSync(path.join(fixturesRoot, 'basic'), site, { recursive: true });
  fs.writeFileSync(path.join(dir, 'outside.txt'), SECRET);
  fs.writeFileSync(path.join(dir, 'outside.png'), SECRET);
  fs.writeFileSync(path.join(dir, 'outside.mdx'), `# ${SECRET}\n`);
  fs.mkdirSync(path.join(dir, 'outside-dir'));
  fs.writeFileSync(path.join(dir, 'outside-dir/value.js'), `export const value = '${SECRET}';\n`);
  fs.mkdirSync(path.join(dir, 'node_modules/ext-pkg'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'node_modules/ext-pkg/package.json'), '{ "name": "ext-pkg", "type": "module", "main": "index.js" }');
  fs.writeFileSync(path.join(dir, 'node_modules/ext-pkg/index.js'), "export const fromPackage = 'FROM-A-PACKAGE';\n");
  fs.writeFileSync(path.join(site, '.env'), `TOKEN=${SECRET}\n`);
  return site;
}

function write(site: string, file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
  fs.writeFileSync(path.join(site, file), text);
}

/** Adds `extra` (object literal entries) to the fixture's config. */
function configure(site: string, extra: string) {
  const file = path.join(site, 'docgen.config.ts');
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace("lang: 'en',", `lang: 'en',\n  ${extra}`));
}

async function buildError(site: string): Promise<DocgenError> {
  const error = await build({ root: site, log: false }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'the build should have failed').toBeInstanceOf(DocgenError);
  return error as DocgenError;
}

/** No file of the output holds the secret (nothing from beside the site was copied). */
function expectNoSecretIn(site: string) {
  const out = path.join(site, 'dist');
  if (!fs.existsSync(out)) return;
  for (const file of listFiles(out)) expect(fs.readFileSync(path.join(out, file), 'utf8'), file).not.toContain(SECRET);
}

afterAll(() => {
  for (const dir of temporaries) fs.rmSync(dir, { recursive: true, force: true });
});

describe('allowed references', () => {
  let site: string;
  beforeAll(async () => {
    site = makeSite();
    write(site, 'en/guide/pkg.mdx', "import { fromPackage } from 'ext-pkg';\n\n# Package\n\n{fromPackage}\n\n[robots](/robots.txt) [fragment heading](./usage.mdx#from-the-fragment) [404](/404)\n");
    write(site, 'en/guide/_snippet.mdx', 'This text comes from a fragment.\n\n## From the fragment\n');
    await build({ root: site, log: false });
  });

  it('builds a package imported by name from outside the site root', () => {
    expect(fs.readFileSync(path.join(site, 'dist/guide/pkg.html'), 'utf8')).toContain('FROM-A-PACKAGE');
  });

  it('accepts links to public files, to 404 and to anchors of imported fragments', () => {
    const html = fs.readFileSync(path.join(site, 'dist/guide/pkg.html'), 'utf8');
    expect(html).toContain('href="/robots.txt"');
    expect(html).toContain('href="/guide/usage#from-the-fragment"');
    expect(fs.readFileSync(path.join(site, 'dist/guide/usage.html'), 'utf8')).toContain('id="from-the-fragment"');
    expectNoSecretIn(site);
  });
});

describe('references out of the site', () => {
  it.each([
    ['an image beside the site', 'en/guide/intro.md', '# Intro\n\n![x](../../../outside.png)\n', /en\/guide\/intro\.md:3:1: Image \.\.\/\.\.\/\.\.\/outside\.png lies outside the site \(\S+\/outside\.png\)/],
    ['an image through a folder linked to /etc', 'en/guide/intro.md', '# Intro\n\n![x](./etc/passwd)\n', /intro\.md:3:1: Image \.\/etc\/passwd lies outside the site \(\/etc\/passwd\)/],
    ['a linked file beside the site', 'en/guide/intro.md', '# Intro\n\nGet [it](../../../outside.txt).\n', /intro\.md:3:5: Link \.\.\/\.\.\/\.\.\/outside\.txt lies outside the site/],
    ['a hidden file of the site', 'en/guide/intro.md', '# Intro\n\nGet [it](../../.env).\n', /intro\.md:3:5: Link \.\.\/\.\.\/\.env is hidden \(\.env in \.env\)/],
    ['a page imported from beside the site', 'en/guide/imports.mdx', "import Out from '../../../outside.mdx';\n\n# Usage\n\n<Out />\n", /imports\.mdx:1:17: Import "\.\.\/\.\.\/\.\.\/outside\.mdx" leads outside the site/],
    ['a module imported through a linked folder', 'en/guide/imports.mdx', "import { value } from './linked/value.js';\n\n# Usage\n\n{value}\n", /imports\.mdx:1:23: Import "\.\/linked\/value\.js" leads outside the site \(\S+\/outside-dir\/value\.js\)/],
    ['a package file imported by path', 'en/guide/imports.mdx', "import { fromPackage } from '../../../node_modules/ext-pkg/index.js';\n\n# Usage\n\n{fromPackage}\n", /imports\.mdx:1:29: Import "[./]+node_modules\/ext-pkg\/index\.js" leads outside the site/],
  ])('refuses %s with its place', async (_name, file, text, message) => {
    const site = makeSite();
    fs.symlinkSync('/etc', path.join(site, 'en/guide/etc'));
    fs.symlinkSync(path.join(site, '../outside-dir'), path.join(site, 'en/guide/linked'));
    write(site, file, text);
    const error = await buildError(site);
    expect(error.message).toMatch(message);
    expect(error.locations[0]?.location?.line).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(site, 'dist'))).toBe(false);
  });
});

describe('dead links', () => {
  // usage.mdx imports a fragment: its anchors are not known, so a link to usage.mdx#nope would not count.
  const page = '# Links\n\nTo [nowhere](/guide/nope), to [no anchor](./intro.md#nope) and [here](#nope).\n\nTo [a left-out page](./extra.md).\n';

  function deadLinkSite(level?: string): string {
    const site = makeSite();
    write(site, 'en/guide/links.md', page);
    write(site, 'en/guide/extra.md', '# Extra\n');
    configure(site, `route: { exclude: ['en/guide/extra.md'] },${level ? ` markdown: { checkDeadLinks: ${level} },` : ''}`);
    return site;
  }
  const dead = [
    /en\/guide\/links\.md:3:4: Dead link: \/guide\/nope \(no page has the route \/guide\/nope and the public folder has no such file\)/,
    /en\/guide\/links\.md:3:31: Dead anchor: \.\/intro\.md#nope \(en\/guide\/intro\.md has no element with the id "nope"\)/,
    /en\/guide\/links\.md:3:64: Dead anchor: #nope \(en\/guide\/links\.md has no element with the id "nope"\)/,
    /en\/guide\/links\.md:5:4: Dead link: \.\/extra\.md \(\S+extra\.md is not built \(left out by route\.exclude or route\.include\)\)/,
  ];

  it('fail the build by default, every one named at its place', async () => {
    const error = await buildError(deadLinkSite());
    for (const pattern of dead) expect(error.message).toMatch(pattern);
    expect(error.locations).toHaveLength(4);
  });

  it("are warnings at checkDeadLinks: 'warn'", async () => {
    const site = deadLinkSite("'warn'");
    const result = await build({ root: site, log: false });
    for (const pattern of dead) expect(result.warnings.some((w) => pattern.test(w)), String(pattern)).toBe(true);
    expect(fs.existsSync(path.join(site, 'dist/guide/links.html'))).toBe(true);
  });

  it('are not checked at checkDeadLinks: false, broken relative links included', async () => {
    const site = deadLinkSite('false');
    write(site, 'en/guide/intro.md', '# Intro\n\nSee [gone](./gone.md).\n');
    const result = await build({ root: site, log: false });
    expect(result.warnings.filter((w) => /Dead|Broken/.test(w))).toEqual([]);
    expect(fs.existsSync(path.join(site, 'dist/guide/links.html'))).toBe(true);
  });
});

describe('markdown.sanitize', () => {
  it('refuses .mdx pages', async () => {
    const site = makeSite();
    configure(site, 'markdown: { sanitize: true },');
    const error = await buildError(site);
    expect(error.message).toMatch(/en\/guide\/usage\.mdx:1:1: markdown\.sanitize is on, and MDX pages run code/);
  });

  it('removes scripts and event handlers of .md pages and keeps the rest', async () => {
    const site = makeSite();
    configure(site, 'markdown: { sanitize: true },');
    fs.rmSync(path.join(site, 'en/guide/usage.mdx'));
    fs.rmSync(path.join(site, 'en/guide/_snippet.mdx'));
    write(site, 'en/guide/intro.md', '# Intro\n\n## Install\n\n<p onmouseover="window.PWNED=1">hover</p><script>window.PWNED=2</script>\n\n- [x] done\n');
    await build({ root: site, log: false });
    const html = fs.readFileSync(path.join(site, 'dist/guide/intro.html'), 'utf8');
    expect(html).not.toContain('PWNED');
    expect(html).toContain('<p>hover</p>');
    expect(html).toMatch(/<h2 id="install">Install<a [^>]*href="#install"/);
    expect(html).toContain('<input type="checkbox" disabled="" checked=""/>');
  });
});
