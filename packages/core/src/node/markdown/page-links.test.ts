/**
 * The site boundary of page references: `unsafeScheme` (URL schemes a browser would run), `isInsideSite`
 * and `publishRefusal` (which files a page may copy into the output), on real folders and symbolic links.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayUrl, isInsideSite, publishRefusal, unsafeScheme } from './page-links.js';

describe('unsafeScheme', () => {
  it.each([
    ['javascript:alert(1)', 'javascript'],
    ['JaVaScRiPt:alert(1)', 'javascript'],
    ['  javascript:alert(1)', 'javascript'],
    ['\u0001\u001fjavascript:alert(1)', 'javascript'],
    ['java\tscript:alert(1)', 'javascript'],
    ['java\nscript:alert(1)', 'javascript'],
    ['vbscript:msgbox(1)', 'vbscript'],
    ['VBScript:msgbox(1)', 'vbscript'],
    ['data:text/html,<script>alert(1)</script>', 'data'],
    ['DATA:image/png;base64,AAAA', 'data'],
    ['https://example.com/javascript:x', null],
    ['mailto:someone@example.com', null],
    ['./javascript:x.md', null],
    ['#javascript:x', null],
    ['javascript', null],
    ['/data:x', null],
  ])('%j → %s', (url, scheme) => {
    expect(unsafeScheme(url)).toBe(scheme);
  });
});

describe('displayUrl', () => {
  it('escapes control characters and cuts long URLs', () => {
    expect(displayUrl('java\tscript:\u001b[31m')).toBe('java\\u0009script:\\u001b[31m');
    expect(displayUrl(`data:${'x'.repeat(100)}`)).toBe(`data:${'x'.repeat(55)}…`);
  });
});

describe('isInsideSite and publishRefusal', () => {
  // <tmp>/site (the root) with public/, <tmp>/outside.txt beside it, <tmp>/assets (a public folder outside the root).
  let tmp: string;
  let root: string;
  let ctx: { root: string; publicDir: string };
  const at = (...parts: string[]) => path.join(tmp, ...parts);
  const write = (file: string, text = 'x') => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  };

  beforeAll(() => {
    tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'dg-page-links-')));
    root = at('site');
    ctx = { root, publicDir: at('site/public') };
    write(at('site/en/guide/shot.png'));
    write(at('site/public/logo.svg'));
    write(at('site/public/.well-known/security.txt'));
    write(at('site/.env'), 'TOKEN=secret');
    write(at('site/.git/config'));
    write(at('site/node_modules/.pnpm/icons@1.0.0/node_modules/icons/star.svg'));
    write(at('outside.txt'));
    write(at('assets/banner.png'));
    fs.symlinkSync(at('outside.txt'), at('site/en/linked-file.txt'));
    fs.symlinkSync(tmp, at('site/en/up'));
    fs.symlinkSync('/etc', at('site/en/etc'));
    fs.symlinkSync(at('site/.env'), at('site/en/settings.txt'));
    fs.symlinkSync(at('site/en/guide'), at('site/en/guide-alias'));
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('accepts files of the root and of the public folder, also through links that stay inside', () => {
    for (const file of ['site/en/guide/shot.png', 'site/public/logo.svg', 'site/en/guide-alias/shot.png', 'site/en/missing.png']) {
      expect(isInsideSite(at(file), ctx), file).toBe(true);
      expect(publishRefusal(at(file), ctx), file).toBeNull();
    }
  });

  it('refuses files outside, by a path with .. or through a symbolic link to a file or a folder', () => {
    for (const file of ['outside.txt', 'site/en/../../outside.txt', 'site/en/linked-file.txt', 'site/en/up/outside.txt', 'site/en/etc/hostname']) {
      expect(isInsideSite(at(file), ctx), file).toBe(false);
      expect(publishRefusal(at(file), ctx), file).toMatch(/^lies outside the site \(.+\): only files inside the site root or the public folder are published$/);
    }
    expect(publishRefusal(at('site/en/etc/hostname'), ctx)).toContain('(/etc/hostname)');
  });

  it('places a missing file where its existing folders really are', () => {
    // Not found, but through the link to /etc: outside, whatever the rest of the path.
    expect(isInsideSite(at('site/en/etc/no-such-file.png'), ctx)).toBe(false);
    expect(isInsideSite(at('site/en/up/no-such-folder/x.png'), ctx)).toBe(false);
  });

  it('accepts a public folder outside the root, and a root reached through a symbolic link', () => {
    const outsidePublic = { root, publicDir: at('assets') };
    expect(isInsideSite(at('assets/banner.png'), outsidePublic)).toBe(true);
    expect(isInsideSite(at('assets/banner.png'), ctx)).toBe(false);
    fs.symlinkSync(root, at('site-link'));
    const viaLink = { root: at('site-link'), publicDir: at('site-link/public') };
    expect(isInsideSite(at('site/en/guide/shot.png'), viaLink)).toBe(true);
    expect(isInsideSite(at('site-link/en/new/missing.png'), viaLink)).toBe(true);
    expect(publishRefusal(at('site-link/en/new/missing.png'), viaLink)).toBeNull();
  });

  it('refuses hidden files and folders of the root, as written or after links, but not in public/ or node_modules', () => {
    expect(publishRefusal(at('site/.env'), ctx)).toBe('is hidden (.env in .env): files and folders whose name starts with "." are not published');
    expect(publishRefusal(at('site/.git/config'), ctx)).toContain('is hidden (.git in .git/config)');
    expect(publishRefusal(at('site/en/settings.txt'), ctx)).toContain('is hidden (.env in .env)');
    expect(publishRefusal(at('site/public/.well-known/security.txt'), ctx)).toBeNull();
    expect(publishRefusal(at('site/node_modules/.pnpm/icons@1.0.0/node_modules/icons/star.svg'), ctx)).toBeNull();
    // isInsideSite is the rule for imports: hidden files count as inside.
    expect(isInsideSite(at('site/.env'), ctx)).toBe(true);
  });
});
