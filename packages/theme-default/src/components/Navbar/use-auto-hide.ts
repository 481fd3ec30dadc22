import { useEffect, useState } from 'react';

/**
 * `auto`: hidden while the reader scrolls down past the navbar, shown again on any scroll up.
 * Always false during SSR and the first client render, so hydration matches.
 */
export function useAutoHide(mode: 'auto' | 'always' | 'never'): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (mode !== 'auto') return;
    let lastY = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - lastY) < 4) return;
      setHidden(y > lastY && y > 64);
      lastY = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [mode]);
  return mode === 'always' ? true : hidden;
}
