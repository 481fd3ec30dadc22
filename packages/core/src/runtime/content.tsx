import { mdxComponents } from '@theme';
import { useContext } from 'react';
import { RuntimeContext } from './context.js';
import { Link } from './link.js';

/** Renders the compiled Markdown/MDX of the page on screen; links navigate inside the app. */
export function Content() {
  const page = useContext(RuntimeContext)?.page;
  if (!page) return null;
  const Page = page.default;
  return <Page components={{ a: Link, ...mdxComponents }} />;
}
