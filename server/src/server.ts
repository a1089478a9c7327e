import { ConfigError, loadConfig } from './settings/index.js';
import { connectDatabase } from './db/client.js';
import { DatabaseUnavailableError } from './db/errors.js';
import { defaultProductionSettings } from './settings/production.js';
import { buildApp } from './app.js';
import { clientDistDir } from './paths.js';
import { fileOffsetClock } from './lib/test-clock.js';
import { bootstrapFirstAdmin, checkTokenSecret, SecretMismatchError } from './modules/auth/index.js';
import { trackConnections } from './lib/connection-drain.js';

/** After the listener closes, how long accepted requests may take before the process exits anyway. */
const SHUTDOWN_FINISH_LIMIT_MS = 10_000;

/** The process: configuration, logger, listen, graceful close. Everything else is in app.ts. */
async function main() {
  const config = loadConfig();
  const production = config.production ?? defaultProductionSettings;
  const { timeouts } = production;
  let onCheckpointFailure = (reason: string) => console.error(`background WAL checkpoint failed: ${reason}`);
  let onPoolError = (err: unknown) => console.error('idle database connection failed', err);
  let onEventsError = (err: unknown) => console.error('realtime event bus failed', err);
  const database = await connectDatabase({
    url: config.databaseUrl ?? null,
    file: config.databaseFile,
    poolMax: config.databasePoolMax,
    pooler: config.databasePooler ?? null,
    directUrl: config.databaseDirectUrl ?? null,
    readUrl: config.databaseReadUrl ?? null,
    ...(config.databaseReadPoolMax ? { readPoolMax: config.databaseReadPoolMax } : {}),
    backgroundCheckpoint: true,
    onCheckpointFailure: (reason) => onCheckpointFailure(reason),
    onPoolError: (err) => onPoolError(err),
    onEventsError: (err) => onEventsError(err),
    statementTimeoutMs: timeouts.statementMs,
    lockTimeoutMs: timeouts.lockMs,
    idleInTransactionTimeoutMs: timeouts.idleInTransactionMs,
    busyTimeoutMs: timeouts.sqliteBusyMs,
    migrate: production.migrateOnStart,
    guardNestedWrites: config.env === 'test',
  }).catch((err: unknown) => {
    const where = config.databaseUrl ? `PostgreSQL at ${redactUrl(config.databaseUrl)}` : config.databaseFile;
    throw new StartupError(`cannot open the database (${where}): ${reasonOf(err)}`);
  });

  // Instances on one database sign tokens with one secret (or refuse to start: one line, no stack).
  await checkTokenSecret(
    database,
    { current: config.jwtSecret, previous: config.jwtPreviousSecrets ?? [] },
    Date.now(),
  ).catch((err: unknown) => {
    throw err instanceof SecretMismatchError ? new StartupError(err.message) : err;
  });

  let draining = false;
  const app = await buildApp({
    config,
    database,
    clientDistDir,
    // Browser tests move the server's time forward through this file instead of waiting (refused in production).
    ...(config.testClockFile ? { clock: fileOffsetClock(config.testClockFile) } : {}),
    logger: { level: config.logLevel },
    draining: () => draining,
  });

  onCheckpointFailure = (reason) =>
    app.log.error({ reason }, 'background WAL checkpoint failed; SQLite checkpoints automatically again');
  onPoolError = (err) => app.log.warn({ err }, 'an idle database connection failed; the pool replaces it');
  // The LISTEN connection reconnects by itself; its sockets get a resync when it is back.
  onEventsError = (err) => app.log.warn({ err }, 'realtime event bus (LISTEN/NOTIFY) failed; reconnecting');

  if (config.adminBootstrap) {
    const admin = await bootstrapFirstAdmin(database, config.adminBootstrap, Date.now());
    if (admin) app.log.info({ username: admin.username }, 'created the first admin from ADMIN_USERNAME');
  }

  // Every accepted connection is known, so that the drain closes only those with no request on them.
  const connections = trackConnections(app.server);
  // From SIGTERM on, each answer ends its keep-alive socket: a proxy opens a fresh connection for
  // its next request (to whichever instance is still ready), so by the end of the drain no proxy
  // holds a kept-alive connection here that could be closed under a request it is sending.
  app.addHook('onSend', (_request, reply, _payload, done) => {
    if (draining) reply.header('connection', 'close');
    done();
  });
  let signalledAt = 0;
  const shutdown = (signal: string) => {
    if (draining) return;
    draining = true;
    signalledAt = Date.now();
    // First /api/ready answers 503 while everything else is still served (SHUTDOWN_DRAIN_MS), so the
    // proxy stops sending here; then the listener closes, every accepted connection is served to the
    // end, and the process exits.
    app.log.info({ signal, drainMs: production.drainMs }, 'shutting down: draining');
    setTimeout(() => closeNow(), production.drainMs).unref();
  };
  const closeNow = () => {
    app.log.info({ open: connections.open() }, 'shutting down: no longer accepting; serving what was accepted');
    const force = setTimeout(() => {
      app.log.error({ open: connections.open() }, 'shutting down: connections still open after the limit; exiting');
      process.exit(1);
    }, SHUTDOWN_FINISH_LIMIT_MS);
    force.unref();
    // app.close() stops accepting and waits until every connection has closed; the sweep closes those at
    // rest meanwhile (connections accepted but not yet read are served, not reset). Then the onClose
    // hook closes the database (SQLite's connections, or PostgreSQL's pool once its clients are back).
    void connections.settled();
    app.close().then(
      () => {
        app.log.info({ ms: Date.now() - signalledAt }, 'shut down: every accepted request answered');
        process.exit(0);
      },
      (err: unknown) => {
        app.log.error({ err }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host }).catch((err: unknown) => {
    const code = (err as { code?: unknown }).code;
    if (code === 'EADDRINUSE')
      throw new StartupError(`port ${config.port} is already in use (set PORT to another one)`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
      throw new StartupError(`HOST ${config.host} is not an address of this machine (try 127.0.0.1 or 0.0.0.0)`);
    }
    if (code === 'EACCES') throw new StartupError(`port ${config.port} needs privileges this user does not have`);
    throw err;
  });
  const where = config.databaseUrl ? `PostgreSQL at ${redactUrl(config.databaseUrl)}` : `data in ${config.dataDir}`;
  app.log.info(`GOGO Board is serving on http://${config.host}:${config.port} (${where})`);
}

/** The URL without its password, for logs. */
function redactUrl(raw: string): string {
  const url = new URL(raw);
  if (url.password) url.password = '***';
  return url.toString();
}

/** A failure at start that the operator must fix; its message is the whole story. */
class StartupError extends Error {}

/** One line about why the database refused: the driver's message or code (Node's AggregateError has none). */
function reasonOf(err: unknown): string {
  const e = err as { reason?: unknown; message?: unknown; code?: unknown; errors?: Array<{ message?: unknown }> };
  const text =
    err instanceof DatabaseUnavailableError
      ? err.reason
      : String(e?.message || e?.errors?.[0]?.message || e?.code || err);
  return (text || String(e?.code ?? 'no answer')).replace(/\s+/g, ' ').trim();
}

main().catch((err: unknown) => {
  // A setting or database the operator must fix: one clear line, no stack.
  if (err instanceof ConfigError || err instanceof StartupError)
    console.error(`GOGO Board cannot start: ${err.message}`);
  else console.error(err);
  process.exit(1);
});
