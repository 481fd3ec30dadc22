import './Steps.css';
import type { ReactNode } from 'react';

/**
 * Numbered steps: wraps MDX content in which every `###` heading starts a step. The numbers and the
 * line joining them are drawn by CSS (a counter on the direct `h3` children), so the headings keep
 * their ids and their place in the TOC.
 */
export function Steps({ children }: { children?: ReactNode }) {
  return <div className="dg-steps">{children}</div>;
}
