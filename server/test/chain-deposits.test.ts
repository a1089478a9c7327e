import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress, parseEther } from 'viem';
import { buildApp } from '../src/app.js';
import { connectDatabase, type Database } from '../src/db/client.js';
import { sql } from '../src/db/sql.js';
import { lockGameState, postLedgerTx } from '../src/modules/ledger/index.js';
import { depositValueText } from '@gogo/shared/messages';
import { createAddressDeriver } from '../src/modules/chain/addresses.js';
import type { ChainConfig } from '../src/settings/chain.js';
import { createAdminSession } from './admin-helpers.js';
import {
  chainConfig,
  DEPOSIT_XPUB,
  payer,
  startRpcProxy,
  startTestChain,
  until,
  type TestChain,
} from './chain-helpers.js';
import { bearer, createTestClock, registerPlayer, TEST_DEPOSIT_ADDRESSES, testConfig } from './helpers.js';
import { authedSocket } from './realtime-helpers.js';
import { createPostgresTestDatabase, testDatabaseUrl } from './test-databases.js';

// The chain watcher against a local chain (ganache): own addresses, confirmations, restarts, reorgs,
// tokens, a node that goes away, and two instances on one PostgreSQL database.

const CHAIN_PORT = 8571;
const CONFIRMATIONS = 3;
const PRICES = { btc: 60_000, eth: 2_000, sol: 100, usdt: 1, usdc: 1 };

let chain: TestChain;
let tokens: ChainConfig['tokens'];
/** Where the test databases live: a new connection is opened for each app (an app closes its own). */
let store: { open(): Promise<Database>; close(): Promise<void> };

beforeAll(async () => {
  chain = await startTestChain(CHAIN_PORT);
  try {
    tokens = {
      USDT: { address: await chain.deployToken('USDT', 6), decimals: 6 },
      USDC: { address: await chain.deployToken('USDC', 6), decimals: 6 },
    };
  } catch (err) {
    await chain.stop();
    throw err;
  }
  if (testDatabaseUrl) {
    const pg = await createPostgresTestDatabase();
    await pg.database.close();
    store = {
      open: () => connectDatabase({ url: pg.url, file: '', poolMax: 4 }),
      close: () => pg.close(),
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'gogo-chain-'));
    store = {
      open: () => connectDatabase({ file: join(dir, 'gogo.sqlite') }),
      close: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
}, 120_000);

afterAll(async () => {
  await chain?.stop();
  await store?.close();
});

const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

async function startApp(overrides: Partial<ChainConfig> = {}, rpcUrl = chain.url) {
  const database = await store.open();
  const dataDir = mkdtempSync(join(tmpdir(), 'gogo-chain-app-'));
  const clock = createTestClock(Date.now());
  const config = testConfig(dataDir, {
    prices: { table: PRICES, tableUpdatedAt: clock(), feedUrl: null, feedTimeoutMs: 1000, cacheTtlMs: 60_000 },
    chain: chainConfig(rpcUrl, tokens, { confirmations: CONFIRMATIONS, ...overrides }),
  });

  const app = await buildApp({ config, database, clock });
  await app.ready();
  apps.push(app);
  const ctx = { app, database, clock, dataDir, close: async () => app.close() };
  return {
    ...ctx,
    async stop() {
      apps.splice(apps.indexOf(app), 1);
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    admin: () => createAdminSession(ctx as never),
  };
}
type App = Awaited<ReturnType<typeof startApp>>;

const cursorOf = sql<Record<string, never>, { blockNumber: number; lastError: string | null }>(
  'SELECT block_number AS "blockNumber", last_error AS "lastError" FROM chain_cursors',
);
const depositsOfHash = sql<{ like: string }, { id: number; status: string; diceRollsCredited: number | null }>(
  `SELECT id, status, dice_rolls_credited AS "diceRollsCredited" FROM money_transactions WHERE tx_hash LIKE :like`,
);

/** Waits until the watcher has scanned the chain's current head. */
async function scannedToHead(app: App) {
  const head = await chain.head();
  return until(async () => {
    const cursor = await app.database.read.get(cursorOf, {});
    return cursor && cursor.blockNumber >= head ? cursor : null;
  }, `block ${head} scanned`);
}

const get = (app: App, url: string, token: string) =>
  app.app.inject({ method: 'GET', url, headers: bearer(token) }).then((r) => r.json());

async function ownAddress(app: App, token: string): Promise<string> {
  const info = await get(app, '/api/credits/deposit-info', token);
  return info.data.automatic.ETH.address;
}

/** A new player, their own deposit address and dice, once the watcher has scanned to the head. */
async function playerWatched(app: App) {
  const p = await registerPlayer(app.app);
  const address = await ownAddress(app, p.token);
  const before = await dice(app, p.token);
  await scannedToHead(app);
  return { p, address, before };
}

const dice = async (app: App, token: string) =>
  (await get(app, '/api/credits/balance', token)).data.diceRollsRemaining as number;

describe('automatic deposits', () => {
  it('shows each player their own address, marked automatic, beside the shared ones', async () => {
    const app = await startApp();
    try {
      const a = await registerPlayer(app.app);
      const b = await registerPlayer(app.app);
      const info = (await get(app, '/api/credits/deposit-info', a.token)).data;
      const derive = createAddressDeriver(DEPOSIT_XPUB);
      // Shown checksummed (EIP-55), stored and compared in lower case.
      expect(info.automatic.ETH).toEqual({
        address: getAddress(derive(a.user.id)),
        chainId: 1337,
        confirmations: CONFIRMATIONS,
        tokenAddress: null,
      });
      expect(info.automatic.USDT).toMatchObject({
        address: getAddress(derive(a.user.id)),
        tokenAddress: getAddress(tokens.USDT!.address),
      });
      expect(info.addresses.BTC).toBe(TEST_DEPOSIT_ADDRESSES.BTC);
      expect(await ownAddress(app, b.token)).toBe(getAddress(derive(b.user.id)));
      expect(derive(a.user.id)).not.toBe(derive(b.user.id));
      // A typed-in ETH deposit would compete with the watcher: refused with the reason.
      const manual = await app.app.inject({
        method: 'POST',
        url: '/api/credits/deposit-request',
        headers: bearer(a.token),
        payload: {
          amount: 0.01,
          cryptoType: 'ETH',
          cryptoAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
          reference: `0x${'ab'.repeat(32)}`,
        },
      });
      expect(manual.statusCode).toBe(400);
      expect(manual.json().error.code).toBe('DEPOSIT_AUTOMATIC');
    } finally {
      await app.stop();
    }
  });

  it('credits ETH once it has the confirmations, not before, live over the socket', async () => {
    const app = await startApp();
    try {
      const { p, address, before } = await playerWatched(app);
      const listening = await app.app.listen({ port: 0, host: '127.0.0.1' });
      const socket = await authedSocket(`${listening.replace('http', 'ws')}/api/ws`, p.token);
      try {
        // Each block pushes the player's deposits: "seen, 1 of 3", then "2 of 3", then credited.
        const hash = await chain.sendEth(1, address, parseEther('0.01'));
        const seen = await socket.next('chain', 5000);
        expect(seen.data.deposits[0]).toMatchObject({
          txHash: hash,
          status: 'seen',
          confirmations: 1,
          requiredConfirmations: CONFIRMATIONS,
        });
        for (let confirmations = 2; confirmations < CONFIRMATIONS; confirmations += 1) {
          await chain.mine(1);
          const progress = await socket.next('chain', 5000);
          expect(progress.data.deposits[0]).toMatchObject({ txHash: hash, status: 'seen', confirmations });
        }
        await scannedToHead(app);
        expect(await dice(app, p.token)).toBe(before);
        expect(socket.all('state').some((m) => m.data.diceRollsRemaining !== before)).toBe(false);
        const waiting = (await get(app, '/api/credits/chain-deposits', p.token)).data.deposits;
        expect(waiting).toMatchObject([
          { status: 'seen', confirmations: CONFIRMATIONS - 1, coin: 'ETH', amount: '0.01' },
        ]);
        await chain.mine(1); // the last confirmation
        const credited = await socket.next('chain', 5000);
        expect(credited.data.deposits[0]).toMatchObject({
          txHash: hash,
          status: 'credited',
          confirmations: CONFIRMATIONS,
          transactionId: expect.any(Number),
        });
        // Then the dice arrive: 0.01 ETH at 2,000 USD = 20 USD = 200 rolls.
        for (;;) {
          const state = await socket.next('state', 5000);
          if (state.data.diceRollsRemaining === before + 200) break;
        }
        expect(await dice(app, p.token)).toBe(before + 200);
        const history = (await get(app, '/api/credits/transactions', p.token)).data.transactions;
        expect(history.find((t: { type: string }) => t.type === 'deposit')).toMatchObject({
          status: 'approved',
          metadata: { reference: hash, diceRollsCount: 200 },
        });
      } finally {
        socket.close();
      }
    } finally {
      await app.stop();
    }
  });

  it('a 1 wei transfer is recorded below the minimum and unlocks no free-play winnings; $10 in total does', async () => {
    const app = await startApp();
    try {
      const { p, address, before } = await playerWatched(app);
      // About 1,300 GOGO won with free dice: nothing of it may be withdrawn before $10 of deposits.
      await app.database.write(async (tx) => {
        await lockGameState(tx, p.user.id, app.clock());
        await postLedgerTx(
          tx,
          p.user.id,
          [{ asset: 'GOGO', amount: 1261, type: 'reward', reason: 'tile:7' }],
          app.clock(),
        );
      });
      const balance = async () => (await get(app, '/api/credits/balance', p.token)).data;
      expect(await balance()).toMatchObject({ balance: 1261, withdrawable: 0 });
      const dust = await chain.sendEth(4, address, 1n);
      await chain.mine(CONFIRMATIONS);
      const [row] = await until(async () => {
        const rows = await app.database.read.all(depositsOfHash, { like: `${dust}%` });
        return rows.length > 0 ? rows : null;
      }, 'the 1 wei deposit recorded');
      expect(row).toMatchObject({ status: 'approved', diceRollsCredited: 0 });
      expect(await balance()).toMatchObject({ balance: 1261, withdrawable: 0 });
      expect(await dice(app, p.token)).toBe(before);
      const history = (await get(app, '/api/credits/transactions', p.token)).data.transactions;
      expect(history.find((t: { type: string }) => t.type === 'deposit')).toMatchObject({
        status: 'approved',
        description: expect.stringContaining(depositValueText.belowMinimum),
        metadata: { reference: dust, adminNote: depositValueText.belowMinimumNote('0.00') },
      });
      // 0.0025 ETH (5 USD) twice: each below the minimum, so neither counts, not even together.
      for (let i = 0; i < 2; i++) await chain.sendEth(4, address, parseEther('0.0025'));
      await chain.mine(CONFIRMATIONS);
      await until(async () => ((await dice(app, p.token)) === before + 100 ? true : null), 'the two 5 USD credits');
      expect(await balance()).toMatchObject({ withdrawable: 0 });
      // A transfer worth the minimum unlocks everything won so far.
      await chain.sendEth(4, address, parseEther('0.005'));
      await chain.mine(CONFIRMATIONS);
      await until(async () => ((await dice(app, p.token)) === before + 200 ? true : null), 'the 10 USD credit');
      expect(await balance()).toMatchObject({ balance: 1261, withdrawable: 1261 });
    } finally {
      await app.stop();
    }
  });

  it('credits nothing twice across restarts, and credits what was seen before one', async () => {
    let app = await startApp();
    const p = await registerPlayer(app.app);
    const address = await ownAddress(app, p.token);
    const before = await dice(app, p.token);
    await scannedToHead(app);
    const first = await chain.sendEth(2, address, parseEther('0.005'));
    await chain.mine(CONFIRMATIONS);
    await until(async () => (await dice(app, p.token)) === before + 100, 'the first credit');
    const second = await chain.sendEth(2, address, parseEther('0.005'));
    await scannedToHead(app);
    await app.stop(); // seen, not yet confirmed
    await chain.mine(CONFIRMATIONS);
    app = await startApp();
    try {
      await until(async () => (await dice(app, p.token)) === before + 200, 'the second credit after the restart');
      await chain.mine(2);
      await scannedToHead(app);
      expect(await dice(app, p.token)).toBe(before + 200);
      for (const hash of [first, second]) {
        expect(await app.database.read.all(depositsOfHash, { like: `${hash}%` })).toHaveLength(1);
      }
    } finally {
      await app.stop();
    }
  });

  it('forgets a transfer that a reorg dropped within the window', async () => {
    const app = await startApp();
    try {
      const { p, address, before } = await playerWatched(app);
      const snapshot = await chain.snapshot();
      await chain.sendEth(3, address, parseEther('0.02'));
      await scannedToHead(app);
      expect((await get(app, '/api/credits/chain-deposits', p.token)).data.deposits).toHaveLength(1);
      await chain.revert(snapshot);
      await chain.mine(CONFIRMATIONS + 2);
      await scannedToHead(app);
      expect((await get(app, '/api/credits/chain-deposits', p.token)).data.deposits).toEqual([]);
      expect(await dice(app, p.token)).toBe(before);
      // The chain goes on: a new transfer after the reorg is credited as usual.
      await chain.sendEth(3, address, parseEther('0.001'));
      await chain.mine(CONFIRMATIONS - 1);
      await until(async () => (await dice(app, p.token)) === before + 20, 'the credit after the reorg');
    } finally {
      await app.stop();
    }
  });

  it('credits a token Transfer, referenced by hash and log index', async () => {
    const app = await startApp();
    try {
      const { p, address, before } = await playerWatched(app);
      const hash = await chain.sendToken(tokens.USDT!.address, 0, address, 25_000_000n); // 25 USDT
      await chain.mine(CONFIRMATIONS - 1);
      await until(async () => (await dice(app, p.token)) === before + 250, 'the USDT credit');
      const [deposit] = (await get(app, '/api/credits/chain-deposits', p.token)).data.deposits;
      expect(deposit).toMatchObject({ coin: 'USDT', amount: '25', txHash: hash, status: 'credited' });
      const history = (await get(app, '/api/credits/transactions', p.token)).data.transactions;
      expect(history.find((t: { type: string }) => t.type === 'deposit').metadata.reference).toBe(
        `${hash}#${deposit.logIndex}`,
      );
      const admin = await app.admin();
      const panel = (await get(app, '/api/admin/chain', admin.token)).data;
      expect(panel.watcher).toMatchObject({
        enabled: true,
        chainId: 1337,
        lastError: null,
        confirmations: CONFIRMATIONS,
      });
      const receipt = await chain.client.getTransactionReceipt({ hash: hash as `0x${string}` });
      expect(panel.watcher.lastBlock).toBeGreaterThanOrEqual(Number(receipt.blockNumber) + CONFIRMATIONS - 1);
      expect(panel.watcher.lag).toBe(panel.watcher.head - panel.watcher.lastBlock);
      expect(panel.deposits[0]).toMatchObject({
        txHash: hash,
        userId: p.user.id,
        username: p.user.username,
        coin: 'USDT',
        amount: '25',
        blockNumber: Number(receipt.blockNumber),
        fromAddress: getAddress(payer(0).address),
        confirmations: CONFIRMATIONS,
        requiredConfirmations: CONFIRMATIONS,
        status: 'credited',
      });
    } finally {
      await app.stop();
    }
  });

  it('survives the node going away or answering garbage, and resumes where it stopped', async () => {
    const proxy = await startRpcProxy(chain.url);
    const app = await startApp({}, proxy.url);
    try {
      const { p, address, before } = await playerWatched(app);
      const ready = async () => (await app.app.inject({ method: 'GET', url: '/api/ready' })).json();
      proxy.set('down');
      await chain.sendEth(4, address, parseEther('0.01'));
      await chain.mine(CONFIRMATIONS);
      const down = await until(async () => {
        const r = await ready();
        return r.data.chain.watcher === 'error' ? r : null;
      }, 'the error on /api/ready');
      expect(down.success).toBe(true);
      expect(down.data.chain.error).toEqual(expect.any(String));
      // The back office's watcher panel shows the error too, with a seen deposit's chain facts.
      const admin = await app.admin();
      const panel = (await get(app, '/api/admin/chain', admin.token)).data;
      expect(panel.watcher.lastError).toEqual(expect.any(String));
      expect(panel.watcher.errorAt).toEqual(expect.any(String));
      proxy.set('garbage');
      await until(async () => (await ready()).data.chain.error !== down.data.chain.error, 'the garbage error');
      const metrics = await app.app.inject({ method: 'GET', url: '/metrics' });
      expect(metrics.body).toMatch(/gogo_chain_poll_errors_total [1-9]/);
      expect(await dice(app, p.token)).toBe(before);
      proxy.set('pass');
      await until(async () => (await dice(app, p.token)) === before + 200, 'the credit after the node came back');
      expect((await ready()).data.chain).toMatchObject({ watcher: 'ok', error: null });
    } finally {
      await app.stop();
      await proxy.close();
    }
  });

  it.runIf(testDatabaseUrl)('two instances on one PostgreSQL database credit once', async () => {
    const [a, b] = await Promise.all([startApp(), startApp()]);
    try {
      const p = await registerPlayer(a.app);
      const address = await ownAddress(a, p.token);
      const before = await dice(a, p.token);
      await scannedToHead(a);
      const roles = async () =>
        [await a.app.inject({ url: '/api/ready' }), await b.app.inject({ url: '/api/ready' })]
          .map((r) => r.json().data.chain.watcher as string)
          .sort();
      expect(await roles()).toEqual(['ok', 'standby']);
      const hashes = await Promise.all([
        chain.sendEth(5, address, parseEther('0.01')),
        chain.sendEth(6, address, parseEther('0.01')),
      ]);
      await chain.mine(CONFIRMATIONS);
      await until(async () => (await dice(b, p.token)) === before + 400, 'both credits');
      await chain.mine(2);
      await scannedToHead(a);
      expect(await dice(a, p.token)).toBe(before + 400);
      for (const hash of hashes)
        expect(await a.database.read.all(depositsOfHash, { like: `${hash}%` })).toHaveLength(1);
      // The watcher moves over when its instance stops.
      const leader = (await a.app.inject({ url: '/api/ready' })).json().data.chain.watcher === 'ok' ? a : b;
      const other = leader === a ? b : a;
      await leader.stop();
      await chain.sendEth(7, address, parseEther('0.01'));
      await chain.mine(CONFIRMATIONS);
      await until(async () => (await dice(other, p.token)) === before + 600, 'the credit by the other instance');
    } finally {
      for (const app of [a, b]) if (apps.includes(app.app)) await app.stop();
    }
  });
});
