// npm test: install what is missing (npm packages; Debian's Chromium, PostgreSQL and nginx in the
// background meanwhile), then typecheck, lint, build and the unit tests side by side, the API tests
// (Vitest, SQLite), the same API tests on a throwaway PostgreSQL 15 cluster, the nginx site in front of
// two built instances (scripts/proxy-test.mjs), and browser tests (Playwright with Debian's Chromium).
// Stops at the first failing step with its exit code.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { installDebianPackagesInBackground } from './lib/debian-packages.mjs';
import { ensureDependencies, log, nativeBuildsDone, nativeBuildsRunning, npm, root, run } from './lib/project.mjs';
import { runServerTestsOnPostgres } from './test-pg.mjs';

/** A tool installed in node_modules/.bin, run without npx's start-up. */
const bin = (/** @type {string} */ name) =>
  join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

/**
 * Prettier and ESLint remember each file's result by its content (in node_modules/.cache, with the
 * tool's version and configuration): a run in a working tree re-checks only the files that changed.
 * Neither tool's checks read other files' contents (no type-aware lint rules; import cycles are
 * scripts/check-architecture.mjs's; no-restricted-paths reads only where a file's imports lead, and
 * an import whose file moved fails the type checks), so a remembered result cannot go stale. The keys
 * are absolute paths: a fresh clone starts with none.
 */
const CONTENT_CACHE = ['--cache', '--cache-strategy', 'content'];
const ESLINT_CACHE = join(root, 'node_modules', '.cache', 'eslint') + '/';
/** A file of its own: a Prettier run without --cache (`npm run format`) deletes the default one. */
const PRETTIER_CACHE = join(root, 'node_modules', '.cache', 'prettier', 'check');

/** A niceness above the default: a check started while native modules compile yields the CPU to them. */
const BELOW_NATIVE_BUILDS = 10;

/**
 * Runs the checks side by side, one per core, in the order given (longest first). Each one's output is
 * printed whole when it ends, with its time, so two never interleave; any failure fails the step. A
 * check that needs the native modules waits for their build. The native build is one long compile on
 * the critical path, so checks started while it runs yield to it.
 * @param {Array<[string, string[], { afterNativeBuilds?: boolean }?]>} checks
 */
async function runChecks(checks) {
  const queue = [...checks];
  /** @type {string[]} */
  const failures = [];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [cmd, args, options] = next;
      if (options?.afterNativeBuilds) await nativeBuildsDone();
      const name = `${cmd.replace(`${root}/`, '').replace(process.execPath, 'node')} ${args.join(' ')}`;
      const t0 = Date.now();
      const child = spawn(cmd, args, { cwd: root, env: process.env });
      if (nativeBuildsRunning() && child.pid) setPriority(child.pid, BELOW_NATIVE_BUILDS);
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const code = await new Promise((resolve) => child.on('close', resolve));
      if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      log(`  ${code === 0 ? '✓' : '✗'} ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      if (code !== 0) failures.push(`${name} (exit ${code})`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(availableParallelism(), checks.length)) }, worker));
  if (failures.length) throw new Error(failures.join('; '));
}

/** Debian's packages for the later steps, installed (when missing) while the first steps run. */
let debianPackages = Promise.resolve();

/** @type {Array<[string, () => void | Promise<void>]>} */
const steps = [
  [
    'Debian packages',
    () => {
      debianPackages = installDebianPackagesInBackground(
        ['chromium', 'postgresql-15', 'nginx', 'pgbouncer', 'tini', 'prometheus'],
        log,
      );
    },
  ],
  // Packages first; native modules build meanwhile typecheck and lint run (they need none).
  ['install', () => ensureDependencies({ background: true })],
  // The same checks as `npm run typecheck` and `npm run lint`, the build and the tests that need no
  // native module, side by side while better-sqlite3 compiles. Longest first (CPU seconds measured
  // here: units 50, prettier 27, build 25, eslint 23, the two big type checks 12 each, architecture
  // 10, shared types 2), so that no long one starts last and runs on alone.
  [
    'checks, build and units',
    () =>
      runChecks([
        [bin('vitest'), ['run', '--project', 'client', '--project', 'shared']],
        [bin('prettier'), ['--check', '.', '--log-level=warn', ...CONTENT_CACHE, '--cache-location', PRETTIER_CACHE]],
        [process.execPath, ['scripts/build.mjs', '--no-install']],
        [bin('eslint'), ['.', '--max-warnings=0', ...CONTENT_CACHE, '--cache-location', ESLINT_CACHE]],
        // Type checks by TypeScript's native compiler (tsgo): the same programs as `tsc -p`, at a
        // quarter of the CPU. The server and the scripts are one program (the scripts import the
        // server): tsconfig.node.json.
        [bin('tsgo'), ['-p', 'tsconfig.node.json']],
        [bin('tsgo'), ['-p', 'client']],
        // No import cycle (files, server modules), modules entered through their faces.
        [process.execPath, ['scripts/check-architecture.mjs']],
        [bin('tsgo'), ['-p', 'shared']],
        // The OpenAPI document (built on SQLite: after the native build) linted by Spectral
        // (spectral:oas): no error, no warning.
        [process.execPath, ['scripts/api-lint.mjs'], { afterNativeBuilds: true }],
        // deploy/Dockerfile linted by dockerfile-utils.
        [process.execPath, ['scripts/dockerfile-lint.mjs']],
      ]),
  ],
  ['native modules', nativeBuildsDone],
  ['API tests', () => run(npm, ['run', 'test:unit', '--silent', '--', '--project', 'server'])],
  ['Debian packages in place', () => debianPackages],
  // deploy/alerts.yml through Prometheus's own checker.
  ['alert rules (promtool)', () => run(process.execPath, ['scripts/alerts-check.mjs'])],
  ['API tests on PostgreSQL', () => runServerTestsOnPostgres()],
  // deploy/nginx-site.conf through Debian's nginx (installed when root) in front of two built
  // instances on PostgreSQL: WebSocket, client address, a rolling restart under load, 503 envelopes.
  // A step of its own: beside the PostgreSQL API tests, one roll of its rolling restart once got a 503
  // on the busy machine; alone, none has.
  ['proxy (nginx, two instances)', () => run(process.execPath, ['scripts/proxy-test.mjs'])],
  [
    'browser tests',
    () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'gogo-e2e-'));
      try {
        run(npm, ['run', 'test:e2e', '--silent'], { E2E_DATA_DIR: dataDir });
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  ],
];

const started = Date.now();
const timings = [];
for (const [name, step] of steps) {
  const t0 = Date.now();
  log(`── ${name}`);
  try {
    await step();
  } catch (err) {
    console.error(`\n✗ ${name} failed: ${/** @type {Error} */ (err).message}`);
    if (timings.length)
      console.error(`  (before it: ${timings.join(', ')}; ${name} ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    process.exit(/** @type {any} */ (err).exitCode || 1);
  }
  timings.push(`${name} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
log(`All green in ${((Date.now() - started) / 1000).toFixed(1)} s (${timings.join(', ')})`);
