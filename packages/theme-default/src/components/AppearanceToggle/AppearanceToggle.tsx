import { useI18n } from '../../i18n/index.js';
import { resolvesDark, setAppearance, useAppearance, type Appearance } from '../../hooks/use-appearance.js';
import { useThemeConfig } from '../../hooks/use-theme-config.js';
import { Tooltip } from '../Tooltip/Tooltip.js';

const LABEL = { auto: 'appearance.system', light: 'appearance.light', dark: 'appearance.dark' } as const;

function Icon({ appearance }: { appearance: Appearance }) {
  if (appearance === 'light') {
    return (
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="4.5" fill="currentColor" />
        <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M12 2v2m0 16v2M2 12h2m16 0h2M4.9 4.9l1.4 1.4m11.4 11.4 1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </svg>
    );
  }
  if (appearance === 'dark') {
    return (
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
        <path fill="currentColor" d="M20.5 14.6A8.5 8.5 0 0 1 9.4 3.5a8.5 8.5 0 1 0 11.1 11.1z" />
      </svg>
    );
  }
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
      <rect x="3" y="4" width="18" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M8 20h8m-4-4v4" />
    </svg>
  );
}

/**
 * The appearance a click chooses: always the opposite of what the reader sees, and `auto` (follow the
 * system again) when that opposite is what the system shows anyway.
 */
export function nextAppearance(current: Appearance, systemDark: boolean): Appearance {
  const target = (current === 'auto' ? systemDark : current === 'dark') ? 'light' : 'dark';
  return target === (systemDark ? 'dark' : 'light') ? 'auto' : target;
}

/**
 * Flips between light and dark at every click; following the system is the initial choice, and comes back
 * when the reader picks the system's own look. Its label and its tooltip (below it) name the current
 * choice; the choice is saved and applied without animation (unless `themeConfig.enableAppearanceAnimation`).
 */
export function AppearanceToggle() {
  const appearance = useAppearance();
  const t = useI18n();
  const themeConfig = useThemeConfig();
  const label = `${t('appearance.label')}: ${t(LABEL[appearance])}`;
  // The tooltip repeats the accessible name, so it is visual only (see Tooltip); no `title`, which would
  // add the browser's own tooltip on top.
  return (
    <Tooltip content={label} placement="bottom">
      <button
        type="button"
        className="dg-appearance-toggle dg-icon-button"
        aria-label={label}
        data-appearance={appearance}
        onClick={() => setAppearance(nextAppearance(appearance, resolvesDark('auto')), themeConfig.enableAppearanceAnimation)}
      >
        <Icon appearance={appearance} />
      </button>
    </Tooltip>
  );
}
