import './EcosystemMenu.css';
import { useLocale, useRoutePath, useSiteData } from '@docgen/core/runtime';
import { useEffect, useId, useRef, useState } from 'react';
import { lazyPart, useLoadedPart } from '../../layouts/lazy-part.js';
import { useThemeConfig } from '../../hooks/use-theme-config.js';
import { useI18n } from '../../i18n/index.js';
import { ecosystemLanguage, localizeEcosystem } from './ecosystem.js';
import { Tooltip } from '../Tooltip/Tooltip.js';

/** Delay before the popover opens on hover and closes after the pointer left it, in ms (0.1 s). */
export const ECOSYSTEM_HOVER_DELAY = 100;

export { ecosystemLanguage, localizeEcosystem, type LocalizedEcosystemGroup } from './ecosystem.js';

const popover = lazyPart(() => import('./EcosystemPopover.js').then((m) => m.EcosystemPopover));

/**
 * Grid icon in the navbar opening a popover of the `themeConfig.ecosystem` links. Mouse: opens
 * 0.1 s after the pointer enters the icon and closes 0.1 s after it leaves icon and popover. Click, tap,
 * Enter or Space: toggles. Escape closes it and puts focus back on the icon; a tap or click outside, focus
 * leaving the menu, following a link and navigating close it too. It is a disclosure: the popover follows
 * the button in the DOM, so Tab walks into it. The popover (`EcosystemPopover`, a chunk of its own, loaded
 * when the pointer first reaches the icon or the menu opens) is rendered only while open, so pages carry no
 * copy of it in their HTML. Language of the texts: `ecosystemLanguage`.
 */
export function EcosystemMenu() {
  const { base } = useSiteData();
  const themeConfig = useThemeConfig();
  const locale = useLocale();
  const routePath = useRoutePath();
  const t = useI18n();
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const EcosystemPopover = useLoadedPart(popover, open);
  const button = useRef<HTMLButtonElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Opened by hover: a click that follows (the pointer arrived, then clicked) keeps it open instead of
  // toggling it shut.
  const openedByHover = useRef(false);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => setOpen(false), [routePath]);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const active = document.activeElement;
      setOpen(false);
      // Back to the icon when focus was in the menu (or nowhere); not when the reader is elsewhere.
      if (!active || active === document.body || root.current?.contains(active)) button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const groups = themeConfig.ecosystem;
  if (!groups?.length) return null;

  const later = (value: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setOpen((was) => {
        if (value && !was) openedByHover.current = true;
        return value;
      });
    }, ECOSYSTEM_HOVER_DELAY);
  };
  const label = t('nav.ecosystem');
  const localized = open ? localizeEcosystem(groups, ecosystemLanguage(locale.lang, routePath)) : [];

  return (
    <div
      ref={root}
      className={`dg-ecosystem${open ? ' dg-ecosystem--open' : ''}`}
      onPointerEnter={(e) => {
        // The popover's code starts loading while the hover delay runs.
        void popover.preload();
        if (e.pointerType === 'mouse') later(true);
      }}
      onPointerLeave={(e) => e.pointerType === 'mouse' && later(false)}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node)) setOpen(false);
      }}
    >
      {/* Default placement (right, flipping to left at the navbar's end): beside the icon, the tooltip
          never covers the popover that opens below it, so it can stay while the popover is open. */}
      <Tooltip content={label}>
        <button
          ref={button}
          type="button"
          className="dg-ecosystem-button dg-icon-button"
          aria-label={label}
          aria-expanded={open}
          aria-controls={open ? id : undefined}
          onClick={() => {
            clearTimeout(timer.current);
            if (open && openedByHover.current) openedByHover.current = false;
            else {
              openedByHover.current = false;
              setOpen(!open);
            }
          }}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <rect x="3.5" y="3.5" width="7" height="7" rx="1.5" fill="currentColor" />
            <rect x="13.5" y="3.5" width="7" height="7" rx="1.5" fill="currentColor" />
            <rect x="3.5" y="13.5" width="7" height="7" rx="1.5" fill="currentColor" />
            <rect x="13.5" y="13.5" width="7" height="7" rx="1.5" fill="currentColor" />
          </svg>
        </button>
      </Tooltip>
      {open && EcosystemPopover && <EcosystemPopover id={id} groups={localized} base={base} newTabText={t('nav.newTab')} onFollow={() => setOpen(false)} />}
    </div>
  );
}
