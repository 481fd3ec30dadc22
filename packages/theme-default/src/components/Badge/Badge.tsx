import './Badge.css';
import type { ReactNode } from 'react';

/** Props of `Badge`. */
export interface BadgeProps {
  /** Colour of the badge, after the container types. @default 'tip' */
  type?: 'info' | 'tip' | 'warning' | 'danger';
  /** Text of the badge, when no children are given. */
  text?: string;
  children?: ReactNode;
}

/**
 * A small inline label, e.g. `## Config <Badge type="warning" text="beta" />`. It stays inline and
 * vertically centred in headings and running text.
 */
export function Badge({ type = 'tip', text, children }: BadgeProps) {
  return <span className={`dg-badge dg-badge-${type}`}>{children ?? text}</span>;
}
