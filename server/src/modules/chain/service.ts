import type { AdminChainResult, AutomaticDeposits, ChainDeposit, ChainWatcherView } from '@gogo/shared/api';
import { formatUnits } from 'viem';
import type { Database } from '../../db/database.js';
import { leaderLock } from '../../db/leader.js';
import { toIso, type Clock } from '../../lib/clock.js';
import type { ChainCoin, ChainConfig } from '../../settings/chain.js';
import type { PriceProvider } from '../prices/index.js';
import { createAddressDeriver } from './addresses.js';
import { checksummed } from '../../lib/evm-address.js';
import { payoutProblem, type PayoutClaim } from './payout.js';
import { chainRepo as repo, type Cursor, type SightingRow } from './repo.js';
import { createChainReader, type ChainReader } from './rpc.js';
import { createChainWatcher, type WatcherStatus } from './watcher.js';

/** The advisory lock key of the chain watcher: one watcher per cluster. */
const WATCHER_LOCK = 0x63_68_61_69;
const ADMIN_RECENT = 50;
const PLAYER_RECENT = 20;

export interface ChainServiceDeps {
  database: Database;
  clock: Clock;
  config: ChainConfig | null | undefined;
  prices: PriceProvider;
  log: { warn(obj: unknown, msg: string): void };
  /** Tests may hand in their own reader (a node behind a switchable proxy). */
  reader?: ChainReader;
}

/** What /api/ready shows of the chain: null when the chain settings are unset. */
export type ChainReadyDetails = {
  watcher: WatcherStatus['state'];
  lastBlock: number | null;
  head: number | null;
  error: string | null;
} | null;

function decimalsOf(config: ChainConfig, coin: ChainCoin): number {
  return coin === 'ETH' ? 18 : (config.tokens[coin]?.decimals ?? 18);
}

/**
 * On-chain money: players' own deposit addresses, the watcher that credits transfers to them, and the
 * check of payouts. Without the chain settings every method answers "manual" and nothing runs.
 */
export function createChainService(deps: ChainServiceDeps) {
  const { database, clock } = deps;
  const config = deps.config ?? null;
  if (!config) {
    return {
      enabled: false as const,
      chainId: async (): Promise<number | null> => null,
      automaticDeposits: async (_userId: number): Promise<AutomaticDeposits | undefined> => undefined,
      isAutomatic: (_coin: string) => false,
      deposits: async (_userId: number): Promise<ChainDeposit[]> => [],
      adminView: async (): Promise<AdminChainResult> => ({ watcher: emptyView(), deposits: [] }),
      readyDetails: (): ChainReadyDetails => null,
      checkPayout: async (_claim: PayoutClaim): Promise<string | null> => null,
      start() {},
      async stop() {},
      pollOnce: async () => false,
    };
  }
  const chain = config;
  const derive = createAddressDeriver(chain.xpub);
  const reader = deps.reader ?? createChainReader(chain.rpcUrl);
  const watcher = createChainWatcher({
    database,
    clock,
    config: chain,
    reader,
    lock: leaderLock(database, WATCHER_LOCK),
    prices: () => deps.prices.latest(),
    log: deps.log,
  });

  async function addressOf(userId: number): Promise<string> {
    const known = await repo.addressOf(database.read, userId);
    if (known) return known;
    const address = derive(userId);
    await database.write((tx) => repo.saveAddress(tx, userId, address, userId, clock()));
    return address;
  }

  async function cursorOf(): Promise<Cursor | undefined> {
    const chainId = watcher.status().chainId ?? (await reader.chainId().catch(() => null));
    return chainId === null ? undefined : repo.cursor(database.read, chainId);
  }

  const toDto = (row: SightingRow, scanned: number | null): ChainDeposit => ({
    id: row.id,
    coin: row.coin,
    amount: formatUnits(BigInt(row.amountBase), decimalsOf(chain, row.coin)),
    txHash: row.txHash,
    logIndex: row.logIndex,
    fromAddress: checksummed(row.fromAddress),
    toAddress: checksummed(row.toAddress),
    blockNumber: row.blockNumber,
    confirmations:
      row.status === 'credited' || scanned === null
        ? row.status === 'credited'
          ? chain.confirmations
          : 0
        : Math.max(0, Math.min(chain.confirmations, scanned - row.blockNumber + 1)),
    requiredConfirmations: chain.confirmations,
    status: row.status,
    transactionId: row.moneyTxId,
    seenAt: new Date(row.createdAt).toISOString(),
  });

  return {
    enabled: true as const,
    /** The node's chain id (asked once), or null while the node cannot be reached. */
    chainId: (): Promise<number | null> => reader.chainId().catch(() => null),
    isAutomatic: (coin: string) => coin === 'ETH' || (coin in chain.tokens && (coin === 'USDT' || coin === 'USDC')),
    async automaticDeposits(userId: number): Promise<AutomaticDeposits> {
      const address = await addressOf(userId);
      const chainId = watcher.status().chainId ?? (await reader.chainId().catch(() => null));
      const entry = (tokenAddress: string | null) => ({
        address: checksummed(address),
        chainId,
        confirmations: chain.confirmations,
        tokenAddress: checksummed(tokenAddress),
      });
      return {
        ETH: entry(null),
        USDT: chain.tokens.USDT ? entry(chain.tokens.USDT.address) : null,
        USDC: chain.tokens.USDC ? entry(chain.tokens.USDC.address) : null,
      };
    },
    async deposits(userId: number): Promise<ChainDeposit[]> {
      const cursor = await cursorOf();
      return (await repo.ofUser(database.read, userId, PLAYER_RECENT)).map((r) =>
        toDto(r, cursor?.blockNumber ?? null),
      );
    },
    async adminView(): Promise<AdminChainResult> {
      const cursor = await cursorOf();
      const status = watcher.status();
      const watcherView: ChainWatcherView = {
        enabled: true,
        chainId: cursor?.chainId ?? status.chainId,
        lastBlock: cursor?.blockNumber ?? null,
        head: cursor?.headBlock ?? null,
        lag: cursor ? Math.max(0, cursor.headBlock - cursor.blockNumber) : null,
        confirmations: chain.confirmations,
        lastError: cursor?.lastError ?? status.error,
        errorAt: toIso(cursor?.errorAt ?? status.errorAt),
        polledAt: toIso(cursor?.polledAt ?? null),
      };
      const rows = await repo.recent(database.read, ADMIN_RECENT);
      return {
        watcher: watcherView,
        deposits: rows.map((r) => ({
          ...toDto(r, cursor?.blockNumber ?? null),
          userId: r.userId,
          username: r.username,
        })),
      };
    },
    readyDetails(): ChainReadyDetails {
      const s = watcher.status();
      return { watcher: s.state, lastBlock: s.lastBlock, head: s.head, error: s.error };
    },
    checkPayout: (claim: PayoutClaim) => payoutProblem(reader, chain, claim),
    start: () => watcher.start(),
    stop: () => watcher.stop(),
    pollOnce: () => watcher.pollOnce(),
  };
}

function emptyView(): ChainWatcherView {
  return {
    enabled: false,
    chainId: null,
    lastBlock: null,
    head: null,
    lag: null,
    confirmations: null,
    lastError: null,
    errorAt: null,
    polledAt: null,
  };
}

export type ChainService = ReturnType<typeof createChainService>;
