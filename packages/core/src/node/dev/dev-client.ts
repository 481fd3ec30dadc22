/**
 * The script the dev server adds to every page: it listens to the server-sent events of the dev server
 * and
 * - on `update` (only page modules changed) dispatches a cancelable `docgen:dev-update` window event whose
 *   `detail` is a `DevUpdate`; the app cancels it when it takes the new page modules in place. Nobody
 *   cancels it while the app is still loading (its modules load after the load event, ~1 s at 1,000 pages
 *   per locale on a busy machine): a page with the app's root element then keeps the update in
 *   `window.__docgenDevPending` (`DEV_PENDING_GLOBAL`), which the app takes when it starts. On a page
 *   without the app (the error document), or once the app has started and did not cancel it, the page
 *   reloads;
 * - on `search` (the search indexes were built again) dispatches the same event with no routes and no
 *   manifests, only the new `searchIndexes`, kept for a loading app the same way;
 * - on `refresh` (theme modules changed: `DevRefresh`) imports the new shared entries, which register the
 *   new components with the Fast Refresh runtime, gives the app the new route tables and has React refresh
 *   them in place; without the runtime, or when that fails, reloads the page;
 * - on `reload` reloads the page;
 * - on `build-error` shows an overlay with the message, file, line, column and source excerpt (`DevErrorPayload`),
 *   removed on `clear` and on the next update.
 * As it connects, the page names the route, chunk and app entry of its boot data: the server then sends
 * the `update` or `reload` of a change applied after the page was rendered (one sent before it listened).
 * Plain JavaScript in a string: it runs before and without the app's bundle.
 */

/** Path of the dev server's event stream (server-sent events), outside any `base`. */
export const DEV_EVENTS_PATH = '/__docgen/events';

/** Name of the window event the dev client dispatches for an in-place update. */
export const DEV_UPDATE_EVENT = 'docgen:dev-update';

/**
 * Window property where the dev client keeps the updates that came before the app started (an array of
 * `docgen:dev-update` details); the app takes them and sets it to undefined when it starts listening.
 */
export const DEV_PENDING_GLOBAL = '__docgenDevPending';

/** Id of the error overlay's element. */
export const ERROR_OVERLAY_ID = '__docgen-error-overlay';

/** `<script>` markup of the dev client, for the end of each page's body. */
export function devClientScript(): string {
  return `<script type="module">${CLIENT.replace('EVENTS', JSON.stringify(DEV_EVENTS_PATH))
    .replaceAll('UPDATE_EVENT', JSON.stringify(DEV_UPDATE_EVENT))
    .replaceAll('PENDING', JSON.stringify(DEV_PENDING_GLOBAL))
    .replace('OVERLAY_ID', JSON.stringify(ERROR_OVERLAY_ID))}</script>`;
}

const CLIENT = `
const overlayId = OVERLAY_ID;
// The state the page was rendered from (its boot data): the server sends what changed since, as the page
// may connect after a change was sent.
const boot = JSON.parse(document.getElementById('__DG_PAGE__')?.textContent || '{}');
const events = EVENTS;
const source = new EventSource(boot.chunk ? events + '?' + new URLSearchParams({ route: boot.routePath, chunk: boot.chunk, app: boot.app }) : events);
const clear = () => document.getElementById(overlayId)?.remove();
source.addEventListener('reload', () => location.reload());
source.addEventListener('clear', clear);
window[PENDING] = [];
const deliver = (detail, otherwise) => {
  if (!window.dispatchEvent(new CustomEvent(UPDATE_EVENT, { detail, cancelable: true }))) return;
  if (window[PENDING] && document.getElementById('root')) window[PENDING].push(detail);
  else otherwise();
};
source.addEventListener('update', (e) => {
  clear();
  deliver(JSON.parse(e.data), () => location.reload());
});
source.addEventListener('refresh', async (e) => {
  clear();
  const data = JSON.parse(e.data);
  try {
    if (!window.__dgRefresh) throw new Error('the Fast Refresh runtime did not load');
    await Promise.all(data.modules.map((url) => import(url)));
    window.dispatchEvent(new CustomEvent(UPDATE_EVENT, { detail: { routes: [], manifests: data.manifests }, cancelable: true }));
    window.__dgRefresh.perform();
  } catch (error) {
    console.error('docgen: Fast Refresh failed, reloading', error);
    location.reload();
  }
});
source.addEventListener('search', (e) => deliver({ routes: [], ...JSON.parse(e.data) }, () => {}));
source.addEventListener('build-error', (e) => {
  const error = JSON.parse(e.data);
  clear();
  const el = (tag, style, text) => {
    const node = document.createElement(tag);
    if (style) node.style.cssText = style;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const root = el('div', 'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.66);overflow:auto;padding:5vh 4vw;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace');
  root.id = overlayId;
  root.setAttribute('role', 'alertdialog');
  root.setAttribute('aria-label', 'Build error');
  const box = el('div', 'max-width:960px;margin:0 auto;background:#1b1b1f;color:#e8e8ea;border-top:4px solid #e5484d;border-radius:6px;padding:20px 24px;box-shadow:0 8px 32px rgba(0,0,0,.4)');
  box.append(el('div', 'color:#ff6369;font-weight:600;margin-bottom:8px', 'Build error (the last good build is still served)'));
  box.append(el('pre', 'white-space:pre-wrap;margin:0 0 12px;color:#fff', error.message));
  for (const loc of error.locations) {
    box.append(el('div', 'color:#7cc4fa;margin-top:12px', loc.file + ':' + loc.line + ':' + loc.column));
    if (loc.message && !error.message.includes(loc.message)) box.append(el('div', 'color:#fff', loc.message));
    const pre = el('pre', 'margin:4px 0 0;padding:8px 12px;background:#111113;border-radius:4px;overflow:auto');
    const width = String(loc.excerpt.length ? loc.excerpt[loc.excerpt.length - 1].line : loc.line).length;
    for (const row of loc.excerpt) {
      const here = row.line === loc.line;
      pre.append(el('div', here ? 'color:#fff' : 'color:#9a9aa2', (here ? '> ' : '  ') + String(row.line).padStart(width) + ' | ' + row.text));
      if (here) pre.append(el('div', 'color:#ff6369', '  ' + ' '.repeat(width) + ' | ' + ' '.repeat(Math.max(0, loc.column - 1)) + '^'));
    }
    box.append(pre);
  }
  box.append(el('div', 'color:#9a9aa2;margin-top:16px', 'Fix the file and save: this overlay closes by itself.'));
  root.append(box);
  document.body.append(root);
});
`;
