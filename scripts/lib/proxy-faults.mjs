// The proxy test's fault scenarios (scripts/proxy-test.mjs, step 4): what a client meets through
// nginx when the database or every instance is down. Each check is reported through `check`.
import { request } from './http.mjs';
import { log } from './project.mjs';

/** @typedef {(ok: boolean, what: string) => void} Check */

/** The envelope of a 503: JSON, SERVICE_UNAVAILABLE, Retry-After. @param {import('./http.mjs').Answer} res */
export const isUnavailableEnvelope = (res) =>
  res.status === 503 &&
  String(res.headers['content-type']).startsWith('application/json') &&
  res.json?.success === false &&
  res.json?.error?.code === 'SERVICE_UNAVAILABLE' &&
  res.headers['retry-after'] !== undefined;

/**
 * 4a. PostgreSQL stopped: every answer through nginx is the app's 503 envelope.
 * @param {string} proxy @param {import('./postgres.mjs').Cluster} cluster @param {{token: string}} player
 * @param {Check} check
 */
export async function databaseDown(proxy, cluster, player, check) {
  log('Database down: the app answers 503, nginx passes it on');
  cluster.stopServer();
  const answers = [];
  for (let i = 0; i < 6; i++) {
    answers.push(await request('GET', `${proxy}/api/ready`));
    answers.push(
      await request('POST', `${proxy}/api/game/roll`, {
        headers: { authorization: `Bearer ${player.token}` },
        body: {},
      }),
    );
  }
  const bad = answers.filter((res) => !isUnavailableEnvelope(res));
  check(
    bad.length === 0,
    `12 of 12 requests answer the 503 JSON envelope with Retry-After${bad.length ? ` (got ${bad[0]?.status} ${bad[0]?.text.slice(0, 120)})` : ''}`,
  );
  cluster.startServer();
}

/**
 * 4b. Both instances stopped: nginx's own answer is the same envelope.
 * @param {string} proxy @param {Record<string, import('./processes.mjs').ServerProcess>} instances
 * @param {Check} check
 */
export async function allInstancesDown(proxy, instances, check) {
  log('Both instances down: nginx answers the envelope');
  // Killed rather than drained: their graceful exit was checked in the rolling restart.
  await Promise.all(Object.values(instances).map((i) => i.kill9()));
  const res = await request('POST', `${proxy}/api/game/roll`, { body: {} });
  check(
    isUnavailableEnvelope(res),
    `no instance up: 503 JSON envelope, not nginx's page (got ${res.status} ${res.text.slice(0, 80)})`,
  );
}
