import { createHash } from 'node:crypto';
import {
  ChainErrorCode,
  ErrorCode,
  MoneyErrorCode,
  ProductionErrorCode,
  type AutomaticDeposits,
  type CreditsBalance,
  type DepositInfo,
  type DepositRequestBody,
  type DepositRequestResult,
  type DicePurchaseBody,
  type DicePurchaseResult,
  type GrantBody,
  type SpendBody,
  type SpendResult,
  type TransactionDto,
  type TransactionsPage,
  type WithdrawalRequestResult,
} from '@gogo/shared/api';
import { chainText, moneyText, productionText, serverText, validationText, walletText } from '@gogo/shared/messages';
import {
  CRYPTO_TYPES,
  MAX_MONEY_AMOUNT,
  MIN_DEPOSIT_USD,
  STARTING_DICE_ROLLS,
  dicePurchaseAmountMatches,
  isCryptoType,
  isValidDicePurchaseCount,
  meetsMinimumDeposit,
  priceKeyOf,
  toMinorUnits,
  usdForDiceRolls,
  usdValueOf,
  type CryptoType,
  CHAIN_COINS,
} from '@gogo/shared/rules';
import {
  parseAmount,
  validateCryptoType,
  validateDepositAmount,
  validatePayoutAddress,
  validateWithdrawalAmount,
} from '@gogo/shared/validation';
import {
  defaultInputLimits,
  defaultWithdrawRules,
  type InputLimits,
  type WithdrawRules,
} from '../../settings/index.js';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { sql, type Tx } from '../../db/sql.js';
import { AppError } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import { InsufficientBalanceError } from '../ledger/index.js';
import { balancesOf, lockGameState, postLedgerTx } from '../ledger/index.js';
import { accounts } from '../auth/index.js';
import { publish, publishMoneyRequest } from '../../core/events.js';
import type { PriceProvider } from '../prices/index.js';
import { clampLimit, toTransactionDto } from './dto.js';
import { creditsRepo as repo, MONEY_TX_REF, type NewMoneyTx } from './repo.js';
import { text } from './reviews.js';
import {
  assertWithdrawalAllowed,
  confirmOtherPayoutAddress,
  linkedPayoutAddress,
  startPayoutAddressCooldown,
  withdrawableOf,
  type LinkedPayouts,
} from '../withdrawal-rules/index.js';
import { assertDepositSlot, readTxReference } from './deposit-rules.js';
import { checksummed } from '../../lib/evm-address.js';

const MAX_DICE_PURCHASE = 1_000_000;

const refused = (status: number, code: string, message: string, field?: string) =>
  new AppError(status, code, message, field ? { field } : undefined);

const invalidAmount = (field = 'amount') =>
  refused(400, MoneyErrorCode.INVALID_AMOUNT, validationText.amountInvalid, field);

const txHashTaken = () => refused(409, MoneyErrorCode.TX_HASH_TAKEN, moneyText.txHashTaken, 'transactionHash');

/** Inserts a money request; the unique (hash_currency, tx_hash) index refuses a hash claimed before. */
/**
 * The chain a transfer's hash lives on, stored as hash_currency: ETH, USDT and USDC are all
 * transfers on the one EVM chain, so one hash claims a deposit in at most one of them.
 */
export function hashChainOf(crypto: string): string {
  return EVM_COINS.has(crypto) ? 'EVM' : crypto;
}
const EVM_COINS = new Set<string>(CHAIN_COINS);

// Rows written before hashes were keyed by chain carry the coin itself: they claim the hash as well.
const hashClaimedOnChain = sql<{ txHash: string }, { one: number }>(
  `SELECT 1 AS one FROM money_transactions
   WHERE tx_hash = :txHash AND hash_currency IN ('EVM', ${CHAIN_COINS.map((coin) => `'${coin}'`).join(', ')}) LIMIT 1`,
);

async function insertClaimingHash(tx: Tx, row: NewMoneyTx): Promise<number> {
  if (row.txHash !== null && row.hashCurrency === 'EVM' && (await tx.get(hashClaimedOnChain, { txHash: row.txHash }))) {
    throw txHashTaken();
  }
  try {
    const id = await repo.insertMoneyTx(tx, row);
    publishMoneyRequest(tx, { id, userId: row.userId, type: row.type, status: 'pending' }, false);
    return id;
  } catch (err) {
    if (isUniqueViolation(err)) throw txHashTaken();
    throw err;
  }
}

/** The audit row of an admin's grant, written by the admin module in the grant's transaction. */
export interface GrantAudit {
  adminId: number;
  targetUserId: number;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  ip: string | null;
}

// ── The player's side ────────────────────────────────────────────────────────

export interface CreditsDeps {
  database: Database;
  clock: Clock;
  prices: PriceProvider;
  depositAddresses: Partial<Record<CryptoType, string>>;
  /** Writes the audit row of a grant inside its transaction (the admin module's audit log). */
  auditGrant: (tx: Tx, entry: GrantAudit, now: number) => Promise<void>;
  /** Withdrawal eligibility (WITHDRAW_*) and the pending deposit limit. */
  withdrawRules?: WithdrawRules;
  inputLimits?: InputLimits;
  /** WITHDRAW_FREE_WINS_AFTER_DEPOSIT: GOGO won with free dice waits for the first approved deposit. */
  freeWinsNeedDeposit?: boolean;
  /** On-chain money (the chain and wallet modules, wired by the app); absent: every coin is manual. */
  onChain?: OnChainMoney;
  /** Linked wallets: where ETH, USDT and USDC payouts go, and the password check for another address. */
  linkedPayouts?: LinkedPayouts;
}

/** What credits asks of on-chain money: own addresses, which coins are automatic, the linked wallet. */
export interface OnChainMoney {
  automaticDeposits(userId: number): Promise<AutomaticDeposits | undefined>;
  isAutomatic(coin: string): boolean;
}

type WithdrawalInput = { amount: unknown; cryptoType?: unknown } & Partial<Record<WithdrawalText, string | null>>;
type WithdrawalText = 'cryptoAddress' | 'note' | 'currentPassword';

/** A player cannot pay in a coin that has no published receiving address. */
function requireReceivingAddress(deps: CreditsDeps, coin: CryptoType) {
  if (!deps.depositAddresses[coin]) {
    throw refused(400, MoneyErrorCode.COIN_UNAVAILABLE, walletText.coinUnavailable(coin), 'cryptoType');
  }
}

export function createCreditsService(deps: CreditsDeps) {
  const { database, clock } = deps;
  const withdrawRules = deps.withdrawRules ?? defaultWithdrawRules;

  async function requestWithdrawal(userId: number, input: WithdrawalInput): Promise<WithdrawalRequestResult> {
    const amount = parseAmount(input.amount);
    const amountError = validateWithdrawalAmount(amount, null);
    if (amountError) throw refused(400, MoneyErrorCode.INVALID_AMOUNT, amountError, 'amount');
    const amountUnits = toMinorUnits(amount);
    if (amountUnits === null) throw invalidAmount();
    const cryptoType = typeof input.cryptoType === 'string' ? input.cryptoType.trim().toUpperCase() : input.cryptoType;
    const typeError = validateCryptoType(cryptoType);
    if (typeError) throw refused(400, MoneyErrorCode.INVALID_CRYPTO_TYPE, typeError, 'cryptoType');
    // A linked wallet is where ETH, USDT and USDC payouts go when no other address is given.
    const linked = await linkedPayoutAddress(deps.linkedPayouts, userId, cryptoType);
    if (!text(input.cryptoAddress) && linked) input = { ...input, cryptoAddress: linked };
    const addressError = validatePayoutAddress(cryptoType as CryptoType, input.cryptoAddress);
    if (addressError) throw refused(400, MoneyErrorCode.ADDRESS_REQUIRED, addressError, 'cryptoAddress');
    // Checked before the transaction (the password hash is slow); the cooldown starts inside it.
    const newAddress = await confirmOtherPayoutAddress(deps.linkedPayouts, userId, linked, input);
    const exceeds = () =>
      refused(400, MoneyErrorCode.INSUFFICIENT_BALANCE, validationText.withdrawExceedsBalance, 'amount');
    const now = clock();
    try {
      return await database.write(async (tx) => {
        // The player's state row is locked first: concurrent withdrawals queue here and each sees the
        // holds of those before it (PostgreSQL row lock; SQLite serialises writers).
        const state = await lockGameState(tx, userId, now);
        // Eligibility before anything is held; the lock above orders one player's requests.
        await assertWithdrawalAllowed(tx, withdrawRules, userId, amount, now);
        if (amount > state.balance) throw exceeds();
        const withdrawable = await withdrawableOf(tx, userId, state.balance, deps.freeWinsNeedDeposit ?? false);
        if (amount > withdrawable) {
          throw refused(
            403,
            ProductionErrorCode.WITHDRAW_FREE_WINS_LOCKED,
            productionText.freeWinsLocked(withdrawable),
            'amount',
          );
        }
        const id = await repo.insertMoneyTx(tx, {
          userId,
          type: 'withdrawal',
          amountUnits,
          currency: 'GOGO',
          cryptoType: cryptoType as CryptoType,
          cryptoAmountUnits: null,
          usdValueUnits: null,
          cryptoAddress: text(input.cryptoAddress),
          txHash: null,
          hashCurrency: null,
          reference: null,
          note: text(input.note),
          diceRollsRequested: null,
          now,
        });
        await postLedgerTx(
          tx,
          userId,
          [{ asset: 'GOGO', amount: -amount, type: 'withdrawal', reason: 'withdrawal_hold' }],
          now,
          { refType: MONEY_TX_REF, refId: id },
        );
        if (newAddress) await startPayoutAddressCooldown(tx, userId, now);
        publishMoneyRequest(tx, { id, userId, type: 'withdrawal', status: 'pending' }, true);
        return { transactionId: id, status: 'pending' as const, amount, balance: state.balance - amount };
      });
    } catch (err) {
      if (err instanceof InsufficientBalanceError) throw exceeds();
      throw err;
    }
  }

  return {
    ...createSpendAndGrant(deps),
    ...createPaymentRequests(deps),
    async balance(userId: number): Promise<CreditsBalance> {
      const row = await balancesOf(database.read, userId);
      const balance = row?.balance ?? 0;
      return {
        balance,
        withdrawable: await withdrawableOf(database.read, userId, balance, deps.freeWinsNeedDeposit ?? false),
        diceRollsRemaining: row?.dice ?? STARTING_DICE_ROLLS,
        pendingWithdrawals: await repo.pendingWithdrawalTotal(database.read, userId),
        currency: 'GOGO',
      };
    },

    async depositInfo(userId: number): Promise<DepositInfo> {
      const addresses = {} as DepositInfo['addresses'];
      for (const c of CRYPTO_TYPES) addresses[c] = checksummed(deps.depositAddresses[c] ?? null);
      const automatic = await deps.onChain?.automaticDeposits(userId);
      return { minDepositUsd: MIN_DEPOSIT_USD, addresses, ...(automatic ? { automatic } : {}) };
    },

    /** The profile form: {amount, cryptoType, cryptoAddress, note}. */
    requestWithdrawal,

    /** The service-call form of the spec: {amount, note, solAddress} pays out in SOL. */
    requestSolWithdrawal(userId: number, body: { amount: unknown; note?: string; solAddress?: string }) {
      return requestWithdrawal(userId, {
        amount: body.amount,
        cryptoType: 'SOL',
        cryptoAddress: body.solAddress,
        note: body.note,
      });
    },

    /** One of the player's money requests as its history row; null when it is not theirs (or gone). */
    async transaction(userId: number, id: number): Promise<TransactionDto | null> {
      const user = await accounts.userById(database.read, userId);
      const row = user && (await repo.historyRequest(database.read, userId, id));
      return user && row ? toTransactionDto(row, user, clock()) : null;
    },

    async history(userId: number, query: { limit?: number; offset?: number }): Promise<TransactionsPage> {
      const limit = clampLimit(query.limit);
      const offset = Math.max(0, Math.trunc(query.offset ?? 0));
      const user = await accounts.userById(database.read, userId);
      if (!user) throw refused(404, ErrorCode.NOT_FOUND, moneyText.userNotFound);
      const rows = await repo.history(database.read, userId, limit + 1, offset);
      const now = clock();
      return {
        transactions: rows.slice(0, limit).map((row) => toTransactionDto(row, user, now)),
        limit,
        offset,
        hasMore: rows.length > limit,
      };
    },
  };
}

/** Credits moved at once: a player's spend on dice, an admin's grant (with its audit row). */
function createSpendAndGrant(deps: CreditsDeps) {
  const { database, clock } = deps;

  return {
    /**
     * Spends GOGO once per idempotency key: the same key and body replay the first answer. The key is
     * claimed first (unique index on player and key), so concurrent retries spend once.
     */
    async spend(userId: number, body: SpendBody): Promise<SpendResult> {
      const key = body.idempotencyKey.trim();
      if (key === '') {
        throw refused(400, ErrorCode.VALIDATION_ERROR, serverText.validation, 'idempotencyKey');
      }
      const amount = parseAmount(body.amount);
      const canonical = JSON.stringify({ amount: Number.isFinite(amount) ? amount : String(body.amount) });
      const requestHash = createHash('sha256').update(canonical).digest('hex');
      const now = clock();
      return database.write(async (tx) => {
        const state = await lockGameState(tx, userId, now);
        if (!(await repo.claimIdempotencyKey(tx, userId, key, requestHash, now))) {
          const seen = await repo.findIdempotencyKey(tx, userId, key);
          if (!seen || seen.requestHash !== requestHash) {
            throw refused(409, MoneyErrorCode.IDEMPOTENCY_KEY_REUSED, moneyText.idempotencyKeyReused, 'idempotencyKey');
          }
          return { ...(JSON.parse(seen.response) as SpendResult), replayed: true };
        }
        // A refusal below rolls the claim back with everything else: a retry after a top-up may succeed.
        if (!Number.isSafeInteger(amount) || amount < 1 || amount > MAX_MONEY_AMOUNT) throw invalidAmount();
        if (amount > state.balance) {
          throw refused(400, MoneyErrorCode.INSUFFICIENT_BALANCE, moneyText.insufficientBalance, 'amount');
        }
        await postLedgerTx(tx, userId, [{ asset: 'GOGO', amount: -amount, type: 'purchase', reason: 'spend' }], now, {
          refType: 'spend',
        });
        publish(tx, { type: 'state', userId });
        const result: SpendResult = {
          spent: amount,
          balance: state.balance - amount,
          idempotencyKey: key,
          replayed: false,
        };
        await repo.storeIdempotentResponse(tx, userId, key, result);
        return result;
      });
    },

    /**
     * Admin: credits GOGO to a player (a `reward` ledger entry that names the admin), audited in the
     * same transaction (docs/adr, 'Accounts, admin tokens and the audit trail': every admin
     * action writes an audit row).
     */
    async grant(adminId: number, body: GrantBody, ip: string | null = null) {
      const now = clock();
      return database.write(async (tx) => {
        if (!(await accounts.userById(tx, body.userId))) {
          throw refused(404, ErrorCode.NOT_FOUND, moneyText.userNotFound, 'userId');
        }
        const state = await lockGameState(tx, body.userId, now);
        await postLedgerTx(
          tx,
          body.userId,
          [{ asset: 'GOGO', amount: body.amount, type: 'reward', reason: 'admin_grant' }],
          now,
          { refType: 'admin', refId: adminId },
        );
        publish(tx, { type: 'state', userId: body.userId });
        publish(tx, { type: 'summary' });
        const balance = state.balance + body.amount;
        await deps.auditGrant(
          tx,
          {
            adminId,
            targetUserId: body.userId,
            before: { balance: state.balance },
            after: { balance, amount: body.amount, note: text(body.note) },
            ip,
          },
          now,
        );
        return { userId: body.userId, amount: body.amount, balance };
      });
    },
  };
}

/** Paying in: a deposit request, a dice purchase paid in crypto; both wait for an admin's review. */
function createPaymentRequests(deps: CreditsDeps) {
  const { database, clock } = deps;
  const inputLimits = deps.inputLimits ?? defaultInputLimits;

  return {
    /** A pending deposit: nothing is credited until an admin approves it. */
    async requestDeposit(userId: number, body: DepositRequestBody): Promise<DepositRequestResult> {
      const solSignature = text(body.solTxSignature);
      const amount = parseAmount(body.amount);
      if (!Number.isFinite(amount) || amount <= 0 || amount > MAX_MONEY_AMOUNT) throw invalidAmount();
      const givenType = text(body.cryptoType)?.toUpperCase() ?? null;
      const cryptoType = solSignature ? (givenType ?? 'SOL') : givenType;
      if (!isCryptoType(cryptoType) || (solSignature && cryptoType !== 'SOL')) {
        throw refused(400, MoneyErrorCode.INVALID_CRYPTO_TYPE, moneyText.cryptoTypeInvalid, 'cryptoType');
      }
      // The chain watcher credits these by itself: a typed-in hash would only compete with it.
      if (deps.onChain?.isAutomatic(cryptoType)) {
        throw refused(
          400,
          ChainErrorCode.DEPOSIT_AUTOMATIC,
          chainText.manualDepositAutomatic(cryptoType),
          'cryptoType',
        );
      }
      requireReceivingAddress(deps, cryptoType);
      const amountError = validateDepositAmount(amount, cryptoType);
      if (amountError) throw refused(400, MoneyErrorCode.INVALID_AMOUNT, amountError, 'amount');
      const amountUnits = toMinorUnits(amount);
      if (amountUnits === null) throw invalidAmount();
      const address = text(body.cryptoAddress);
      if (!solSignature && !address) {
        throw refused(400, MoneyErrorCode.ADDRESS_REQUIRED, validationText.cryptoAddressRequired, 'cryptoAddress');
      }
      const claim = readTxReference(cryptoType, body, true)!;
      const prices = await deps.prices.latest();
      const price = prices?.pricesUsd[priceKeyOf(cryptoType)];
      const usdValue = price ? usdValueOf(amount, price) : null;
      if (usdValue !== null && !meetsMinimumDeposit(usdValue)) {
        throw refused(400, MoneyErrorCode.MIN_DEPOSIT, validationText.depositMinimum, 'amount');
      }
      // Worth more than any amount the table holds exactly: a typo or an attack, not a deposit.
      const usdValueUnits = usdValue === null ? null : toMinorUnits(usdValue);
      if (usdValue !== null && usdValueUnits === null) throw invalidAmount();
      const now = clock();
      const id = await database.write(async (tx) => {
        await assertDepositSlot(tx, userId, inputLimits.maxPendingDeposits);
        return insertClaimingHash(tx, {
          userId,
          type: 'deposit',
          amountUnits,
          currency: cryptoType,
          cryptoType,
          cryptoAmountUnits: null,
          usdValueUnits,
          cryptoAddress: address,
          txHash: claim.txHash,
          hashCurrency: hashChainOf(cryptoType),
          reference: claim.reference,
          note: text(body.note),
          diceRollsRequested: null,
          now,
        });
      });
      return { transactionId: id, status: 'pending', usdValue };
    },

    /** A pending dice purchase: `amount` is the USD price of the rolls (1 USD = 10 rolls). */
    async requestDicePurchase(userId: number, body: DicePurchaseBody): Promise<DicePurchaseResult> {
      const count = parseAmount(body.diceRollsCount);
      if (!isValidDicePurchaseCount(count) || count > MAX_DICE_PURCHASE) {
        throw refused(400, MoneyErrorCode.INVALID_DICE_PURCHASE, moneyText.dicePurchaseCount, 'diceRollsCount');
      }
      const given = parseAmount(body.amount);
      if (!Number.isFinite(given) || given <= 0) throw invalidAmount();
      if (!dicePurchaseAmountMatches(count, given)) {
        throw refused(400, MoneyErrorCode.INVALID_DICE_PURCHASE, moneyText.dicePurchaseAmount, 'amount');
      }
      // The price of the rolls to the cent (what the player was shown), not the float that was sent.
      const amount = usdForDiceRolls(count);
      const amountUnits = toMinorUnits(amount);
      if (amountUnits === null) throw invalidAmount();
      const currency = text(body.currency)?.toUpperCase() ?? 'USD';
      if (currency !== 'USD' && !isCryptoType(currency)) {
        throw refused(400, MoneyErrorCode.INVALID_CRYPTO_TYPE, moneyText.cryptoTypeInvalid, 'currency');
      }
      const cryptoType = currency === 'USD' ? null : currency;
      if (cryptoType) requireReceivingAddress(deps, cryptoType);
      const cryptoAmount = body.cryptoAmount ?? null;
      const cryptoAmountUnits = cryptoAmount === null ? null : toMinorUnits(cryptoAmount);
      if (cryptoAmount !== null && (!cryptoType || cryptoAmountUnits === null || cryptoAmountUnits <= 0)) {
        throw invalidAmount('cryptoAmount');
      }
      const claim = readTxReference(cryptoType, body, false);
      const txHash = claim?.txHash ?? null;
      const now = clock();
      const id = await database.write(async (tx) => {
        await assertDepositSlot(tx, userId, inputLimits.maxPendingDeposits);
        return insertClaimingHash(tx, {
          userId,
          type: 'purchase',
          amountUnits,
          currency: 'USD',
          cryptoType,
          cryptoAmountUnits,
          usdValueUnits: amountUnits,
          cryptoAddress: text(body.cryptoAddress),
          txHash,
          hashCurrency: txHash ? hashChainOf(cryptoType ?? 'USD') : null,
          reference: claim?.reference ?? null,
          note: text(body.notes),
          diceRollsRequested: count,
          now,
        });
      });
      return { transactionId: id, status: 'pending', diceRollsCount: count, amount, currency };
    },
  };
}

export type CreditsService = ReturnType<typeof createCreditsService>;
