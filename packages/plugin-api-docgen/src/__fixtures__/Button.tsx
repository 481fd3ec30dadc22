import type { ButtonHTMLAttributes, ReactNode } from 'react';
import type { BaseButtonProps } from './button-types.js';

/** Props of `Button`. */
export interface ButtonProps extends BaseButtonProps, ButtonHTMLAttributes<HTMLButtonElement> {
  /**
   * Colour of the button, see [variants](/guide/variants) and `tone`.
   * @zh 按钮的颜色，见 [变体](/guide/variants) 和 `tone`。
   */
  variant?: 'primary' | 'secondary' | 'danger';
  /**
   * Text of the button.
   * @zh 按钮上的文字。
   */
  label: string;
  /** Called with the click count. */
  onPress?: (count: number) => void;
  /**
   * Whether the button fills its row.
   * @default false
   */
  block?: boolean;
  /** Content before the label. */
  icon?: ReactNode;
}

/** A button for the plugin's tests. */
export function Button({ variant = 'primary', size = 'md', label, icon, block, onPress, ...rest }: ButtonProps) {
  return (
    <button className={`btn btn-${variant} btn-${size}${block ? ' btn-block' : ''}`} onClick={() => onPress?.(1)} {...rest}>
      {icon}
      {label}
    </button>
  );
}

/** Not a component: a helper the file exports too. */
export function buttonClass(variant: string): string {
  return `btn-${variant}`;
}
