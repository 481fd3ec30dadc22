import { createContext, useContext, useSyncExternalStore, type ComponentType } from 'react';
import { RuntimeContext } from './context.js';
import { Link } from './link.js';
import type { PageModule } from './page-module.js';

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
  // A build's browser bundle (NODE_ENV 'production') leaves the dev server's content swap out.
  const swapped = process.env.NODE_ENV === 'production' ? undefined : useSyncExternalStore(devContent.subscribe, devContent.get, devContent.get);
  if (!page) return null;
  const Page = swapped?.page === page ? swapped.content : page.default;
  return <Page components={{ a: Link, ...globalMdxComponents }} />;
}

/**
 * `docgen dev`: the new content of the page on screen, when an edit changed only its content (its page
 * data, sidebar and overview are as before). Only `Content` re-renders then, not the whole layout: in
 * React's development build that render is most of an edit's time in the browser (~50 ms on a 2-core
 * machine), and the theme's state is left alone entirely.
 */
export const devContent = /* @__PURE__ */ (() => {
  let current: { page: PageModule; content: PageModule['default'] } | undefined;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    /** Shows `content` in place of `page`'s own, while `page` is the page on screen. */
    set(page: PageModule, content: PageModule['default']) {
      current = { page, content };
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
})();
