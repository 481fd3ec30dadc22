import './Tooltip.css';
import {
  cloneElement,
  isValidElement,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
} from 'react';
import { createPortal } from 'react-dom';

/** Side of the trigger a tooltip is drawn on. */
export type TooltipPlacement = 'right' | 'left' | 'top' | 'bottom';

/** Props of `Tooltip`. */
export interface TooltipProps {
  /** Text of the tooltip (plain text, up to `--dg-tooltip-max-width` = 250 px wide, then it wraps). */
  content: string;
  /**
   * Preferred side. When the tooltip doesn't fit in the viewport there, it flips to the opposite side,
   * then tries the remaining sides (placement right by default). @default 'right'
   */
  placement?: TooltipPlacement;
  /** Hides the tooltip and keeps it closed, e.g. while the menu its trigger opened is showing. @default false */
  disabled?: boolean;
  /** Exactly one focusable element (a button or a link) that accepts a ref and pointer/focus handlers. */
  children: ReactElement;
}

/** Delay before the tooltip opens once the pointer is over the trigger, in ms (enter 0). */
export const TOOLTIP_ENTER_DELAY = 0;
/** Delay before the tooltip closes once the pointer left the trigger and the tooltip, in ms (0.1 s). */
export const TOOLTIP_LEAVE_DELAY = 100;
/** Distance between the trigger's edge and the tip of the arrow, in px (arrow offset 4 px). */
export const TOOLTIP_ARROW_OFFSET = 4;
/** Length of the arrow (half the diagonal of its rotated square), in px; matches Tooltip.css. */
const ARROW_SIZE = 5;
/** Smallest distance kept between the tooltip and the viewport's edges, in px. */
const VIEWPORT_MARGIN = 8;

const FALLBACKS: Record<TooltipPlacement, TooltipPlacement[]> = {
  right: ['right', 'left', 'bottom', 'top'],
  left: ['left', 'right', 'bottom', 'top'],
  top: ['top', 'bottom', 'right', 'left'],
  bottom: ['bottom', 'top', 'right', 'left'],
};

/** Box of the trigger in viewport coordinates (a subset of DOMRect, so tests can pass plain objects). */
export interface TriggerRect {
  top: number;
  left: number;
  right: number;
  bottom: number;
  width: number;
  height: number;
}

/** Where `placeTooltip` puts the tooltip: its side, its top-left corner and the arrow's position along it. */
export interface TooltipPosition {
  placement: TooltipPlacement;
  /** Top-left corner of the tooltip box in viewport px (for `position: fixed`). */
  top: number;
  left: number;
  /** Distance of the arrow's centre from the tooltip's top (left/right placements) or left edge, in px. */
  arrow: number;
}

/**
 * Picks the side and the position of a `width` × `height` px tooltip for a trigger at `rect` in a
 * `viewport` of the given size: the first side of the preferred side's fallback list where the tooltip fits
 * along its main axis (otherwise the preferred side), then shifted along the other axis to stay inside the
 * viewport, with the arrow still pointing at the trigger's centre.
 */
export function placeTooltip(options: {
  rect: TriggerRect;
  width: number;
  height: number;
  viewport: { width: number; height: number };
  placement: TooltipPlacement;
}): TooltipPosition {
  const { rect, width, height, viewport } = options;
  const gap = TOOLTIP_ARROW_OFFSET + ARROW_SIZE;
  const fits: Record<TooltipPlacement, boolean> = {
    right: rect.right + gap + width <= viewport.width - VIEWPORT_MARGIN,
    left: rect.left - gap - width >= VIEWPORT_MARGIN,
    bottom: rect.bottom + gap + height <= viewport.height - VIEWPORT_MARGIN,
    top: rect.top - gap - height >= VIEWPORT_MARGIN,
  };
  const placement = FALLBACKS[options.placement].find((side) => fits[side]) ?? options.placement;
  const clamp = (value: number, size: number, max: number) =>
    Math.max(VIEWPORT_MARGIN, Math.min(value, max - size - VIEWPORT_MARGIN));
  const centerX = rect.left + rect.width / 2;
  const centerY = rect.top + rect.height / 2;
  if (placement === 'right' || placement === 'left') {
    const top = clamp(centerY - height / 2, height, viewport.height);
    const left = placement === 'right' ? rect.right + gap : rect.left - gap - width;
    return { placement, top, left, arrow: centerY - top };
  }
  const left = clamp(centerX - width / 2, width, viewport.width);
  const top = placement === 'bottom' ? rect.bottom + gap : rect.top - gap - height;
  return { placement, top, left, arrow: centerX - left };
}

// Keyboard focus shows the tooltip, a tap or click doesn't: a tapped button keeps focus on touch screens,
// and a tooltip opened by that focus would stay until the next tap elsewhere (spec task: nothing sticks).
function isFocusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

type TriggerProps = {
  ref?: Ref<HTMLElement>;
  'aria-label'?: string;
  'aria-describedby'?: string;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
};

/**
 * A small text bubble beside an icon button, shown while the pointer is over it (enter delay 0, leave
 * delay 0.1 s) or while it has keyboard focus; Escape hides it. Mouse and pen only: touch
 * pointers never open it. It is `role="tooltip"` and the trigger's `aria-describedby` points at it,
 * except when the trigger's `aria-label` already says the same text — then it is visual only
 * (`aria-hidden`), so screen readers don't read the name twice.
 *
 * The bubble is rendered into `document.body` after hydration (server HTML has none), with
 * `position: fixed`, so an `overflow: hidden` or transformed ancestor (the navbar, a code block) cannot
 * clip or shift it.
 */
export function Tooltip({ content, placement = 'right', disabled = false, children }: TooltipProps) {
  const id = useId();
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLElement | null>(null);
  const tooltipRef = useRef<HTMLDivElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    setMounted(true);
    return () => clearTimeout(timer.current);
  }, []);

  const show = useCallback(() => {
    clearTimeout(timer.current);
    if (TOOLTIP_ENTER_DELAY > 0) timer.current = setTimeout(() => setOpen(true), TOOLTIP_ENTER_DELAY);
    else setOpen(true);
  }, []);
  const hideLater = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(false), TOOLTIP_LEAVE_DELAY);
  }, []);
  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setOpen(false);
  }, []);

  const visible = open && !disabled && mounted;

  // Measure before paint, so the bubble never shows at a stale position.
  useLayoutEffect(() => {
    const tooltip = tooltipRef.current;
    const trigger = triggerRef.current;
    if (!visible || !tooltip || !trigger) return;
    const position = placeTooltip({
      rect: trigger.getBoundingClientRect(),
      width: tooltip.offsetWidth,
      height: tooltip.offsetHeight,
      viewport: { width: document.documentElement.clientWidth, height: window.innerHeight },
      placement,
    });
    tooltip.dataset.placement = position.placement;
    tooltip.style.top = `${position.top}px`;
    tooltip.style.left = `${position.left}px`;
    tooltip.style.setProperty('--dg-tooltip-arrow', `${position.arrow}px`);
  }, [visible, placement, content]);

  // While open: Escape hides it (WCAG 1.4.13, dismissible without moving focus); scrolling and resizing
  // hide it because a fixed bubble would drift away from its trigger.
  useEffect(() => {
    if (!visible) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('scroll', hide, { capture: true, passive: true });
    window.addEventListener('resize', hide);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('scroll', hide, { capture: true });
      window.removeEventListener('resize', hide);
    };
  }, [visible, hide]);

  if (!isValidElement<TriggerProps>(children)) return children;
  const props = children.props;
  // Same text as the accessible name: describing the button with it again would be read twice.
  const visualOnly = props['aria-label'] === content;
  const describedBy = [props['aria-describedby'], mounted && !visualOnly ? id : undefined].filter(Boolean).join(' ');

  const trigger = cloneElement(children, {
    ref: (node: HTMLElement | null) => {
      triggerRef.current = node;
      setRef(props.ref, node);
    },
    'aria-describedby': describedBy || undefined,
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      props.onPointerEnter?.(event);
      if (event.pointerType !== 'touch') show();
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      props.onPointerLeave?.(event);
      if (event.pointerType !== 'touch') hideLater();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      props.onFocus?.(event);
      if (isFocusVisible(event.currentTarget)) show();
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      props.onBlur?.(event);
      hide();
    },
  });

  return (
    <>
      {trigger}
      {mounted &&
        createPortal(
          <div
            ref={tooltipRef}
            id={id}
            role={visualOnly ? undefined : 'tooltip'}
            aria-hidden={visualOnly || undefined}
            className="dg-tooltip"
            hidden={!visible}
            // Hoverable (WCAG 1.4.13): moving the pointer onto the bubble keeps it open.
            onPointerEnter={(event) => event.pointerType !== 'touch' && show()}
            onPointerLeave={(event) => event.pointerType !== 'touch' && hideLater()}
          >
            {content}
          </div>,
          document.body,
        )}
    </>
  );
}
