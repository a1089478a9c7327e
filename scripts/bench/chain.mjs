// npm run bench:chain: what automatic deposits cost and how fast they arrive, on a local chain.
//
// Starts ganache 7.9 in this process (deterministic accounts, chain 1337, its own port) and the built
// server (server/dist/server.js) in its own process on a fresh SQLite database, with CHAIN_RPC_URL,
// DEPOSIT_XPUB (watch-only, from a published test phrase), CHAIN_CONFIRMATIONS and CHAIN_POLL_MS.
// Then, from this process:
//   1. latency: --deposits=N times, one player's own address receives 0.01 ETH; the blocks up to the
//      last confirmation are mined, the last one after a random pause within one poll interval (a
//      real block lands at any moment of the watcher's cycle); the time from that block's evm_mine
//      answer to the player's socket receiving the `state` push with the new dice;
//   2. cost: --blocks=N blocks mined one per poll (the steady state: a node's block time is longer
//      than the poll interval), then as many idle polls; from the server's own /metrics
//      (gogo_chain_*): RPC calls and CPU ms per scanned block and per idle poll. CPU is the server
//      process's own (ganache runs here, not there).
// Prints the figures; exits 1 when a deposit does not arrive.
//
//   --deposits=N (5) --blocks=N (20) --poll-ms=MS (4000) --confirmations=N (12) --port=N (8573)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import ganache from 'ganache';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import WebSocket from 'ws';
import { buildIfChanged, log } from '../lib/project.mjs';
import { numberOption } from '../lib/number-option.mjs';
import { startProject } from '../lib/processes.mjs';

const settings = {
  deposits: numberOption('deposits', 5),
  blocks: numberOption('blocks', 20),
  pollMs: numberOption('poll-ms', 4000),
  confirmations: numberOption('confirmations', 12),
  port: numberOption('port', 8573),
};

// The operator's deposit wallet: only its account-level public key reaches the server.
const DEPOSIT_XPUB = HDKey.fromMasterSeed(
  mnemonicToSeedSync('test test test test test test test test test test test junk'),
).derive("m/44'/60'/0'").publicExtendedKey;

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @param {number[]} values */
function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (/** @type {number} */ q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const mean = sorted.reduce((s, v) => s + v, 0) / sorted.length;
  return { min: sorted[0], median: at(0.5), mean: Math.round(mean), max: sorted.at(-1) };
}

/** The gogo_chain_* counters of the server's /metrics. @param {string} base */
async function chainMetrics(base) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const read = (/** @type {string} */ name) => Number(new RegExp(`^${name} ([0-9.e+-]+)$`, 'm').exec(text)?.[1] ?? 0);
  return {
    blocks: read('gogo_chain_blocks_scanned_total'),
    cpuMs: read('gogo_chain_poll_cpu_ms_total'),
    rpc: read('gogo_chain_rpc_calls_total'),
  };
}

async function main() {
  buildIfChanged({ only: ['server'] });
  const chain = ganache.server({
    wallet: { deterministic: true },
    chain: { chainId: 1337, hardfork: 'shanghai' },
    logging: { quiet: true },
  });
  await chain.listen(settings.port, '127.0.0.1');
  // Untyped on purpose: the bench sends a handful of plain JSON-RPC calls.
  const provider = /** @type {{ request(a: { method: string, params: unknown[] }): Promise<unknown> }} */ (
    /** @type {unknown} */ (chain.provider)
  );
  const rpc = (/** @type {string} */ method, /** @type {unknown[]} */ params = []) =>
    provider.request({ method, params });
  const [payer] = /** @type {string[]} */ (await rpc('eth_accounts'));
  const dataDir = mkdtempSync(join(tmpdir(), 'gogo-bench-chain-'));
  const server = await startProject({
    name: 'project',
    dataDir,
    jwtSecret: randomBytes(32).toString('hex'),
    extraEnv: {
      CHAIN_RPC_URL: `http://127.0.0.1:${settings.port}`,
      DEPOSIT_XPUB,
      CHAIN_CONFIRMATIONS: String(settings.confirmations),
      CHAIN_POLL_MS: String(settings.pollMs),
    },
  });
  let failed = false;
  try {
    const head = async () => Number(/** @type {string} */ (await rpc('eth_blockNumber')));
    /** Resolves once the watcher has scanned block `n` (the public readiness details). */
    const scanned = async (/** @type {number} */ n) => {
      for (;;) {
        const ready = /** @type {any} */ (await (await fetch(`${server.base}/api/ready`)).json());
        if ((ready.data?.chain?.lastBlock ?? -1) >= n) return;
        await sleep(25);
      }
    };
    const res = await fetch(`${server.base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench_chain', email: 'bench_chain@bench.invalid', password: 'bench-pass-1' }),
    });
    const { token } = /** @type {any} */ (await res.json()).data;
    const info = /** @type {any} */ (
      await (
        await fetch(`${server.base}/api/credits/deposit-info`, { headers: { authorization: `Bearer ${token}` } })
      ).json()
    ).data;
    const address = info.automatic.ETH.address;
    await scanned(await head());

    // ── 1. From the last confirmation to the dice on the player's socket ─────────────────────────
    const ws = new WebSocket(`${server.base.replace('http', 'ws')}/api/ws`);
    /** @type {Array<(m: any) => void>} */
    const listeners = [];
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString());
      for (const listen of [...listeners]) listen(message);
    });
    await new Promise((resolve) => ws.once('open', resolve));
    const ready = new Promise((resolve) => listeners.push((m) => m.type === 'ready' && resolve(null)));
    ws.send(JSON.stringify({ type: 'auth', token }));
    await ready;
    let dice = /** @type {any} */ (
      await (
        await fetch(`${server.base}/api/credits/balance`, { headers: { authorization: `Bearer ${token}` } })
      ).json()
    ).data.diceRollsRemaining;
    /** @type {number[]} */
    const latencies = [];
    for (let i = 0; i < settings.deposits; i += 1) {
      await rpc('eth_sendTransaction', [{ from: payer, to: address, value: '0x2386f26fc10000' }]); // 0.01 ETH
      for (let b = 0; b < settings.confirmations - 2; b += 1) await rpc('evm_mine');
      await scanned(await head());
      await sleep(Math.random() * settings.pollMs);
      const arrived = new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no dice within 30 s')), 30_000);
        listeners.push((m) => {
          if (m.type === 'state' && m.data.diceRollsRemaining > dice) {
            clearTimeout(timer);
            dice = m.data.diceRollsRemaining;
            resolve(performance.now());
          }
        });
      });
      await rpc('evm_mine'); // the last confirmation
      const mined = performance.now();
      latencies.push(Math.round(/** @type {number} */ (await arrived) - mined));
      listeners.splice(1);
    }
    ws.close();

    // ── 2. What one scanned block and one idle poll cost ─────────────────────────────────────────
    const before = await chainMetrics(server.base);
    for (let b = 0; b < settings.blocks; b += 1) {
      await rpc('evm_mine');
      await scanned(await head());
    }
    const afterBlocks = await chainMetrics(server.base);
    await sleep(settings.blocks * settings.pollMs);
    const afterIdle = await chainMetrics(server.base);
    const scannedBlocks = afterBlocks.blocks - before.blocks;
    const idlePolls = settings.blocks;
    const round = (/** @type {number} */ v, d = 2) => Math.round(v * 10 ** d) / 10 ** d;
    const figures = {
      settings,
      lastConfirmationToDiceMs: { ...summary(latencies), samples: latencies },
      perScannedBlock: {
        blocks: scannedBlocks,
        rpcCalls: round((afterBlocks.rpc - before.rpc) / scannedBlocks),
        cpuMs: round((afterBlocks.cpuMs - before.cpuMs) / scannedBlocks),
      },
      perIdlePoll: {
        polls: idlePolls,
        rpcCalls: round((afterIdle.rpc - afterBlocks.rpc) / idlePolls),
        cpuMs: round((afterIdle.cpuMs - afterBlocks.cpuMs) / idlePolls),
      },
    };
    log(JSON.stringify(figures, null, 2));
  } catch (err) {
    failed = true;
    log(`bench:chain failed: ${/** @type {Error} */ (err).message}`);
  } finally {
    await server.stop();
    await chain.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

await main();
