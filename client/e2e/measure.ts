import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Request } from '@playwright/test';

/**
 * What one test costs, for whoever tunes the suite (`E2E_MEASURE=costs.jsonl npm run test:e2e`):
 * the CPU of the worker's Chromium (every process under this worker, the dead ones included through
 * their parents' reaped times), the worker's own CPU, the contexts opened and the app's full loads.
 * A line of JSON per test; nothing is asserted. Off unless asked: reading /proc costs a little.
 */
export const MEASURE_FILE = process.env.E2E_MEASURE;

const TICKS_PER_SECOND = 100;

/** CPU seconds of every process below `root` (not root itself), reaped children included. */
function descendantsCpu(root: number): number {
  const parent = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // ended while listed
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the name: state(3) ppid(4) … utime(14) stime(15) cutime(16) cstime(17), counted from 3.
    parent.set(Number(name), Number(fields[1]));
    ticks.set(Number(name), Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]));
  }
  let total = 0;
  for (const [pid, own] of ticks) {
    for (let up = parent.get(pid); up !== undefined && up > 1; up = parent.get(up)) {
      if (up === root) {
        total += own;
        break;
      }
    }
  }
  return total / TICKS_PER_SECOND;
}

interface Counts {
  contexts: number;
  documents: number;
  boots: number;
}

const patched = new WeakSet<Browser>();
let current: Counts = { contexts: 0, documents: 0, boots: 0 };

function watch(context: BrowserContext) {
  current.contexts += 1;
  context.on('request', (request: Request) => {
    if (request.isNavigationRequest() && request.frame().parentFrame() === null) current.documents += 1;
    if (/\/assets\/main-[^/]*\.js$/.test(request.url())) current.boots += 1;
  });
}

/** Counts every context the browser opens from now on (the test's own and those a test opens). */
function countContexts(browser: Browser) {
  if (patched.has(browser)) return;
  patched.add(browser);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    watch(context);
    return context;
  };
}

/** Wraps one test: its costs go to MEASURE_FILE as a line of JSON. */
export async function measureTest(
  browser: Browser,
  info: { file: string; title: string; project: { name: string } },
  run: () => Promise<void>,
) {
  countContexts(browser);
  current = { contexts: 0, documents: 0, boots: 0 };
  const chromium = descendantsCpu(process.pid);
  const worker = process.cpuUsage();
  const started = Date.now();
  await run();
  const workerUsed = process.cpuUsage(worker);
  const line = {
    file: info.file.split('/').pop(),
    title: info.title,
    project: info.project.name,
    chromium: Number((descendantsCpu(process.pid) - chromium).toFixed(2)),
    worker: Number(((workerUsed.user + workerUsed.system) / 1e6).toFixed(2)),
    wall: Number(((Date.now() - started) / 1000).toFixed(2)),
    ...current,
  };
  appendFileSync(MEASURE_FILE!, `${JSON.stringify(line)}\n`);
}
