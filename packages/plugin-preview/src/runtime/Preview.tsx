import { Suspense, useId, useState, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import { useLinkHref, useLocale, usePageData } from '@docgen/core/runtime';
import { demoRoutePath } from '../demo-route.js';
import { DemoBoundary } from './DemoBoundary.js';
// With the component, not on every page: only pages with a demo load it.
import './preview.css';
import { demoLocation, usePreviewStrings } from './use-preview-strings.js';

/**
 * Props of `Preview`, as the remark plugin writes them: JSX attributes of Markdown, so numbers and flags
 * come as strings.
 */
export interface PreviewProps {
  mode: 'inline' | 'iframe';
  /** 1-based line of the block or `<code src>` tag in the page. */
  line: string;
  /** Inline mode: the demo component (the block's or file's default export). */
  demo?: ComponentType;
  /** A `<code src>` demo: the `src` as written. */
  src?: string;
  /** Iframe mode: the demo's index among the page's iframe demos (from 0), the iframe's size in CSS pixels, the demo pages' route prefix. */
  index?: string;
  width?: string;
  height?: string;
  routePrefix?: string;
  /** `'false'` starts with the code hidden. */
  codeExpanded?: string;
  /** The highlighted code. */
  children?: ReactNode;
}

/**
 * A demo above its code, with a button that shows or hides the code. Inline, the demo renders in the page
 * (on the server too), in an error boundary; in iframe mode, its own page shows in an iframe inside a
 * device frame, with a link that opens that page alone.
 */
export function Preview({ mode, line, demo: Demo, src, index = '0', width = '375', height = '640', routePrefix = '/_preview', codeExpanded, children }: PreviewProps) {
  const t = usePreviewStrings();
  const page = usePageData();
  const locale = useLocale();
  const href = useLinkHref();
  const codeId = useId();
  const [expanded, setExpanded] = useState(codeExpanded !== 'false');
  const { source, usedAt } = demoLocation(page?._relativePath ?? '', Number(line), src);

  let demo: ReactNode = null;
  let openLink: ReactNode = null;
  if (mode === 'iframe' && page) {
    const url = href(demoRoutePath(page.routePath, locale.prefix, routePrefix, Number(index)));
    const title = `${t('preview.demoTitle').replace('{n}', String(Number(index) + 1))} · ${page.title}`;
    const size = { '--dg-preview-width': `${width}px`, '--dg-preview-height': `${height}px` } as CSSProperties;
    demo = (
      <div className="dg-preview__stage dg-preview__stage--iframe">
        <div className="dg-preview__device" style={size}>
          <iframe className="dg-preview__iframe" src={url} title={title} width={width} height={height} loading="lazy" />
        </div>
      </div>
    );
    openLink = (
      <a className="dg-preview__button" href={url} target="_blank" rel="noopener">
        {t('preview.openInNewTab')}
        <svg aria-hidden="true" viewBox="0 0 16 16" width="12" height="12">
          <path d="M9 2h5v5M14 2 7.5 8.5M12 9.5V14H2V4h4.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </a>
    );
  } else if (Demo) {
    demo = (
      <div className="dg-preview__stage">
        <DemoBoundary source={source} usedAt={usedAt} labels={{ error: t('preview.error'), errorAt: t('preview.errorAt'), retry: t('preview.retry') }}>
          {/* A demo that throws on the server leaves this boundary to the browser, whose error boundary shows it. */}
          <Suspense fallback={null}>
            <Demo />
          </Suspense>
        </DemoBoundary>
      </div>
    );
  }

  return (
    <div className={`dg-preview dg-preview--${mode}`}>
      {demo}
      <div className="dg-preview__bar">
        {openLink}
        <button type="button" className="dg-preview__button" aria-expanded={expanded} aria-controls={codeId} onClick={() => setExpanded((v) => !v)}>
          {expanded ? t('preview.hideCode') : t('preview.showCode')}
        </button>
      </div>
      <div className="dg-preview__code" id={codeId} hidden={!expanded}>
        {children}
      </div>
    </div>
  );
}
