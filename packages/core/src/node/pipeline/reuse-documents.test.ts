/**
 * `render-state.json`: what a build records of its documents reads back the same; a file of another shape
 * (an older docgen's record of tuples, columns that disagree) counts as no state, so every document is
 * rendered again rather than taken on a wrong record. A document's key is the hash of its JSON, with the
 * values documents share serialized once.
 */
import crypto from 'node:crypto';
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
  it('hash the document as JSON, shared values serialized once giving the same text', () => {
    const manifests = { '': '/docgen-data/routes-en.json', '/zh/': '/docgen-data/routes-zh.json' };
    const entryImports = ['/assets/react-1.js', '/assets/theme-2.js'];
    const headTags = `<meta name="x" content="${'long '.repeat(30)}">`;
    const route = (routePath: string, robots?: string): RenderRoute => ({
      routePath,
      moduleFile: `${routePath.slice(1)}.js`,
      sourceFile: `en${routePath}.md`,
      htmlFile: `${routePath.slice(1)}.html`,
      siteTitle: 'Site "quoted"',
      defaultDescription: 'Café',
      parts: {
        lang: 'en',
        canonical: routePath,
        robots,
        alternates: [{ hreflang: 'zh', href: `/zh${routePath}` }],
        icon: '',
        headTags,
        styles: ['/assets/app.css'],
        preloads: [`/assets${routePath}.js`],
        entryImports,
        entry: '/assets/app.js',
        boot: { routePath, chunk: `/assets${routePath}.js`, app: '/assets/app.js', manifest: manifests[''], manifests, searchIndexes: {} },
      },
    });
    const routes = [route('/a'), route('/b', 'noindex'), route('/c')];
    const keys = documentKeys(routes, { salt: 'salt', server: 'server', pageKey: (r) => `page ${r.routePath}` });
    for (const r of routes) {
      const { sourceFile: _, ...document } = r;
      const expected = crypto.createHash('sha256').update(JSON.stringify(['salt', 'server', `page ${r.routePath}`, document])).digest('hex');
      expect(keys.get(r.htmlFile)).toBe(expected);
    }
  });
});
