// npm run lighthouse: Lighthouse (mobile preset, simulated slow 4G and 4x CPU slowdown) against the
// built app, for / and /features. Starts the built server on a free port with a temporary DATA_DIR,
// drives Debian's Chromium (/usr/bin/chromium) with the flags of client/playwright.config.ts, prints
// the performance and accessibility scores (median of the runs) with the key metrics, and exits
// non-zero when a median misses its target (performance 90, accessibility 95). Not part of npm test.
// Lighthouse is not one of the project's dependencies: with Puppeteer, Sentry and OpenTelemetry it is
// about 180 MB that every `npm ci` (CI's included) would fetch for this one script. The first run
// installs the pinned version into this machine's cache (scripts/lib/machine-cache.mjs).
//
//   npm run lighthouse                    # 3 runs per page
//   npm run lighthouse -- --runs 5 --path / --path /how-to-play
//   npm run lighthouse -- --runs 1 --path / --save /tmp/lh     # also writes each report's JSON there
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { machineCacheDir } from './lib/machine-cache.mjs';
import { spawnBuiltServer } from './lib/processes.mjs';
import { buildIfChanged, freePort, log, npm, run, waitForHealth } from './lib/project.mjs';

const LIGHTHOUSE_VERSION = '12.8.2';

const TARGETS = { performance: 90, accessibility: 95 };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The same flags as client/playwright.config.ts: headless, and kept off the (closed) network.
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Lighthouse and the launcher it depends on, installed into the machine's cache on first use.
 * @returns {Promise<{ lighthouse: (url: string, flags: object) => Promise<{ lhr: any } | undefined>,
 *   launch: (options: object) => Promise<{ port: number, kill(): void | Promise<void> }> }>}
 */
async function loadLighthouse() {
  const dir = machineCacheDir(`lighthouse-${LIGHTHOUSE_VERSION}`);
  const modules = join(dir, 'node_modules');
  const entry = join(modules, 'lighthouse', 'core', 'index.js');
  if (!existsSync(entry)) {
    log(`Installing Lighthouse ${LIGHTHOUSE_VERSION} into ${dir} (first run only)…`);
    // Installed beside the folder, then renamed: an install that fails leaves no half a tool behind.
    const partial = `${dir}.${process.pid}.partial`;
    mkdirSync(partial, { recursive: true });
    try {
      run(npm, [
        'install',
        '--prefix',
        partial,
        '--no-save',
        '--no-audit',
        '--no-fund',
        `lighthouse@${LIGHTHOUSE_VERSION}`,
      ]);
      rmSync(dir, { recursive: true, force: true });
      renameSync(partial, dir);
    } finally {
      rmSync(partial, { recursive: true, force: true });
    }
  }
  const lighthouse = (await import(pathToFileURL(entry).href)).default;
  const launcher = await import(pathToFileURL(join(modules, 'chrome-launcher', 'dist', 'index.js')).href);
  return { lighthouse, launch: launcher.launch };
}

/** @param {string[]} argv */
function parseArgs(argv) {
  let runs = 3;
  /** @type {string | null} */
  let saveDir = null;
  /** @type {string[]} */
  const paths = [];
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--runs') runs = Math.max(1, Number(argv[++i] ?? 3) || 3);
    else if (argv[i] === '--path') paths.push(argv[++i] ?? '/');
    else if (argv[i] === '--save') saveDir = argv[++i] ?? null;
  }
  return { runs, saveDir, paths: paths.length > 0 ? paths : ['/', '/features'] };
}

/** @param {number[]} values */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};

/**
 * @typedef {{ performance: number, accessibility: number, fcp: number, lcp: number, tbt: number,
 *   cls: number, si: number, failedA11y: string[], shifts: string[], error: string | null }} RunResult
 */

/** @param {any} lhr @returns {RunResult} */
function summarise(lhr) {
  /** @param {string} id */
  const num = (id) => Number(lhr.audits[id]?.numericValue ?? NaN);
  const a11yRefs = /** @type {{ id: string }[]} */ (lhr.categories.accessibility?.auditRefs ?? []);
  const error = lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null;
  return {
    error,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    si: num('speed-index'),
    // What moved, so a CLS above 0 names its culprits (Lighthouse's layout-shifts audit).
    shifts: (lhr.audits['layout-shifts']?.details?.items ?? []).map(
      (/** @type {any} */ item) =>
        `${Number(item.score ?? 0).toFixed(3)} ${item.node?.selector ?? '?'} (${item.node?.nodeLabel ?? ''})`,
    ),
    failedA11y: a11yRefs
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => `${a.id}: ${a.title}`),
  };
}

async function main() {
  const { runs, saveDir, paths } = parseArgs(process.argv.slice(2));
  buildIfChanged();
  const { lighthouse, launch } = await loadLighthouse();

  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'gogo-lighthouse-'));
  const origin = `http://127.0.0.1:${port}`;
  log(`Starting the built server on ${origin} (DATA_DIR ${dataDir})`);
  const server = spawnBuiltServer({ port, dataDir });
  /** @type {{ port: number, kill(): void | Promise<void> } | null} */
  let chrome = null;
  let failed = false;
  try {
    await waitForHealth(`${origin}/api/health`, 30_000);
    chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    log(`Lighthouse ${runs} run(s) per page, mobile preset, Chromium at ${CHROMIUM}`);
    for (const path of paths) {
      /** @type {RunResult[]} */
      const results = [];
      let retries = 0;
      for (let i = 0; i < runs; i += 1) {
        const out = await lighthouse(`${origin}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        if (!out) throw new Error(`Lighthouse returned nothing for ${path}`);
        const result = summarise(out.lhr);
        // The whole report, to see why a metric is what it is (network requests, main-thread tasks).
        if (saveDir) {
          mkdirSync(saveDir, { recursive: true });
          const name = `${path === '/' ? 'root' : path.replace(/\W+/g, '_')}-${i + 1}.json`;
          writeFileSync(join(saveDir, name), JSON.stringify(out.lhr));
        }
        // A run that Lighthouse itself could not complete says nothing about the page: report it, run again.
        if (result.error) {
          console.warn(`  ${path}: run ${i + 1} failed (${result.error}); running it again`);
          if (++retries > runs) throw new Error(`Lighthouse keeps failing on ${path}: ${result.error}`);
          i -= 1;
          continue;
        }
        results.push(result);
      }
      const perf = median(results.map((r) => r.performance));
      const a11y = median(results.map((r) => r.accessibility));
      // The metrics of the run whose performance score is the median.
      const mid = results.find((r) => r.performance === perf) ?? results[0];
      if (!mid) continue;
      const ok = perf >= TARGETS.performance && a11y >= TARGETS.accessibility;
      failed ||= !ok;
      console.log(
        `\n${path}\n` +
          `  performance   ${perf} (target ${TARGETS.performance}; runs ${results.map((r) => r.performance).join(', ')})\n` +
          `  accessibility ${a11y} (target ${TARGETS.accessibility}; runs ${results.map((r) => r.accessibility).join(', ')})\n` +
          `  FCP ${(mid.fcp / 1000).toFixed(2)} s, LCP ${(mid.lcp / 1000).toFixed(2)} s, TBT ${Math.round(mid.tbt)} ms, ` +
          `CLS ${mid.cls.toFixed(3)}, Speed Index ${(mid.si / 1000).toFixed(2)} s\n` +
          `  ${ok ? 'OK' : 'BELOW TARGET'}` +
          (mid.failedA11y.length > 0
            ? `\n  accessibility audits not passed:\n    ${mid.failedA11y.join('\n    ')}`
            : '') +
          (mid.shifts.length > 0 ? `\n  layout shifts:\n    ${mid.shifts.join('\n    ')}` : ''),
      );
    }
  } finally {
    if (chrome) await chrome.kill();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
