import './DocFooter.css';
import { Link, useLocale, usePageData } from '@docgen/core/runtime';
import { LastUpdated as DefaultLastUpdated } from '../LastUpdated/LastUpdated.js';
import { PrevNextPage as DefaultPrevNextPage } from '../PrevNextPage/PrevNextPage.js';
import { useThemeComponent } from '../../layouts/components.js';
import { useI18n } from '../../i18n/index.js';
import { Tooltip } from '../Tooltip/Tooltip.js';

/** `editLink.pattern` with `:path` replaced by the page's source path (relative to the site root). */
export function editLinkUrl(pattern: string, relativePath: string): string {
  return pattern.replace(':path', relativePath);
}

/**
 * Where a file that does not exist yet is created, from the locale's `editLink.pattern`: on GitHub
 * (`https://github.com/<owner>/<repo>/edit/<branch>/<folder>/:path`) its "new file" page,
 * `…/new/<branch>/<folder>?filename=<path>`; on GitLab (`…/-/edit/<branch>/<folder>/:path`) its
 * `…/-/new/<branch>/<folder>?file_name=<path>`. An edit link there would open a 404 page. Any other
 * pattern: `editLinkUrl`.
 * @example newFileUrl('https://github.com/o/r/edit/main/docs/:path', 'zh/a.md') // 'https://github.com/o/r/new/main/docs?filename=zh/a.md'
 */
export function newFileUrl(pattern: string, relativePath: string): string {
  const github = /^(https:\/\/github\.com\/[^/]+\/[^/]+)\/edit\/([^/]+)\/((?:[^/]+\/)*):path$/.exec(pattern);
  if (github) return `${github[1]}/new/${github[2]}/${github[3].replace(/\/$/, '')}?filename=${encodeURI(relativePath)}`.replace(/\/\?/, '?');
  const gitlab = /^(https:\/\/[^/]+\/.+)\/-\/edit\/([^/]+)\/((?:[^/]+\/)*):path$/.exec(pattern);
  if (gitlab) return `${gitlab[1]}/-/new/${gitlab[2]}/${gitlab[3].replace(/\/$/, '')}?file_name=${encodeURI(relativePath)}`.replace(/\/\?/, '?');
  return editLinkUrl(pattern, relativePath);
}

/**
 * Below a doc page: edit-this-page link of the locale (with a tooltip naming the source file), last-updated
 * date (when known), prev/next links.
 */
export function DocFooter() {
  const LastUpdated = useThemeComponent('LastUpdated', DefaultLastUpdated);
  const PrevNextPage = useThemeComponent('PrevNextPage', DefaultPrevNextPage);
  const page = usePageData();
  const locale = useLocale();
  const t = useI18n();
  if (!page) return null;
  return (
    <footer className="dg-doc-footer">
      <div className="dg-doc-footer-meta">
        {/* A page a plugin added from content has no source file: nothing to edit. */}
        {locale.editLink && page._relativePath && (
          // The tooltip names the file the link edits, which the link's text does not say.
          <Tooltip content={`${t('doc.sourceFile')}: ${page._relativePath}`}>
            <Link className="dg-edit-link" href={editLinkUrl(locale.editLink.pattern, page._relativePath)}>
              <svg width="15" height="15" viewBox="0 0 24 24" aria-hidden="true">
                <path fill="currentColor" d="M3 17.3V21h3.7L17.8 9.9l-3.7-3.7zM20.7 7a1 1 0 0 0 0-1.4l-2.3-2.3a1 1 0 0 0-1.4 0l-1.8 1.8 3.7 3.7z" />
              </svg>
              {locale.editLink.text || t('doc.editLink')}
            </Link>
          </Tooltip>
        )}
        <LastUpdated />
      </div>
      <PrevNextPage />
    </footer>
  );
}
