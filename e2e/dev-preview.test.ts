/**
 * `docgen dev` and `docgen preview` over real HTTP on 127.0.0.1: clean URLs, 404s, rebuild on change
 * with a reload event, and a broken edit that keeps the last good output served.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build, startDevServer, startStaticServer, type StaticServer } from '@docgen/core';
import { copyFixture } from './helpers/site.js';

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
  it('rebuilds on change, tells pages to reload, and keeps serving the last good build on an error', async () => {
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
    expect(events.join('')).toContain('event: reload');

    const failed = server.nextBuild();
    fs.writeFileSync(path.join(site, 'en/guide/intro.md'), '# Intro\n\n[broken](./missing.md)\n');
    await failed;
    expect(String(errors[0])).toContain('Broken link');
    expect((await get(`${server.url}guide/intro`)).body).toContain('Intro changed');
    stream.destroy();
  });
});
