import type { FastifyServerOptions } from 'fastify';
import { type AppConfig } from '../settings/index.js';
import type { Database } from '../db/client.js';
import { type Clock } from '../lib/clock.js';
import { type AfterRollStep } from '../modules/game/index.js';
import { type RealtimeTuning } from '../modules/realtime/index.js';

/** What the process (server.ts) and the tests give buildApp. */
export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Where the built client lives; omitted in API tests. */
  clientDistDir?: string;
  /** Tests shorten the socket's timers and limits (heartbeat, auth timeout, caps). */
  realtime?: RealtimeTuning;
  /** Tests add after-roll steps of their own; they run after the app's steps, in this order. */
  afterRoll?: readonly AfterRollStep[];
  /** True once the process is shutting down: /api/ready answers 503 so the proxy stops sending. */
  draining?: () => boolean;
}
