/**
 * Search records at build time: one DocSearch-shaped record per section of each page, from the sections
 * the compile recorded (no second parse), with lvl0 from the sidebar or nav.
 */
import { routeHref, type UrlPolicy } from '../../shared/url-policy.js';
import type { SearchHierarchy, SearchRecord } from '../../shared/search/types.js';
import type { FrontMatter, NavItem, SidebarItem, SidebarSection } from '../../shared/types.js';
import type { SearchSection } from '../markdown/rehype-search-sections.js';

/**
 * Longest `content` of one record, in characters. A longer section (a changelog, a long API table) becomes
 * several records of the same url and hierarchy, cut at spaces or punctuation: every word stays searchable,
 * and the work on one hit (highlight, snippet) stays bounded, like DocSearch's record per paragraph.
 */
export const MAX_RECORD_CONTENT = 5000;

/** `text` in pieces of at most `MAX_RECORD_CONTENT` characters, cut after a space or punctuation when one is near. */
export function splitContent(text: string): string[] {
  const parts: string[] = [];
  let start = 0;
  while (text.length - start > MAX_RECORD_CONTENT) {
    let end = start + MAX_RECORD_CONTENT;
    for (let i = end - 1; i > end - 500; i--) {
      if (/[\s。，、；：！？]/.test(text[i])) {
        end = i + 1;
        break;
      }
    }
    const code = text.charCodeAt(end);
    if (code >= 0xdc00 && code <= 0xdfff) end--; // never split a surrogate pair
    parts.push(text.slice(start, end).trim());
    start = end;
  }
  parts.push(text.slice(start).trim());
  return parts.filter(Boolean);
}

/** What `pageRecords` needs to know of a page. */
export interface RecordPage {
  /** Route path without base, e.g. `/zh/guide/start/introduction`. */
  routePath: string;
  title: string;
  frontmatter: FrontMatter;
  sections: SearchSection[];
  lang: string;
  version: string;
}

/**
 * The page's records, in page order: first its own record (type `lvl1`, the text before the first h2 as
 * content), then one per heading: type `content` when text follows the heading, else `lvl2`…`lvl6`.
 * Pages with front matter `search: false`, home pages and pages without a title give none.
 * @param lvl0 the page's top-level section (see `lvl0Of`)
 * @param policy the site's base and clean URLs: each url is the page's {@link routeHref}
 */
export function pageRecords(page: RecordPage, lvl0: string, policy: UrlPolicy): SearchRecord[] {
  const fm = page.frontmatter as FrontMatter & { search?: unknown };
  if (fm.search === false || fm.pageType === 'home' || fm.pageType === '404' || !page.title) return [];
  const url = routeHref(page.routePath, policy);
  const records: SearchRecord[] = [];
  const chain: (string | null)[] = [null, null, null, null, null]; // lvl2..lvl6
  const seen = new Map<string, number>();
  for (const section of page.sections) {
    if (section.depth > 1) {
      chain[section.depth - 2] = section.heading;
      chain.fill(null, section.depth - 1);
    }
    const hierarchy: SearchHierarchy = {
      lvl0,
      lvl1: page.title,
      lvl2: section.depth > 1 ? chain[0] : null,
      lvl3: section.depth > 1 ? chain[1] : null,
      lvl4: section.depth > 1 ? chain[2] : null,
      lvl5: section.depth > 1 ? chain[3] : null,
      lvl6: section.depth > 1 ? chain[4] : null,
    };
    let recordUrl = section.depth > 1 && section.id ? `${url}#${section.id}` : url;
    // Headings without an id (or a repeated one) still get a unique objectID.
    const count = seen.get(recordUrl) ?? 0;
    seen.set(recordUrl, count + 1);
    if (count && section.depth > 1) recordUrl = `${recordUrl}${section.id ? '-' : '#'}${count}`;
    const [first, ...rest] = section.text ? splitContent(section.text) : [];
    records.push({
      objectID: recordUrl,
      url: recordUrl,
      type: section.depth === 1 ? 'lvl1' : section.text ? 'content' : (`lvl${section.depth}` as SearchRecord['type']),
      content: first ?? null,
      hierarchy,
      lang: page.lang,
      version: page.version,
    });
    rest.forEach((content, i) => {
      records.push({ objectID: `${recordUrl}~${i + 2}`, url: recordUrl, type: 'content', content, hierarchy, lang: page.lang, version: page.version });
    });
  }
  if (!records.length) {
    records.push({
      objectID: url,
      url,
      type: 'lvl1',
      content: null,
      hierarchy: { lvl0, lvl1: page.title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
      lang: page.lang,
      version: page.version,
    });
  }
  return records;
}

/**
 * A page's top-level section, DocSearch's lvl0: the sidebar group that holds the page, else the nav item
 * whose link leads into the page's sidebar section (or to the page), else `fallback` (the site title).
 */
export function lvl0Of(routePath: string, section: SidebarSection | null, nav: NavItem[], fallback: string): string {
  return lvl0Finder(nav, fallback)(routePath, section);
}

/**
 * `lvl0Of` for many pages of one locale: each sidebar section's links and the nav's are listed once (a
 * walk of the page's whole section for every page grew with the square of a section's size).
 */
export function lvl0Finder(nav: NavItem[], fallback: string): (routePath: string, section: SidebarSection | null) => string {
  const groups = new WeakMap<SidebarSection, Map<string, string>>();
  const groupOf = (section: SidebarSection): Map<string, string> => {
    let byLink = groups.get(section);
    if (!byLink) {
      byLink = new Map();
      const add = (items: SidebarItem[], text: string) => {
        for (const i of items) {
          // The first group that holds a link is its lvl0, as in sidebar order.
          if (i.link !== undefined && !byLink!.has(i.link)) byLink!.set(i.link, text);
          if (i.items) add(i.items, text);
        }
      };
      for (const item of section.items) if (item.items) add(item.items, item.text);
      groups.set(section, byLink);
    }
    return byLink;
  };
  const links = (items: NavItem[]): NavItem[] => items.flatMap((i) => (i.items ? links(i.items) : [i]));
  const navLinks = links(nav);
  return (routePath, section) => {
    const group = section && groupOf(section).get(routePath);
    if (group !== undefined && group !== null) return group;
    const prefix = section?.prefix ?? routePath;
    const match =
      navLinks.find((i) => i.link === routePath) ??
      navLinks.find((i) => i.link && (i.link.startsWith(prefix) || (i.link.length > 1 && routePath.startsWith(i.link.endsWith('/') ? i.link : `${i.link}/`))));
    return match?.text ?? fallback;
  };
}
