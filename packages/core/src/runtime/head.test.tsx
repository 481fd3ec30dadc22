/** Head: tags are collected during SSR (not rendered in place) and marked for removal in the browser. */
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Head, HeadContext, markHeadTags } from './head.js';

describe('Head', () => {
  it('collects its children during SSR instead of rendering them in the body', () => {
    const collected: ReactNode[] = [];
    const html = renderToString(
      <HeadContext.Provider value={collected}>
        <p>
          body
          <Head>
            <meta name="robots" content="noindex" />
          </Head>
        </p>
      </HeadContext.Provider>,
    );
    expect(html).toBe('<p>body</p>');
    expect(markHeadTags(renderToStaticMarkup(<>{collected}</>))).toBe('<meta data-dg-head="" name="robots" content="noindex"/>');
  });
});
