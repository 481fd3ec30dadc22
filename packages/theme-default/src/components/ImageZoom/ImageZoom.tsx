import './ImageZoom.css';
import { usePageData } from '@docgen/core/runtime';
import { useEffect } from 'react';
import type { Zoom, ZoomOptions } from 'medium-zoom';
import type { MediumZoomConfig } from '../../config/schema.js';
import { useThemeConfig } from '../../hooks/use-theme-config.js';

/** Images that zoom unless `themeConfig.mediumZoom.selector` says otherwise: those of the doc content. */
export const DEFAULT_ZOOM_SELECTOR = '.dg-doc-content img';

/**
 * Whether an image opted out of zooming: class `no-zoom`, attribute `data-no-zoom`, or inside a link
 * (a click on it follows the link).
 */
export function isZoomOptOut(image: Element): boolean {
  return image.classList.contains('no-zoom') || image.hasAttribute('data-no-zoom') || image.closest('a') !== null;
}

/** The zoom settings of `themeConfig.mediumZoom`: null when it is `false`. */
export function resolveZoomConfig(setting: boolean | MediumZoomConfig | undefined): { selector: string; options: ZoomOptions } | null {
  if (setting === false) return null;
  const config = typeof setting === 'object' ? setting : {};
  return { selector: config.selector ?? DEFAULT_ZOOM_SELECTOR, options: { ...config.options } };
}

// One medium-zoom instance for the tab: medium-zoom adds document and window listeners that it never
// removes, so images are attached to and detached from this instance as pages change.
let instance: Promise<Zoom> | undefined;
let instanceOptions = '';

/**
 * Removes zoomed copies medium-zoom left in `<body>` after closing. When a `data-zoom-src` image fails,
 * medium-zoom's 10 ms poll can see the broken image as `complete` and append it just before the `error`
 * handler forgets it, so its close never removes it: a broken image would stay on the page.
 */
function removeStrayCopies(): void {
  document.querySelectorAll('body > img.medium-zoom-image--opened').forEach((img) => img.remove());
}

/** Loads medium-zoom (its own chunk, with its CSS) on first use and creates or updates the instance. */
function loadZoom(options: ZoomOptions): Promise<Zoom> {
  const key = JSON.stringify(options);
  if (!instance) {
    instanceOptions = key;
    instance = import('medium-zoom').then(({ default: mediumZoom }) => mediumZoom(options).on('closed', removeStrayCopies));
    instance.catch(() => (instance = undefined));
  } else if (key !== instanceOptions) {
    instanceOptions = key;
    instance = instance.then((zoom) => zoom.update(options));
  }
  return instance;
}

/** Whether the page holds an image to attach; an invalid selector counts, so that medium-zoom reports it. */
function hasZoomableImage(selector: string): boolean {
  try {
    return [...document.querySelectorAll(selector)].some((el) => el.tagName === 'IMG' && !isZoomOptOut(el));
  } catch {
    return true;
  }
}

/**
 * Attaches the images of `selector` except those that opt out. medium-zoom checks the selector itself: an
 * invalid one makes it throw its TypeError ('The provided selector is invalid. Expects a CSS selector, a
 * Node element, a NodeList or an array.'), which is logged here so the rest of the page keeps working.
 */
function attachImages(zoom: Zoom, selector: string): void {
  try {
    zoom.attach(selector);
  } catch (error) {
    console.error(`docgen: themeConfig.mediumZoom.selector ${JSON.stringify(selector)}:`, error);
    return;
  }
  const optedOut = zoom.getImages().filter(isZoomOptOut);
  if (optedOut.length) zoom.detach(optedOut);
}

/** Runs `task` when the browser is idle (after hydration and the page's own work); returns a canceller. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 1500 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}

/**
 * Image zoom with medium-zoom: a click on an image of the page content enlarges it over an
 * overlay (white unless `options.background` says otherwise); a click, Escape, a resize or a scroll of
 * more than `scrollOffset` px closes it. All of that, the 0.3 s fade, the 150 ms close delay after a
 * scroll, high-resolution images (`data-zoom-src`, `srcset`) and their warning when unreachable are
 * medium-zoom's own. This component decides which images are attached: after each page change, once
 * the browser is idle, the images of the new page (minus those that opt out, see `isZoomOptOut`); the
 * old ones are detached. medium-zoom is loaded on the first page that has such an image. Renders nothing.
 */
export function ImageZoom() {
  const page = usePageData();
  const config = resolveZoomConfig(useThemeConfig().mediumZoom);
  const selector = config?.selector;
  const optionsKey = config ? JSON.stringify(config.options) : '';

  useEffect(() => {
    if (!selector) return;
    let cancelled = false;
    let attachedTo: Zoom | undefined;
    const cancelIdle = whenIdle(() => {
      if (cancelled || !hasZoomableImage(selector)) return;
      loadZoom(JSON.parse(optionsKey) as ZoomOptions).then(
        (zoom) => {
          if (cancelled) return;
          attachedTo = zoom;
          attachImages(zoom, selector);
        },
        (error: unknown) => console.error('docgen: could not load medium-zoom', error),
      );
    });
    return () => {
      cancelled = true;
      cancelIdle();
      // Closes an open zoom (e.g. on Back) and releases the images of the page that is going away.
      attachedTo?.detach();
    };
  }, [page, selector, optionsKey]);

  return null;
}
