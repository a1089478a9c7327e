// Debian's nginx for tests: the project's site (deploy/nginx-site.conf) run from a directory of its own
// (pid, logs and temp files inside it), on loopback ports. Only the listen and upstream addresses are
// rendered into a copy: everything else is the file as deployed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEBIAN_PACKAGES } from './debian-packages.mjs';
import { isRoot, root } from './project.mjs';

export const NGINX = DEBIAN_PACKAGES.nginx.file;
export const SITE = join(root, 'deploy', 'nginx-site.conf');

/**
 * The site with its listen port and upstream servers replaced; throws when the file does not have
 * exactly one `listen` and as many upstream `server` lines as ports given (the test would not test it).
 * @param {string} text @param {{ listen: number, upstreams: number[] }} ports
 */
export function renderSite(text, { listen, upstreams }) {
  const servers = [...text.matchAll(/^(\s*server\s+)127\.0\.0\.1:\d+/gm)];
  const listens = [...text.matchAll(/^\s*listen\s+\d+(\s+default_server)?;/gm)];
  if (servers.length !== upstreams.length || listens.length !== 1) {
    throw new Error(
      `${SITE}: expected one "listen N;" and ${upstreams.length} "server 127.0.0.1:PORT" lines, found ${listens.length} and ${servers.length}`,
    );
  }
  let i = 0;
  return text
    .replace(/^(\s*server\s+)127\.0\.0\.1:\d+/gm, (_m, lead) => `${lead}127.0.0.1:${upstreams[i++]}`)
    .replace(
      /^(\s*)listen\s+\d+(\s+default_server)?;/m,
      (_m, lead, rest = '') => `${lead}listen 127.0.0.1:${listen}${rest};`,
    );
}

/**
 * Starts nginx in the foreground with the rendered site; stop() ends it and removes its directory.
 * @param {{ listen: number, upstreams: number[], siteText?: string }} options
 */
export async function startNginx({ listen, upstreams, siteText = readFileSync(SITE, 'utf8') }) {
  const dir = mkdtempSync(join(tmpdir(), 'gogo-nginx-'));
  for (const sub of ['client', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
  writeFileSync(join(dir, 'site.conf'), renderSite(siteText, { listen, upstreams }));
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    [
      // As root the workers would switch to nobody, who cannot enter this private directory.
      isRoot() ? 'user root;' : '',
      'worker_processes 1;',
      'daemon off;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      // As README's nginx steps size them: a socket through nginx holds two connections.
      'worker_rlimit_nofile 8192;',
      'events { worker_connections 4096; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${join(dir, 'client')};`,
      `  proxy_temp_path ${join(dir, 'proxy')};`,
      `  fastcgi_temp_path ${join(dir, 'fastcgi')};`,
      `  uwsgi_temp_path ${join(dir, 'uwsgi')};`,
      `  scgi_temp_path ${join(dir, 'scgi')};`,
      `  include ${join(dir, 'site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-p', dir, '-c', conf, '-e', join(dir, 'error.log')];
  const check = spawnSync(NGINX, [...args, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused the site:\n${check.stderr}`);
  const child = spawn(NGINX, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGQUIT');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', () => child.kill('SIGKILL'));
  const base = `http://127.0.0.1:${listen}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      const errors = existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '';
      await stop();
      throw new Error(`nginx did not proxy /api/health on ${base}:\n${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { base, dir, stop, errorLog: () => readFileSync(join(dir, 'error.log'), 'utf8') };
}
