// One measured load of POST /api/game/roll: autocannon spreads the connections over every instance
// of a target; each request carries a random player's token and a fresh requestId. Server CPU and
// RSS are read from /proc around and during the load.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { cpuSeconds, rssMiB } from '../lib/processes.mjs';

/**
 * @typedef {object} Target
 * @property {string} name
 * @property {import('../lib/processes.mjs').ServerProcess[]} servers
 * @property {string[]} tokens
 */

/**
 * @typedef {object} Measurement
 * @property {string} name
 * @property {number} durationS
 * @property {number} rollsPerSecond
 * @property {number} served  2xx answers
 * @property {number} answered  2xx and 400 NO_ROLLS answers (the rolls the CPU and WAL are spread over)
 * @property {number | null} walBytesPerRoll  PostgreSQL: the cluster's WAL written during the load, per roll answered
 * @property {{p50: number, p90: number, p99: number, max: number}} latencyMs
 * @property {Record<string, number>} outcomes
 * @property {number} errors  socket errors, timeouts and unexpected answers
 * @property {number | null} cpuUsPerRoll  server CPU (all instances) per request answered
 * @property {number | null} dbCpuUsPerRoll  PostgreSQL: the cluster's CPU (postmaster and backends) per request answered
 * @property {number | null} cpuCores  server cores busy on average
 * @property {number | null} rssLoadMiB  the highest total RSS seen during the load
 */

/**
 * Drives the target's servers for `duration` seconds.
 * @param {Target} target
 * @param {{ connections: number, duration: number, databaseCpu?: () => number | null }} options
 *   databaseCpu: CPU seconds of the database's processes so far (PostgreSQL), read around the load
 * @returns {Promise<Measurement>}
 */
export async function measure(target, { connections, duration, databaseCpu = () => null }) {
  const { servers, tokens } = target;
  const pids = servers.map((s) => s.pid);
  const cpu = () => {
    const values = pids.map(cpuSeconds);
    return values.some((v) => v === null) ? null : values.reduce((a, b) => /** @type {number} */ (a) + (b ?? 0), 0);
  };
  const rss = () => {
    const values = pids.map(rssMiB);
    return values.some((v) => v === null) ? null : values.reduce((a, b) => /** @type {number} */ (a) + (b ?? 0), 0);
  };
  /** @type {number | null} */
  let rssPeak = rss();
  const sampler = setInterval(() => {
    const now = rss();
    if (now !== null && (rssPeak === null || now > rssPeak)) rssPeak = now;
  }, 250);

  /** @type {Record<string, number>} */
  const outcomes = {};
  const cpuBefore = cpu();
  const dbCpuBefore = databaseCpu();
  const result = await autocannon({
    url: servers.length === 1 ? (servers[0]?.base ?? '') : servers.map((s) => s.base),
    // A multiple of the instance count, so that each instance gets the same share.
    connections: Math.max(servers.length, Math.round(connections / servers.length) * servers.length),
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
  const cpuAfter = cpu();
  const dbCpuAfter = databaseCpu();
  clearInterval(sampler);

  const served = outcomes['2xx'] ?? 0;
  const answered = served + (outcomes['400 NO_ROLLS'] ?? 0);
  const unexpected = Object.entries(outcomes)
    .filter(([code]) => code !== '2xx' && code !== '400 NO_ROLLS')
    .reduce((total, [, n]) => total + n, 0);
  const cpuUsed = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  const dbCpuUsed = dbCpuBefore === null || dbCpuAfter === null ? null : dbCpuAfter - dbCpuBefore;
  const perRoll = (/** @type {number | null} */ seconds) =>
    seconds === null || answered === 0 ? null : Math.round((seconds * 1e6) / answered);
  return {
    name: target.name,
    durationS: result.duration,
    rollsPerSecond: Math.round(served / result.duration),
    served,
    answered,
    walBytesPerRoll: null,
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    outcomes,
    errors: result.errors + result.timeouts + unexpected,
    cpuUsPerRoll: perRoll(cpuUsed),
    dbCpuUsPerRoll: perRoll(dbCpuUsed),
    cpuCores: cpuUsed === null ? null : Math.round((cpuUsed / result.duration) * 100) / 100,
    rssLoadMiB: rssPeak === null ? null : Math.round(rssPeak),
  };
}

/** @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
