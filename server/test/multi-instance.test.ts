import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { sql } from '../src/db/sql.js';
import { lockGameState, postLedgerTx } from '../src/modules/ledger/postings.js';
import { postgresCluster, type Instance } from './instances.js';
import { makeEligibleToWithdraw } from './money-helpers.js';

/**
 * Two server processes on ONE PostgreSQL database behave as one: requests
 * raced across both instances change value exactly once, and the ledger explains every balance.
 * Runs only with TEST_DATABASE_URL (a PostgreSQL the tests may create databases in, e.g. the
 * throwaway cluster of `npm run test:pg`); each run creates and drops its own database. The servers
 * run from source (tsx), with the roll cooldown in force.
 */
const baseUrl = process.env.TEST_DATABASE_URL;
const title = baseUrl
  ? 'two instances on one PostgreSQL'
  : 'two instances on one PostgreSQL (skipped: set TEST_DATABASE_URL to a PostgreSQL URL, e.g. via npm run test:pg)';

interface Answer {
  status: number;
  body: any;
  replayed: boolean;
}

const balances = sql<{ userId: number }, { balance: number; dice: number }>(
  'SELECT balance, dice_rolls_remaining AS dice FROM game_states WHERE user_id = :userId',
);
const driftRows = sql<Record<string, never>, { userId: number }>(
  `SELECT g.user_id AS "userId" FROM game_states g LEFT JOIN ledger_entries l ON l.user_id = g.user_id
   GROUP BY g.user_id, g.balance, g.dice_rolls_remaining
   HAVING g.balance != coalesce(sum(CASE WHEN l.asset = 'GOGO' THEN l.amount ELSE 0 END), 0)
       OR g.dice_rolls_remaining != coalesce(sum(CASE WHEN l.asset = 'DICE' THEN l.amount ELSE 0 END), 0)
       OR g.balance < 0 OR g.dice_rolls_remaining < 0`,
);
const rollsOfRequest = sql<{ userId: number; requestId: string }, { n: number }>(
  'SELECT count(*) AS n FROM rolls WHERE user_id = :userId AND request_id = :requestId',
);
const holdsOf = sql<{ userId: number }, { n: number }>(
  "SELECT count(*) AS n FROM ledger_entries WHERE user_id = :userId AND reason = 'withdrawal_hold'",
);
const withdrawalsOf = sql<{ userId: number }, { n: number }>(
  "SELECT count(*) AS n FROM money_transactions WHERE user_id = :userId AND type = 'withdrawal'",
);
const referrerOf = sql<{ userId: number }, { referredBy: number | null }>(
  'SELECT referred_by AS "referredBy" FROM referrals WHERE user_id = :userId',
);

describe.skipIf(!baseUrl)(title, () => {
  const cluster = postgresCluster(baseUrl ?? '', 'gogo_mi');
  let instances: Instance[] = [];
  let database: Database | null = null;

  /** Sends `count` requests at once, alternating between the two instances. */
  async function race(count: number, path: string, token: string, body: (i: number) => object | undefined) {
    return Promise.all(
      Array.from({ length: count }, async (_, i): Promise<Answer> => {
        const payload = body(i);
        const res = await fetch(`${instances[i % 2]!.base}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
          body: payload ? JSON.stringify(payload) : undefined,
        });
        return { status: res.status, body: await res.json(), replayed: res.headers.get('x-roll-replayed') === '1' };
      }),
    );
  }

  let counter = 0;
  async function player() {
    counter += 1;
    const name = `mi${counter}${randomBytes(3).toString('hex')}`;
    const res = await fetch(`${instances[counter % 2]!.base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: name, email: `${name}@example.com`, password: 'secret123' }),
    });
    expect(res.status).toBe(201);
    const data = ((await res.json()) as { data: { user: { id: number }; token: string } }).data;
    return { id: data.user.id, token: data.token };
  }

  const statuses = (answers: Answer[]) => answers.map((a) => a.status).sort((a, b) => a - b);

  beforeAll(async () => {
    ({ instances, database } = await cluster.start());
  }, 180_000);

  afterAll(() => cluster.stop(), 60_000);

  it('20 concurrent full-balance withdrawals across both instances: exactly one accepted', async () => {
    const p = await player();
    await makeEligibleToWithdraw(database!, p.id, Date.now());
    await database!.write(async (tx) => {
      await lockGameState(tx, p.id, Date.now());
      await postLedgerTx(tx, p.id, [{ asset: 'GOGO', amount: 500, type: 'reward', reason: 'test_grant' }], Date.now());
    });
    const answers = await race(20, '/api/credits/withdrawal-request', p.token, () => ({
      amount: 500,
      cryptoType: 'BTC',
      cryptoAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    }));
    expect(statuses(answers)).toEqual([201, ...Array<number>(19).fill(400)]);
    for (const refused of answers.filter((a) => a.status === 400)) {
      expect(refused.body.error.code).toBe('INSUFFICIENT_BALANCE');
    }
    expect(await database!.read.get(balances, { userId: p.id })).toMatchObject({ balance: 0 });
    expect((await database!.read.get(holdsOf, { userId: p.id }))?.n).toBe(1);
    expect((await database!.read.get(withdrawalsOf, { userId: p.id }))?.n).toBe(1);
  });

  it('one requestId rolled on both instances at once: one roll, every answer the same', async () => {
    const p = await player();
    const requestId = randomUUID();
    const answers = await race(10, '/api/game/roll', p.token, () => ({ requestId }));
    expect(statuses(answers)).toEqual(Array<number>(10).fill(200));
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    for (const answer of answers) expect(answer.body.data).toEqual(answers[0]!.body.data);
    expect((await database!.read.get(rollsOfRequest, { userId: p.id, requestId }))?.n).toBe(1);
    // Starting dice minus the one roll plus whatever the tile paid in dice: the state the answer reports.
    const after = await database!.read.get(balances, { userId: p.id });
    expect(after?.dice).toBe(answers[0]!.body.data.state.diceRollsRemaining);
  });

  it('daily dice claimed on both instances at once: exactly one claim', async () => {
    const p = await player();
    const answers = await race(10, '/api/daily-dice-roll/claim', p.token, () => undefined);
    expect(statuses(answers)).toEqual([200, ...Array<number>(9).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.error.code).toBe('ALREADY_CLAIMED');
    }
  });

  it('referral codes applied on both instances at once: applied exactly once', async () => {
    const [owner1, owner2, friend] = [await player(), await player(), await player()];
    const codeOf = async (p: { token: string }, i: number) => {
      const res = await fetch(`${instances[i]!.base}/api/referrals/my-code`, {
        headers: { authorization: `Bearer ${p.token}` },
      });
      return ((await res.json()) as { data: { referralCode: string } }).data.referralCode;
    };
    const codes = [await codeOf(owner1, 0), await codeOf(owner2, 1)];
    const answers = await race(10, '/api/referrals/accept', friend.token, (i) => ({ code: codes[i % 2] }));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) expect(refused.status).toBe(409);
    const referredBy = (await database!.read.get(referrerOf, { userId: friend.id }))?.referredBy;
    expect([owner1.id, owner2.id]).toContain(referredBy);
  });

  it('two players applying each other’s code at once: never a loop', async () => {
    const [a, b] = [await player(), await player()];
    const code = async (p: { token: string }) => {
      const res = await fetch(`${instances[0]!.base}/api/referrals/my-code`, {
        headers: { authorization: `Bearer ${p.token}` },
      });
      return ((await res.json()) as { data: { referralCode: string } }).data.referralCode;
    };
    const [codeA, codeB] = [await code(a), await code(b)];
    const send = (p: { token: string }, c: string, i: number) =>
      fetch(`${instances[i]!.base}/api/referrals/accept`, {
        method: 'POST',
        headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ code: c }),
      }).then((res) => res.status);
    const answers = await Promise.all([send(a, codeB, 0), send(b, codeA, 1)]);
    expect(answers.filter((s) => s === 200)).toHaveLength(1);
    const refA = (await database!.read.get(referrerOf, { userId: a.id }))?.referredBy ?? null;
    const refB = (await database!.read.get(referrerOf, { userId: b.id }))?.referredBy ?? null;
    expect(refA === b.id && refB === a.id).toBe(false);
  });

  it('after the races, every cached balance equals its ledger sums (drift 0)', async () => {
    expect(await database!.read.all(driftRows, {})).toEqual([]);
  });

  // The races opened pooled connections while requests waited for them: no connection ever ran a
  // query of its own beside its first user's (the driver warns of that, and its next major refuses it).
  it('no instance queued a query on a connection busy with another', () => {
    for (const instance of instances) expect(instance.output.join('')).not.toContain('already executing a query');
  });
});
