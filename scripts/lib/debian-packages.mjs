// The Debian packages that tests and benchmarks run: installed with apt-get when missing and running
// as root; otherwise the command that installs them is printed and the process exits.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { isRoot } from './project.mjs';

/** @typedef {'chromium' | 'postgresql-15' | 'nginx' | 'pgbouncer' | 'tini' | 'prometheus'} DebianPackage */

/** Each package, by the file that shows it installed and what needs it. */
export const DEBIAN_PACKAGES = {
  chromium: { file: '/usr/bin/chromium', neededBy: 'the browser tests' },
  'postgresql-15': { file: '/usr/lib/postgresql/15/bin/initdb', neededBy: 'the PostgreSQL tests' },
  nginx: { file: '/usr/sbin/nginx', neededBy: 'the proxy test' },
  pgbouncer: { file: '/usr/sbin/pgbouncer', neededBy: 'the API tests through PgBouncer' },
  tini: { file: '/usr/bin/tini', neededBy: "the proxy test (the Docker image's start command)" },
  prometheus: { file: '/usr/bin/promtool', neededBy: 'the alert rules check (promtool)' },
};

const APT_ENV = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };

/** @param {DebianPackage[]} names */
const missing = (names) => names.filter((name) => !existsSync(DEBIAN_PACKAGES[name].file));

/**
 * Exits with the command to run when packages are missing and this process may not install them.
 * @param {DebianPackage[]} absent
 */
function exitUnlessRoot(absent) {
  if (isRoot()) return;
  for (const name of absent) console.error(`Debian's ${name} is needed by ${DEBIAN_PACKAGES[name].neededBy}.`);
  console.error(
    `Install ${absent.length > 1 ? 'them' : 'it'} with:\n  sudo apt-get update && sudo apt-get install -y ${absent.join(' ')}\nthen run the command again.`,
  );
  process.exit(1);
}

/** @param {DebianPackage[]} absent @param {number | null} status */
function checkInstalled(absent, status) {
  const still = missing(absent);
  if (status !== 0 || still.length) {
    throw new Error(
      `apt-get install -y ${absent.join(' ')} failed (exit ${status}); still missing: ${still.join(' ')}`,
    );
  }
}

/**
 * Installs the missing packages, waiting for apt-get.
 * @param {DebianPackage[]} names @param {(msg: string) => void} log
 */
export function ensureDebianPackages(names, log) {
  const absent = missing(names);
  if (absent.length === 0) return;
  exitUnlessRoot(absent);
  log(`Installing Debian ${absent.join(', ')}…`);
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: APT_ENV });
  const res = spawnSync('apt-get', ['install', '-y', '-qq', ...absent], { stdio: 'inherit', env: APT_ENV });
  checkInstalled(absent, res.status);
}

/**
 * Installs the missing packages in one apt-get run in the background, which waits mostly on the
 * network and the disk: work that needs none of them goes on meanwhile. The promise settles when they
 * are in place; apt-get's output is printed only when it fails. Without root, exits at once with the
 * command that installs them all, rather than at the first step that needs one. A failing step that
 * ends the process leaves apt-get to finish: cut short, it would leave dpkg half done.
 * @param {DebianPackage[]} names @param {(msg: string) => void} log
 * @returns {Promise<void>}
 */
export function installDebianPackagesInBackground(names, log) {
  const absent = missing(names);
  if (absent.length === 0) return Promise.resolve();
  exitUnlessRoot(absent);
  log(`Installing Debian ${absent.join(', ')} in the background…`);
  const started = Date.now();
  const script = `apt-get update -qq && apt-get install -y -qq ${absent.join(' ')}`;
  const installed = new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', script], { env: APT_ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (status) => {
      try {
        checkInstalled(absent, status);
        log(`Debian ${absent.join(', ')} installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        resolve(undefined);
      } catch (err) {
        process.stderr.write(output);
        reject(err);
      }
    });
  });
  installed.catch(() => {}); // reported by whoever awaits it; not an unhandled rejection meanwhile
  return installed;
}
