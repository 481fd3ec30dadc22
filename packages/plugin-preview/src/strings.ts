/**
 * The UI strings of the preview components, by key and language. They ship with the components (not in
 * every page's site data): a locale's `strings` in the config win, then the page's language, then English.
 */

/** Key → language → text. English is complete; other languages may leave keys out. */
export const PREVIEW_STRINGS = {
  'preview.showCode': { en: 'Show code', zh: '显示代码' },
  'preview.hideCode': { en: 'Hide code', zh: '隐藏代码' },
  'preview.openInNewTab': { en: 'Open in new tab', zh: '在新标签页中打开' },
  'preview.demoTitle': { en: 'Demo {n}', zh: '示例 {n}' },
  'preview.error': { en: 'This demo threw an error', zh: '此示例运行时出错' },
  'preview.errorAt': { en: 'Demo source', zh: '示例源码位置' },
  'preview.retry': { en: 'Try again', zh: '重试' },
} as const satisfies Record<string, { en: string; zh: string }>;

/** A key of `PREVIEW_STRINGS`. */
export type PreviewStringKey = keyof typeof PREVIEW_STRINGS;
