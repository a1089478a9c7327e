import {
  BlockNotFoundError,
  createPublicClient,
  http,
  parseAbiItem,
  type Block,
  type Hash,
  type Transaction,
} from 'viem';

export const TRANSFER_EVENT = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** One ERC-20 Transfer log, with the fields the watcher reads. */
export interface TransferLog {
  address: string;
  blockNumber: bigint;
  blockHash: string;
  logIndex: number;
  transactionHash: string;
  from: string;
  to: string;
  value: bigint;
  removed: boolean;
}

/** What the watcher and the payout check read from the node; every call counted for the metrics. */
export interface ChainReader {
  chainId(): Promise<number>;
  head(): Promise<bigint>;
  block(number: bigint): Promise<Block<bigint, true>>;
  /** The hash of the node's block at this height, or null when it has none. */
  blockHash(number: bigint): Promise<Hash | null>;
  transferLogs(tokens: `0x${string}`[], from: bigint, to: bigint): Promise<TransferLog[]>;
  transaction(hash: Hash): Promise<Transaction>;
  receipt(hash: Hash): Promise<Awaited<ReturnType<ReturnType<typeof createPublicClient>['getTransactionReceipt']>>>;
  /** JSON-RPC requests sent so far. */
  calls(): number;
}

/** viem's public client over HTTP, without retries (the watcher's next poll is the retry). */
export function createChainReader(rpcUrl: string, timeoutMs = 5_000): ChainReader {
  let calls = 0;
  const client = createPublicClient({
    transport: http(rpcUrl, {
      timeout: timeoutMs,
      retryCount: 0,
      onFetchRequest: () => {
        calls += 1;
      },
    }),
  });
  let chainId: number | null = null;
  return {
    async chainId() {
      chainId ??= await client.getChainId();
      return chainId;
    },
    head: () => client.getBlockNumber({ cacheTime: 0 }),
    block: (number) => client.getBlock({ blockNumber: number, includeTransactions: true }),
    blockHash: async (number) => {
      try {
        return (await client.getBlock({ blockNumber: number })).hash;
      } catch (err) {
        if (err instanceof BlockNotFoundError) return null;
        throw err;
      }
    },
    async transferLogs(tokens, from, to) {
      const logs = await client.getLogs({
        address: tokens,
        event: TRANSFER_EVENT,
        fromBlock: from,
        toBlock: to,
        strict: true,
      });
      return logs.map((log) => ({
        address: log.address,
        blockNumber: log.blockNumber,
        blockHash: log.blockHash,
        logIndex: log.logIndex,
        transactionHash: log.transactionHash,
        from: log.args.from,
        to: log.args.to,
        value: log.args.value,
        removed: log.removed,
      }));
    },
    transaction: (hash) => client.getTransaction({ hash }),
    receipt: (hash) => client.getTransactionReceipt({ hash }),
    calls: () => calls,
  };
}
