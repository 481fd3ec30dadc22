import { describe, expect, it } from 'vitest';
import { classifyFence, parseCodeTagAttributes, parsePreviewMeta, readPageSettings, scanDemos, type DemoDefaults } from './scan-demos.js';

const inline: DemoDefaults = { mode: 'inline', previewAll: false };

describe('parsePreviewMeta', () => {
  it('reads the preview and mode words, not words inside quoted values', () => {
    expect(parsePreviewMeta('preview iframe title="a.tsx"')).toEqual({ preview: true, mode: 'iframe' });
    expect(parsePreviewMeta('preview=false')).toEqual({ preview: false });
    expect(parsePreviewMeta('title="preview iframe"')).toEqual({});
    expect(parsePreviewMeta(null)).toEqual({});
  });
});

describe('classifyFence', () => {
  it('previews marked tsx/jsx blocks, in the mode of the meta, the page or the defaults', () => {
    expect(classifyFence('tsx', 'preview', {}, inline)).toBe('inline');
    expect(classifyFence('jsx', 'preview iframe', {}, inline)).toBe('iframe');
    expect(classifyFence('tsx', 'preview', { previewMode: 'iframe' }, inline)).toBe('iframe');
    expect(classifyFence('tsx', '', {}, inline)).toBeNull();
  });

  it('previews every tsx/jsx block with previewAll or front matter preview, except preview=false and other languages', () => {
    expect(classifyFence('tsx', '', {}, { mode: 'inline', previewAll: true })).toBe('inline');
    expect(classifyFence('tsx', '', { preview: true }, inline)).toBe('inline');
    expect(classifyFence('tsx', '', { preview: false }, { mode: 'inline', previewAll: true })).toBeNull();
    expect(classifyFence('tsx', 'preview=false', { preview: true }, inline)).toBeNull();
    expect(classifyFence('css', '', { preview: true }, inline)).toBeNull();
  });

  it('marks a preview block in a language it cannot run as unsupported', () => {
    expect(classifyFence('css', 'preview', {}, inline)).toBe('unsupported');
    expect(classifyFence(null, 'preview', {}, inline)).toBe('unsupported');
  });
});

describe('parseCodeTagAttributes', () => {
  it('reads src in any quoting and the mode flags', () => {
    expect(parseCodeTagAttributes(' src="./a.tsx" iframe')).toEqual({ src: './a.tsx', mode: 'iframe' });
    expect(parseCodeTagAttributes(" inline src='./b.jsx'")).toEqual({ src: './b.jsx', mode: 'inline' });
    expect(parseCodeTagAttributes(' class="x"')).toEqual({});
  });
});

describe('readPageSettings', () => {
  it('reads preview and previewMode from the front matter and where the body starts', () => {
    expect(readPageSettings(['---', 'title: X', 'preview: true', "previewMode: 'iframe'", '---', '# X'])).toEqual({ settings: { preview: true, previewMode: 'iframe' }, bodyStart: 5 });
    expect(readPageSettings(['# X'])).toEqual({ settings: {}, bodyStart: 0 });
    expect(readPageSettings(['---', 'preview: true'])).toEqual({ settings: {}, bodyStart: 0 });
  });
});

describe('scanDemos', () => {
  it('finds blocks at the top level, in lists and blockquotes, and <code src> tags, in document order, with their lines and code', () => {
    const source = [
      '# Page', // 1
      '',
      '```tsx preview', // 3
      'export default () => <p>a</p>;',
      '```',
      '',
      '- item', // 7
      '',
      '  ```jsx preview iframe', // 9
      '  export default () => (',
      '    <p>b</p>',
      '  );',
      '  ```',
      '',
      '> ```tsx preview', // 15
      '> export default () => null;',
      '> ```',
      '',
      '<code src="./demo.tsx" iframe />', // 19
    ].join('\n');
    const { demos, problems } = scanDemos(source, inline);
    expect(problems).toEqual([]);
    expect(demos).toEqual([
      { kind: 'code', mode: 'inline', line: 3, lang: 'tsx', code: 'export default () => <p>a</p>;' },
      { kind: 'code', mode: 'iframe', line: 9, lang: 'jsx', code: 'export default () => (\n  <p>b</p>\n);' },
      { kind: 'code', mode: 'inline', line: 15, lang: 'tsx', code: 'export default () => null;' },
      { kind: 'file', mode: 'iframe', line: 19, src: './demo.tsx' },
    ]);
  });

  it('skips fences inside longer fences and reads no tag inside a fence', () => {
    const source = ['````md', '```tsx preview', 'export default () => null;', '```', '<code src="./a.tsx" />', '````'].join('\n');
    expect(scanDemos(source, inline).demos).toEqual([]);
  });

  it('applies the front matter of the source, or the settings given', () => {
    const source = ['---', 'preview: true', 'previewMode: iframe', '---', '```tsx', 'export default () => null;', '```'].join('\n');
    expect(scanDemos(source, inline).demos).toEqual([{ kind: 'code', mode: 'iframe', line: 5, lang: 'tsx', code: 'export default () => null;' }]);
    expect(scanDemos(source, inline, {}).demos).toEqual([]);
  });

  it('reports a preview block in a language it cannot run, with its line', () => {
    const { demos, problems } = scanDemos('text\n\n~~~css preview\na {}\n~~~\n', inline);
    expect(demos).toEqual([]);
    expect(problems).toEqual([{ line: 3, message: expect.stringContaining('this one is `css`') }]);
  });

  it('reads a fence left open to the end of the page', () => {
    expect(scanDemos('```tsx preview\nexport default () => null;\n', inline).demos[0].code).toBe('export default () => null;\n');
  });
});
