import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { clientDistDir } from './paths.js';
import { bootstrapFirstAdmin } from './modules/auth/admins.js';

/** The process: configuration, logger, listen, graceful close. Everything else is in app.ts. */
async function main() {
  const config = loadConfig();
  let onCheckpointFailure = (reason: string) => console.error(`background WAL checkpoint failed: ${reason}`);
  const database = openDatabase(config.databaseFile, {
    backgroundCheckpoint: true,
    onCheckpointFailure: (reason) => onCheckpointFailure(reason),
  });
  const app = await buildApp({
    config,
    database,
    clientDistDir,
    logger: { level: config.logLevel },
  });

  onCheckpointFailure = (reason) =>
    app.log.error({ reason }, 'background WAL checkpoint failed; SQLite checkpoints automatically again');

  if (config.adminBootstrap) {
    const admin = await bootstrapFirstAdmin(database, config.adminBootstrap, Date.now());
    if (admin) app.log.info({ username: admin.username }, 'created the first admin from ADMIN_USERNAME');
  }

  let closing = false;
  // While closing, each answer ends its keep-alive socket, so in-flight requests finish and the
  // server can close without waiting for idle clients to time out.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // app.close() stops accepting, waits for in-flight requests, then the onClose hook closes SQLite.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`GOGO Board is serving on http://${config.host}:${config.port} (data in ${config.dataDir})`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
