// Shared steps of the start, test and build wrappers: install what is missing, rebuild what changed.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isBuilt, NATIVE_BINARIES, restoreNative, saveNative } from './machine-cache.mjs';

/** @typedef {import('./machine-cache.mjs').NativePackage} NativePackage */

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** npm's command on this platform. */
export const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * The V8 flags every production start of the server runs with (npm start, npm run serve, the Docker
 * image's CMD, the systemd unit; the bench starts the project with them too): a young generation of
 * 32 MB semi-spaces. A roll allocates its answer, statements and rows, and with V8's default the
 * scavenger runs several times as often; measured here (docs/benchmarks.md) the server spends about
 * 8% less CPU per roll, for at most 64 MB more memory under load. dockerfile-lint checks the places.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];

/** @param {string} msg */
export function log(msg) {
  console.log(`\x1b[36m[gogo]\x1b[0m ${msg}`);
}

/**
 * Runs a command in the repo root with inherited output; throws on a non-zero exit.
 * @param {string} cmd @param {string[]} args @param {NodeJS.ProcessEnv} [env]
 */
export function run(cmd, args, env = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) {
    const err = new Error(`${cmd} ${args.join(' ')} failed with exit code ${res.status ?? res.signal}`);
    /** @type {any} */ (err).exitCode = res.status ?? 1;
    throw err;
  }
}

/**
 * Packages whose install scripts build or fetch native code (package.json "allowScripts"). esbuild's
 * script only checks its binary and takes a second: it runs first, so the builds (Vite, esbuild) can
 * start while the compiled ones build (machine-cache.mjs: each one only once per machine).
 */
const QUICK_NATIVE_PACKAGES = ['esbuild'];
const NATIVE_PACKAGES = /** @type {NativePackage[]} */ (Object.keys(NATIVE_BINARIES));

const nativeReady = () => NATIVE_PACKAGES.every((name) => isBuilt(root, name));

/**
 * npm ci when node_modules is missing or older than package-lock.json, then the native builds.
 * `background: true` returns as soon as the packages are in place and hands back the native builds
 * as a promise, so that work that needs no native code (typecheck, lint) can run meanwhile.
 * @param {{ background?: boolean }} [options]
 * @returns {Promise<void>}
 */
export function ensureDependencies({ background = false } = {}) {
  const lock = join(root, 'package-lock.json');
  const installed = join(root, 'node_modules', '.package-lock.json');
  const stale = !existsSync(installed) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs);
  if (!stale && nativeReady()) return Promise.resolve();
  const started = Date.now();
  if (stale) {
    log(
      existsSync(installed)
        ? 'package-lock.json changed: reinstalling dependencies…'
        : 'Installing dependencies (first run takes about 3 minutes)…',
    );
    // Scripts run below, for the packages allowed to have them, once the tree is complete. The lock
    // names every tarball with its hash: npm ci takes those already in npm's cache without asking the
    // registry again (--prefer-offline; measured 45 s against 71 s with a filled cache).
    run(
      npm,
      existsSync(lock)
        ? ['ci', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline']
        : ['install', '--no-audit', '--no-fund', '--ignore-scripts'],
    );
    log(`Packages in place in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  run(npm, ['rebuild', ...QUICK_NATIVE_PACKAGES]);
  const toBuild = NATIVE_PACKAGES.filter((name) => !restoreNative(root, name));
  if (toBuild.length === 0) {
    log('Native modules taken from this machine’s cache of earlier builds');
    return Promise.resolve();
  }
  log(`Building native modules: ${toBuild.join(', ')}…`);
  const builds = runAsync(npm, ['rebuild', ...toBuild], { JOBS: process.env.JOBS ?? 'max' }).then(() => {
    for (const name of toBuild) saveNative(root, name);
    pendingBuilds = null;
    log(`Dependencies ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
  builds.catch(() => {}); // reported by whoever awaits it; not an unhandled rejection meanwhile
  pendingBuilds = builds;
  return background ? Promise.resolve() : builds;
}

/** @type {Promise<void> | null} */
let pendingBuilds = null;

/** Waits for native builds that ensureDependencies({ background: true }) left running. */
export function nativeBuildsDone() {
  return pendingBuilds ?? Promise.resolve();
}

/** Whether native builds that ensureDependencies({ background: true }) started are still running. */
export const nativeBuildsRunning = () => pendingBuilds !== null;

/**
 * run() without blocking: output goes through, the promise rejects like run() throws.
 * @param {string} cmd @param {string[]} args @param {Record<string, string>} [env]
 * @returns {Promise<void>}
 */
export function runAsync(cmd, args, env = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) return resolvePromise();
      const err = new Error(`${cmd} ${args.join(' ')} failed with exit code ${code ?? signal}`);
      /** @type {any} */ (err).exitCode = code ?? 1;
      reject(err);
    });
  });
}

/** @param {string} dir @param {string[]} out */
function listFiles(dir, out) {
  if (!existsSync(dir)) return out;
  const st = statSync(dir);
  if (st.isFile()) {
    out.push(dir);
    return out;
  }
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    listFiles(join(dir, entry.name), out);
  }
  return out;
}

/**
 * A fingerprint of the inputs (path, size, mtime): cheap to compute, and it changes when a file is
 * edited, added or removed.
 * @param {string[]} inputs
 */
function fingerprint(inputs) {
  const files = inputs.flatMap((p) => listFiles(join(root, p), [])).sort();
  const hash = createHash('sha1');
  for (const f of files) {
    const st = statSync(f);
    hash.update(`${relative(root, f)}:${st.size}:${Math.floor(st.mtimeMs)}\n`);
  }
  return hash.digest('hex');
}

const shared = ['shared/src', 'package-lock.json'];
export const targets = {
  assets: {
    inputs: ['assets', 'scripts/assets'],
    output: 'client/public/generated/.stamp',
    build: () =>
      existsSync(join(root, 'scripts/assets/build.mjs')) && run(process.execPath, ['scripts/assets/build.mjs']),
  },
  client: {
    inputs: [
      'client/src',
      'client/index.html',
      'client/public',
      'client/vite.config.ts',
      'client/vite.prerender.config.ts',
      'scripts/prerender.mjs',
      ...shared,
    ],
    output: 'client/dist/index.html',
    build: () => run(npm, ['run', 'build:client', '--silent']),
  },
  server: {
    inputs: ['server/src', 'server/drizzle', 'scripts/build-server.mjs', ...shared],
    output: 'server/dist/server.js',
    build: () => run(npm, ['run', 'build:server', '--silent']),
  },
};

const stampFile = (/** @type {string} */ name) => join(root, `.build-stamp-${name}`);

/**
 * Whether a target's output is there and was built from its inputs as they are now.
 * @param {keyof typeof targets} name
 */
export function isBuildCurrent(name) {
  const file = stampFile(name);
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  return previous === fingerprint(targets[name].inputs) && existsSync(join(root, targets[name].output));
}

/**
 * Builds each target whose inputs changed since its last build (or whose output is missing).
 * `only` limits it to some targets (the bench needs the server alone).
 * @param {{force?: boolean, only?: (keyof typeof targets)[]}} [options]
 */
export function buildIfChanged({ force = false, only } = {}) {
  for (const [key, target] of Object.entries(targets)) {
    const name = /** @type {keyof typeof targets} */ (key);
    if (only && !only.includes(name)) continue;
    if (!force && isBuildCurrent(name)) continue;
    const started = Date.now();
    log(`Building ${name}…`);
    target.build();
    // Inputs may be touched by the build itself (generated assets): fingerprint after building.
    writeFileSync(stampFile(name), fingerprint(target.inputs));
    log(`Built ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

/** @returns {boolean} */
export function isRoot() {
  try {
    return execFileSync('id', ['-u']).toString().trim() === '0';
  } catch {
    return false;
  }
}

/** A free TCP port on loopback, for servers that scripts start on their own (bench, lighthouse). */
export function freePort() {
  return /** @type {Promise<number>} */ (
    new Promise((resolve, reject) => {
      const srv = createServer();
      srv.once('error', reject);
      srv.listen(0, '127.0.0.1', () => {
        const address = srv.address();
        const port = typeof address === 'object' && address ? address.port : 0;
        srv.close(() => resolve(port));
      });
    })
  );
}

/**
 * Waits until a started server answers its health URL.
 * @param {string} url @param {number} [timeoutMs]
 */
export async function waitForHealth(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
