/**
 * Where the local search index of each locale is: the page's boot data says (the URLs carry content
 * hashes, so they are not part of the entry chunk, which would then change with every edit).
 */
let urls: Record<string, string> = {};

/** Called once by the client entry. */
export function setSearchIndexUrls(value: Record<string, string> | undefined): void {
  urls = value ?? {};
}

/**
 * URL (with base) of the local search index of the locale whose route prefix is `localePrefix`
 * (`''` for the default locale, `/zh`…), or null during SSR, with search off or another provider.
 */
export function searchIndexUrl(localePrefix: string): string | null {
  return urls[localePrefix] ?? null;
}
