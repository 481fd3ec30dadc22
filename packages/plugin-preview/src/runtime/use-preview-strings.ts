import { useLocale } from '@docgen/core/runtime';
import { PREVIEW_STRINGS, type PreviewStringKey } from '../strings.js';

/**
 * The preview components' UI strings in the language of the page on screen: the locale's `strings` of the
 * config (overrides), else the plugin's own for that language, else English.
 */
export function usePreviewStrings(): (key: PreviewStringKey) => string {
  const { strings, lang } = useLocale();
  return (key) => strings[key] ?? (PREVIEW_STRINGS[key] as Record<string, string>)[lang] ?? PREVIEW_STRINGS[key].en;
}

/**
 * Where a demo comes from, as its error shows it: the page file and the line of the block, or, for a
 * `<code src>` demo, the demo file (resolved from the page's folder) and the place of the tag.
 * @param pageFile the page's source path relative to the site root (`en/guide/button.md`)
 * @param line the 1-based line of the block or tag in the page
 * @param src the `src` of a `<code src>` tag, as written
 */
export function demoLocation(pageFile: string, line: number, src?: string): { source: string; usedAt?: string } {
  if (!src) return { source: `${pageFile}:${line}` };
  const folder = pageFile.includes('/') ? pageFile.slice(0, pageFile.lastIndexOf('/')) : '';
  return { source: joinPosix(folder, src), usedAt: `${pageFile}:${line}` };
}

/** `folder` + a relative path, with `.` and `..` resolved (POSIX separators, as page paths have). */
function joinPosix(folder: string, relative: string): string {
  const parts = folder ? folder.split('/') : [];
  for (const part of relative.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}
