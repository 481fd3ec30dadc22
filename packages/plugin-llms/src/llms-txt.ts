/**
 * `llms.txt` and `llms-full.txt` of one locale (llmstxt.org): the pages grouped and ordered as the sidebar
 * shows them.
 */
import type { LocaleNavigation, NavItem, SidebarItem, SidebarSection } from '@docgen/core';

/** A page that goes into the llms files. */
export interface LlmsPage {
  /** Route path without base: `/guide/start`. */
  routePath: string;
  title: string;
  description?: string;
  /** URL the list links to (the page's `.md`, or its HTML page), absolute or site-relative. */
  url: string;
}

/** A `## ` section of `llms.txt`: its heading and pages, in order. */
export interface LlmsSection {
  title: string;
  pages: LlmsPage[];
}

/** The heading of the section of pages that no sidebar lists (llmstxt.org: links a short context may skip). */
export const OPTIONAL_SECTION = 'Optional';

/**
 * The sections of a locale's `llms.txt`, from its sidebars, each page once:
 * - sidebar sections in the order the nav links to them (then those the nav does not reach, by prefix);
 * - within one, a `## ` section per top-level group (`Guide: Getting Started`, the nav item's text first),
 *   its nested groups flattened, and one for the links outside any group, named after the nav item, else
 *   the title of the section's index page (`/guide/`), else its folder (`guide`);
 * - then `Optional`: the pages of `pages` that no sidebar lists (a home page), by route path.
 * Sidebar links to anything but a page of `pages` (external links, left-out pages) are not listed.
 * Linear in the number of pages and sidebar items.
 */
export function llmsSections(navigation: LocaleNavigation, pages: ReadonlyMap<string, LlmsPage>): LlmsSection[] {
  const sections: LlmsSection[] = [];
  const listed = new Set<string>();
  const pagesOf = (items: SidebarItem[]): LlmsPage[] => {
    const out: LlmsPage[] = [];
    const walk = (list: SidebarItem[]) => {
      for (const item of list) {
        const page = item.link === undefined ? undefined : pages.get(routeOfLink(item.link));
        if (page && !listed.has(page.routePath)) {
          listed.add(page.routePath);
          out.push(page);
        }
        if (item.items) walk(item.items);
      }
    };
    walk(items);
    return out;
  };
  const push = (title: string, list: LlmsPage[]) => {
    if (list.length) sections.push({ title, pages: list });
  };
  for (const { section, label } of orderedSidebars(navigation)) {
    // Without a nav item: the title of the section's index page, else its folder's name.
    const name = label || pages.get(section.prefix)?.title || section.prefix.split('/').filter(Boolean).pop() || section.prefix;
    let loose: SidebarItem[] = [];
    const flushLoose = () => {
      push(name, pagesOf(loose));
      loose = [];
    };
    for (const item of section.items) {
      if (!item.items) {
        loose.push(item);
        continue;
      }
      flushLoose();
      push(label ? `${label}: ${item.text}` : item.text, pagesOf([item]));
    }
    flushLoose();
  }
  push(OPTIONAL_SECTION, [...pages.values()].filter((p) => !listed.has(p.routePath)).sort((a, b) => (a.routePath < b.routePath ? -1 : 1)));
  return sections;
}

/**
 * The sidebar sections in reading order, each with the text of the nav item that leads to it ('' for none):
 * first those the nav links into, in nav order (menus included), then the others by prefix.
 */
function orderedSidebars(navigation: LocaleNavigation): { section: SidebarSection; label: string }[] {
  const labels = new Map<SidebarSection, string>();
  const walk = (items: NavItem[]) => {
    for (const item of items) {
      if (item.link?.startsWith('/')) {
        const route = routeOfLink(item.link);
        // The sections come longest prefix first: the first match is the one the route shows.
        const section = navigation.sidebars.find((s) => route.startsWith(s.prefix) || `${route}/` === s.prefix);
        if (section && !labels.has(section)) labels.set(section, item.text);
      }
      if (item.items) walk(item.items);
    }
  };
  walk(navigation.nav);
  const rest = navigation.sidebars.filter((s) => !labels.has(s)).sort((a, b) => (a.prefix < b.prefix ? -1 : 1));
  return [...[...labels].map(([section, label]) => ({ section, label })), ...rest.map((section) => ({ section, label: '' }))];
}

/** The route path a sidebar or nav link names: query and hash removed, `.html` and `.md(x)` dropped. */
function routeOfLink(link: string): string {
  const path = link.replace(/[?#].*$/, '');
  return path.replace(/\.(html|mdx?)$/, '').replace(/\/index$/, '/') || '/';
}

/** Options of `llmsTxt`. */
export interface LlmsTxtOptions {
  /** The site's (or the locale's) title: the `# ` heading. */
  title: string;
  /** The summary under the title, as a quote; none when empty. */
  description: string;
  /** The `llms.txt` of the site's other languages: label and URL. */
  otherLanguages?: { label: string; url: string }[];
  sections: LlmsSection[];
}

/**
 * The text of `llms.txt`: `# Title`, `> description`, a line linking the other languages' files, then
 * each section as `## Heading` and lines `- [Title](url): description`.
 */
export function llmsTxt({ title, description, otherLanguages = [], sections }: LlmsTxtOptions): string {
  const blocks = [`# ${oneLine(title)}`];
  if (description.trim()) blocks.push(`> ${oneLine(description)}`);
  if (otherLanguages.length) blocks.push(otherLanguages.map((l) => `[${escapeText(l.label)}](${l.url})`).join(' · '));
  for (const section of sections) {
    const lines = section.pages.map((p) => `- [${escapeText(oneLine(p.title))}](${p.url})${p.description?.trim() ? `: ${oneLine(p.description)}` : ''}`);
    blocks.push(`## ${oneLine(section.title)}\n\n${lines.join('\n')}`);
  }
  return `${blocks.join('\n\n')}\n`;
}

/**
 * The text of `llms-full.txt`: the Markdown of every page of `sections`, in their order, separated by a
 * thematic break (`---`). `markdownOf` gives a page's Markdown, which starts with its `# Title`.
 */
export function llmsFullTxt(sections: LlmsSection[], markdownOf: (page: LlmsPage) => string): string {
  return `${sections.flatMap((s) => s.pages.map((p) => markdownOf(p).trimEnd())).join('\n\n---\n\n')}\n`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Escapes what would end a link's text early. */
function escapeText(text: string): string {
  return text.replace(/[[\]\\]/g, '\\$&');
}
