import { createContext, useContext, type ComponentType } from 'react';
import { RuntimeContext } from './context.js';
import { Link } from './link.js';

/**
 * The components MDX pages render with, by name: the plugins' global components (`markdown.globalComponents`)
 * and then the theme's `mdxComponents`, which win. Provided by the app: this module imports neither the
 * bundler's virtual modules nor the theme, so the theme can import the runtime without a cycle.
 */
export const GlobalMdxComponentsContext = createContext<Record<string, ComponentType<Record<string, unknown>>>>({});

/** Renders the compiled Markdown/MDX of the page on screen; links navigate inside the app. */
export function Content() {
  const page = useContext(RuntimeContext)?.page;
  const globalMdxComponents = useContext(GlobalMdxComponentsContext);
  if (!page) return null;
  const Page = page.default;
  return <Page components={{ a: Link, ...globalMdxComponents }} />;
}
