/**
 * `@docgen/core/zod`: the zod schema functions and types for a plugin's options, from the copy of zod that
 * docgen validates its config with (zod 4, https://zod.dev/api). `import * as z from '@docgen/core/zod'`
 * gives `z.object(…)`, `z.infer<typeof schema>` and the rest of this list, and a schema made with them can
 * be passed to `validatePluginOptions`.
 *
 * Why not `zod` itself: Node loads zod's package as about 95 modules (~0.14 s on a 2-core machine), in the
 * build, in each compile and search thread and at each dev server start. Core's bundle carries only the
 * parts of zod it uses (~0.05 s), and a plugin that imports them from here adds no load of its own. A
 * plugin that needs more of zod imports `zod` and pays that load.
 */
export {
  any,
  array,
  boolean,
  custom,
  discriminatedUnion,
  enum,
  function,
  instanceof,
  intersection,
  lazy,
  literal,
  looseObject,
  map,
  never,
  null,
  nullable,
  number,
  object,
  optional,
  record,
  set,
  strictObject,
  string,
  tuple,
  undefined,
  union,
  unknown,
  ZodError,
  ZodType,
} from 'zod';
export type { infer, input, output, ZodIssue } from 'zod';
