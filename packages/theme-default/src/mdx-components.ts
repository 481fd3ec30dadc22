import { CodeBlock } from './components/CodeBlock/CodeBlock.js';

/** Components MDX content is rendered with, beyond docgen's own `a` (in-app links). */
export const mdxComponents = { pre: CodeBlock };
