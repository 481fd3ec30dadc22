import './Steps.css';
import type { ReactNode } from 'react';

/**
 * Numbered steps: wraps MDX content in which every `###` heading starts a step. The numbers and the
 * line joining them are drawn by CSS (a counter on the direct `h3` children), so the headings keep
 * their ids and their place in the TOC.
 */
export function Steps({
  children,
}: {
  /**
   * The steps: MDX content in which every `###` heading starts a step.
   * @zh 各个步骤：MDX 内容，其中每个 `###` 标题开始一个步骤。
   */
  children?: ReactNode;
}) {
  return <div className="dg-steps">{children}</div>;
}
