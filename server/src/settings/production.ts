import { ConfigError, intFrom, switchFrom } from './base.js';

// Running in production: abuse limits of free play, start-up and shutdown of a cluster member, and
// the timeouts that keep one stuck request or lock from stalling an instance.

/** Database and HTTP timeouts, each a setting (milliseconds; 0 turns one off). */
export interface Timeouts {
  /** PG_STATEMENT_TIMEOUT_MS: PostgreSQL's statement_timeout on every pool connection. */
  statementMs: number;
  /** PG_LOCK_TIMEOUT_MS: PostgreSQL's lock_timeout: a statement waiting this long for a row lock gives up. */
  lockMs: number;
  /** PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: idle_in_transaction_session_timeout. */
  idleInTransactionMs: number;
  /** SQLITE_BUSY_TIMEOUT_MS: how long SQLite waits for another process's write lock. */
  sqliteBusyMs: number;
  /** HTTP_REQUEST_TIMEOUT_MS: Fastify's requestTimeout (whole request received within it). */
  requestMs: number;
  /** HTTP_CONNECTION_TIMEOUT_MS: Fastify's connectionTimeout (an idle socket closes after it). */
  connectionMs: number;
  /** HTTP_KEEP_ALIVE_TIMEOUT_MS: Fastify's keepAliveTimeout (above the proxy's, so the proxy closes first). */
  keepAliveMs: number;
}

export interface ProductionSettings {
  /** SIGNUPS_PER_IP_PER_HOUR: new accounts per source address per hour (429 beyond); 0: no limit. */
  signupsPerIpPerHour: number;
  /**
   * WITHDRAW_FREE_WINS_AFTER_DEPOSIT: GOGO won with free dice becomes withdrawable only once the
   * player has an approved deposit (or dice purchase).
   */
  freeWinsNeedDeposit: boolean;
  /** MIGRATE_ON_START: apply pending migrations when the server starts (off: `npm run db:migrate` does it). */
  migrateOnStart: boolean;
  /**
   * SHUTDOWN_DRAIN_MS: after SIGTERM, /api/ready answers 503 for this long while the instance keeps
   * serving, so that the proxy stops sending before the instance stops listening.
   */
  drainMs: number;
  /** CLUSTER: this instance is one of several (shared database and secret required). */
  cluster: boolean;
  timeouts: Timeouts;
}

export const defaultTimeouts: Timeouts = {
  statementMs: 10_000,
  lockMs: 3_000,
  idleInTransactionMs: 30_000,
  sqliteBusyMs: 5_000,
  requestMs: 30_000,
  connectionMs: 0,
  keepAliveMs: 72_000,
};

export const defaultProductionSettings: ProductionSettings = {
  signupsPerIpPerHour: 10,
  freeWinsNeedDeposit: true,
  migrateOnStart: true,
  drainMs: 0,
  cluster: false,
  timeouts: defaultTimeouts,
};

/** The drain `npm run serve` uses unless SHUTDOWN_DRAIN_MS says otherwise (a proxy notices within it). */
export const SERVE_DRAIN_MS = 3_000;

export function parseTimeouts(env: NodeJS.ProcessEnv): Timeouts {
  const d = defaultTimeouts;
  return {
    statementMs: intFrom(env.PG_STATEMENT_TIMEOUT_MS, d.statementMs, 'PG_STATEMENT_TIMEOUT_MS'),
    lockMs: intFrom(env.PG_LOCK_TIMEOUT_MS, d.lockMs, 'PG_LOCK_TIMEOUT_MS'),
    idleInTransactionMs: intFrom(
      env.PG_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      d.idleInTransactionMs,
      'PG_IDLE_IN_TRANSACTION_TIMEOUT_MS',
    ),
    sqliteBusyMs: intFrom(env.SQLITE_BUSY_TIMEOUT_MS, d.sqliteBusyMs, 'SQLITE_BUSY_TIMEOUT_MS'),
    requestMs: intFrom(env.HTTP_REQUEST_TIMEOUT_MS, d.requestMs, 'HTTP_REQUEST_TIMEOUT_MS'),
    connectionMs: intFrom(env.HTTP_CONNECTION_TIMEOUT_MS, d.connectionMs, 'HTTP_CONNECTION_TIMEOUT_MS'),
    keepAliveMs: intFrom(env.HTTP_KEEP_ALIVE_TIMEOUT_MS, d.keepAliveMs, 'HTTP_KEEP_ALIVE_TIMEOUT_MS'),
  };
}

export function parseProductionSettings(
  env: NodeJS.ProcessEnv,
  shared: { databaseUrl: string | null; jwtSecretSet: boolean; trustProxySet: boolean },
): ProductionSettings {
  const d = defaultProductionSettings;
  const cluster = switchFrom(env.CLUSTER, false, 'CLUSTER');
  // A member of a cluster on its own SQLite file or its own generated secret splits the site in two
  // without a word: refuse to start instead. TRUST_PROXY alone (one instance behind a proxy) is fine.
  if (cluster && shared.databaseUrl === null) {
    throw new ConfigError('CLUSTER=1 needs DATABASE_URL: every instance must share one PostgreSQL database');
  }
  if (cluster && !shared.jwtSecretSet) {
    throw new ConfigError('CLUSTER=1 needs JWT_SECRET: every instance must sign tokens with the same secret');
  }
  return {
    signupsPerIpPerHour: intFrom(env.SIGNUPS_PER_IP_PER_HOUR, d.signupsPerIpPerHour, 'SIGNUPS_PER_IP_PER_HOUR'),
    freeWinsNeedDeposit: switchFrom(
      env.WITHDRAW_FREE_WINS_AFTER_DEPOSIT,
      d.freeWinsNeedDeposit,
      'WITHDRAW_FREE_WINS_AFTER_DEPOSIT',
    ),
    migrateOnStart: switchFrom(env.MIGRATE_ON_START, d.migrateOnStart, 'MIGRATE_ON_START'),
    drainMs: intFrom(env.SHUTDOWN_DRAIN_MS, d.drainMs, 'SHUTDOWN_DRAIN_MS'),
    cluster,
    timeouts: parseTimeouts(env),
  };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** LOG_LEVEL: one of pino's levels; anything else refuses to start with one line. */
export function logLevelFrom(raw: string | undefined): string {
  if (raw === undefined || raw === '') return 'info';
  if (!LOG_LEVELS.includes(raw))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; got "${raw}"`);
  return raw;
}
