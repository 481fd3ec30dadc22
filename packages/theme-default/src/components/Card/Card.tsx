import './Card.css';
import type { ReactNode } from 'react';

/** Props of `Card`. */
export interface CardProps {
  /**
   * Title shown above the content.
   * @zh 显示在内容上方的标题。
   */
  title?: ReactNode;
  /**
   * Decorative icon before the title: an emoji, an `img` or an `svg`; hidden from screen readers.
   * @zh 标题前的装饰性图标：emoji、`img` 或 `svg`；对屏幕阅读器隐藏。
   */
  icon?: ReactNode;
  /**
   * Content of the card.
   * @zh 卡片的内容。
   */
  children?: ReactNode;
}

/** A bordered box grouping content, with an optional title and icon. */
export function Card({ title, icon, children }: CardProps) {
  return (
    <div className="dg-card">
      {(title || icon) && (
        <div className="dg-card-header">
          {icon && (
            <span className="dg-card-icon" aria-hidden="true">
              {icon}
            </span>
          )}
          {title && <div className="dg-card-title">{title}</div>}
        </div>
      )}
      <div className="dg-card-body">{children}</div>
    </div>
  );
}
