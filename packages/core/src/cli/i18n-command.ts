/**
 * `docgen i18n status` and `docgen i18n mark`: which translations are missing or stale, and recording that
 * a translation matches its original now. The translation logic is `node/i18n/translations.ts`; this file
 * only prints.
 */
import { loadConfig } from '../config/index.js';
import { DocgenError } from '../shared/errors.js';
import { displayPath } from '../node/display-path.js';
import { markTranslations, translationStatus, type TranslationStatus } from '../node/i18n/translations.js';

/** Where a command's output goes: the CLI's `CliIo` (tests capture it). */
type CommandIo = { log: (text: string) => void; error: (text: string) => void };

/** Options of `docgen i18n status`. */
export interface I18nStatusOptions {
  /** Fail (exit 1) when a translation is missing or stale. @default false */
  strict?: boolean;
  /** Print the status object (`TranslationStatus`) as JSON instead of the table. @default false */
  json?: boolean;
}

/**
 * `docgen i18n status [root]`: prints a table of every locale's (and version's) missing, stale, up-to-date
 * and untracked translations, then the missing and stale pages; with `json`, the status object.
 * @throws DocgenError with `strict` when a translation is missing or stale (after printing), and the
 *   errors of `loadConfig`, `scanRoutes` and `translationStatus`.
 */
export async function i18nStatus(root: string, { strict = false, json = false }: I18nStatusOptions, io: CommandIo): Promise<void> {
  const config = await loadConfig(root);
  const status = translationStatus(config);
  io.log(json ? JSON.stringify(status, null, 2) : formatStatus(status));
  const missing = status.locales.reduce((n, l) => n + l.missing.length, 0);
  const stale = status.locales.reduce((n, l) => n + l.stale.length, 0);
  if (strict && (missing || stale)) {
    const parts = [missing && `${plural(missing, 'translation')} missing`, stale && `${plural(stale, 'translation')} stale`].filter(Boolean);
    throw new DocgenError(`--strict: ${parts.join(' and ')}`);
  }
}

/** Options of `docgen i18n mark`. */
export interface I18nMarkOptions {
  /** Site root (folder of docgen.config.ts). @default the working directory */
  root?: string;
}

/**
 * `docgen i18n mark <files...>`: records in each translation's front matter the hash of its original now,
 * and prints one line per file.
 * @throws DocgenError naming each file that is no translation of the site (nothing is written then).
 */
export async function i18nMark(files: string[], { root = '.' }: I18nMarkOptions, io: CommandIo): Promise<void> {
  const config = await loadConfig(root);
  for (const r of markTranslations(config, files)) {
    const what = r.changed ? `translatedFrom: "${r.hash}"` : `already translatedFrom: "${r.hash}", unchanged`;
    const was = r.previous !== undefined && r.changed ? `, was "${r.previous}"` : '';
    io.log(`${displayPath(r.file)}: ${what}${was} (original ${displayPath(r.original.filePath)})`);
  }
}

/**
 * The text `status` prints: a row per locale (the version column only on a site with versions), the missing
 * and the stale pages with their originals (file and route), then hints.
 *
 * ```
 * language  version  missing  stale  up to date  untracked
 * zh        2.x      1        1      2           0
 *
 * Missing (1):
 *   2.x/zh/guide/new.md  original 2.x/en/guide/new.md (/guide/new)
 *
 * Stale (1), the original changed since `docgen i18n mark`:
 *   2.x/zh/guide/a.md  original 2.x/en/guide/a.md (/guide/a)
 *
 * Once a stale page is updated, record it: docgen i18n mark <file>
 * ```
 */
export function formatStatus(status: TranslationStatus): string {
  if (!status.locales.length) return `No translations: the site has one language (${status.lang}).`;
  const head = ['language', ...(status.versioned ? ['version'] : []), 'missing', 'stale', 'up to date', 'untracked'];
  const rows = status.locales.map((l) => [
    l.lang,
    ...(status.versioned ? [l.version] : []),
    String(l.missing.length),
    String(l.stale.length),
    String(l.upToDate.length),
    String(l.untracked.length),
  ]);
  const lines = table([head, ...rows]);
  const missing = status.locales.flatMap((l) => l.missing);
  const stale = status.locales.flatMap((l) => l.stale);
  const untracked = status.locales.reduce((n, l) => n + l.untracked.length, 0);
  const list = (title: string, pages: { file: string; originalFile: string; original: string }[]) => {
    if (!pages.length) return;
    const width = Math.max(...pages.map((p) => p.file.length));
    lines.push('', title, ...pages.map((p) => `  ${p.file.padEnd(width)}  original ${p.originalFile} (${p.original})`));
  };
  list(`Missing (${missing.length}):`, missing);
  list(`Stale (${stale.length}), the original changed since \`docgen i18n mark\`:`, stale);
  lines.push('');
  if (!missing.length && !stale.length) lines.push('Nothing is missing or stale.');
  if (stale.length) lines.push('Once a stale page is updated, record it: docgen i18n mark <file>');
  if (untracked) lines.push(`${plural(untracked, 'translation')} without translatedFrom: once one matches its original, record it: docgen i18n mark <file>`);
  return lines.join('\n');
}

/** Rows as left-aligned columns two spaces apart, without trailing spaces. */
function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) => r.map((cell, c) => cell.padEnd(widths[c])).join('  ').trimEnd());
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
