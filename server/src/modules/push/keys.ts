import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { generateVapidKeys, type VapidKeys } from '../../settings/index.js';
import { pushRepo as repo } from './repo.js';

/**
 * The VAPID key pair: the one the settings give (environment, or DATA_DIR/secrets.json on SQLite),
 * else the one stored in the database, created by whichever instance needs it first (the insert
 * keeps the first pair; every instance then reads that one). Read once per process.
 */
export function vapidKeySource(
  database: Database,
  clock: Clock,
  configured: VapidKeys | null,
): () => Promise<VapidKeys> {
  let cached: Promise<VapidKeys> | null = configured ? Promise.resolve(configured) : null;
  const load = async (): Promise<VapidKeys> => {
    const stored = await repo.readKeys(database.read);
    if (stored) return stored;
    await database.write((tx) => repo.insertKeys(tx, generateVapidKeys(), clock()));
    const shared = await repo.readKeys(database.read);
    if (!shared) throw new Error('the VAPID key pair was not stored');
    return shared;
  };
  return () => {
    cached ??= load().catch((err: unknown) => {
      cached = null; // the next call tries again
      throw err;
    });
    return cached;
  };
}
