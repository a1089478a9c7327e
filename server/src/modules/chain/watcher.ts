import { diceRollsForUsd, fromMinorUnits, toMinorUnits, usdValueOf, type PricesUsd } from '@gogo/shared/rules';
import type { Block } from 'viem';
import type { ChainCoin, ChainConfig } from '../../settings/chain.js';
import type { Database } from '../../db/database.js';
import type { LeaderLock } from '../../db/leader.js';
import type { Tx } from '../../db/sql.js';
import type { Clock } from '../../lib/clock.js';
import { countChainPoll, setChainFigures } from '../../lib/metrics.js';
import { creditChainDeposit } from '../credits/index.js';
import { publish } from '../../core/events.js';
import { chainRepo as repo, type Cursor, type NewSighting } from './repo.js';
import type { ChainReader } from './rpc.js';

/** Blocks one poll scans at most; a watcher that is behind polls again at once. */
const MAX_BLOCKS_PER_POLL = 50;
/** Scanned block hashes kept beyond the confirmation window, to find where a deep reorg forked. */
const EXTRA_BLOCKS_KEPT = 20;
const ETH_DECIMALS = 18;
const MINOR_DIGITS = 8n;

export interface WatcherStatus {
  /** off: no chain settings; standby: another instance watches; ok / error: this one watches. */
  state: 'standby' | 'ok' | 'error';
  chainId: number | null;
  lastBlock: number | null;
  head: number | null;
  error: string | null;
  errorAt: number | null;
  polls: number;
}

export interface WatcherDeps {
  database: Database;
  clock: Clock;
  config: ChainConfig;
  reader: ChainReader;
  lock: LeaderLock;
  /** The latest USD prices (null when no price is known: the credit waits for one). */
  prices: () => Promise<{ pricesUsd: PricesUsd } | null>;
  log: { warn(obj: unknown, msg: string): void };
}

/** Another watcher moved the cursor first: this poll's writes roll back and the next poll reads again. */
class CursorMoved extends Error {}

/** Base units to minor units (1e-8), rounded down, exactly. */
export function toMinorFromBase(amountBase: bigint, decimals: number): number {
  const d = BigInt(decimals);
  const units = d >= MINOR_DIGITS ? amountBase / 10n ** (d - MINOR_DIGITS) : amountBase * 10n ** (MINOR_DIGITS - d);
  return Number(units);
}

/** A short, single-line description of a node failure with its cause (never a whole body). */
function describe(err: unknown): string {
  const e = err as { shortMessage?: string; details?: string };
  const head = e?.shortMessage ?? (err instanceof Error ? err.message : String(err));
  const text = e?.details ? `${head} ${e.details}` : head;
  return text.split('\n')[0]!.slice(0, 300);
}

/** Token contracts (lower case) to their coin and decimals. */
type TokenIndex = Map<string, { coin: ChainCoin; decimals: number }>;

/** What crediting needs of the watcher's settings. */
interface CreditSettings {
  confirmations: number;
  decimalsOf: (coin: ChainCoin) => number;
  log: WatcherDeps['log'];
}

/** Native transfers (successful ones) and token Transfer logs to a player's address in these blocks. */
async function sightingsIn(
  reader: ChainReader,
  tokenOf: TokenIndex,
  chainId: number,
  blocks: Block<bigint, true>[],
  owners: Map<string, number>,
): Promise<NewSighting[] | null> {
  const found: NewSighting[] = [];
  const hashOf = new Map(blocks.map((b) => [Number(b.number), b.hash as string]));
  for (const b of blocks) {
    for (const t of b.transactions) {
      const to = t.to?.toLowerCase();
      const userId = to ? owners.get(to) : undefined;
      if (userId === undefined || t.value <= 0n) continue;
      // A reverted transaction moved no value.
      if ((await reader.receipt(t.hash)).status !== 'success') continue;
      found.push({
        chainId,
        txHash: t.hash.toLowerCase(),
        logIndex: -1,
        coin: 'ETH',
        userId,
        toAddress: to!,
        fromAddress: t.from.toLowerCase(),
        amountBase: t.value.toString(),
        blockNumber: Number(b.number),
        blockHash: b.hash as string,
      });
    }
  }
  if (tokenOf.size > 0 && blocks.length > 0) {
    const logs = await reader.transferLogs(
      [...tokenOf.keys()] as `0x${string}`[],
      blocks[0]!.number as bigint,
      blocks.at(-1)!.number as bigint,
    );
    for (const log of logs) {
      // Logs of a block the node swapped between the two calls: scan the batch again next poll.
      if (hashOf.get(Number(log.blockNumber)) !== log.blockHash) return null;
      const to = log.to.toLowerCase();
      const userId = owners.get(to);
      const token = tokenOf.get(log.address.toLowerCase());
      if (userId === undefined || !token || log.value <= 0n || log.removed) continue;
      found.push({
        chainId,
        txHash: log.transactionHash.toLowerCase(),
        logIndex: log.logIndex,
        coin: token.coin,
        userId,
        toAddress: to,
        fromAddress: log.from.toLowerCase(),
        amountBase: log.value.toString(),
        blockNumber: Number(log.blockNumber),
        blockHash: log.blockHash,
      });
    }
  }
  return found;
}

/** Credits every seen transfer with enough confirmations, at today's price; the rest wait. */
async function creditConfirmed(
  settings: CreditSettings,
  tx: Tx,
  chainId: number,
  scanned: number,
  prices: PricesUsd | null,
  now: number,
  touched: Set<number>,
) {
  for (const s of await repo.seen(tx, chainId)) {
    touched.add(s.userId);
    if (scanned - s.blockNumber + 1 < settings.confirmations || !prices) continue;
    const amountUnits = toMinorFromBase(BigInt(s.amountBase), settings.decimalsOf(s.coin));
    const usd = usdValueOf(fromMinorUnits(amountUnits), prices[s.coin.toLowerCase() as keyof PricesUsd]);
    const usdValueUnits = toMinorUnits(usd);
    if (usdValueUnits === null || toMinorUnits(fromMinorUnits(amountUnits)) === null) {
      settings.log.warn({ txHash: s.txHash }, 'chain deposit too large to record: left for an admin');
      continue;
    }
    const isToken = s.logIndex >= 0;
    const moneyTxId = await creditChainDeposit(
      tx,
      {
        userId: s.userId,
        coin: s.coin,
        amountUnits,
        usdValueUnits,
        dice: diceRollsForUsd(usd),
        fromAddress: s.fromAddress,
        claim: isToken ? `${s.txHash}:${s.logIndex}` : s.txHash,
        reference: isToken ? `${s.txHash}#${s.logIndex}` : s.txHash,
      },
      now,
    );
    if (!(await repo.markCredited(tx, s.id, moneyTxId, now))) throw new CursorMoved();
  }
}

async function startCursor(deps: WatcherDeps, chainId: number, head: number): Promise<Cursor> {
  // A first start looks back one confirmation window: transfers sent just before are still credited.
  const start = Math.max(0, head - deps.config.confirmations);
  const hash = await deps.reader.blockHash(BigInt(start));
  if (!hash) throw new Error(`the node has no block ${start}`);
  await deps.database.write(async (tx) => {
    await repo.startCursor(tx, chainId, start, hash, deps.clock());
    await repo.saveBlock(tx, chainId, start, hash);
  });
  const cursor = await repo.cursor(deps.database.read, chainId);
  if (!cursor) throw new Error('chain cursor missing after it was written');
  return cursor;
}

/** Walks back the scanned blocks to the newest one the node still has, and scans again from there. */
async function rewind(deps: WatcherDeps, chainId: number, cursor: Cursor, head: number): Promise<void> {
  let ancestor: { blockNumber: number; blockHash: string } | null = null;
  const stored = await repo.blocksDesc(deps.database.read, chainId);
  for (const b of stored) {
    if (b.blockNumber > head) continue;
    if ((await deps.reader.blockHash(BigInt(b.blockNumber))) === b.blockHash) {
      ancestor = b;
      break;
    }
  }
  if (!ancestor) {
    const oldest = stored.at(-1)?.blockNumber ?? cursor.blockNumber;
    const number = Math.max(0, Math.min(oldest - 1, head));
    const hash = await deps.reader.blockHash(BigInt(number));
    if (!hash) throw new Error(`the node has no block ${number}`);
    ancestor = { blockNumber: number, blockHash: hash };
  }
  const target = ancestor;
  deps.log.warn({ chainId, from: cursor.blockNumber, to: target.blockNumber }, 'chain reorganised: scanning again');
  await deps.database.write(async (tx) => {
    if (!(await repo.moveCursor(tx, chainId, cursor, target, head, deps.clock()))) throw new CursorMoved();
    await repo.saveBlock(tx, chainId, target.blockNumber, target.blockHash);
    for (const userId of new Set(await repo.rewind(tx, chainId, target.blockNumber))) {
      publish(tx, { type: 'chain', userId });
    }
  });
}

/**
 * The chain watcher: polls the node, records transfers to players' addresses as `seen`, and credits
 * them once they have CHAIN_CONFIRMATIONS, each poll in one transaction with the cursor it moves.
 * Exactly once: the (chain, tx, log) unique row, the seen-to-credited condition and the cursor's
 * compare-and-set each stop a second watcher; the advisory lock keeps the second from even trying.
 */
export function createChainWatcher(deps: WatcherDeps) {
  const { database, clock, config, reader, lock } = deps;
  const tokenOf: TokenIndex = new Map();
  for (const [coin, t] of Object.entries(config.tokens)) {
    if (t) tokenOf.set(t.address, { coin: coin as ChainCoin, decimals: t.decimals });
  }
  const decimalsOf = (coin: ChainCoin) =>
    coin === 'ETH' ? ETH_DECIMALS : (config.tokens[coin as 'USDT' | 'USDC']?.decimals ?? ETH_DECIMALS);
  const credit: CreditSettings = { confirmations: config.confirmations, decimalsOf, log: deps.log };

  const status: WatcherStatus = {
    state: 'standby',
    chainId: null,
    lastBlock: null,
    head: null,
    error: null,
    errorAt: null,
    polls: 0,
  };
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = true;
  // Polls of this instance run one after the other (the timer's and any asked for by hand).
  let queue: Promise<unknown> = Promise.resolve();
  const serial = (): Promise<boolean> => {
    const next = queue.then(pollAndRecord);
    queue = next.catch(() => undefined);
    return next;
  };

  async function poll(): Promise<boolean> {
    if (!(await lock.hold())) {
      status.state = 'standby';
      setChainFigures({ leader: false });
      return false;
    }
    const chainId = await reader.chainId();
    status.chainId = chainId;
    const head = Number(await reader.head());
    let cursor = (await repo.cursor(database.read, chainId)) ?? (await startCursor(deps, chainId, head));
    if (head < cursor.blockNumber) {
      await rewind(deps, chainId, cursor, head);
      return true;
    }
    const last = Math.min(head, cursor.blockNumber + MAX_BLOCKS_PER_POLL);
    const blocks: Block<bigint, true>[] = [];
    let parent = cursor.blockHash;
    for (let n = cursor.blockNumber + 1; n <= last; n++) {
      const b = await reader.block(BigInt(n));
      if (b.parentHash !== parent) {
        if (blocks.length === 0) {
          await rewind(deps, chainId, cursor, head);
          return true;
        }
        break; // the node changed its mind mid-batch: keep the consistent part
      }
      blocks.push(b);
      parent = b.hash as string;
    }
    const owners = new Map((await repo.addresses(database.read)).map((a) => [a.address, a.userId]));
    const found = await sightingsIn(reader, tokenOf, chainId, blocks, owners);
    if (found === null) return true;
    const prices = (await deps.prices())?.pricesUsd ?? null;
    const to = blocks.length ? { blockNumber: Number(blocks.at(-1)!.number), blockHash: parent } : cursor;
    const now = clock();
    await database.write(async (tx) => {
      if (!(await repo.moveCursor(tx, chainId, cursor, to, head, now))) throw new CursorMoved();
      for (const b of blocks) await repo.saveBlock(tx, chainId, Number(b.number), b.hash as string);
      await repo.pruneBlocks(tx, chainId, to.blockNumber - config.confirmations - EXTRA_BLOCKS_KEPT);
      const touched = new Set<number>();
      for (const s of found) if (await repo.addSighting(tx, s, now)) touched.add(s.userId);
      await creditConfirmed(credit, tx, chainId, to.blockNumber, prices, now, touched);
      // Only when something moved: a new sighting, or one more confirmation for those waiting.
      if (blocks.length > 0 || found.length > 0) for (const userId of touched) publish(tx, { type: 'chain', userId });
    });
    cursor = { ...cursor, ...to };
    status.state = 'ok';
    status.lastBlock = to.blockNumber;
    status.head = head;
    status.error = null;
    status.errorAt = null;
    setChainFigures({ leader: true, head, scanned: to.blockNumber, blocks: blocks.length });
    return to.blockNumber < head;
  }

  async function pollAndRecord(): Promise<boolean> {
    const started = process.cpuUsage();
    const callsBefore = reader.calls();
    try {
      return await poll();
    } catch (err) {
      if (err instanceof CursorMoved) return true;
      status.state = 'error';
      status.error = describe(err);
      status.errorAt = clock();
      setChainFigures({ error: true });
      if (status.chainId !== null) {
        const chainId = status.chainId;
        await database.write((tx) => repo.recordError(tx, chainId, status.error!, clock())).catch(() => undefined);
      }
      deps.log.warn({ err: status.error }, 'chain watcher poll failed; it tries again at the next poll');
      return false;
    } finally {
      status.polls += 1;
      const cpu = process.cpuUsage(started);
      countChainPoll((cpu.user + cpu.system) / 1000, reader.calls() - callsBefore);
    }
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      running = serial().then((more) => {
        running = null;
        schedule(more ? 0 : config.pollMs);
      });
    }, delayMs);
    timer.unref();
  }

  return {
    status: (): WatcherStatus => ({ ...status }),
    /** One poll now (tests drive the watcher this way instead of waiting on its timer). */
    pollOnce: serial,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      await lock.release();
    },
  };
}

export type ChainWatcher = ReturnType<typeof createChainWatcher>;
