/**
 * The search parameters sent to Algolia: the user's, with `lang:<lang>` added to their `facetFilters` when
 * the version on screen has several languages, and `version:<version>` on a site with versions unless
 * `multiVersion.search` is `'all'` (records of all languages and versions share one index).
 */
export function algoliaParameters(user: Record<string, unknown> | undefined, lang: string | null, version: string | null = null): Record<string, unknown> {
  const params = { ...user };
  const filters = [...(lang ? [`lang:${lang}`] : []), ...(version ? [`version:${version}`] : [])];
  if (filters.length) {
    const own = params.facetFilters;
    params.facetFilters = [...filters, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
  }
  return params;
}
