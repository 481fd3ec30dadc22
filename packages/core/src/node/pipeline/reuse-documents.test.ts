/**
 * `render-state.json`: what a build records of its documents reads back the same; a file of another shape
 * (an older docgen's record of tuples, columns that disagree) counts as no state, so every document is
 * rendered again rather than taken on a wrong record. A document's key changes with anything of the
 * document, the parts documents share included, and only then.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentKeys, readRenderState, recordDocuments, saveRenderState } from './reuse-documents.js';
import type { RenderRoute } from './render-routes.js';

describe('render state', () => {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dg-render-state-'));
  fs.mkdirSync(path.join(outDir, 'guide'));
  fs.writeFileSync(path.join(outDir, 'index.html'), '<p>home</p>');
  fs.writeFileSync(path.join(outDir, 'guide/intro.html'), '<p>intro</p>');
  const file = path.join(outDir, '..', `${path.basename(outDir)}-render-state.json`);

  it('reads back what was recorded, and leaves out documents that are not there', () => {
    const state = recordDocuments(outDir, new Map([['index.html', 'k1'], ['guide/intro.html', 'k2'], ['gone.html', 'k3']]));
    saveRenderState(file, state);
    const read = readRenderState(file)!;
    expect(read.outDir).toBe(outDir);
    expect([...read.documents.keys()]).toEqual(['index.html', 'guide/intro.html']);
    const stat = fs.statSync(path.join(outDir, 'guide/intro.html'));
    expect(read.documents.get('guide/intro.html')).toEqual(['k2', stat.size, stat.mtimeMs]);
  });

  it('counts a record of another shape as none', () => {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8'));
    fs.writeFileSync(file, JSON.stringify({ ...stored, keys: stored.keys.slice(1) }));
    expect(readRenderState(file)).toBeUndefined();
    fs.writeFileSync(file, JSON.stringify({ outDir, documents: { 'index.html': ['k1', 11, 1] } }));
    expect(readRenderState(file)).toBeUndefined();
  });
});

describe('document keys', () => {
  const manifests = { '': '/docgen-data/routes-en.json', '/zh/': '/docgen-data/routes-zh.json' };
  const entryImports = ['/assets/react-1.js', '/assets/theme-2.js'];
  const headTags = `<meta name="x" content="${'long '.repeat(60)}">`;
  const route = (routePath: string, change: (r: RenderRoute) => void = () => {}): RenderRoute => {
    const r: RenderRoute = {
      routePath,
      moduleFile: `${routePath.slice(1)}.js`,
      sourceFile: `en${routePath}.md`,
      htmlFile: `${routePath.slice(1)}.html`,
      siteTitle: 'Site',
      defaultDescription: 'Café',
      parts: {
        lang: 'en',
        canonical: routePath,
        alternates: [{ hreflang: 'zh', href: `/zh${routePath}` }],
        icon: '',
        headTags,
        styles: ['/assets/app.css'],
        preloads: [`/assets${routePath}.js`],
        entryImports,
        entry: '/assets/app.js',
        boot: { routePath, chunk: `/assets${routePath}.js`, app: '/assets/app.js', manifest: manifests[''], manifests, searchIndexes: {} },
      },
    };
    change(r);
    return r;
  };
  const keyOf = (routes: RenderRoute[], at = routes.length - 1) =>
    documentKeys(routes, { salt: 'salt', server: 'server', pageKey: (r) => `page ${r.routePath}` }).get(routes[at].htmlFile);

  it('are equal for equal documents, the source file left out, whether a shared part is the same object or an equal copy', () => {
    const base = keyOf([route('/a'), route('/b')]);
    expect(keyOf([route('/a'), route('/b', (r) => (r.sourceFile = 'elsewhere/b.md'))])).toBe(base);
    expect(keyOf([route('/a'), route('/b', (r) => (r.parts.entryImports = [...entryImports]))])).toBe(base);
    expect(keyOf([route('/a', (r) => (r.parts.headTags = `${headTags} `)), route('/b')])).toBe(base);
  });

  it('differ when anything of the document differs, its shared parts included', () => {
    const base = keyOf([route('/a'), route('/b')]);
    const changes: ((r: RenderRoute) => void)[] = [
      (r) => (r.siteTitle = 'Other'),
      (r) => (r.parts.canonical = '/other'),
      (r) => (r.parts.robots = 'noindex'),
      (r) => (r.parts.headTags = `${headTags}<meta>`),
      (r) => (r.parts.entryImports = ['/assets/react-2.js']),
      (r) => (r.parts.boot = { ...r.parts.boot!, manifests: { '': '/other.json' } }),
      (r) => (r.parts.boot = { ...r.parts.boot!, chunk: '/assets/other.js' }),
    ];
    for (const change of changes) {
      // Changed in this document only, and in every document (the shared value itself changed).
      expect(keyOf([route('/a'), route('/b', change)])).not.toBe(base);
      expect(keyOf([route('/a', change), route('/b', change)])).not.toBe(base);
    }
    expect(documentKeys([route('/b')], { salt: 'other', server: 'server', pageKey: (r) => `page ${r.routePath}` }).get('b.html')).not.toBe(base);
  });
});
