// npm run bench:wal [-- --events=3 --duration=4 --connections=20 --players=200]: where a roll's WAL
// goes, for the project and the bare anchor, each on its own database of one throwaway PostgreSQL 15
// cluster (the bench's settings: fsync and full-page writes off, so no full-page images).
//
// After a warm-up load and a CHECKPOINT, one load per target; pg_walinspect's records between the
// two WAL positions are summed per relation (the block a record touches, named from pg_class) and
// record type, divided by the rolls answered. --events=N: every project player joins N live events
// first (each adds a write of its entry per roll). pg_stat_statements gives the statements' mean
// time. Not part of npm test.
import { loadavg } from 'node:os';
import { buildIfChanged, log } from '../lib/project.mjs';
import { numberOption } from '../lib/number-option.mjs';
import { measure } from './load.mjs';
import { createDatabase, startAnchorTarget, startProjectTarget } from './targets.mjs';

const settings = {
  events: numberOption('events', 0, { allowZero: true }),
  duration: numberOption('duration', 4),
  connections: numberOption('connections', 20),
  players: numberOption('players', 200),
};

/**
 * WAL records between two positions, per relation and record type, named in the client's database.
 * @param {import('pg').Client} client @param {string} start @param {string} end
 * @returns {Promise<{ rel: string, kind: string, records: number, bytes: number, fpi: number }[]>}
 */
async function walBy(client, start, end) {
  const { rows } = await client.query(
    `WITH r AS (
       SELECT resource_manager || '/' || split_part(record_type, ' ', 1) AS kind, record_length, fpi_length,
              substring(block_ref from 'rel \\d+/\\d+/(\\d+)') AS node
         FROM pg_get_wal_records_info($1::pg_lsn, $2::pg_lsn))
     SELECT coalesce(c.relname, CASE WHEN r.node IS NULL THEN '(no relation)' ELSE '(other database)' END) AS rel,
            r.kind, count(*)::int AS records, sum(r.record_length)::int AS bytes, sum(r.fpi_length)::int AS fpi
       FROM r LEFT JOIN pg_class c ON c.relfilenode::text = r.node
      GROUP BY 1, 2 ORDER BY 4 DESC`,
    [start, end],
  );
  return rows;
}

/**
 * The mean stored size of every column of the tables, in their physical order: a HOT update logs the
 * new row less the bytes it shares with the old one at its start and its end.
 * @param {import('pg').Client} client @param {string[]} tables
 * @returns {Promise<Record<string, { column: string, bytes: number }[]>>}
 */
async function columnWidths(client, tables) {
  /** @type {Record<string, { column: string, bytes: number }[]>} */
  const out = {};
  for (const table of tables) {
    const { rows: cols } = await client
      .query(
        `SELECT attname FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
        [table],
      )
      .catch(() => ({ rows: [] }));
    if (cols.length === 0) continue;
    const list = cols.map((c) => `round(avg(pg_column_size(${client.escapeIdentifier(c.attname)})))::int`).join(', ');
    const { rows } = await client.query({
      text: `SELECT ${list} FROM ${client.escapeIdentifier(table)}`,
      rowMode: 'array',
    });
    out[table] = cols.map((c, i) => ({ column: c.attname, bytes: Number(rows[0]?.[i] ?? 0) }));
  }
  return out;
}

async function main() {
  buildIfChanged({ only: ['server'] });
  const pg = (await import('pg')).default;
  const { startPostgres } = await import('../lib/postgres.mjs');
  const cluster = await startPostgres({ log });
  const running = [];
  try {
    const urls = {
      project: await createDatabase(cluster.url, 'gogo_bench'),
      anchor: await createDatabase(cluster.url, 'anchor_bench'),
    };
    const common = { instances: 1, players: settings.players, dice: 1000, log };
    const project = await startProjectTarget({ ...common, databaseUrl: urls.project });
    running.push(project);
    const anchor = await startAnchorTarget({ ...common, databaseUrl: urls.anchor });
    running.push(anchor);
    if (settings.events > 0) {
      const db = new pg.Client({ connectionString: urls.project });
      await db.connect();
      const now = Date.now();
      for (let i = 0; i < settings.events; i++) {
        await db.query(
          `WITH e AS (INSERT INTO live_events (round, name, metric, starts_at, ends_at, prizes, status, entrants,
              created_at, updated_at)
             VALUES (1, $1, 'rolls', $2, $3, '[]', 'scheduled', 0, $2, $2) RETURNING id)
           INSERT INTO event_entries (event_id, user_id, score, reached_at, joined_at)
           SELECT e.id, g.user_id, 0, $2, $2 FROM e, game_states g`,
          [`wal bench ${i + 1}`, now - 60_000, now + 3_600_000],
        );
      }
      await db.end();
      log(`project: every player in ${settings.events} live events`);
    }
    /** @type {Record<string, object>} */
    const out = {};
    /** @type {[string, import('./targets.mjs').RunningTarget, string][]} */
    const sides = [
      ['project', project, urls.project],
      ['anchor', anchor, urls.anchor],
    ];
    for (const [side, target, url] of sides) {
      const client = new pg.Client({ connectionString: /** @type {string} */ (url) });
      await client.connect();
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_walinspect');
      // Warm up until the players are past their first rolls (a first roll creates the fairness seed
      // and unlocks achievements: rows a player's later rolls do not write).
      let warm = 0;
      for (const started = Date.now(); warm < settings.players * 4 && Date.now() - started < 90_000;) {
        warm += (await measure(/** @type {any} */ (target), { connections: settings.connections, duration: 2 }))
          .answered;
      }
      await client.query('CHECKPOINT');
      const start = (await client.query('SELECT pg_current_wal_lsn()::text AS l')).rows[0].l;
      const m = await measure(/** @type {any} */ (target), {
        connections: settings.connections,
        duration: settings.duration,
      });
      const end = (await client.query('SELECT pg_current_wal_lsn()::text AS l')).rows[0].l;
      const rows = await walBy(client, start, end);
      const widths = await columnWidths(client, ['game_states', 'rolls', 'ledger_entries']);
      await client.end();
      const rolls = m.answered;
      const total = rows.reduce((s, r) => s + r.bytes, 0);
      console.log(
        `\n  ${side}: ${rolls} rolls, ${Math.round(total / rolls)} B and ` +
          `${(rows.reduce((s, r) => s + r.records, 0) / rolls).toFixed(1)} records per roll (load ${loadavg()[0]?.toFixed(1)})`,
      );
      console.log('    B/roll  rec/roll  relation / record');
      for (const r of rows) {
        if (r.bytes / rolls < 2) continue;
        console.log(
          `    ${String(Math.round(r.bytes / rolls)).padStart(6)}  ${(r.records / rolls).toFixed(2).padStart(8)}  ${r.rel} ${r.kind}` +
            (r.fpi ? ` (FPI ${Math.round(r.fpi / rolls)})` : ''),
        );
      }
      console.log('    mean stored bytes per column (pg_column_size), hot tables:');
      for (const [table, cols] of Object.entries(widths)) {
        console.log(`      ${table}: ${cols.map((c) => `${c.column} ${c.bytes}`).join(', ')}`);
      }
      out[side] = { rolls, bytesPerRoll: total / rolls, rows };
    }
  } finally {
    for (const t of running) {
      await t.stop().catch(() => undefined);
      t.cleanup();
    }
    cluster.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
