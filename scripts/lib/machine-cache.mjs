// What is kept per machine, outside any checkout: compiled native modules (the way ccache keeps
// objects) and tools installed on first use.
//
// Native modules: no prebuilt binary is reachable here, so better-sqlite3 compiles SQLite from source
// on every clean checkout, two minutes of one core on the critical path of `npm start` and `npm test`.
// A binary is reused only for the same package version, Node ABI, platform and architecture, and only
// after it loads in a fresh Node.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Each native package and the binary its install script builds. */
export const NATIVE_BINARIES = /** @type {const} */ ({
  'better-sqlite3': 'build/Release/better_sqlite3.node',
  argon2: 'build/Release/argon2.node',
});

/** @typedef {keyof typeof NATIVE_BINARIES} NativePackage */

/**
 * A folder of this machine's cache: under GOGO_CACHE_DIR, else XDG_CACHE_HOME or ~/.cache, gogo-board.
 * @param {string} name
 */
export function machineCacheDir(name) {
  const base =
    process.env.GOGO_CACHE_DIR || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'gogo-board');
  return join(base, name);
}

/** @param {string} root @param {NativePackage} name */
const builtPath = (root, name) => join(root, 'node_modules', name, NATIVE_BINARIES[name]);

/** @param {string} root @param {NativePackage} name */
export const isBuilt = (root, name) => existsSync(builtPath(root, name));

/** @param {string} root @param {NativePackage} name */
function cachedPath(root, name) {
  const { version } = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'));
  const abi = `node-abi${process.versions.modules}-${process.platform}-${process.arch}`;
  return join(machineCacheDir('native'), `${name}-${version}-${abi}.node`);
}

/** @param {string} file */
const loads = (file) =>
  spawnSync(process.execPath, ['-e', 'require(process.argv[1])', file], { stdio: 'ignore' }).status === 0;

/**
 * Puts the cached binary of `name` in place when there is one that loads; a cached binary that does
 * not load is dropped. Answers whether the package is ready without a build.
 * @param {string} root @param {NativePackage} name
 */
export function restoreNative(root, name) {
  if (isBuilt(root, name)) return true;
  const cached = cachedPath(root, name);
  if (!existsSync(cached)) return false;
  const target = builtPath(root, name);
  mkdirSync(join(target, '..'), { recursive: true });
  copyFileSync(cached, target);
  if (loads(target)) return true;
  rmSync(target, { force: true });
  rmSync(cached, { force: true });
  return false;
}

/**
 * Keeps the freshly built binary of `name` for the next clean checkout. Best effort: a cache that
 * cannot be written only costs the next build its time.
 * @param {string} root @param {NativePackage} name
 */
export function saveNative(root, name) {
  try {
    const cached = cachedPath(root, name);
    mkdirSync(join(cached, '..'), { recursive: true });
    const partial = `${cached}.${process.pid}.tmp`;
    copyFileSync(builtPath(root, name), partial);
    renameSync(partial, cached); // whole or absent, even with two checkouts building at once
  } catch {
    // left uncached
  }
}
