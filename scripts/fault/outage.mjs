// The database goes away under a running server and comes back: while it is away, requests answer
// 503 SERVICE_UNAVAILABLE in the envelope (and /api/ready says so); once it is back, the same
// server serves again without a restart.

/**
 * @param {string} base @param {string} token @param {string} path @param {object | undefined} body
 * @returns {Promise<{ status: number, code: string | undefined, success: unknown }>}
 */
async function call(base, token, path, body) {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const json = /** @type {any} */ (await res.json().catch(() => null));
  return { status: res.status, code: json?.error?.code, success: json?.success };
}

/**
 * @param {string} base
 * @param {{id: number, token: string}[]} players
 * @param {{ cut(): Promise<void>, restore(): Promise<void> }} proxy
 * @param {(msg: string) => void} log
 * @returns {Promise<string[]>} the problems found
 */
export async function checkOutage(base, players, proxy, log) {
  /** @type {string[]} */
  const problems = [];
  const token = players[0]?.token ?? '';
  const roll = () => call(base, token, '/api/game/roll', {});
  const withdraw = () =>
    call(base, token, '/api/credits/withdrawal-request', {
      amount: 100,
      cryptoType: 'BTC',
      cryptoAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    });
  const before = await roll();
  if (before.status !== 200) problems.push(`before the outage a roll answered ${before.status} ${before.code}`);

  await proxy.cut();
  const t0 = Date.now();
  for (const [name, answer] of [
    ['roll', await roll()],
    ['withdrawal', await withdraw()],
    ['roll again', await roll()],
  ]) {
    const a = /** @type {Awaited<ReturnType<typeof call>>} */ (answer);
    if (a.status !== 503 || a.code !== 'SERVICE_UNAVAILABLE' || a.success !== false) {
      problems.push(`database away: ${name} answered ${a.status} ${a.code ?? ''} (expected 503 SERVICE_UNAVAILABLE)`);
    }
  }
  const ready = await call(base, token, '/api/ready', undefined);
  if (ready.status !== 503 || ready.code !== 'SERVICE_UNAVAILABLE') {
    problems.push(`database away: /api/ready answered ${ready.status} ${ready.code ?? ''}`);
  }
  log(`database away: 503 in the envelope after ${Date.now() - t0} ms; /api/ready ${ready.status}`);

  await proxy.restore();
  const t1 = Date.now();
  let back = null;
  while (Date.now() - t1 < 15_000) {
    back = await roll();
    if (back.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (back?.status !== 200) problems.push(`database back: rolls still answer ${back?.status} ${back?.code} after 15 s`);
  else log(`database back: the server serves again after ${Date.now() - t1} ms`);
  const readyAgain = await call(base, token, '/api/ready', undefined);
  if (readyAgain.status !== 200) {
    problems.push(`database back: /api/ready answered ${readyAgain.status}`);
  }
  return problems;
}
