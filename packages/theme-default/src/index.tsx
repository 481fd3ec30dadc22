/**
 * @docgen/theme-default: the default theme. A site's `theme/index.tsx` can re-export it
 * (`export * from '@theme-default'`) and replace any component.
 */
import './styles/index.css';

export { Layout } from './layouts/Layout.js';
export { Navbar, isNavItemActive } from './components/Navbar/Navbar.js';
export { Sidebar } from './components/Sidebar/Sidebar.js';
export { Outline } from './components/Outline/Outline.js';
export { DocLayout } from './components/DocLayout/DocLayout.js';
export { HomeLayout } from './components/HomeLayout/HomeLayout.js';
export { NotFound } from './components/NotFound/NotFound.js';
export { useI18n, translate, type I18nKey } from './i18n/index.js';

/** Components MDX content is rendered with, beyond docgen's own `a` (in-app links). */
export const mdxComponents = {};
