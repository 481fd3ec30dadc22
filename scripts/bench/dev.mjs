// Measuring a tool's dev server in Chromium: how long until a doc page shows its content, and how long an
// edit of that page's Markdown takes to reach the DOM.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/** A free TCP port on 127.0.0.1 (the OS picks it; it is released before the server takes it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** GETs `url` until it answers 200, at most `timeoutMs`. */
async function waitForHttp(url, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (performance.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Starts `node file ...args` in `cwd` (its own process group, output to `log`), then measures in `browser`:
 * - ready: seconds from the spawn (the tab is already open) until the doc page at `url` shows its `<h1>` text `heading`;
 * - edits: for each of `edits` edits, seconds from writing `page` (its text plus a new paragraph with a unique
 *   marker) until the open page's DOM holds the marker (in place or after a reload, whichever the tool does).
 * Stops the server's process group and restores `page` afterwards, also when a step fails.
 * @returns {Promise<{ ready: number, edits: (number | null)[] }>} (null: an edit not shown within 30 s)
 */
/** How long one edit may take to reach the DOM before it counts as missed, ms. */
const EDIT_TIMEOUT_MS = 30_000;

export async function measureDev({ file, args, cwd, log, browser, url, heading, page, edits = 5, timeoutMs = 180_000 }) {
  const original = fs.readFileSync(page, 'utf8');
  const out = fs.openSync(log, 'w');
  // The tab is opened first: creating a browser context takes about a second here, which is Chromium's
  // time, not the tool's.
  const context = await browser.newContext();
  const tab = await context.newPage();
  const started = performance.now();
  const child = spawn(process.execPath, [file, ...args], { cwd, stdio: ['ignore', out, out], detached: true, env: { ...process.env, NO_COLOR: '1' } });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    await Promise.race([
      waitForHttp(url, timeoutMs),
      exited.then((code) => Promise.reject(new Error(`dev server exited with ${code} before answering; log ${log}`))),
    ]);
    // From the navigation's commit, not its load event: the page shows its content once the `<h1>` is in
    // the DOM of a rendered frame (`raf` polling runs with frames, which render-blocking styles hold back),
    // whether the server rendered it or a script did; the load event also waits for every script.
    await tab.goto(url, { waitUntil: 'commit' });
    await tab.waitForFunction((text) => document.querySelector('h1')?.textContent?.includes(text), heading, { timeout: timeoutMs, polling: 'raf' });
    const ready = (performance.now() - started) / 1000;
    // The page's own update channel (a WebSocket or an event stream) connects after the load: every tool
    // gets the same second before the first edit, so that no edit is sent before anyone listens.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const times = [];
    for (let i = 0; i < edits; i++) {
      const marker = `Edited paragraph ${i} ${Date.now()}`;
      const written = performance.now();
      fs.writeFileSync(page, `${original}\n${marker}\n`);
      try {
        await tab.waitForFunction((text) => document.body?.innerText.includes(text), marker, { timeout: EDIT_TIMEOUT_MS, polling: 'raf' });
        times.push((performance.now() - written) / 1000);
      } catch {
        // Not shown: counted as missed (left out of the median, reported), the next edit goes on.
        times.push(null);
      }
    }
    return { ready, edits: times };
  } finally {
    await context.close();
    fs.writeFileSync(page, original);
    if (child.exitCode === null) {
      process.kill(-child.pid, 'SIGTERM');
      const timer = setTimeout(() => child.exitCode === null && process.kill(-child.pid, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    fs.closeSync(out);
  }
}
