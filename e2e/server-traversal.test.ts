/**
 * `docgen preview` and `docgen dev` serve only files inside their folder: requests that climb out of it
 * (`..`, percent-encoded dots, slashes and backslashes, double encoding, a null byte, an absolute path) and
 * symbolic links in `public/` that lead out of the site get 403 or 404 and never the content of the secret
 * files placed beside the site. Requests go out through `node:http` with the path as written, since `fetch()`
 * would resolve `..` before sending.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, startDevServer, startStaticServer, type StaticServer } from '@docgen/core';
import { fixturesRoot } from './helpers/site.js';

const SECRET = 'SECRET-BESIDE-THE-SITE';
const temporaries: string[] = [];
const servers: StaticServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  for (const dir of temporaries) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * `<tmp>/site` (the basic fixture) with the secret in `<tmp>/secret.txt`, `<tmp>/package.json`,
 * `<tmp>/site/package.json` and `<tmp>/site/dist-secret/secret.txt` (a sibling whose name starts with the
 * output folder's), and `public/leak.txt` and `public/leak-dir` linked to `<tmp>/secret.txt` and `<tmp>`.
 */
function makeSite(): { dir: string; site: string } {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'dg-traversal-')));
  temporaries.push(dir);
  const site = path.join(dir, 'site');
  fs.cpSync(path.join(fixturesRoot, 'basic'), site, { recursive: true });
  fs.writeFileSync(path.join(dir, 'secret.txt'), SECRET);
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: SECRET }));
  fs.writeFileSync(path.join(site, 'package.json'), JSON.stringify({ name: SECRET }));
  fs.mkdirSync(path.join(site, 'dist-secret'));
  fs.writeFileSync(path.join(site, 'dist-secret/secret.txt'), SECRET);
  fs.symlinkSync(path.join(dir, 'secret.txt'), path.join(site, 'public/leak.txt'));
  fs.symlinkSync(dir, path.join(site, 'public/leak-dir'));
  return { dir, site };
}

/** GET `rawPath` exactly as written (no normalization) from `server`. */
function rawGet(server: StaticServer, rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, path: rawPath, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`No answer to GET ${rawPath} within 10 s`)));
    req.end();
  });
}

/** Paths that try to reach the secrets from a server whose folder lies anywhere below `dir`. */
function attacks(dir: string): string[] {
  // Twelve levels up reach the file-system root from any folder the servers serve; then down to `dir`.
  const up = (step: string) => step.repeat(12) + dir.slice(1);
  return [
    '/../package.json',
    '/../../package.json',
    '/../dist-secret/secret.txt',
    `/${up('../')}/secret.txt`,
    `/${up('%2e%2e/')}/secret.txt`,
    `/${up('%2E%2E%2F')}%2Fsecret.txt`,
    `/${up('..%2f')}/secret.txt`,
    `/${up('..%5c')}%5csecret.txt`,
    `/${up('..\\')}\\secret.txt`,
    `\\..\\..\\package.json`,
    `/\\..\\..\\package.json`,
    `/${up('../')}/secret.txt%00.html`,
    '/robots.txt%00',
    `/${up('%252e%252e%252f')}%252fsecret.txt`,
    `/${up('%252e%252e/')}/secret.txt`,
    `${dir}/secret.txt`,
    `/${dir}/secret.txt`,
    `/%2F${dir.slice(1)}/secret.txt`,
    '/leak.txt',
    '/leak',
    '/leak-dir/secret.txt',
    '/leak-dir/package.json',
  ];
}

/**
 * 403 or 404; or 400 for a request-target that does not start with `/`, which Node's HTTP parser answers
 * before any handler runs.
 */
function refused(attack: string, status: number): boolean {
  return status === 403 || status === 404 || (status === 400 && !attack.startsWith('/'));
}

/** Requests every attack and returns the ones that were not refused with 403/404 or that leaked the secret. */
async function leaks(server: StaticServer, dir: string) {
  const results = [];
  for (const attack of attacks(dir)) {
    const { status, body } = await rawGet(server, attack);
    results.push({ attack, status, leaked: body.includes(SECRET) });
  }
  return results.filter((r) => !refused(r.attack, r.status) || r.leaked);
}

/** Pages, clean URLs, folder indexes, public files and hashed assets are still served. */
async function expectSiteServed(server: StaticServer) {
  const intro = await rawGet(server, '/guide/intro');
  expect(intro.status).toBe(200);
  expect(intro.body).toContain('<title>Intro | Fixture</title>');
  expect((await rawGet(server, '/guide/intro.html')).status).toBe(200);
  expect((await rawGet(server, '/zh/')).body).toContain('<html lang="zh">');
  expect((await rawGet(server, '/robots.txt?x=1')).body).toContain('User-agent');
  const script = /"(\/assets\/app-[A-Za-z0-9]+\.js)"/.exec(intro.body)?.[1];
  expect(script).toBeDefined();
  const asset = await rawGet(server, script!);
  expect(asset.status).toBe(200);
  expect(asset.body.length).toBeGreaterThan(0);
  const missing = await rawGet(server, '/nope/at/all');
  expect(missing.status).toBe(404);
  expect(missing.body).toContain('Page not found');
}

describe('preview server', () => {
  it('refuses paths out of the output folder and links out of the site, and serves the site', async () => {
    const { dir, site } = makeSite();
    await build({ root: site, log: false });
    const dist = path.join(site, 'dist');
    // A link inside the output that stays inside it is served.
    fs.symlinkSync('robots.txt', path.join(dist, 'robots-alias.txt'));
    const server = await startStaticServer({ dir: dist, port: 0 });
    servers.push(server);
    expect(await leaks(server, dir)).toEqual([]);
    await expectSiteServed(server);
    expect((await rawGet(server, '/robots-alias.txt')).body).toContain('User-agent');
  });

  it('applies the same rules under a base', async () => {
    const { dir, site } = makeSite();
    await build({ root: site, log: false, base: '/docs/' });
    const server = await startStaticServer({ dir: path.join(site, 'dist'), base: '/docs/', port: 0 });
    servers.push(server);
    const underBase = attacks(dir).map((a) => `/docs${a.startsWith('/') ? a : `/${a}`}`);
    for (const attack of underBase) {
      const { status, body } = await rawGet(server, attack);
      expect({ attack, refused: refused(attack, status), leaked: body.includes(SECRET) }).toEqual({ attack, refused: true, leaked: false });
    }
    expect((await rawGet(server, '/docs/guide/intro')).status).toBe(200);
  });
});

describe('dev server', () => {
  it('refuses paths out of its folder and links out of the site, and serves the site', async () => {
    const { dir, site } = makeSite();
    const server = await startDevServer({ root: site, port: 0 });
    servers.push(server);
    expect(await leaks(server, dir)).toEqual([]);
    await expectSiteServed(server);
  });
});
