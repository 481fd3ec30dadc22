import { mdxComponents } from '@theme';
import { createContext, useContext, type ComponentType } from 'react';
import { RuntimeContext } from './context.js';
import { Link } from './link.js';

/**
 * Components plugins make available to every MDX page by name (`markdown.globalComponents`), provided by
 * the app: this module stays free of the bundler's virtual modules, so the theme's tests can import it.
 */
export const GlobalMdxComponentsContext = createContext<Record<string, ComponentType<Record<string, unknown>>>>({});

/**
 * Renders the compiled Markdown/MDX of the page on screen; links navigate inside the app. Plugins' global
 * components come before the theme's, so a theme can still replace one by its name.
 */
export function Content() {
  const page = useContext(RuntimeContext)?.page;
  const globalMdxComponents = useContext(GlobalMdxComponentsContext);
  if (!page) return null;
  const Page = page.default;
  return <Page components={{ a: Link, ...globalMdxComponents, ...mdxComponents }} />;
}
