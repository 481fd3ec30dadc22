/**
 * Front matter the plugin gives the pages it adds: TypeDoc's Markdown has none of its own unless a TypeDoc
 * plugin writes one, which is kept.
 */

/**
 * `content` with `search: false` in its front matter, so that the built-in search leaves the page out (the
 * key docgen's search records read): added to the page's own front matter block, or in a new one.
 */
export function withoutSearch(content: string): string {
  const own = /^---\r?\n/.exec(content);
  if (own) return `${own[0]}search: false\n${content.slice(own[0].length)}`;
  return `---\nsearch: false\n---\n\n${content}`;
}
