// What a PostgreSQL bench run costs the database: commits per roll (pg_stat_database.xact_commit of
// the target's database, every transaction counts, a read-only autocommit SELECT included, over the
// rolls the database stored) and WAL bytes per roll (pg_current_wal_lsn of the cluster, read around
// each measured load: the other target is idle meanwhile).
//
// Autovacuum's workers commit in the databases they clean, in proportion to the rows written and in
// bursts: commits per roll are counted with it paused (pauseAutovacuum), for both targets alike.
//
// A backend reports its transaction counters at most once a second while busy and within
// PGSTAT_IDLE_INTERVAL (10 s) once idle, so xact_commit is read only at the two ends of the measured
// pairs, each time after the servers have been idle for longer than that.
import pg from 'pg';

/** Longer than PostgreSQL's PGSTAT_IDLE_INTERVAL (10 s): by then every idle backend has reported. */
export const STATS_SETTLE_MS = 11_000;

/** @param {string} clusterUrl */
export async function openPgStats(clusterUrl) {
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  return {
    /** Transactions committed in database `name` so far. @param {string} name */
    async commits(name) {
      const { rows } = await client.query('SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = $1', [
        name,
      ]);
      return Number(rows[0]?.n ?? 0);
    },
    /**
     * Rolls stored in database `name` (both targets' tables are `rolls`). A connection of its own,
     * which commits in that database too (its start and the read): call it outside a counted window.
     * @param {string} name
     */
    async rollsStored(name) {
      const url = new URL(clusterUrl);
      url.pathname = `/${name}`;
      const own = new pg.Client({ connectionString: url.toString() });
      await own.connect();
      try {
        const { rows } = await own.query('SELECT count(*)::text AS n FROM rolls');
        return Number(rows[0]?.n ?? 0);
      } finally {
        await own.end();
      }
    },
    /** The cluster's WAL position in bytes. */
    async walBytes() {
      const { rows } = await client.query("SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text AS n");
      return Number(rows[0]?.n ?? 0);
    },
    /**
     * Stops autovacuum in the whole cluster (both targets' databases alike) and waits until its
     * workers have finished: they commit in the databases they clean.
     */
    async pauseAutovacuum() {
      await client.query('ALTER SYSTEM SET autovacuum = off');
      await client.query('SELECT pg_reload_conf()');
      for (let waited = 0; waited < 60_000; waited += 200) {
        const { rows } = await client.query(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'autovacuum worker'",
        );
        if (rows[0]?.n === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error('autovacuum workers still running 60 s after autovacuum was turned off');
    },
    /** Autovacuum as the cluster had it. */
    async resumeAutovacuum() {
      await client.query('ALTER SYSTEM RESET autovacuum');
      await client.query('SELECT pg_reload_conf()');
    },
    /** Waits until every idle backend has reported its counters. */
    settle: () => new Promise((resolve) => setTimeout(resolve, STATS_SETTLE_MS)),
    settleMs: STATS_SETTLE_MS,
    close: () => client.end(),
  };
}
