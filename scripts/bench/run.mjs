// npm run bench: rolls/s of the project against a bare anchor, measured side by side in one run.
//
// Starts the project (server/dist/server.js, built if it changed; NODE_ENV=development and
// GOGO_BENCH_NO_COOLDOWN=1, which production refuses) and the bare anchor (scripts/bench/anchor: a
// correct roll and nothing else) on fresh databases of one engine, each with its players and dice.
// Then it measures them in interleaved pairs (project, anchor, anchor, project, ...) so that a busy
// machine slows both alike, and prints rolls/s, p50/p99 latency, server CPU per roll, RSS idle and
// under load, the ratio project/anchor per pair, and the ledger audit of both (drift must be 0). On
// PostgreSQL also the commits per roll (a window of their own after the pairs, autovacuum paused for both) and
// the WAL bytes per roll of each side (pg-stats.mjs), with the scale targets (WAL, cluster CPU and
// rolls/s against the anchor: docs/scaling.md) printed met or NOT met.
//
//   --db=sqlite|postgres   engine (postgres: a throwaway PostgreSQL 15 cluster, scripts/lib/postgres.mjs)
//   --pooler=pgbouncer     (postgres) the project's servers connect through Debian's PgBouncer in
//                          transaction mode (scripts/lib/pgbouncer.mjs); the anchor stays direct
//   --instances=1|2        server processes per target on the one database (2: PostgreSQL only); the
//                          load is spread over them, and the project is also measured on one of them
//                          alone, for the scaling ratio x2/x1
//   --pairs=N (5) --duration=S (6) --warmup=S (2) --players=N (200) --connections=N (20) --dice=N (1000)
// Each number may also come from BENCH_<NAME>. Exit 1 on any drift, socket error, timeout or answer
// other than 2xx and 400 NO_ROLLS. Not part of npm test.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { buildIfChanged, log, root } from '../lib/project.mjs';
import { numberOption } from '../lib/number-option.mjs';
import { treeCpuSeconds } from '../lib/processes.mjs';
import { measure, median } from './load.mjs';
import { openPgStats } from './pg-stats.mjs';
import { createDatabase, startAnchorTarget, startProjectTarget } from './targets.mjs';

const dbFlag = process.argv.find((arg) => arg.startsWith('--db='))?.slice(5) ?? process.env.BENCH_DB ?? 'sqlite';
if (dbFlag !== 'sqlite' && dbFlag !== 'postgres') throw new Error('--db must be sqlite or postgres');
/** @param {string} name @param {number} fallback */
const option = (name, fallback) => numberOption(name, fallback, { env: `BENCH_${name.toUpperCase()}` });
const settings = {
  db: dbFlag,
  instances: option('instances', 1),
  pairs: option('pairs', 5),
  duration: option('duration', 6),
  warmup: option('warmup', 2),
  players: option('players', 200),
  connections: option('connections', 20),
  dice: option('dice', 1000),
};
const poolerFlag = process.argv.find((arg) => arg.startsWith('--pooler='))?.slice(9) ?? process.env.BENCH_POOLER ?? '';
if (poolerFlag !== '' && (poolerFlag !== 'pgbouncer' || dbFlag !== 'postgres')) {
  throw new Error('--pooler=pgbouncer needs --db=postgres');
}
if (settings.instances !== 1 && settings.instances !== 2) throw new Error('--instances must be 1 or 2');
if (settings.instances === 2 && settings.db !== 'postgres') {
  throw new Error('--instances=2 needs --db=postgres: SQLite is the single-process engine');
}
// The targets: the project at 0.7 of the anchor's rolls/s on SQLite; two instances on one
// PostgreSQL at 1.6 times one. On PostgreSQL with one instance: at least 0.85 of the anchor's
// rolls/s, at most 1.5 times its CPU per roll, and one commit per roll (the margin is the server's
// own background work on its database during the run: leases, ticks, the once-a-minute presence).
// On PostgreSQL, what one primary needs for 100 times the players (docs/scaling.md): WAL per roll at
// most 1.25 times the anchor's, the cluster's CPU per roll at most the anchor's, and rolls/s at least
// the anchor's; each the median of the pairs' ratios.
const TARGET = {
  ratio: 0.7,
  scaling: 1.6,
  pgRatio: 0.85,
  pgCpu: 1.5,
  pgCommits: 1.02,
  pgWal: 1.25,
  pgDbCpu: 1.0,
  pgRollsPerSecond: 1.0,
};

/** @param {number | null | undefined} value @param {number} width */
const cell = (value, width) => String(value ?? '-').padStart(width);

/** @param {import('./load.mjs').Measurement[]} runs */
function summary(runs) {
  const pick = (/** @type {(m: import('./load.mjs').Measurement) => number | null} */ f) => {
    const values = /** @type {number[]} */ (runs.map(f).filter((v) => v !== null));
    return values.length === 0 ? null : Math.round(median(values) * 10) / 10;
  };
  return {
    rollsPerSecond: pick((m) => m.rollsPerSecond),
    p50: pick((m) => m.latencyMs.p50),
    p99: pick((m) => m.latencyMs.p99),
    cpuUsPerRoll: pick((m) => m.cpuUsPerRoll),
    rssLoadMiB: runs.reduce((max, m) => Math.max(max, m.rssLoadMiB ?? 0), 0) || null,
    walBytesPerRoll: pick((m) => m.walBytesPerRoll),
    dbCpuUsPerRoll: pick((m) => m.dbCpuUsPerRoll),
  };
}

async function main() {
  buildIfChanged({ only: ['server'] });
  /** @type {import("../lib/postgres.mjs").Cluster | null} */
  let cluster = null;
  /** @type {import('../lib/pgbouncer.mjs').Bouncer | null} */
  let bouncer = null;
  /** @type {import('./targets.mjs').RunningTarget[]} */
  const running = [];
  /** @type {string[]} */
  const failures = [];
  /** @type {Awaited<ReturnType<typeof openPgStats>> | null} */
  let stats = null;
  try {
    let projectUrl = null;
    let anchorUrl = null;
    if (settings.db === 'postgres') {
      const { startPostgres } = await import('../lib/postgres.mjs');
      cluster = await startPostgres({ log });
      projectUrl = await createDatabase(cluster.url, 'gogo_bench');
      anchorUrl = await createDatabase(cluster.url, 'anchor_bench');
      stats = await openPgStats(cluster.url);
    }
    const common = { instances: settings.instances, players: settings.players, dice: settings.dice, log };
    /** @type {{ serverUrl?: string, extraEnv?: NodeJS.ProcessEnv }} */
    let through = {};
    if (poolerFlag === 'pgbouncer' && cluster && projectUrl) {
      const { startPgBouncer } = await import('../lib/pgbouncer.mjs');
      bouncer = await startPgBouncer(cluster, { log });
      const serverUrl = new URL(projectUrl);
      serverUrl.port = String(bouncer.port);
      through = {
        serverUrl: serverUrl.toString(),
        extraEnv: { DATABASE_POOLER: 'pgbouncer', DATABASE_DIRECT_URL: projectUrl },
      };
    }
    const project = await startProjectTarget({ ...common, databaseUrl: projectUrl, ...through });
    running.push(project);
    const anchor = await startAnchorTarget({ ...common, databaseUrl: anchorUrl });
    running.push(anchor);
    /** The project on its first instance alone (x2 runs): the denominator of the scaling ratio. */
    const single =
      settings.instances === 2 ? { ...project, name: 'project x1', servers: project.servers.slice(0, 1) } : null;
    const targets = single ? [project, anchor, single] : [project, anchor];

    log(
      `bench on ${settings.db} x${settings.instances}: ${settings.pairs} pairs of ${settings.duration} s, ` +
        `${settings.connections} connections, ${settings.players} players`,
    );
    /** @type {Map<string, import('./load.mjs').Measurement[]>} */
    const runs = new Map(targets.map((t) => [t.name, []]));
    /** 2xx answers per database, for the stored-rolls check. */
    const served = new Map([
      [project, 0],
      [anchor, 0],
    ]);
    const record = (
      /** @type {typeof project} */ t,
      /** @type {import('./load.mjs').Measurement} */ m,
      warm = false,
    ) => {
      served.set(t === single ? project : t, (served.get(t === single ? project : t) ?? 0) + m.served);
      if (m.errors > 0) failures.push(`${m.name}${warm ? ' (warm-up)' : ''}: ${JSON.stringify(m.outcomes)}`);
    };
    /** The database each target runs on (the project alone on one instance uses the project's). */
    const dbName = (/** @type {typeof project} */ t) => (t === anchor ? 'anchor_bench' : 'gogo_bench');
    /** CPU seconds of the cluster's processes so far (PostgreSQL), null on SQLite. */
    const databaseCpu = () => {
      const pid = cluster?.serverPid() ?? null;
      return pid === null ? null : treeCpuSeconds(pid);
    };
    /** One load; on PostgreSQL with the cluster's WAL and CPU during it. @param {typeof project} t @param {number} duration */
    const load = async (t, duration) => {
      const walBefore = stats ? await stats.walBytes() : null;
      const m = await measure(t, { connections: settings.connections, duration, databaseCpu });
      if (stats && walBefore !== null && m.answered > 0) {
        m.walBytesPerRoll = Math.round(((await stats.walBytes()) - walBefore) / m.answered);
      }
      return m;
    };
    for (const t of [project, anchor]) record(t, await load(t, settings.warmup), true);
    for (let pair = 0; pair < settings.pairs; pair++) {
      // Rotate the order so that neither target always runs first (or right after the other).
      const shift = pair % targets.length;
      const order = [...targets.slice(shift), ...targets.slice(0, shift)];
      if (pair % 2 === 1) order.reverse();
      for (const t of order) {
        const m = await load(t, settings.duration);
        record(t, m);
        runs.get(t.name)?.push(m);
        log(`pair ${pair + 1}: ${m.name} ${m.rollsPerSecond} rolls/s, p99 ${m.latencyMs.p99} ms`);
      }
    }

    /** @type {Map<string, number | null>} commits per roll stored, per database */
    const commitsPerRoll = new Map();
    /** @type {Record<string, { commits: number, rolls: number, answered: number, backgroundPerS: number }>} */
    const commitDetail = {};
    if (stats) {
      // Commits per roll get a window of their own, one load per target, with autovacuum paused for
      // both alike: its workers commit in the bench's databases in proportion to the rows the loads
      // wrote, in bursts that neither the loads nor an idle window catch evenly. The pairs above
      // (rolls/s, CPU, WAL) ran with it on.
      await stats.pauseAutovacuum();
      try {
        // The servers' own background work (sweeps, health checks) commits on its own clock, load or
        // not: its rate at rest, taken over an idle window once the pairs' counters are in, is taken
        // off, so that a loaded machine (fewer rolls in the same time) does not inflate the figure.
        // It is taken before the window's loads, so that what the rolls leave behind (the LISTEN
        // connection taking in their notifications) counts as theirs.
        const names = ['gogo_bench', 'anchor_bench'];
        // A short load first, so that the servers' pools hold their connections again (they close
        // idle ones after 30 s, and the wait for autovacuum can be that long): PostgreSQL commits a
        // transaction for every connection it opens, a cost per connection, not per roll. Its
        // commits are in before the rest window starts, and it settles in-flight rolls of the pairs.
        for (const t of [project, anchor])
          record(t, await measure(t, { connections: settings.connections, duration: 1 }));
        // Commits per roll count the rolls the databases stored, not the answers the load took in: a
        // load that stops leaves up to one roll per connection in flight, which the server still
        // commits (20 of about 500 rolls at 90 rolls/s, 0.04 commits per roll for the project and
        // 0.08 for the anchor's two). Counted outside the windows (each count is a connection and
        // a read of its own), once the warm-up's last rolls are in.
        await new Promise((resolve) => setTimeout(resolve, 1000));
        /** @type {Map<string, number>} rolls stored per database before the window */
        const storedBefore = new Map();
        for (const name of names) storedBefore.set(name, await stats.rollsStored(name));
        await stats.settle();
        /** @type {Map<string, number>} */
        const rest = new Map();
        for (const name of names) rest.set(name, await stats.commits(name));
        await stats.settle();
        /** @type {Map<string, number>} xact_commit per database before the window */
        const before = new Map();
        for (const name of names) before.set(name, await stats.commits(name));
        const windowStart = Date.now();
        /** @type {Map<string, number>} rolls answered per database in the window */
        const answeredOn = new Map();
        for (const t of [project, anchor]) {
          const m = await measure(t, { connections: settings.connections, duration: settings.duration });
          answeredOn.set(dbName(t), m.answered);
          record(t, m);
          log(`commits window: ${m.name} ${m.rollsPerSecond} rolls/s`);
        }
        await stats.settle();
        const windowS = (Date.now() - windowStart) / 1000;
        /** @type {Map<string, number>} */
        const ends = new Map();
        for (const name of names) ends.set(name, await stats.commits(name));
        for (const [name, start] of before) {
          const end = ends.get(name) ?? start;
          const backgroundPerS = (start - (rest.get(name) ?? start)) / (stats.settleMs / 1000);
          const rolls = (await stats.rollsStored(name)) - (storedBefore.get(name) ?? 0);
          const commits = end - start - backgroundPerS * windowS;
          commitDetail[name] = {
            commits: end - start,
            rolls,
            answered: answeredOn.get(name) ?? 0,
            backgroundPerS: Math.round(backgroundPerS * 100) / 100,
          };
          commitsPerRoll.set(name, rolls === 0 ? null : Math.round((commits / rolls) * 100) / 100);
        }
      } finally {
        await stats.resumeAutovacuum();
      }
    }

    for (const t of running) await t.stop();
    const audits = new Map();
    for (const t of running) {
      const audit = await t.audit();
      audits.set(t, audit);
      if (!audit.ok) failures.push(`${t.name} ledger audit failed: ${JSON.stringify(audit.detail).slice(0, 600)}`);
      const answered = served.get(t) ?? 0;
      // Every 2xx answer is a stored roll; a few more may have been committed as a load stopped.
      if (audit.rolls < answered) failures.push(`${t.name}: ${audit.rolls} rolls stored, ${answered} answered 2xx`);
    }

    /**
     * Per pair: f(a's run) / f(b's run), rounded to 0.01.
     * @param {string} a @param {string} b @param {(m: import('./load.mjs').Measurement) => number | null} f
     */
    const ratios = (a, b, f) =>
      (runs.get(a) ?? []).map((m, i) => {
        const other = runs.get(b)?.[i];
        const [x, y] = [f(m), other ? f(other) : null];
        return x === null || y === null || y === 0 ? 0 : Math.round((x / y) * 100) / 100;
      });
    const pairs = ratios(project.name, anchor.name, (m) => m.rollsPerSecond);
    const ratio = median(pairs);
    // CPU per roll depends much less on what else runs on the machine than rolls/s does.
    const cpuPairs = ratios(project.name, anchor.name, (m) => (m.cpuUsPerRoll ? 1 / m.cpuUsPerRoll : null));
    const scalingPairs = single ? ratios(project.name, single.name, (m) => m.rollsPerSecond) : [];

    console.log('');
    console.log(
      `  ${settings.db}, ${settings.instances} instance(s) per target; ${settings.pairs} pairs of ${settings.duration} s; ` +
        `${settings.connections} connections; load average ${loadavg()[0]?.toFixed(1)}`,
    );
    const pgColumns = stats !== null;
    console.log(
      '                 rolls/s  p50 ms  p99 ms  CPU µs/roll  RSS idle MiB  RSS load MiB  drift' +
        (pgColumns ? '  commits/roll  WAL B/roll  PG CPU µs/roll' : ''),
    );
    /** @type {Record<string, object>} */
    const table = {};
    for (const t of targets) {
      const s = summary(runs.get(t.name) ?? []);
      const audit = audits.get(t === single ? project : t);
      const perInstance = t.servers.length;
      const commits = t === single ? null : (commitsPerRoll.get(dbName(t)) ?? null);
      table[t.name] = {
        ...s,
        rssIdleMiB: t.rssIdleMiB,
        instances: perInstance,
        drift: audit?.drift.length,
        ...(pgColumns ? { commitsPerRoll: commits } : {}),
      };
      console.log(
        `  ${t.name.padEnd(14)}${cell(s.rollsPerSecond, 8)}${cell(s.p50, 8)}${cell(s.p99, 8)}${cell(s.cpuUsPerRoll, 13)}` +
          `${cell(t.rssIdleMiB, 14)}${cell(s.rssLoadMiB === null ? null : Math.round(s.rssLoadMiB / perInstance), 14)}` +
          `${cell(audit?.drift.length, 7)}` +
          (pgColumns ? `${cell(commits, 14)}${cell(s.walBytesPerRoll, 12)}${cell(s.dbCpuUsPerRoll, 16)}` : ''),
      );
    }
    console.log(
      `  (RSS per instance; CPU µs/roll summed over the target's instances; medians of the pairs` +
        (pgColumns
          ? '; commits/roll in a window of their own with autovacuum paused, net of the background rate at rest, per roll stored; WAL and CPU of the cluster during each load)'
          : ')'),
    );
    console.log(
      `  project/anchor ${ratio} (pairs ${pairs.join(', ')})` +
        (settings.db === 'sqlite' ? `; target >= ${TARGET.ratio}: ${ratio >= TARGET.ratio ? 'met' : 'NOT met'}` : ''),
    );
    console.log(
      `  CPU ratio      ${median(cpuPairs)} (anchor CPU per roll / project CPU per roll; pairs ${cpuPairs.join(', ')})`,
    );
    /** @type {{ ratio: boolean, cpu: boolean, commits: boolean } | null} */
    let pgTargets = null;
    /** @type {object | null} WAL, cluster CPU and rolls/s against the anchor (docs/scaling.md) */
    let pgScale = null;
    if (settings.db === 'postgres' && !single) {
      const cpuTimes = ratios(project.name, anchor.name, (m) => m.cpuUsPerRoll);
      const cpuTimesMedian = median(cpuTimes);
      const commits = commitsPerRoll.get('gogo_bench') ?? null;
      const met = {
        ratio: ratio >= TARGET.pgRatio,
        cpu: cpuTimesMedian > 0 && cpuTimesMedian <= TARGET.pgCpu,
        commits: commits !== null && commits <= TARGET.pgCommits,
      };
      pgTargets = met;
      const verdict = (/** @type {boolean} */ ok) => (ok ? 'met' : 'NOT met');
      console.log(
        `  PG targets     rolls/s ratio >= ${TARGET.pgRatio}: ${verdict(met.ratio)}; CPU project/anchor ` +
          `${cpuTimesMedian} (pairs ${cpuTimes.join(', ')}) <= ${TARGET.pgCpu}: ${verdict(met.cpu)}; ` +
          `commits/roll ${commits ?? '-'} <= ${TARGET.pgCommits}: ${verdict(met.commits)}`,
      );
      const walPairs = ratios(project.name, anchor.name, (m) => m.walBytesPerRoll);
      const dbCpuPairs = ratios(project.name, anchor.name, (m) => m.dbCpuUsPerRoll);
      const scale = {
        wal: median(walPairs),
        dbCpu: median(dbCpuPairs),
        rollsPerSecond: ratio,
      };
      const scaleMet = {
        wal: scale.wal > 0 && scale.wal <= TARGET.pgWal,
        dbCpu: scale.dbCpu > 0 && scale.dbCpu <= TARGET.pgDbCpu,
        rollsPerSecond: scale.rollsPerSecond >= TARGET.pgRollsPerSecond,
      };
      pgScale = { ratios: scale, pairs: { wal: walPairs, dbCpu: dbCpuPairs, rollsPerSecond: pairs }, met: scaleMet };
      console.log(
        `  scale targets  WAL B/roll project/anchor ${scale.wal} (pairs ${walPairs.join(', ')}) <= ${TARGET.pgWal}: ` +
          `${verdict(scaleMet.wal)}; PG CPU µs/roll ${scale.dbCpu} (pairs ${dbCpuPairs.join(', ')}) <= ` +
          `${TARGET.pgDbCpu}: ${verdict(scaleMet.dbCpu)}; rolls/s ${scale.rollsPerSecond} >= ` +
          `${TARGET.pgRollsPerSecond}: ${verdict(scaleMet.rollsPerSecond)}`,
      );
    }
    if (single) {
      const scaling = median(scalingPairs);
      console.log(
        `  project x2/x1  ${scaling} (pairs ${scalingPairs.join(', ')}); target >= ${TARGET.scaling}: ` +
          `${scaling >= TARGET.scaling ? 'met' : 'NOT met'}`,
      );
    }
    console.log(`  errors         ${failures.length === 0 ? 'none' : failures.length}`);
    console.log('');
    mkdirSync(join(root, '.bench'), { recursive: true });
    const out = {
      settings,
      table,
      ratio: { median: ratio, pairs },
      cpuRatio: { median: median(cpuPairs), pairs: cpuPairs },
      commitsPerRoll: Object.fromEntries(commitsPerRoll),
      commitDetail,
      pgTargets,
      pgScale,
      scaling: single ? { median: median(scalingPairs), pairs: scalingPairs } : null,
      runs: Object.fromEntries(runs),
      audits: Object.fromEntries([...audits].map(([t, a]) => [t.name, a.detail])),
      loadAverage: loadavg(),
      failures,
      at: new Date().toISOString(),
    };
    writeFileSync(join(root, '.bench', 'last.json'), JSON.stringify(out, null, 2) + '\n');
  } finally {
    for (const t of running) {
      await t.stop().catch(() => undefined);
      t.cleanup();
    }
    await stats?.close().catch(() => undefined);
    bouncer?.stop();
    cluster?.stop();
  }
  if (failures.length > 0) {
    for (const failure of failures) console.error(`bench failure: ${failure}`);
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
