/**
 * The front matter keys docgen and its default theme read, as one zod schema: what each page's YAML is
 * validated against while it compiles. Unknown keys pass (plugins and custom themes read keys of their
 * own); a key a small typo away from a known one gets a warning.
 */
import * as z from 'zod';
import { formatIssue } from './validate.js';

const heroAction = z.object({
  /** Button style. */
  theme: z.enum(['brand', 'alt']),
  text: z.string(),
  link: z.string(),
});

/** Front matter of a page. Every key is optional. */
export const frontMatterSchema = z
  .object({
    /** Page title; else the page's first h1. */
    title: z.string().optional(),
    /** Meta description of the page. */
    description: z.string().optional(),
    /** Replaces the site title after the page title (`Page | Suffix`). */
    titleSuffix: z.string().optional(),
    /** Layout of the page. @default 'doc' */
    pageType: z.enum(['doc', 'home', 'custom', 'blank', '404']).optional(),
    /** An overview page of its sidebar section. */
    overview: z.boolean().optional(),
    /** Show the sidebar, the outline, the navbar, the footer. @default true */
    sidebar: z.boolean().optional(),
    outline: z.boolean().optional(),
    navbar: z.boolean().optional(),
    footer: z.boolean().optional(),
    /** `false` leaves the page out of the search index. */
    search: z.boolean().optional(),
    /** Date of the last change (YAML date, string or timestamp in ms). */
    lastUpdated: z.union([z.string(), z.number()]).optional(),
    /** Where a home page shows the landing section. */
    landing: z.union([z.enum(['after-features', 'after-content']), z.literal(false)]).optional(),
    /** Hero block of a home page. */
    hero: z
      .object({
        name: z.string().optional(),
        text: z.string().optional(),
        tagline: z.string().optional(),
        image: z.object({ src: z.string(), alt: z.string() }).optional(),
        actions: z.array(heroAction).optional(),
      })
      .optional(),
    /** Feature cards of a home page. */
    features: z.array(z.object({ title: z.string(), details: z.string(), icon: z.string().optional(), link: z.string().optional() })).optional(),
    /**
     * Of a translated page: the hash of its original (the default language's page) that the translation
     * matches, written by `docgen i18n mark`; when the original changes, the translation is stale.
     * @example translatedFrom: "3f9a0c1d2b7e"
     */
    translatedFrom: z.string().optional(),
  })
  .passthrough();

/** The known top-level keys, for typo warnings. */
export const FRONT_MATTER_KEYS: readonly string[] = Object.keys(frontMatterSchema.shape);

/** One problem of a page's front matter: the key path and the message in the config's wording. */
export interface FrontMatterIssue {
  path: (string | number)[];
  message: string;
}

/**
 * Validates parsed front matter (after its JSON round trip: dates are ISO strings).
 * @returns the errors (wrong types and values, in `formatIssue`'s wording) and the warnings (unknown keys
 *   within two edits of a known one: `titel` → "did you mean `title`?").
 */
export function checkFrontMatter(data: Record<string, unknown>): { errors: FrontMatterIssue[]; warnings: FrontMatterIssue[] } {
  const result = frontMatterSchema.safeParse(data);
  const errors = result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path as (string | number)[], message: formatIssue(issue, data) }));
  const warnings: FrontMatterIssue[] = [];
  for (const key of Object.keys(data)) {
    if (FRONT_MATTER_KEYS.includes(key)) continue;
    const near = FRONT_MATTER_KEYS.find((known) => editDistance(key.toLowerCase(), known.toLowerCase()) <= (known.length > 4 ? 2 : 1));
    if (near) warnings.push({ path: [key], message: `unknown front matter key \`${key}\`: did you mean \`${near}\`?` });
  }
  return { errors, warnings };
}

/** Levenshtein distance, for keys only (a few characters), so the quadratic table is small. */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}
