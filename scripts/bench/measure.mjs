// Measuring one build process: wall time, CPU time of it and all its descendants, peak RSS of its process
// tree; and measuring a built site: total output size, first-load JavaScript of a page in Chromium.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

const TIME = '/usr/bin/time';
const hasTime = fs.existsSync(TIME);

/** Parent pid of every live process, read from /proc/<pid>/stat (the field after the command name). */
function parents() {
  const map = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name is in parentheses and may itself hold spaces or parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      map.set(Number(entry), ppid);
    } catch {
      // The process ended between readdir and read: it is no longer part of any tree.
    }
  }
  return map;
}

/** Sum of VmRSS (KiB) over `root` and all its live descendants. */
export function treeRssKiB(root) {
  const children = new Map();
  for (const [pid, ppid] of parents()) {
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(pid);
  }
  let total = 0;
  const queue = [root];
  while (queue.length) {
    const pid = queue.pop();
    try {
      const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (match) total += Number(match[1]);
    } catch {
      // Ended meanwhile.
    }
    queue.push(...(children.get(pid) ?? []));
  }
  return total;
}

/**
 * Runs `node file ...args` in `cwd` to completion and measures it.
 * CPU time is user + system time of the process and every descendant it waited for, as /usr/bin/time
 * reports it (getrusage of the children); without /usr/bin/time it is `null`. Peak RSS is the largest sum of
 * VmRSS over the process tree seen by polling /proc every `pollMs` (a peak shorter than that can be missed).
 * Output goes to `log`. Rejects, with the log's last lines, when the process exits non-zero.
 * @returns {Promise<{ wall: number, cpu: number | null, rssMiB: number }>} seconds, seconds, MiB
 */
export function runMeasured({ file, args, cwd, log, pollMs = 100 }) {
  const timeFile = `${log}.time`;
  const argv = hasTime ? [TIME, '-f', '%U %S', '-o', timeFile, process.execPath, file, ...args] : [process.execPath, file, ...args];
  const out = fs.openSync(log, 'w');
  const started = performance.now();
  const child = spawn(argv[0], argv.slice(1), { cwd, stdio: ['ignore', out, out], env: { ...process.env, CI: 'true', NO_COLOR: '1' } });
  let peak = 0;
  const poll = () => {
    peak = Math.max(peak, treeRssKiB(child.pid));
  };
  const timer = setInterval(poll, pollMs);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      const wall = (performance.now() - started) / 1000;
      clearInterval(timer);
      fs.closeSync(out);
      if (code !== 0) {
        const tail = fs.readFileSync(log, 'utf8').split('\n').slice(-30).join('\n');
        reject(new Error(`${path.basename(file)} ${args.join(' ')} in ${cwd} exited with ${code ?? signal}; log ${log}:\n${tail}`));
        return;
      }
      let cpu = null;
      if (hasTime) {
        const [user, system] = fs.readFileSync(timeFile, 'utf8').trim().split('\n').pop().split(' ').map(Number);
        cpu = user + system;
      }
      resolve({ wall, cpu, rssMiB: peak / 1024 });
    });
  });
}

/** Total size in bytes of the files under `dir`. */
export function folderBytes(dir) {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' };

/**
 * Serves a built site on 127.0.0.1 on a free port, as static hosts do: `/a/b` is a/b, a/b.html or
 * a/b/index.html. Requests outside `dir` get 404.
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export function serveStatic(dir) {
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const base = path.join(dir, pathname);
    const file = [base, `${base}.html`, path.join(base, 'index.html')].find(
      (f) => f.startsWith(dir + path.sep) && fs.existsSync(f) && fs.statSync(f).isFile(),
    );
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

/**
 * First-load JavaScript of a page: the scripts Chromium fetches, with an empty cache, until the page has
 * loaded and the network has been idle for 500 ms (so the chunks that hydration imports count too; prefetch
 * hints do not, Chromium does not fetch them as scripts). Each body is gzipped at zlib's default level.
 * @returns {Promise<number>} KiB
 */
export async function firstLoadJsKiB(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const bodies = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.ok()) bodies.push(response.body());
  });
  const response = await page.goto(url, { waitUntil: 'load' });
  if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
  await page.waitForLoadState('networkidle');
  let bytes = 0;
  for (const body of await Promise.all(bodies)) bytes += zlib.gzipSync(body).length;
  await context.close();
  return bytes / 1024;
}
