import './SourceCode.css';
import { Link } from '@docgen/core/runtime';
import { useI18n } from '../../i18n/index.js';

/** Props of `SourceCode`. */
export interface SourceCodeProps {
  /**
   * URL of the source file, for example on GitHub.
   * @zh 源文件的 URL，例如在 GitHub 上的地址。
   */
  href: string;
  /**
   * Text of the link. Defaults to the last three segments of the URL's path, such as `node/pipeline/build.ts`.
   * @zh 链接的文字。默认为 URL 路径的最后三段，例如 `node/pipeline/build.ts`。
   */
  label?: string;
}

/** The last three segments of the path of `href` (a URL or a path), decoded: `…/packages/core/src/x.ts` → `core/src/x.ts`. */
export function sourceLabel(href: string): string {
  let path: string;
  try {
    // A base makes relative paths parse too; only the pathname is used.
    path = new URL(href, 'https://docgen.invalid/').pathname;
  } catch {
    path = href;
  }
  const segments = path.split('/').filter(Boolean);
  const last = segments.slice(-3).join('/');
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** A small link to a source file, e.g. "Source: node/pipeline/build.ts", with a file icon. */
export function SourceCode({ href, label }: SourceCodeProps) {
  const t = useI18n();
  const prefix = t('code.source');
  return (
    <Link href={href} className="dg-source-code">
      <svg className="dg-source-code-icon" width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
        <path
          fill="currentColor"
          d="M8.7 16.6 4.1 12l4.6-4.6L7.3 6l-6 6 6 6zm6.6 0 4.6-4.6-4.6-4.6L16.7 6l6 6-6 6z"
        />
      </svg>
      <span className="dg-source-code-prefix">{`${prefix}:`}</span>
      <span className="dg-source-code-path">{label ?? sourceLabel(href)}</span>
    </Link>
  );
}
