// npm run bench: load test of POST /api/game/roll against the built server.
//
// Builds the server if it changed, starts `node server/dist/server.js` on a temporary DATA_DIR and a free
// loopback port (NODE_ENV=development, GOGO_BENCH_NO_COOLDOWN=1 so that a player may roll
// back-to-back; the server refuses that setting in production), registers many players, grants them
// dice through the ledger (server/dist/bench-ledger.js), drives rolls with autocannon, each request
// with a random player's token, stops the server and checks that every player's cached balance and
// dice equal the ledger sums. Exit 1 on any drift, socket error, timeout, or non-2xx answer other
// than the expected 400 NO_ROLLS.
//
// Options (env or --flag=value): players (200), connections (20), duration (10 s), dice (150 per
// player), warmup (2 s). Not part of npm test.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildIfChanged, freePort, log, root, waitForHealth } from '../lib/project.mjs';

/** @param {string} name @param {number} fallback */
function option(name, fallback) {
  const flag = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  const raw = flag ? flag.split('=')[1] : process.env[`BENCH_${name.toUpperCase()}`];
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const settings = {
  players: option('players', 200),
  connections: option('connections', 20),
  duration: option('duration', 10),
  dice: option('dice', 150),
  warmup: option('warmup', 2),
};
const TARGET = { rollsPerSecond: 1000, p99Ms: 50 };

const CLOCK_TICKS = (() => {
  const res = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  const ticks = Number(res.stdout?.trim());
  return Number.isFinite(ticks) && ticks > 0 ? ticks : 100;
})();

/**
 * CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere. On a
 * shared machine the rate depends on what else runs; the CPU time per roll does much less.
 * @param {number | undefined} pid
 */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/**
 * Registers `count` players, a few at a time (argon2 hashing dominates).
 * @param {string} base @param {number} count @returns {Promise<{id: number, token: string}[]>}
 */
async function registerPlayers(base, count) {
  /** @type {{id: number, token: string}[]} */
  const players = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const username = `bench_${i}`;
      const res = await fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, email: `${username}@bench.invalid`, password: 'bench-pass-1' }),
      });
      if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${await res.text()}`);
      const body = /** @type {{data: {user: {id: number}, token: string}}} */ (await res.json());
      players.push({ id: body.data.user.id, token: body.data.token });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return players;
}

/** @param {string[]} args @param {NodeJS.ProcessEnv} env */
function benchLedger(args, env) {
  const res = spawnSync(process.execPath, [join(root, 'server', 'dist', 'bench-ledger.js'), ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  if (res.stderr) process.stderr.write(res.stderr);
  const line = res.stdout.trim().split('\n').at(-1) ?? '{}';
  return { status: res.status, report: JSON.parse(line) };
}

/**
 * One autocannon run; every request carries a random player's token.
 * @param {string} base @param {string[]} tokens @param {number} duration
 */
async function drive(base, tokens, duration) {
  /** @type {Record<string, number>} */
  const outcomes = {};
  const result = await autocannon({
    url: base,
    connections: settings.connections,
    duration,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path: '/api/game/roll',
        setupRequest: (req) => ({
          ...req,
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${tokens[Math.floor(Math.random() * tokens.length)]}`,
          },
          // Like the game client: each roll carries a fresh requestId (the replay index is written).
          body: `{"requestId":"${randomUUID()}"}`,
        }),
        onResponse: (status, body) => {
          const code =
            status >= 200 && status < 300 ? '2xx' : `${status} ${/"code":"([A-Z_]+)"/.exec(body)?.[1] ?? ''}`;
          outcomes[code] = (outcomes[code] ?? 0) + 1;
        },
      },
    ],
  });
  return { result, outcomes };
}

async function main() {
  buildIfChanged({ only: ['server'] });
  const dataDir = mkdtempSync(join(tmpdir(), 'gogo-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    GOGO_BENCH_NO_COOLDOWN: '1',
    AUTH_RATE_LIMIT_PER_IP: '1000000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '1000000',
  };
  delete env.GOGO_TEST_SEED;
  delete env.JWT_SECRET;

  log(
    `bench: ${settings.players} players, ${settings.connections} connections, ${settings.duration} s (data in ${dataDir})`,
  );
  // BENCH_SERVER_NODE_ARGS passes flags to the server process, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn(process.execPath, [...nodeArgs, join(root, 'server', 'dist', 'server.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
  /** @type {string[]} */
  const failures = [];
  try {
    await waitForHealth(`${base}/api/health`);
    const started = Date.now();
    const players = await registerPlayers(base, settings.players);
    log(`registered ${players.length} players in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const grant = benchLedger(['grant', `--dice=${settings.dice}`], env);
    if (grant.status !== 0) throw new Error('granting dice failed');
    const tokens = players.map((p) => p.token);

    log(`warm-up ${settings.warmup} s…`);
    const warm = await drive(base, tokens, settings.warmup);
    log(`measuring ${settings.duration} s…`);
    const cpuBefore = cpuSeconds(server.pid);
    const clientBefore = process.cpuUsage();
    const { result, outcomes } = await drive(base, tokens, settings.duration);
    const clientCpu = process.cpuUsage(clientBefore);
    const cpuAfter = cpuSeconds(server.pid);
    const clientCores = Math.round(((clientCpu.user + clientCpu.system) / 1e6 / result.duration) * 100) / 100;

    for (const run of [
      { name: 'warm-up', ...warm },
      { name: 'measured', result, outcomes },
    ]) {
      for (const [code, n] of Object.entries(run.outcomes)) {
        if (code !== '2xx' && code !== '400 NO_ROLLS') failures.push(`${run.name}: ${n} answers ${code}`);
      }
      if (run.result.errors > 0) failures.push(`${run.name}: ${run.result.errors} socket errors`);
      if (run.result.timeouts > 0) failures.push(`${run.name}: ${run.result.timeouts} timeouts`);
    }
    const served2xx = (warm.outcomes['2xx'] ?? 0) + (outcomes['2xx'] ?? 0);
    const rollsPerSecond = (outcomes['2xx'] ?? 0) / result.duration;
    const served = outcomes['2xx'] ?? 0;
    const serverCpuUsPerRoll =
      cpuBefore === null || cpuAfter === null || served === 0
        ? null
        : Math.round(((cpuAfter - cpuBefore) * 1e6) / (served + (outcomes['400 NO_ROLLS'] ?? 0)));
    const summary = {
      serverCpuUsPerRoll,
      players: players.length,
      connections: settings.connections,
      durationS: result.duration,
      rollsServed: outcomes['2xx'] ?? 0,
      rollsPerSecond: Math.round(rollsPerSecond),
      requestsPerSecond: Math.round(result.requests.average),
      latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
      noRolls: outcomes['400 NO_ROLLS'] ?? 0,
      errors:
        result.errors +
        result.timeouts +
        Object.entries(outcomes)
          .filter(([c]) => c !== '2xx' && c !== '400 NO_ROLLS')
          .reduce((t, [, n]) => t + n, 0),
      outcomes,
    };

    server.kill('SIGTERM');
    await exited;
    const check = benchLedger(['check'], env);
    const drift = check.report.drift?.length ?? 'unknown';
    if (check.status !== 0) failures.push(`ledger check failed: ${JSON.stringify(check.report).slice(0, 500)}`);
    // Every 2xx answer is a stored roll; a few more may have been served as the load stopped.
    if (check.report.rolls < served2xx || check.report.rolls > served2xx + 2 * settings.connections) {
      failures.push(`rolls stored (${check.report.rolls}) do not match 2xx answers (${served2xx})`);
    }

    const met = rollsPerSecond >= TARGET.rollsPerSecond && result.latency.p99 < TARGET.p99Ms && failures.length === 0;
    console.log('');
    console.log(`  rolls/s        ${summary.rollsPerSecond} (target >= ${TARGET.rollsPerSecond})`);
    console.log(`  latency p50    ${result.latency.p50} ms`);
    console.log(`  latency p99    ${result.latency.p99} ms (target < ${TARGET.p99Ms} ms)`);
    console.log(`  rolls served   ${summary.rollsServed} in ${result.duration} s, ${summary.noRolls} x 400 NO_ROLLS`);
    console.log(`  errors         ${summary.errors}`);
    if (serverCpuUsPerRoll !== null) {
      const cores = Math.round((((cpuAfter ?? 0) - (cpuBefore ?? 0)) / result.duration) * 100) / 100;
      console.log(
        `  server CPU     ${serverCpuUsPerRoll} µs per request (${cores} cores busy; one core allows ~${Math.round(1e6 / serverCpuUsPerRoll)} requests/s)`,
      );
    }
    console.log(
      `  client         autocannon used ${clientCores} cores; machine load average ${loadavg()[0]?.toFixed(1)}`,
    );
    console.log(`  ledger         ${check.report.players} players, ${check.report.rolls} rolls, drift ${drift}`);
    console.log(`  target         ${met ? 'met' : 'NOT met'}`);
    console.log('');
    mkdirSync(join(root, '.bench'), { recursive: true });
    writeFileSync(
      join(root, '.bench', 'last.json'),
      JSON.stringify(
        {
          settings,
          summary,
          clientCores,
          loadAverage: loadavg(),
          ledger: check.report,
          failures,
          at: new Date().toISOString(),
        },
        null,
        2,
      ) + '\n',
    );
  } finally {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
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
