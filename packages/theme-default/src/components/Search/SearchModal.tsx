/**
 * The search dialog, loaded on first use: DocSearch's modal (3.9) with its styles, talking to the local
 * engine or to an Algolia-compatible service. Every screen, key and limit is DocSearch's own: 20 hits
 * per query, 5 per group, 10-word snippets (5 at ≤ 768 px), 7 recent searches (4 with favorites), 10
 * favorites, stalled after 300 ms, input at most 64 characters, body scroll locked while open.
 */
import { DocSearchModal, type DocSearchModalProps, type DocSearchTransformClient } from '@docsearch/react';
import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { removeBase, useLocale, useNavigate, useSiteData, type SearchSettings } from '@docgen/core/runtime';
import docsearchCss from '@docsearch/css/dist/style.css' with { type: 'text' };
import { useVersionLocales } from '../../hooks/use-version-locales.js';
import { useI18n } from '../../i18n/index.js';
import { algoliaParameters } from './algolia-parameters.js';
import { createLocalSearchClient, RESULTS_PER_GROUP } from './local-client.js';
import searchCss from './search-modal.css' with { type: 'text' };

/** Props of the dialog. */
export interface SearchModalProps {
  settings: SearchSettings;
  lang: string;
  /** URL of the locale's local index (local provider). */
  indexUrl: string | null;
  initialQuery?: string;
  onClose: () => void;
}

let stylesAdded = false;
function addStyles() {
  if (stylesAdded || typeof document === 'undefined') return;
  stylesAdded = true;
  const style = document.createElement('style');
  style.dataset.docgenSearch = '';
  style.textContent = docsearchCss + searchCss;
  document.head.append(style);
}

/** `https://host:port` strings of `search.hosts` as algoliasearch hosts, tried in the order given. */
function toHosts(urls: string[]) {
  return urls.map((u) => {
    const url = new URL(u);
    return {
      url: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      protocol: url.protocol === 'http:' ? ('http' as const) : ('https' as const),
      accept: 'readWrite' as const,
    };
  });
}

/**
 * The client with every failed search rethrown as a `RetryError`, the one error for which DocSearch shows
 * its error screen: algoliasearch names only "all hosts unreachable" so; a 4xx (bad key, missing index)
 * is an `ApiError` and would read as "No results".
 */
function reportFailures(client: DocSearchTransformClient): DocSearchTransformClient {
  const search = client.search.bind(client);
  client.search = ((...args: Parameters<typeof search>) =>
    search(...args).catch((cause: unknown) => {
      const error = new Error(cause instanceof Error ? cause.message : String(cause), { cause });
      error.name = 'RetryError';
      throw error;
    })) as typeof client.search;
  return client;
}

/** The dialog, rendered into `document.body`. */
export function SearchModal({ settings, lang, indexUrl, initialQuery, onClose }: SearchModalProps) {
  addStyles();
  const site = useSiteData();
  const languages = useVersionLocales().length;
  const locale = useLocale();
  const navigate = useNavigate();
  const t = useI18n();
  const local = settings.provider === 'local';

  // The index the dialog opened with: under `docgen dev` an edit gives the index a new URL, and a new
  // client would reset the dialog's query and results; the next opening reads the new index.
  const [openedIndexUrl] = useState(indexUrl);
  // algoliasearch's own client, for `search.hosts` only: loaded then, so the dialog's chunk never holds it
  // (DocSearch carries a client of its own for the default hosts).
  const [lite, setLite] = useState<typeof import('algoliasearch/lite') | null>(null);
  const needsLite = !local && !!settings.hosts;
  useEffect(() => {
    if (needsLite) void import('algoliasearch/lite').then(setLite);
  }, [needsLite]);
  const transformSearchClient = useMemo(() => {
    if (local) return () => createLocalSearchClient(openedIndexUrl ?? '') as unknown as DocSearchTransformClient;
    // Same client, other hosts: algoliasearch's retry strategy and timeouts still apply.
    const withHosts = (client: DocSearchTransformClient) =>
      settings.hosts && lite ? (lite.liteClient(settings.appId!, settings.apiKey!, { hosts: toHosts(settings.hosts) }) as unknown as DocSearchTransformClient) : client;
    return (client: DocSearchTransformClient) => reportFailures(withHosts(client));
  }, [local, openedIndexUrl, settings, lite]);

  const navigator = useMemo<DocSearchModalProps['navigator']>(
    () => ({
      // After the dialog has closed (it restores the scroll position as it unmounts), navigate in the app.
      navigate({ itemUrl }) {
        setTimeout(() => {
          const url = new URL(itemUrl, window.location.href);
          if (url.origin !== window.location.origin) {
            window.location.assign(url.href);
            return;
          }
          const samePage = url.pathname === window.location.pathname;
          navigate(removeBase(url.pathname, site.base) + url.search + url.hash);
          if (samePage && url.hash) document.getElementById(decodeURIComponent(url.hash.slice(1)))?.scrollIntoView();
        });
      },
      navigateNewTab({ itemUrl }) {
        window.open(itemUrl, '_blank', 'noopener')?.focus();
      },
      navigateNewWindow({ itemUrl }) {
        // `popup` asks for a window of its own rather than a tab (HTML's window.open features).
        window.open(itemUrl, '_blank', 'noopener,popup');
      },
    }),
    [navigate, site.base],
  );

  const { versions, search: versionScope } = site.multiVersion;
  const version = versions.length && versionScope !== 'all' ? locale.version : null;
  const searchParameters = local ? undefined : algoliaParameters(settings.searchParameters, languages > 1 ? lang : null, version);
  const missing = settings.missingResultsUrl;

  if (needsLite && !lite) return null;
  return createPortal(
    <div className={local ? 'dg-search dg-search--local' : 'dg-search'}>
      <DocSearchModal
        appId={settings.appId ?? 'local'}
        apiKey={settings.apiKey ?? 'local'}
        indexName={settings.indexName ?? `docgen-${lang}`}
        placeholder={t('search.placeholder')}
        initialQuery={initialQuery}
        initialScrollY={window.scrollY}
        onClose={onClose}
        navigator={navigator}
        transformSearchClient={transformSearchClient}
        searchParameters={searchParameters}
        maxResultsPerGroup={RESULTS_PER_GROUP}
        insights={!local && settings.insights}
        getMissingResultsUrl={missing ? ({ query }) => missing.replace(/\{query\}/g, encodeURIComponent(query)) : undefined}
        translations={{
          searchBox: {
            resetButtonTitle: t('search.reset'),
            resetButtonAriaLabel: t('search.reset'),
            cancelButtonText: t('search.cancel'),
            cancelButtonAriaLabel: t('search.cancel'),
            searchInputLabel: t('search.button'),
          },
          startScreen: {
            recentSearchesTitle: t('search.recent'),
            noRecentSearchesText: t('search.noRecent'),
            saveRecentSearchButtonTitle: t('search.saveRecent'),
            removeRecentSearchButtonTitle: t('search.removeRecent'),
            favoriteSearchesTitle: t('search.favorites'),
            removeFavoriteSearchButtonTitle: t('search.removeFavorite'),
          },
          errorScreen: { titleText: t('search.errorTitle'), helpText: t('search.errorHelp') },
          footer: {
            selectText: t('search.select'),
            selectKeyAriaLabel: t('search.enterKey'),
            navigateText: t('search.navigate'),
            navigateUpKeyAriaLabel: t('search.arrowUp'),
            navigateDownKeyAriaLabel: t('search.arrowDown'),
            closeText: t('search.close'),
            closeKeyAriaLabel: t('search.escapeKey'),
            searchByText: t('search.searchBy'),
          },
          noResultsScreen: {
            noResultsText: t('search.noResults'),
            suggestedQueryText: t('search.suggested'),
            reportMissingResultsText: t('search.reportMissing'),
            reportMissingResultsLinkText: t('search.reportMissingLink'),
          },
        }}
      />
    </div>,
    document.body,
  );
}
