/**
 * The HTML document around a server-rendered page: head tags, styles, preloads and the boot data.
 */
import type { PageBootData } from '../../shared/types.js';

/** Head and body parts of one page. URLs already carry the base. */
export interface HtmlParts {
  lang: string;
  title: string;
  description: string;
  canonical: string;
  /** `<meta name="robots">` content, e.g. `noindex` for a page of an older version; '' for none. */
  robots?: string;
  /** `hreflang` alternates of the same page in the site's locales (and `x-default`). */
  alternates: { hreflang: string; href: string }[];
  icon: string;
  /** Extra head tags of the config and the plugins (`head`), already serialized (`renderHeadTags`). */
  headTags?: string;
  styles: string[];
  /** Scripts to `modulepreload` at once: the page chunk and its imports. */
  preloads: string[];
  /** Scripts preloaded when the app starts loading: the entry's imports. */
  entryImports: string[];
  entry: string;
  boot: PageBootData | null;
  appHtml: string;
  /** Tags the page's `Head` elements added, already serialized. */
  headExtra?: string;
  /** Extra markup before `</body>` (the dev server's reload script). */
  bodyEnd?: string;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Sets `dark` on `<html>` before the first paint from the saved choice (`localStorage['dg-appearance']`:
 * `light`, `dark` or `auto`) or the system preference, so dark mode never flashes light.
 */
const APPEARANCE_SCRIPT =
  "(function(){try{var s=localStorage.getItem('dg-appearance');var d=s==='dark'||(s!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches);document.documentElement.classList.toggle('dark',d)}catch(e){}})()";

/**
 * Starts the app once the page has loaded: its JavaScript then never competes with the HTML and CSS for
 * bandwidth or the main thread before the first paint (the page is complete and readable without it,
 * links work as plain links until it has hydrated). The entry's imports are preloaded at that moment.
 */
function appLoader(entry: string, imports: string[]): string {
  const urls = JSON.stringify([...imports, entry]).replace(/</g, '\\u003c');
  return `(function(){function s(){var u=${urls},d=document,i,l;for(i=0;i<u.length-1;i++){l=d.createElement('link');l.rel='modulepreload';l.href=u[i];d.head.appendChild(l)}l=d.createElement('script');l.type='module';l.src=u[u.length-1];d.head.appendChild(l)}document.readyState==='complete'?s():addEventListener('load',s,{once:true})})()`;
}

/** Serializes a page's HTML document. */
export function renderHtmlDocument(p: HtmlParts): string {
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(p.title)}</title>`,
    p.description && `<meta name="description" content="${escapeHtml(p.description)}">`,
    '<meta name="generator" content="docgen">',
    p.robots && `<meta name="robots" content="${escapeHtml(p.robots)}">`,
    p.canonical && `<link rel="canonical" href="${escapeHtml(p.canonical)}">`,
    ...p.alternates.map((a) => `<link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}">`),
    p.icon && `<link rel="icon" href="${escapeHtml(p.icon)}">`,
    p.headTags,
    `<script>${APPEARANCE_SCRIPT}</script>`,
    ...p.styles.map((s) => `<link rel="stylesheet" href="${escapeHtml(s)}">`),
    ...p.preloads.map((s) => `<link rel="modulepreload" href="${escapeHtml(s)}">`),
    `<script>${appLoader(p.entry, p.entryImports)}</script>`,
    p.headExtra,
  ].filter(Boolean);
  // `<` is escaped so the JSON can never close the script element.
  const boot = p.boot ? `<script id="__DG_PAGE__" type="application/json">${JSON.stringify(p.boot).replace(/</g, '\\u003c')}</script>` : '';
  return `<!doctype html>
<html lang="${escapeHtml(p.lang)}">
<head>
${head.join('\n')}
</head>
<body>
<div id="root">${p.appHtml}</div>
${boot}${p.bodyEnd ?? ''}
</body>
</html>
`;
}

/** A head tag: name, attributes and, for `script`, `style` or `noscript`, its content. */
export type HeadTag = [tag: string, attributes: Record<string, string | true>] | [tag: string, attributes: Record<string, string | true>, content: string];

/** Elements with no end tag. */
const VOID_HEAD = new Set(['meta', 'link', 'base']);

/**
 * Serializes head tags, one per line: attribute values escaped, `true` as a bare attribute. The content of
 * a `script` or `style` is the site's own (trusted, like raw HTML in `.md` pages), written as it is.
 */
export function renderHeadTags(tags: HeadTag[]): string {
  return tags
    .map(([tag, attributes, content]) => {
      const attrs = Object.entries(attributes)
        .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
        .join('');
      return VOID_HEAD.has(tag) ? `<${tag}${attrs}>` : `<${tag}${attrs}>${content ?? ''}</${tag}>`;
    })
    .join('\n');
}
