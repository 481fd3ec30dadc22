import { Suspense, type ComponentType } from 'react';
import { DemoBoundary } from './DemoBoundary.js';
import './preview.css';
import { demoLocation, usePreviewStrings } from './use-preview-strings.js';

/** Props of `DemoPage`, written by the plugin's `addPages` into each demo page. */
export interface DemoPageProps {
  /** The demo: the default export of its block or file. */
  demo: ComponentType;
  /** The page that holds the demo, relative to the site root (`en/guide/button.md`). */
  file: string;
  /** 1-based line of the demo's block or tag in that page. */
  line: number;
  /** The `src` of a `<code src>` demo, as written. */
  src?: string;
}

/** The content of an iframe demo's page (a blank layout): the demo alone, in its error boundary. */
export function DemoPage({ demo: Demo, file, line, src }: DemoPageProps) {
  const t = usePreviewStrings();
  const { source, usedAt } = demoLocation(file, line, src);
  return (
    <div className="dg-preview-page">
      <DemoBoundary source={source} usedAt={usedAt} labels={{ error: t('preview.error'), errorAt: t('preview.errorAt'), retry: t('preview.retry') }}>
        <Suspense fallback={null}>
          <Demo />
        </Suspense>
      </DemoBoundary>
    </div>
  );
}
