import { describe, expect, it } from 'vitest';
import { nextAppearance } from './AppearanceToggle.js';

describe('nextAppearance', () => {
  it('always flips what the reader sees, and follows the system again when that matches it', () => {
    // Light system: system (light) → dark → system (light).
    expect(nextAppearance('auto', false)).toBe('dark');
    expect(nextAppearance('dark', false)).toBe('auto');
    expect(nextAppearance('light', false)).toBe('dark');
    // Dark system: system (dark) → light → system (dark).
    expect(nextAppearance('auto', true)).toBe('light');
    expect(nextAppearance('light', true)).toBe('auto');
    expect(nextAppearance('dark', true)).toBe('light');
  });
});
