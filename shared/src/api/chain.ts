import { Type, type Static } from 'typebox';
import { CHAIN_COINS } from '../rules/money.js';
import { Ok } from './envelope.js';
import { literalUnion } from './literals.js';

/** Error codes of on-chain money. Texts: messages/wallet.ts (chainText). */
export const ChainErrorCode = {
  /** 400: ETH, USDT and USDC are credited automatically while the chain watcher runs. */
  DEPOSIT_AUTOMATIC: 'DEPOSIT_AUTOMATIC',
  /** 400: an EVM payout needs its transaction hash and the amount sent. */
  PAYOUT_HASH_REQUIRED: 'PAYOUT_HASH_REQUIRED',
  /** 422: the transaction does not pay what was asked (the message says why). */
  PAYOUT_NOT_VERIFIED: 'PAYOUT_NOT_VERIFIED',
  /** 409: the hash already records another payout. */
  PAYOUT_HASH_USED: 'PAYOUT_HASH_USED',
  /** 503: the node cannot be asked. */
  CHAIN_UNAVAILABLE: 'CHAIN_UNAVAILABLE',
} as const;

const Coin = literalUnion(CHAIN_COINS);

/** A coin the watcher credits by itself: the player's own address and what it takes to count. */
export const AutomaticDeposit = Type.Object({
  address: Type.String({ description: "the player's own deposit address (child m/0/<player id> of the xpub)" }),
  chainId: Type.Union([Type.Integer(), Type.Null()], { description: 'null until the node has answered once' }),
  confirmations: Type.Integer({ description: 'confirmations before the deposit is credited' }),
  /** The token contract for USDT and USDC; null for ETH. */
  tokenAddress: Type.Union([Type.String(), Type.Null()]),
});
export type AutomaticDeposit = Static<typeof AutomaticDeposit>;

export const AutomaticDeposits = Type.Object({
  ETH: Type.Union([AutomaticDeposit, Type.Null()]),
  USDT: Type.Union([AutomaticDeposit, Type.Null()]),
  USDC: Type.Union([AutomaticDeposit, Type.Null()]),
});
export type AutomaticDeposits = Static<typeof AutomaticDeposits>;

/** One transfer to a player's own address, as the player and the admin see it. */
export const ChainDeposit = Type.Object({
  id: Type.Integer(),
  coin: Coin,
  /** In the coin's unit, as a decimal string (exact). */
  amount: Type.String(),
  txHash: Type.String(),
  logIndex: Type.Integer({ description: '-1 for a native ETH transfer' }),
  fromAddress: Type.String(),
  toAddress: Type.String(),
  blockNumber: Type.Integer(),
  confirmations: Type.Integer(),
  requiredConfirmations: Type.Integer(),
  status: Type.Union([Type.Literal('seen'), Type.Literal('credited')]),
  /** The approved deposit it became. */
  transactionId: Type.Union([Type.Integer(), Type.Null()]),
  seenAt: Type.String(),
});
export type ChainDeposit = Static<typeof ChainDeposit>;

export const ChainDepositsResult = Type.Object({ deposits: Type.Array(ChainDeposit) });
export type ChainDepositsResult = Static<typeof ChainDepositsResult>;
export const ChainDepositsResponse = Ok(ChainDepositsResult);

/** The watcher as the admin panel and /api/ready show it. */
export const ChainWatcherView = Type.Object({
  enabled: Type.Boolean(),
  chainId: Type.Union([Type.Integer(), Type.Null()]),
  lastBlock: Type.Union([Type.Integer(), Type.Null()]),
  head: Type.Union([Type.Integer(), Type.Null()]),
  lag: Type.Union([Type.Integer(), Type.Null()]),
  confirmations: Type.Union([Type.Integer(), Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
  errorAt: Type.Union([Type.String(), Type.Null()]),
  polledAt: Type.Union([Type.String(), Type.Null()]),
});
export type ChainWatcherView = Static<typeof ChainWatcherView>;

export const AdminChainResult = Type.Object({
  watcher: ChainWatcherView,
  deposits: Type.Array(
    Type.Intersect([
      ChainDeposit,
      Type.Object({ userId: Type.Integer(), username: Type.Union([Type.String(), Type.Null()]) }),
    ]),
  ),
});
export type AdminChainResult = Static<typeof AdminChainResult>;
export const AdminChainResponse = Ok(AdminChainResult);
