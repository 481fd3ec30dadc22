import './Card.css';
import type { ReactNode } from 'react';

/** Props of `Card`. */
export interface CardProps {
  /** Title shown above the content. */
  title?: ReactNode;
  /** Decorative icon before the title: an emoji, an `<img>` or an `<svg>`. */
  icon?: ReactNode;
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
