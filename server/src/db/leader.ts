import type pg from 'pg';
import type { Database } from './database.js';
import type { PostgresDatabase } from './postgres.js';

/**
 * "Only one of the instances does this": a job that must not run twice at once across the cluster
 * (the chain watcher) holds this before each run. PostgreSQL: a session advisory lock on a connection
 * kept for the purpose, so that it is let go when the instance or its connection dies. SQLite: the
 * database belongs to one process, which always holds it.
 */
export interface LeaderLock {
  /** True while this instance holds the lock (takes it when free). */
  hold(): Promise<boolean>;
  release(): Promise<void>;
}

export function leaderLock(database: Database, key: number): LeaderLock {
  if (database.engine !== 'postgres') return { hold: async () => true, release: async () => undefined };
  const pool = (database as PostgresDatabase).sessionPool;
  let client: pg.PoolClient | null = null;
  let lost = false;
  const onError = () => {
    lost = true;
  };

  async function drop() {
    const c = client;
    client = null;
    if (!c) return;
    c.off('error', onError);
    c.release(true);
  }

  return {
    async hold() {
      if (lost) {
        lost = false;
        await drop();
      }
      try {
        if (client) {
          // Still ours while the session lives; a cheap query proves the session does.
          await client.query('SELECT 1');
          return true;
        }
        const c = await pool.connect();
        c.on('error', onError);
        // Until it holds the lock the connection is ours to give back, whatever happens.
        let rows: Array<{ ok: boolean }>;
        try {
          ({ rows } = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [key]));
        } catch (err) {
          c.off('error', onError);
          c.release(true);
          throw err;
        }
        if (rows[0]?.ok) {
          client = c;
          return true;
        }
        c.off('error', onError);
        c.release();
        return false;
      } catch {
        await drop();
        return false;
      }
    },
    async release() {
      const c = client;
      if (!c) return;
      try {
        await c.query('SELECT pg_advisory_unlock($1)', [key]);
        c.off('error', onError);
        client = null;
        c.release();
      } catch {
        await drop();
      }
    },
  };
}
