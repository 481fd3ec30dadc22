/**
 * The UI strings of the playground, by key and language. They ship with the component (not in every
 * page's site data): a locale's `strings` in the config win, then the page's language, then English.
 */

/** Key → language → text. */
export const PLAYGROUND_STRINGS = {
  'playground.title': { en: 'Live example', zh: '实时示例' },
  'playground.hint': { en: 'Edit the code: the result updates.', zh: '编辑代码，结果随之更新。' },
  'playground.reset': { en: 'Reset', zh: '重置' },
  'playground.resetLabel': { en: 'Reset the example to its original code', zh: '将示例恢复为原始代码' },
  'playground.editorLabel': { en: 'Example code, editable', zh: '示例代码（可编辑）' },
  'playground.result': { en: 'Result', zh: '运行结果' },
  'playground.running': { en: 'Running the example…', zh: '正在运行示例…' },
  'playground.syntaxError': { en: 'Syntax error', zh: '语法错误' },
  'playground.runtimeError': { en: 'Error', zh: '错误' },
  'playground.loadError': { en: 'The playground could not load', zh: '无法加载示例编辑器' },
  'playground.badLink': { en: 'The code in this link could not be read; showing the original example.', zh: '无法读取链接中的代码，显示的是原始示例。' },
} as const satisfies Record<string, { en: string; zh: string }>;

/** A key of `PLAYGROUND_STRINGS`. */
export type PlaygroundStringKey = keyof typeof PLAYGROUND_STRINGS;
