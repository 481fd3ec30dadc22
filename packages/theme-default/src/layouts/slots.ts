import { createContext, useContext, type ReactNode } from 'react';

/**
 * Places where a custom theme adds content without replacing components: pass them as props of
 * `Layout` (`<Layout beforeNavbar={<Banner />} />`).
 */
export interface LayoutSlots {
  beforeNavbar?: ReactNode;
  afterNavbar?: ReactNode;
  /** Inside the navbar, before the nav items: replaces the built-in search button. */
  navbarSearch?: ReactNode;
  beforeSidebar?: ReactNode;
  afterSidebar?: ReactNode;
  beforeDocContent?: ReactNode;
  afterDocContent?: ReactNode;
  beforeFooter?: ReactNode;
  afterFooter?: ReactNode;
}

export const SlotsContext = createContext<LayoutSlots>({});

/** The slots given to `Layout`. */
export function useSlots(): LayoutSlots {
  return useContext(SlotsContext);
}
