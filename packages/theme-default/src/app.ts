/**
 * What docgen's app imports of the default theme: the global styles, `Layout` and the MDX components.
 * The built-in MDX components (Tabs, Badge, Steps…) stay out, so they load only with the pages that import
 * them; `index.tsx` exports everything.
 */
import './styles/index.css';

export { Layout } from './layouts/Layout.js';
export { mdxComponents } from './mdx-components.js';
