/**
 * Folder of the output for the files whose URL stays the same from build to build while their content
 * changes: the route tables and the local search indexes. Fetched with revalidation, unlike `assets/`,
 * whose files are named by content and never change.
 */
export const DATA_DIR = 'docgen-data';
