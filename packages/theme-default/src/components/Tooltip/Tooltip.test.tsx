/** Tooltip: where `placeTooltip` puts the bubble (preferred side, flips, clamping, arrow) and its server HTML. */
import { describe, expect, it } from 'vitest';
import { renderWithRuntime } from '../../test-utils/render.js';
import { TOOLTIP_ARROW_OFFSET, Tooltip, placeTooltip, type TriggerRect } from './Tooltip.js';

const viewport = { width: 1280, height: 800 };
/** A 32 × 32 px trigger with its top-left corner at (x, y). */
const at = (x: number, y: number): TriggerRect => ({ left: x, top: y, right: x + 32, bottom: y + 32, width: 32, height: 32 });
// Arrow offset (4 px) plus the arrow's own 5 px.
const gap = TOOLTIP_ARROW_OFFSET + 5;

describe('placeTooltip', () => {
  it('puts the tooltip right of the trigger, vertically centred, when it fits', () => {
    expect(placeTooltip({ rect: at(100, 300), width: 120, height: 26, viewport, placement: 'right' })).toEqual({
      placement: 'right',
      left: 132 + gap,
      top: 316 - 13,
      arrow: 13,
    });
  });

  it('flips to the left near the right edge, then below when neither side fits', () => {
    expect(placeTooltip({ rect: at(1230, 300), width: 120, height: 26, viewport, placement: 'right' })).toMatchObject({ placement: 'left', left: 1230 - gap - 120 });
    const narrow = { width: 375, height: 800 };
    expect(placeTooltip({ rect: at(150, 300), width: 250, height: 40, viewport: narrow, placement: 'right' })).toMatchObject({ placement: 'bottom', top: 332 + gap });
    // …and above when there is no room below either.
    expect(placeTooltip({ rect: at(150, 760), width: 250, height: 40, viewport: narrow, placement: 'right' })).toMatchObject({ placement: 'top', top: 760 - gap - 40 });
  });

  it('keeps a preferred bottom placement, shifted inside the viewport with the arrow still on the trigger', () => {
    const position = placeTooltip({ rect: at(1240, 12), width: 140, height: 26, viewport, placement: 'bottom' });
    expect(position.placement).toBe('bottom');
    expect(position.left).toBe(1280 - 8 - 140);
    expect(position.left + position.arrow).toBe(1256);
  });

  it('flips a top placement down at the top of the viewport', () => {
    expect(placeTooltip({ rect: at(600, 4), width: 100, height: 26, viewport, placement: 'top' }).placement).toBe('bottom');
  });

  it('keeps the preferred side when no side fits', () => {
    expect(placeTooltip({ rect: at(10, 10), width: 2000, height: 2000, viewport, placement: 'left' }).placement).toBe('left');
  });
});

describe('Tooltip on the server', () => {
  it('renders the trigger alone: the bubble and aria-describedby come after hydration', () => {
    const html = renderWithRuntime(
      <Tooltip content="Copy code">
        <button type="button">Copy</button>
      </Tooltip>,
    );
    expect(html).toBe('<button type="button">Copy</button>');
  });
});
