/**
 * `@docgen/plugin-api-docgen`: props tables generated at build time from components' TypeScript source
 * (react-docgen-typescript). `<API moduleName="Button" />` in an MDX page, or a paragraph `:::api Button`
 * in any page, becomes a table of the component's props (prop, type, default, required, description) in
 * the page's language; the table is part of the page's HTML and of its search records. Editing a
 * component compiles the pages that show it again, in the build (page cache) and in `docgen dev`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { definePlugin, validatePluginOptions, type DocgenPlugin } from '@docgen/core';
import * as z from '@docgen/core/zod';
import type { RemarkApiDocgenOptions } from './remark-api-docgen.js';

export { BUILT_IN_LABELS, descriptionPhrasing, labelsFor, localizedDescription, propsTable, type TableLabels } from './props-table.js';
export { ComponentDocs, type ApiComponent, type ApiProp, type ParseOptions } from './component-docs.js';
export type { RemarkApiDocgenOptions } from './remark-api-docgen.js';

/**
 * The remark plugin's module, built: the compile threads load it by path. From the source (the unit tests)
 * as from `dist/`, `../dist/` is the built folder.
 */
export const REMARK_MODULE = fileURLToPath(new URL('../dist/remark-api-docgen.js', import.meta.url));

/** What `<API moduleName>` and `:::api Name` can name: an identifier, with `.` and `-` allowed after the first character. */
const MODULE_NAME = /^[A-Za-z_$][\w$.-]*$/;
const labels = z
  .object({
    prop: z.string().min(1),
    type: z.string().min(1),
    default: z.string().min(1),
    required: z.string().min(1),
    description: z.string().min(1),
    yes: z.string().min(1),
    no: z.string().min(1),
  })
  .partial()
  .strict();

const optionsSchema = z
  .object({
    /**
     * The components pages may show, by the name `<API moduleName>` gives: the file that declares the
     * component (and exports it), absolute or relative to the site root. A file may hold several
     * components: the one named like the module name is shown, or the file's only one.
     * @example { Button: './src/Button.tsx', Tabs: '/abs/path/Tabs.tsx', Tab: '/abs/path/Tabs.tsx' }
     */
    entries: z
      .record(z.string(), z.string().min(1))
      .refine((e) => Object.keys(e).length > 0, { message: 'must name at least one component' })
      .superRefine((e, ctx) => {
        // Checked here rather than by a key schema, whose message would not name the problem.
        for (const name of Object.keys(e)) {
          if (!MODULE_NAME.test(name)) ctx.addIssue({ code: 'custom', path: [name], message: 'is not a component name (letters, digits, _, $, . and -, not starting with a digit)' });
        }
      }),
    /**
     * A tsconfig.json whose compiler options (paths, jsx, strictness…) TypeScript reads the components
     * with, absolute or relative to the site root. Its `include` and `files` are not used.
     * @default none: ES2022, bundler resolution, `jsx: react-jsx`, strict
     */
    tsconfig: z.string().min(1).optional(),
    /** Keep the props a component only inherits from packages (`ButtonHTMLAttributes`' hundreds of DOM props). @default false */
    includeNodeModulesProps: z.boolean().default(false),
    /** Props never shown, by name. @default [] @example ['className', 'style'] */
    excludeProps: z.array(z.string().min(1)).default(() => []),
    /** Print a union of string literals behind an alias (`type Size = 'sm' | 'md'`) as its values rather than as `Size`. @default false */
    shouldExtractLiteralValuesFromEnum: z.boolean().default(false),
    /** Print every union behind an alias as its members. @default false */
    shouldExtractValuesFromUnion: z.boolean().default(false),
    /** Drop the `| undefined` strict mode adds to the type of an optional prop. @default true */
    shouldRemoveUndefinedFromOptional: z.boolean().default(true),
    /** Sort the members of unions. @default false */
    shouldSortUnions: z.boolean().default(false),
    /** Leave out `children` when it has no doc comment. @default true */
    skipChildrenPropWithoutDoc: z.boolean().default(true),
    /**
     * The table's words by language (`lang` of a locale), over the built-in English and Chinese ones;
     * other languages get English.
     * @default {}
     * @example { fr: { prop: 'Prop', type: 'Type', default: 'Défaut', required: 'Requis', description: 'Description', yes: 'Oui', no: 'Non' } }
     */
    labels: z.record(z.string().min(1), labels).default(() => ({})),
  })
  .strict();

/** Options of `pluginApiDocgen`. */
export type ApiDocgenOptions = z.input<typeof optionsSchema>;

/**
 * Creates the plugin.
 * @throws DocgenError `[api-docgen] options: …` for a wrong option; when building, `[api-docgen] beforeBuild: …`
 *   for an entry or a tsconfig that does not exist; while compiling, an error at the `<API>` element's
 *   file, line and column for a module name the entries do not have (naming those they have), or a
 *   component its file does not declare
 * @example plugins: [pluginApiDocgen({ entries: { Button: './components/Button.tsx' } })]
 */
export function pluginApiDocgen(options: ApiDocgenOptions): DocgenPlugin {
  const opts = validatePluginOptions('api-docgen', optionsSchema, options);
  // Sent to the compile threads as it is; each page tells the remark plugin its root and language (`file.data`).
  const remark: RemarkApiDocgenOptions = { ...opts };
  return definePlugin({
    name: 'api-docgen',
    beforeBuild(config) {
      const missing = Object.entries(opts.entries).filter(([, file]) => !fs.existsSync(path.resolve(config.root, file)));
      if (missing.length) {
        throw new Error(`entries name files that do not exist: ${missing.map(([name, file]) => `${name} → ${path.resolve(config.root, file)}`).join(', ')}`);
      }
      if (opts.tsconfig) {
        const tsconfig = path.resolve(config.root, opts.tsconfig);
        if (!fs.existsSync(tsconfig)) throw new Error(`the tsconfig ${tsconfig} does not exist`);
      }
    },
    markdown: { remarkPlugins: [[REMARK_MODULE, remark]] },
  });
}
