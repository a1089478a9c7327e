// CPU an idle /game tab costs: the built app on the phone profile, signed in, the board drawn and
// nothing touched; the CPU time of every Chromium process (browser, renderer, GPU) over --seconds,
// after --settle seconds, and the frames the page committed meanwhile. Linux only (reads /proc). Not part of `npm test`: it depends on the machine.
// Usage: node scripts/bench/idle-cpu.mjs [--seconds 20] [--settle 5] [--port N] [--path /game]
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { spawnBuiltServer } from '../lib/processes.mjs';
import { freePort, waitForHealth } from '../lib/project.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
/** @param {string} name @param {number} fallback */
const numberArg = (name, fallback) => {
  const index = args.indexOf(name);
  const value = index >= 0 ? Number(args[index + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const SECONDS = numberArg('--seconds', 20);
const SETTLE = numberArg('--settle', 5);
const PORT_ARG = numberArg('--port', 0);
const pathIndex = args.indexOf('--path');
const PATH = pathIndex >= 0 ? (args[pathIndex + 1] ?? '/game') : '/game';

if (!existsSync(join(root, 'client/dist/index.html')) || !existsSync(join(root, 'server/dist/server.js'))) {
  console.error('The build is missing: run `node scripts/build.mjs` first.');
  process.exit(1);
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** Every process below `pid` (children, grandchildren...). @param {number} pid */
function descendants(pid) {
  /** @type {Map<number, number[]>} */
  const children = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(parent) ?? [];
      list.push(Number(name));
      children.set(parent, list);
    } catch {
      // the process ended meanwhile
    }
  }
  const out = [];
  const queue = [pid];
  while (queue.length > 0) {
    const next = /** @type {number} */ (queue.shift());
    for (const child of children.get(next) ?? []) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

/** User + system CPU ticks of the processes. @param {number[]} pids */
function cpuTicks(pids) {
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return total;
}

const port = PORT_ARG > 0 ? PORT_ARG : await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'gogo-idle-'));
const server = spawnBuiltServer({ port, dataDir });
let browser;
try {
  await waitForHealth(`${base}/api/health`, 30_000);
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-sync',
      '--disable-gpu',
    ],
  });
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const id = `idle${Date.now().toString(36)}`;
  const res = await page.request.post(`${base}/api/auth/register`, {
    data: { username: id, email: `${id}@example.com`, password: 'bench1234' },
  });
  if (res.status() !== 201) throw new Error(`register failed: ${res.status()}`);
  const { data } = await res.json();
  await page.addInitScript(`(() => {
    localStorage.setItem('gogo.token', ${JSON.stringify(data.token)});
    localStorage.setItem('gogo.user', ${JSON.stringify(JSON.stringify(data.user))});
    localStorage.setItem('gogo.settings', JSON.stringify({ gameplay: { showTutorial: false } }));
  })();`);
  await page.goto(`${base}${PATH}`);
  if (PATH.startsWith('/game')) await page.locator('.board-frame[data-scene="ready"]').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(SETTLE * 1000);
  const pids = descendants(process.pid).filter(
    (pid) => pid !== server.pid && !descendants(server.pid ?? 0).includes(pid),
  );
  const tracePath = join(dataDir, 'trace.json');
  await browser.startTracing(page, {
    path: tracePath,
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'cc', 'toplevel'],
  });
  const before = cpuTicks(pids);
  const started = Date.now();
  await page.waitForTimeout(SECONDS * 1000);
  const after = cpuTicks(pids);
  const wall = (Date.now() - started) / 1000;
  await browser.stopTracing();
  // Frames the compositor committed: each is a redraw of the page (the board's canvas, mostly).
  const trace = JSON.parse(readFileSync(tracePath, 'utf8'));
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const commits = events.filter(
    (/** @type {{ name?: string, ph?: string }} */ e) => e.name === 'Commit' && e.ph === 'X',
  ).length;
  const cpuSeconds = (after - before) / TICKS_PER_SECOND;
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(
    `idle ${PATH} (phone 390x844 @2x, --disable-gpu): Chromium used ${cpuSeconds.toFixed(2)} s CPU in ${wall.toFixed(1)} s ` +
      `(${((100 * cpuSeconds) / wall).toFixed(1)}% of one core), ${commits} frames committed ` +
      `(${(commits / wall).toFixed(1)}/s); load average ${load}`,
  );
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
