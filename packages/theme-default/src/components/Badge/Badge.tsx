import './Badge.css';
import type { ReactNode } from 'react';

/** Props of `Badge`. */
export interface BadgeProps {
  /**
   * Colour of the badge, after the container types.
   * @zh 颜色，与容器类型对应。
   * @default 'tip'
   */
  type?: 'info' | 'tip' | 'warning' | 'danger';
  /**
   * Text of the badge, when no children are given.
   * @zh 没有子元素时显示的文字。
   */
  text?: string;
  /**
   * Content of the badge; takes precedence over `text`.
   * @zh 标签的内容；优先于 `text`。
   */
  children?: ReactNode;
}

/**
 * A small inline label, e.g. `## Config <Badge type="warning" text="beta" />`. It stays inline and
 * vertically centred in headings and running text.
 */
export function Badge({ type = 'tip', text, children }: BadgeProps) {
  return <span className={`dg-badge dg-badge-${type}`}>{children ?? text}</span>;
}
