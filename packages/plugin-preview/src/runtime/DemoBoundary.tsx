import { Component, type ReactNode } from 'react';

/** Props of `DemoBoundary`. */
export interface DemoBoundaryProps {
  /** Where the demo comes from: `en/guide/button.md:12`, or the demo file of a `<code src>`. */
  source: string;
  /** For a `<code src>` demo: the page and line of the tag. */
  usedAt?: string;
  /** The UI strings, in the page's language. */
  labels: { error: string; errorAt: string; retry: string };
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * Catches what a demo throws while it renders (in the browser: the server leaves an erroring demo to its
 * `Suspense` boundary, which the browser then renders) and shows, instead of the demo, the message and the
 * demo's source location, with a button to render it again. React itself reports the error on the console.
 */
export class DemoBoundary extends Component<DemoBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { labels, source, usedAt } = this.props;
    return (
      <div className="dg-preview__error" role="alert">
        <p className="dg-preview__error-title">{labels.error}</p>
        <p className="dg-preview__error-source">
          {labels.errorAt}: <code>{source}</code>
          {usedAt ? (
            <>
              {' '}
              (<code>{usedAt}</code>)
            </>
          ) : null}
        </p>
        <pre className="dg-preview__error-message">{error.message || error.name}</pre>
        <button type="button" className="dg-preview__button" onClick={() => this.setState({ error: null })}>
          {labels.retry}
        </button>
      </div>
    );
  }
}
