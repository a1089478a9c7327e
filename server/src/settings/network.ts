import { isIP } from 'node:net';
import { ConfigError, urlFrom } from './base.js';

// Where the server listens and what it trusts: the database URL, proxies, the metrics token, the public URL.

export const DEFAULT_POOL_MAX = 10;

/** DATABASE_URL: postgres:// or postgresql:// with a host and a database name; anything else is refused. */
export function parseDatabaseUrl(raw: string | undefined, name = 'DATABASE_URL'): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  const value = raw.trim();
  const url = urlFrom(value, `${name} must be a URL like postgres://user:password@host:5432/gogo`);
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(
      `${name} must start with postgres:// or postgresql:// (got ${url.protocol}//); unset it to use SQLite`,
    );
  }
  if (url.hostname === '' || url.pathname.replace(/^\/+/, '') === '') {
    throw new ConfigError(`${name} needs a host and a database name, like postgres://user:password@host:5432/gogo`);
  }
  return value;
}

/**
 * DATABASE_POOLER (none or pgbouncer) and DATABASE_DIRECT_URL: PgBouncer in transaction mode keeps no
 * session, so LISTEN, the migrations' advisory lock and leader locks need the database itself.
 */
export function parseDatabasePooler(
  env: NodeJS.ProcessEnv,
  databaseUrl: string | null,
): { pooler: 'pgbouncer' | null; directUrl: string | null } {
  const raw = (env.DATABASE_POOLER ?? '').trim().toLowerCase();
  if (raw !== '' && raw !== 'none' && raw !== 'pgbouncer') {
    throw new ConfigError(`DATABASE_POOLER must be none or pgbouncer, got "${env.DATABASE_POOLER}"`);
  }
  const pooler = raw === 'pgbouncer' ? 'pgbouncer' : null;
  const directUrl = parseDatabaseUrl(env.DATABASE_DIRECT_URL, 'DATABASE_DIRECT_URL');
  if (pooler && databaseUrl === null) throw new ConfigError('DATABASE_POOLER=pgbouncer needs DATABASE_URL');
  if (pooler && directUrl === null) {
    throw new ConfigError(
      'DATABASE_POOLER=pgbouncer needs DATABASE_DIRECT_URL: the database itself, past PgBouncer, for LISTEN, migrations and leader locks',
    );
  }
  return { pooler, directUrl };
}

// proxy-addr's named ranges, accepted by Fastify's trustProxy beside addresses and CIDRs.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const slash = entry.indexOf('/');
  if (slash < 0) return isIP(entry) !== 0;
  const family = isIP(entry.slice(0, slash));
  const bits = entry.slice(slash + 1);
  if (family === 0 || !/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: a comma list of proxy addresses or CIDRs (e.g. "127.0.0.1,10.0.0.0/8"); unset: null. */
export function parseTrustProxy(raw: string | undefined): string[] | null {
  if (raw === undefined || raw.trim() === '') return null;
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    if (!isProxyEntry(entry)) {
      throw new ConfigError(
        `TRUST_PROXY must list proxy addresses or CIDRs separated by commas, like 127.0.0.1,10.0.0.0/8; "${entry}" is neither`,
      );
    }
  }
  return entries.length > 0 ? entries : null;
}

/** METRICS_TOKEN: at least 16 characters without spaces, so that a guessable token cannot open /metrics. */
export function parseMetricsToken(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  if (!/^\S{16,}$/.test(raw)) throw new ConfigError('METRICS_TOKEN must be at least 16 characters without spaces');
  return raw;
}

export function publicUrlFrom(value: string | undefined, port: number): string {
  const raw = value === undefined || value === '' ? `http://localhost:${port}` : value.trim();
  const url = urlFrom(raw, `PUBLIC_URL must be an absolute http(s) URL, got "${raw}"`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`PUBLIC_URL must be an absolute http(s) URL, got "${raw}"`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}
