import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { createSweeper } from '../../lib/sweeper.js';
import { DEFAULT_PUSH_SWEEP_MS, type PushConfig } from '../../settings/index.js';
import { webPushDelivery } from './delivery.js';
import { vapidKeySource } from './keys.js';
import { pushRoutes } from './routes.js';
import { createPushSender } from './sender.js';
import { createPushService } from './service.js';

/**
 * Web push in the app: the player's routes, and the sender that every instance runs on an interval
 * (each notification is claimed once, whichever instance gets it first).
 */
export async function registerPush(
  app: FastifyInstance,
  deps: {
    database: Database;
    clock: Clock;
    /** Unset (tests): keys from the database, the default sweep, loopback http when `test`. */
    config: PushConfig | undefined;
    supportEmail: string;
    test: boolean;
    usernameOf: (userId: number) => Promise<string | null>;
  },
) {
  const { database, clock } = deps;
  const config: PushConfig = deps.config ?? {
    vapid: null,
    subject: `mailto:${deps.supportEmail}`,
    sweepMs: DEFAULT_PUSH_SWEEP_MS,
    allowLoopbackHttp: deps.test,
  };
  const vapid = vapidKeySource(database, clock, config.vapid);
  const service = createPushService({ database, clock, vapid, allowLoopbackHttp: config.allowLoopbackHttp });
  const sender = createPushSender({
    database,
    clock,
    deliver: webPushDelivery(vapid, config.subject),
    log: app.log,
    usernameOf: deps.usernameOf,
  });
  const sweeper = createSweeper({
    everyMs: config.sweepMs,
    run: () => sender.sweep(),
    onError: (err) => app.log.error({ err }, 'push sweep failed; the next sweep retries'),
  });
  app.addHook('onReady', async () => sweeper.start());
  app.addHook('preClose', async () => sweeper.stop());
  await app.register(pushRoutes, { service });
  return { service, sweep: sweeper.runOnce };
}
