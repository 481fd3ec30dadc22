/**
 * The remark plugin through MDX's own compiler (the one docgen's page pipeline uses, reached through
 * @docgen/core's dependencies), on `.md` and `.mdx` input.
 */
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import remarkPlayground, { COMPONENT_NAME } from './remark-playground.js';

type Compile = (source: string, options: Record<string, unknown>) => Promise<{ value: unknown }>;
let compile: Compile;

beforeAll(async () => {
  const core = fileURLToPath(import.meta.resolve('@docgen/core/package.json'));
  const mdx = createRequire(core).resolve('@mdx-js/mdx');
  compile = ((await import(pathToFileURL(mdx).href)) as { compile: Compile }).compile;
});

const options = { component: 'docgen-playground:component', layout: 'horizontal' as const };
const run = async (source: string, format: 'md' | 'mdx' = 'md') => String((await compile(source, { format, jsx: true, remarkPlugins: [[remarkPlayground, options]] })).value);

describe('remarkPlayground', () => {
  it('wraps playground blocks, numbered in page order, and imports the component once', async () => {
    const out = await run('# T\n\n```tsx playground\nexport default () => <p>a</p>;\n```\n\n> ```js playground layout=vertical\n> export default 1;\n> ```\n\n```tsx\nplain\n```\n');
    expect(out.match(new RegExp(`import ${COMPONENT_NAME} from "docgen-playground:component"`, 'g'))).toHaveLength(1);
    expect(out).toMatch(new RegExp(`<${COMPONENT_NAME} code="export default \\(\\) => <p>a</p>;" lang="tsx" index="1" layout="horizontal"><_components.pre><_components.code className="language-tsx">`));
    expect(out).toContain('lang="js" index="2" layout="vertical"');
    // The plain block stays a plain block.
    expect(out.match(new RegExp(`<${COMPONENT_NAME} `, 'g'))).toHaveLength(2);
    expect(out).toContain('className="language-tsx">{"plain\\n"}');
  });

  it('works in MDX pages too, and leaves pages without a playground without the import', async () => {
    expect(await run('export const a = 1;\n\n```ts playground\nexport default 2;\n```\n', 'mdx')).toContain('lang="ts" index="1"');
    expect(await run('# Plain\n\n```tsx\nx\n```\n')).not.toContain(COMPONENT_NAME);
  });

  it('fails at the block for a language it cannot run, a missing language or a wrong layout', async () => {
    await expect(run('# T\n\n```css playground\na {}\n```\n')).rejects.toMatchObject({ line: 3, column: 1, reason: expect.stringContaining('A playground cannot run css code') });
    await expect(run('```playground\nx\n```\n')).rejects.toMatchObject({ line: 1, reason: expect.stringContaining('needs its language first') });
    await expect(run('para\n\n```tsx playground layout=diagonal\nx\n```\n')).rejects.toMatchObject({ line: 3, reason: expect.stringContaining('layout=diagonal is not a playground layout') });
  });
});
