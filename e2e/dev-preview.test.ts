/**
 * `docgen dev` and `docgen preview` over real HTTP on 127.0.0.1: clean URLs, 404s, rebuild on change
 * with a reload event, and a broken edit that keeps the last good output served.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build, startDevServer, startStaticServer, type StaticServer } from '@docgen/core';
import { copyFixture } from './helpers/site.js';

/**
 * How long a test waits for the dev server to reach a state before it fails with a message of its own: a
 * safety net, not a speed check. Beside a heavy job and another test file, one change took over 20 s.
 */
const STATE_WAIT_MS = 100_000;

const servers: StaticServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function get(url: string): Promise<{ status: number; body: string }> {
  const res = await fetch(url);
  return { status: res.status, body: await res.text() };
}

describe('preview server', () => {
  it('serves clean URLs, folder indexes, assets and 404.html with status 404', async () => {
    const site = copyFixture('basic');
    await build({ root: site, log: false });
    const server = await startStaticServer({ dir: path.join(site, 'dist'), port: 0 });
    servers.push(server);
    const intro = await get(`${server.url}guide/intro`);
    expect(intro.status).toBe(200);
    expect(intro.body).toContain('<title>Intro | Fixture</title>');
    expect((await get(`${server.url}zh/`)).body).toContain('<html lang="zh">');
    expect((await get(`${server.url}robots.txt`)).body).toContain('User-agent');
    const missing = await get(`${server.url}nope/at/all`);
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('Page not found');
  });

  it('serves a site built with a base under that base only', async () => {
    const site = copyFixture('basic');
    await build({ root: site, log: false, base: '/docs/' });
    const server = await startStaticServer({ dir: path.join(site, 'dist'), base: '/docs/', port: 0 });
    servers.push(server);
    expect(server.url).toMatch(/\/docs\/$/);
    expect((await get(`${server.url}guide/intro`)).status).toBe(200);
    expect((await get(server.url.replace('/docs/', '/guide/intro'))).status).toBe(404);
  });
});

describe('dev server', () => {
  it('serves pages and their chunks as they are asked for, and reports a page that does not compile without stopping', async () => {
    const site = copyFixture('basic');
    const broken = path.join(site, 'en/guide/broken.mdx');
    fs.writeFileSync(broken, '# Broken\n\nThe answer is {answer.\n');
    const errors: unknown[] = [];
    let listening = '';
    const server = await startDevServer({ root: site, port: 0, onError: (e) => errors.push(e), onListening: (url) => (listening = url) });
    servers.push(server);
    expect(listening).toBe(server.url);
    // The background compile found the broken page: reported with its place, the server still serves.
    expect(errors.map(String).join('\n')).toMatch(/broken\.mdx:3:\d+/);
    const intro = await get(`${server.url}guide/intro`);
    expect(intro.body).toContain('<h1 id="intro">Intro</h1>');

    // A page never rendered: its chunk, named in the route table, is bundled when the browser asks for it.
    const boot = /"manifest":"([^"]+)"/.exec(intro.body)![1];
    const table = ((await (await fetch(new URL(boot, server.url))).json()) as { routes: Record<string, [string, string]> }).routes;
    expect(table['/guide/usage'][0]).toMatch(/^\/assets\/p-guide_usage\.js\?v=\d+$/);
    const chunk = await get(new URL(table['/guide/usage'][0], server.url).href);
    expect(chunk.status).toBe(200);
    expect(chunk.body).toContain('"routePath": "/guide/usage"');

    // The broken page: an error document that carries the dev client (its overlay), status 500.
    const failed = await get(`${server.url}guide/broken`);
    expect(failed.status).toBe(500);
    expect(failed.body).toContain('/__docgen/events');

    const fixed = server.nextBuild();
    fs.writeFileSync(broken, '# Broken no more\n');
    await fixed;
    expect((await get(`${server.url}guide/broken`)).body).toContain('Broken no more');
  });

  it('stops a page whose render never ends at pageTimeout, answers it with the error, and goes on serving', async () => {
    const site = copyFixture('basic');
    const config = path.join(site, 'docgen.config.ts');
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace('export default {', 'export default {\n  pageTimeout: 2000,'));
    const looping = path.join(site, 'en/guide/looping.mdx');
    // Compiles; loops only when rendered, on the server as in a browser.
    fs.writeFileSync(looping, '# Looping\n\n{(() => { for (;;) {} })()}\n');
    const errors: unknown[] = [];
    const server = await startDevServer({ root: site, port: 0, onError: (e) => errors.push(e) });
    servers.push(server);
    const stopped = await get(`${server.url}guide/looping`);
    expect(stopped.status).toBe(500);
    expect(stopped.body).toContain('/__docgen/events');
    expect(errors.map(String).join('\n')).toMatch(/Rendering \/guide\/looping \(\S*en\/guide\/looping\.mdx\) took longer than 2 s \(pageTimeout\) and was stopped/);
    // The render thread was replaced: the other pages render, and so does the page once fixed.
    expect((await get(`${server.url}guide/intro`)).body).toContain('<h1 id="intro">Intro</h1>');
    const fixed = server.nextBuild();
    fs.writeFileSync(looping, '# Looping no more\n');
    await fixed;
    expect((await get(`${server.url}guide/looping`)).body).toContain('Looping no more');
  });

  it('applies a change, tells the pages, and keeps serving the last good state on an error', async () => {
    const site = copyFixture('basic');
    const errors: unknown[] = [];
    const server = await startDevServer({ root: site, port: 0, onError: (e) => errors.push(e) });
    servers.push(server);
    const first = await get(`${server.url}guide/intro`);
    expect(first.body).toContain('<h1 id="intro">Intro</h1>');
    expect(first.body).toContain('/__docgen/events');

    // Listen to the event stream as a page would.
    const events: string[] = [];
    const stream = http.get(`${server.url}__docgen/events`, (res) => res.on('data', (d: Buffer) => events.push(d.toString())));
    await new Promise((r) => setTimeout(r, 100));

    const rebuilt = server.nextBuild();
    fs.writeFileSync(path.join(site, 'en/guide/intro.md'), '# Intro changed\n\n## Fresh section\n');
    await rebuilt;
    const second = await get(`${server.url}guide/intro`);
    expect(second.body).toContain('Intro changed');
    expect(second.body).toContain('<a href="#fresh-section">Fresh section</a>');
    await new Promise((r) => setTimeout(r, 100));
    // A new title and TOC reach the page in place: its module changed, the shared code did not.
    expect(events.join('')).toMatch(/event: update\ndata: \{"routes":\["\/guide\/intro"/);

    const failed = server.nextBuild();
    fs.writeFileSync(path.join(site, 'en/guide/intro.md'), '# Intro\n\n[broken](./missing.md)\n');
    await failed;
    expect(String(errors[0])).toContain('Broken link');
    expect((await get(`${server.url}guide/intro`)).body).toContain('Intro changed');
    stream.destroy();
  });

  it('sends the changed routes for a body edit, the pages showing a changed title or h2 heading, and a reload when the config changes', async () => {
    const site = copyFixture('basic');
    const server = await startDevServer({ root: site, port: 0 });
    servers.push(server);
    let events = '';
    const stream = http.get(`${server.url}__docgen/events`, (res) => res.on('data', (d: Buffer) => (events += d.toString())));
    await new Promise<void>((resolve) => stream.on('response', () => resolve()));
    const nextEvent = async (edit: () => void) => {
      const from = events.length;
      edit();
      // The event follows the rebuild over the socket: wait for it, not for the rebuild. The search indexes
      // follow each update in an event of their own, left out here.
      const shown = () => events.slice(from).replace(/^: connected\n\n/, '').replace(/event: search\ndata: .*\n\n/g, '');
      const deadline = Date.now() + STATE_WAIT_MS;
      while (!/\n\n/.test(shown())) {
        if (Date.now() > deadline) throw new Error(`no event within ${STATE_WAIT_MS / 1000} s; stream so far: ${events}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return shown();
    };
    const intro = path.join(site, 'en/guide/intro.md');
    const body = await nextEvent(() => fs.writeFileSync(intro, fs.readFileSync(intro, 'utf8').replace('A tip.', 'An edited tip.')));
    expect(body).toMatch(/^event: update\n/);
    const update = JSON.parse(/data: (.*)/.exec(body)![1]) as { routes: string[]; manifests: Record<string, string> };
    expect(update.routes).toEqual(['/guide/intro']);
    expect(Object.keys(update.manifests).sort()).toEqual(['', '/zh']);
    // The page was bundled alone: its new chunk imports React from the shared entry beside it, by relative URL.
    const manifest = ((await (await fetch(new URL(update.manifests[''], server.url))).json()) as { routes: Record<string, [string, string]> }).routes;
    const chunk = await (await fetch(new URL(manifest['/guide/intro'][0], server.url))).text();
    expect(chunk).toContain('An edited tip.');
    expect(chunk).toMatch(/from "\.\/shared-react_jsx_runtime-\w+\.js"/);

    // A new title: the page itself and the pages whose sidebar and prev/next links show it.
    const retitled = await nextEvent(() => fs.writeFileSync(intro, fs.readFileSync(intro, 'utf8').replace('# Intro', '# Introduction')));
    expect(retitled).toMatch(/^event: update\n/);
    const titled = JSON.parse(/data: (.*)/.exec(retitled)![1]) as { routes: string[] };
    expect(titled.routes).toContain('/guide/intro');
    expect(titled.routes).toContain('/guide/usage');
    expect(titled.routes).not.toContain('/zh/guide/intro');

    // A new `h2`: no page of this site is an overview, so no other page shows it; once one is, that page does.
    const routesOf = (event: string) => (JSON.parse(/data: (.*)/.exec(event)![1]) as { routes: string[] }).routes;
    const addSection = (name: string) => () => fs.writeFileSync(intro, `${fs.readFileSync(intro, 'utf8')}\n## ${name}\n\nText.\n`);
    expect(routesOf(await nextEvent(addSection('First added section')))).toEqual(['/guide/intro']);
    const overview = path.join(site, 'en/guide/index.md');
    expect(await nextEvent(() => fs.writeFileSync(overview, '---\noverview: true\n---\n\n# Guide\n'))).toMatch(/^event: reload\n/);
    // Its overview shows the real headings once the pages have compiled again (stand-ins have none).
    for (let deadline = Date.now() + STATE_WAIT_MS; !(await get(`${server.url}guide/`)).body.includes('First added section'); ) {
      if (Date.now() > deadline) throw new Error('the overview never showed the heading');
      await new Promise((r) => setTimeout(r, 100));
    }
    const shown = await nextEvent(addSection('Second added section'));
    expect(routesOf(shown)).toContain('/guide/intro');
    expect(routesOf(shown)).toContain('/guide/');
    const config = path.join(site, 'docgen.config.ts');
    expect(await nextEvent(() => fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace("title: 'Fixture'", "title: 'Other'")))).toMatch(/^event: reload\n/);
    stream.destroy();
  });

  it('picks up a page in a new folder, a rename, a deletion, an atomic save, _meta.json and the config without a restart', async () => {
    const site = copyFixture('basic');
    const errors: unknown[] = [];
    const server = await startDevServer({ root: site, port: 0, onError: (e) => errors.push(e) });
    servers.push(server);
    const html = async (p: string) => get(`${server.url}${p}`);
    // chokidar may report one edit in several batches (a rename as unlink then add): wait for the state.
    const change = async (edit: () => void, done: () => Promise<boolean>) => {
      edit();
      const deadline = Date.now() + STATE_WAIT_MS;
      while (!(await done())) {
        if (Date.now() > deadline) throw new Error(`the dev server did not pick up the change within ${STATE_WAIT_MS / 1000} s`);
        await Promise.race([server.nextBuild(), new Promise((r) => setTimeout(r, 250))]);
      }
    };

    // A page in a folder that did not exist: a new route and a new sidebar section.
    await change(
      () => {
        fs.mkdirSync(path.join(site, 'en/recipes/deep'), { recursive: true });
        fs.writeFileSync(path.join(site, 'en/recipes/deep/first.md'), '# First recipe\n');
        fs.writeFileSync(path.join(site, 'en/recipes/deep/second.md'), '# Second recipe\n');
      },
      async () => (await html('recipes/deep/first')).body.includes('<h1 id="first-recipe">First recipe</h1>'),
    );

    // Renamed: the old route is gone, the new one is in the sidebar of its section.
    await change(
      () => fs.renameSync(path.join(site, 'en/recipes/deep/first.md'), path.join(site, 'en/recipes/deep/renamed.md')),
      async () => (await html('recipes/deep/first')).status === 404 && (await html('recipes/deep/renamed')).status === 200,
    );
    expect((await html('recipes/deep/second')).body).toContain('href="/recipes/deep/renamed"');

    // An editor's atomic save: written to a temporary file, renamed over the page.
    await change(
      () => {
        const tmp = path.join(site, 'en/guide/intro.md.tmp~');
        fs.writeFileSync(tmp, '# Intro\n\nSaved atomically.\n');
        fs.renameSync(tmp, path.join(site, 'en/guide/intro.md'));
      },
      async () => (await html('guide/intro')).body.includes('Saved atomically.'),
    );

    // _meta.json orders and labels the sidebar.
    await change(
      () => fs.writeFileSync(path.join(site, 'en/recipes/deep/_meta.json'), JSON.stringify(['second', { type: 'file', name: 'renamed', label: 'Renamed label' }])),
      async () => (await html('recipes/deep/second')).body.includes('Renamed label'),
    );
    const sidebar = (await html('recipes/deep/second')).body;
    expect(sidebar.indexOf('href="/recipes/deep/second"')).toBeLessThan(sidebar.indexOf('Renamed label'));

    // Deleted (after _meta.json stops naming it): gone from routes and sidebar.
    await change(
      () => fs.writeFileSync(path.join(site, 'en/recipes/deep/_meta.json'), '["second"]'),
      async () => !(await html('recipes/deep/second')).body.includes('Renamed label'),
    );
    await change(
      () => fs.rmSync(path.join(site, 'en/recipes/deep/renamed.md')),
      async () => (await html('recipes/deep/renamed')).status === 404,
    );
    expect((await html('recipes/deep/second')).body).not.toContain('/recipes/deep/renamed');

    // The config: a new site title.
    await change(
      () => {
        const file = path.join(site, 'docgen.config.ts');
        fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace("title: 'Fixture'", "title: 'Renamed fixture'"));
      },
      async () => (await html('guide/intro')).body.includes('<title>Intro | Renamed fixture</title>'),
    );
    expect(errors.map(String)).toEqual([]);
  }, 600_000); // seven changes, each waited for

  it('takes the shared parts a former start kept when their inputs did not change, and bundles them again when they did or a kept file is damaged', async () => {
    const site = copyFixture('basic');
    const kept = path.join(site, 'node_modules/.cache/docgen/dev-shared');
    const state = path.join(kept, 'state.json');
    const appChunk = (body: string) => /\/assets\/app-[\w-]+\.js/.exec(body)?.[0];
    const start = async () => {
      const server = await startDevServer({ root: site, port: 0 });
      try {
        const intro = await get(`${server.url}guide/intro`);
        expect(intro.status).toBe(200);
        const app = appChunk(intro.body);
        expect(app).toBeDefined();
        // The entry chunk is served, whether bundled or taken.
        expect((await get(`${server.url}${app!.slice(1)}`)).status).toBe(200);
        // Kept and taken as hard links: the kept file is also the served one while the server runs.
        expect(fs.statSync(path.join(kept, 'client', app!)).nlink).toBe(2);
        return intro.body;
      } finally {
        await server.close();
      }
    };
    const first = await start();
    const madeAt = fs.statSync(state).mtimeMs;
    // Unchanged inputs: taken, not kept again; the same document.
    expect(await start()).toBe(first);
    expect(fs.statSync(state).mtimeMs).toBe(madeAt);

    // A damaged kept file: bundled again (the state is written anew), the same document.
    const chunk = fs.readdirSync(path.join(kept, 'client/assets')).find((name) => name.startsWith('app-'))!;
    fs.appendFileSync(path.join(kept, 'client/assets', chunk), '\n// damaged');
    expect(await start()).toBe(first);
    const remadeAt = fs.statSync(state).mtimeMs;
    expect(remadeAt).toBeGreaterThan(madeAt);
    expect(fs.readFileSync(path.join(kept, 'client/assets', chunk), 'utf8')).not.toContain('// damaged');

    // A changed input of the shared parts (the site data, from the config): bundled again, the new title shown.
    const config = path.join(site, 'docgen.config.ts');
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace("title: 'Fixture'", "title: 'Kept fixture'"));
    expect(await start()).toContain('<title>Intro | Kept fixture</title>');
    expect(fs.statSync(state).mtimeMs).toBeGreaterThan(remadeAt);
  });

  it('compiles a page again when a file outside the root that it read while compiling changes, in a cached build and in dev', async () => {
    const site = copyFixture('basic');
    // A remark plugin that shows a file's text on every page and records it as a dependency, as a plugin
    // that reads a component's source does.
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-dependency-'));
    const data = path.join(outside, 'data.txt');
    fs.writeFileSync(data, 'one\n');
    const plugin = path.join(site, 'remark-include.mjs');
    fs.writeFileSync(
      plugin,
      `import fs from 'node:fs';
export default function remarkInclude({ file }) {
  return (tree, vfile) => {
    tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: 'Included: ' + fs.readFileSync(file, 'utf8').trim() }] });
    (vfile.data.dependencies ??= []).push(file);
  };
}
`,
    );
    const config = path.join(site, 'docgen.config.ts');
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace("lang: 'en',", `lang: 'en',\n  markdown: { remarkPlugins: [[${JSON.stringify(plugin)}, { file: ${JSON.stringify(data)} }]] },`));
    try {
      await build({ root: site, log: false });
      fs.writeFileSync(data, 'two\n');
      await build({ root: site, log: false });
      expect(fs.readFileSync(path.join(site, 'dist/guide/intro.html'), 'utf8')).toContain('Included: two');

      const server = await startDevServer({ root: site, port: 0 });
      servers.push(server);
      expect((await get(`${server.url}guide/intro`)).body).toContain('Included: two');
      // The file outside the root is watched once the site has compiled: touch it until the page shows it.
      const deadline = Date.now() + STATE_WAIT_MS;
      let body = '';
      for (let round = 0; !body.includes('Included: three'); round++) {
        if (Date.now() > deadline) throw new Error(`the page never showed the changed file; last: ${body.slice(0, 300)}`);
        const next = server.nextBuild();
        fs.writeFileSync(data, round % 2 ? 'three\n' : 'three \n');
        await Promise.race([next, new Promise((r) => setTimeout(r, 500))]);
        body = (await get(`${server.url}guide/intro`)).body;
      }
      expect(body).toContain('Included: three');
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });
});
