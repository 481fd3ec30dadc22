import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveServedPath } from './safe-path.js';

let dir: string;
let root: string;
let pkg: string;

beforeAll(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'dg-safe-path-')));
  root = path.join(dir, 'out');
  pkg = path.join(dir, 'pkg');
  fs.mkdirSync(path.join(root, 'guide'), { recursive: true });
  fs.mkdirSync(pkg);
  fs.writeFileSync(path.join(root, 'index.html'), 'home');
  fs.writeFileSync(path.join(root, 'guide/intro.html'), 'intro');
  fs.writeFileSync(path.join(root, '..notes.txt'), 'a name that starts with two dots');
  fs.writeFileSync(path.join(root, 'a%2e.txt'), 'percent in the name');
  fs.writeFileSync(path.join(pkg, 'lib.js'), 'lib');
  fs.writeFileSync(path.join(dir, 'secret.txt'), 'secret');
  fs.symlinkSync(path.join(pkg, 'lib.js'), path.join(root, 'lib.js'));
  fs.symlinkSync(path.join(dir, 'secret.txt'), path.join(root, 'secret.txt'));
  fs.symlinkSync(path.join(dir, 'missing.txt'), path.join(root, 'dangling.txt'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const resolve = (pathname: string, allow?: string[]) => resolveServedPath(pathname, { root, allow, extensions: ['html'] });

describe('resolveServedPath', () => {
  it('finds files, clean URLs and folder indexes below the root', () => {
    expect(resolve('/')).toEqual({ status: 200, file: path.join(root, 'index.html') });
    expect(resolve('/guide/intro')).toEqual({ status: 200, file: path.join(root, 'guide/intro.html') });
    expect(resolve('/guide/intro.html')).toEqual({ status: 200, file: path.join(root, 'guide/intro.html') });
    expect(resolve('/..notes.txt')).toEqual({ status: 200, file: path.join(root, '..notes.txt') });
    expect(resolve('/a%252e.txt')).toEqual({ status: 200, file: path.join(root, 'a%2e.txt') });
    expect(resolve('/guide/missing')).toEqual({ status: 404 });
    expect(resolve('/dangling.txt')).toEqual({ status: 404 });
  });

  it('refuses paths out of the root, null bytes, backslashes and bad encoding', () => {
    for (const p of ['/../secret.txt', '/guide/../../secret.txt', '/%2e%2e/secret.txt', '/..%2Fsecret.txt', '/a%00', '/..%5csecret.txt', '/%E0%A4%A']) {
      expect(resolve(p).status, p).toBe(403);
    }
    expect(resolve('/%252e%252e/secret.txt')).toEqual({ status: 404 });
    expect(resolve(`${dir}/secret.txt`)).toEqual({ status: 404 });
  });

  it('follows symbolic links only into the root or an allowed folder', () => {
    expect(resolve('/secret.txt')).toMatchObject({ status: 403 });
    expect(resolve('/lib.js')).toMatchObject({ status: 403 });
    expect(resolve('/lib.js', [pkg])).toEqual({ status: 200, file: path.join(root, 'lib.js') });
    expect(resolve('/secret.txt', [pkg])).toMatchObject({ status: 403 });
  });
});
