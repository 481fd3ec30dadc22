/** Sizes of `Button`. */
export type ButtonSize = 'sm' | 'md' | 'lg';

/** Props shared by the fixture's buttons, declared in a file of their own. */
export interface BaseButtonProps {
  /**
   * Size of the button.
   * @zh 按钮的尺寸。
   */
  size?: ButtonSize;
}
