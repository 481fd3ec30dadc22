/**
 * The theme's UI strings: every language file has exactly the keys of `en.json`, none empty, with the same
 * placeholders; both copies of the strings (server and browser) serve every language file; lookups fall
 * back from a regional language to its base language, then to English.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as browserCopy from './strings.browser.js';
import * as serverCopy from './strings.js';
import { translate } from './index.js';

const dir = path.dirname(fileURLToPath(import.meta.url));
const read = (file: string): Record<string, string> => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
const en = read('en.json');

/** The languages with a file next to `en.json`, found on disk so a new file is checked without editing this test. */
const others = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.json') && f !== 'en.json')
  .map((f) => f.slice(0, -'.json'.length))
  .sort();

/** `{lang}` and `#{key}` in `text`, sorted: what code replaces, so a translation must keep them verbatim. */
function placeholders(text: string): string[] {
  return (text.match(/#?\{[^{}]*\}/g) ?? []).sort();
}

/** What is wrong with `strings` measured against `reference` (English), one line each; empty when nothing is. */
function problems(strings: Record<string, unknown>, reference: Record<string, string>): string[] {
  const found: string[] = [];
  for (const key of Object.keys(reference)) if (!(key in strings)) found.push(`missing ${key}`);
  for (const [key, value] of Object.entries(strings)) {
    if (!(key in reference)) {
      found.push(`unknown ${key}`);
      continue;
    }
    if (typeof value !== 'string' || value.trim() === '') {
      found.push(`empty ${key}`);
      continue;
    }
    const want = placeholders(reference[key]!).join(' ');
    const got = placeholders(value).join(' ');
    if (got !== want) found.push(`placeholders of ${key}: [${got}], want [${want}]`);
  }
  return found;
}

describe('the check of a language file', () => {
  // The check itself must catch each kind of mistake, or the file tests below could pass on a broken file.
  it('reports a missing key, an unknown key, an empty value and a lost or changed placeholder', () => {
    const broken: Record<string, unknown> = { ...en };
    delete broken['nav.menu'];
    broken['nav.menuu'] = 'Menu';
    broken['doc.prev'] = '  ';
    broken['code.copyPrompt'] = 'Copy to clipboard: Ctrl+C, Enter';
    broken['code.unknownLanguage'] = 'Unknown language “{language}”.';
    expect(problems(broken, en)).toEqual([
      'missing nav.menu',
      'empty doc.prev',
      'placeholders of code.copyPrompt: [], want [#{key}]',
      'placeholders of code.unknownLanguage: [{language}], want [{lang}]',
      'unknown nav.menuu',
    ]);
    expect(problems(en, en)).toEqual([]);
  });
});

describe('the language files', () => {
  it('are the languages the theme documents', () => {
    expect(others).toEqual(['de', 'es', 'fr', 'ja', 'ko', 'pt', 'ru', 'zh']);
  });

  it.each(others)('%s.json has every key of en.json, no other, none empty, with the same placeholders', (lang) => {
    expect(problems(read(`${lang}.json`), en)).toEqual([]);
  });

  it.each(['en', ...others])('%s.json quotes with typographic quotes, not "', (lang) => {
    expect(Object.values(read(`${lang}.json`)).filter((v) => v.includes('"'))).toEqual([]);
  });

  it('French guillemets and colons have non-breaking spaces', () => {
    const fr = Object.values(read('fr.json'));
    expect(fr.filter((v) => /«(?!\u00a0)|(?<!\u00a0)»|[^\u00a0]:/.test(v))).toEqual([]);
  });
});

describe('the copies of the strings', () => {
  it('on the server, every language is there at once', () => {
    expect(serverCopy.stringsOf('en')).toBe(serverCopy.en);
    for (const lang of others) expect(serverCopy.stringsOf(lang), lang).toEqual(read(`${lang}.json`));
  });

  it('in the browser, English is bundled and every other language is a chunk loaded on demand', async () => {
    expect(browserCopy.stringsOf('en')).toBe(browserCopy.en);
    for (const lang of others) {
      const strings = browserCopy.stringsOf(lang);
      expect(strings, lang).toBeInstanceOf(Promise);
      // The same promise each time, so a language's chunk is fetched once.
      expect(browserCopy.stringsOf(lang), lang).toBe(strings);
      expect(await strings, lang).toEqual(read(`${lang}.json`));
    }
    expect(browserCopy.stringsOf('it')).toBeUndefined();
  });
});

describe('translate', () => {
  it('reads the language of the page', () => {
    expect(translate('ja', 'outline.title')).toBe(read('ja.json')['outline.title']);
    expect(translate('de', 'outline.title')).toBe('Auf dieser Seite');
  });

  it('falls back from a language with a region to its base language', () => {
    const pt = read('pt.json')['outline.title'];
    expect(pt).not.toBe(en['outline.title']);
    expect(translate('pt-BR', 'outline.title')).toBe(pt);
    expect(translate('fr-CA', 'doc.next')).toBe(read('fr.json')['doc.next']);
  });

  it('falls back to English for a language the theme does not ship', () => {
    expect(translate('it', 'outline.title')).toBe(en['outline.title']);
    expect(translate('sv-SE', 'doc.prev')).toBe(en['doc.prev']);
  });

  it('lets an override win over the theme text', () => {
    expect(translate('pt-BR', 'outline.title', { 'outline.title': 'Conteúdo' })).toBe('Conteúdo');
  });
});
