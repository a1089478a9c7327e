import {
  DICE_PER_USD,
  DICE_PURCHASE_STEP,
  MIN_DEPOSIT_USD,
  MIN_DICE_PURCHASE,
  MIN_WITHDRAWAL_GOGO,
  POTENTIAL_VALUE_RATE,
  REFERRAL_CODE_MIN_LENGTH,
  REFERRAL_ROLLS_REQUIRED,
} from './economy.js';
import { achievementById } from './achievements.js';
import { TILES } from './tiles.js';
import { describePropertyReason } from './property-ledger.js';
import { tileOnBoard } from './properties.js';
import { challengeById } from './challenges.js';

/** Price in USD of `count` dice rolls (1 USD = 10 rolls). */
export function usdForDiceRolls(count: number): number {
  return count / DICE_PER_USD;
}

/** A purchase is a whole number of rolls, at least 10, in steps of 10. */
export function isValidDicePurchaseCount(count: number): boolean {
  return Number.isSafeInteger(count) && count >= MIN_DICE_PURCHASE && count % DICE_PURCHASE_STEP === 0;
}

/**
 * Whole GOGO, at least 100, at most the balance (docs/adr, 'Deposits, purchases and withdrawals wait for
 * an admin').
 */
export function isValidWithdrawalAmount(amount: number, balance: number): boolean {
  return Number.isSafeInteger(amount) && amount >= MIN_WITHDRAWAL_GOGO && amount <= balance;
}

/** USD value of a GOGO balance at the launch price, rounded to cents to drop float noise. */
export function potentialValueUsd(balance: number): number {
  return Math.round(balance * POTENTIAL_VALUE_RATE * 100) / 100;
}

const TIME_UNITS: readonly [suffix: string, ms: number][] = [
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1000],
];

/** Elapsed time in its largest whole unit: '3d', '5h', '12m', '40s' (negative or tiny: '0s'). */
export function formatTimeAgo(elapsedMs: number): string {
  const elapsed = Number.isFinite(elapsedMs) ? Math.max(0, elapsedMs) : 0;
  for (const [suffix, ms] of TIME_UNITS) {
    if (elapsed >= ms) return `${Math.floor(elapsed / ms)}${suffix}`;
  }
  return '0s';
}

// ── Crypto currencies and prices ─────────────────────────────────────────────

/** The currencies a player can deposit or be paid in. */
export const CRYPTO_TYPES = ['BTC', 'ETH', 'SOL', 'USDT', 'USDC'] as const;
export type CryptoType = (typeof CRYPTO_TYPES)[number];
/** The EVM coins the chain watcher credits by itself: native ETH and two ERC-20 tokens. */
export const CHAIN_COINS = ['ETH', 'USDT', 'USDC'] as const satisfies readonly CryptoType[];
export type ChainCoin = (typeof CHAIN_COINS)[number];

/** The keys of pricesUsd: the crypto types in lower case. */
export const PRICE_KEYS = ['btc', 'eth', 'sol', 'usdt', 'usdc'] as const;
export type PriceKey = (typeof PRICE_KEYS)[number];
export type PricesUsd = Record<PriceKey, number>;

export function isCryptoType(value: unknown): value is CryptoType {
  return typeof value === 'string' && (CRYPTO_TYPES as readonly string[]).includes(value);
}

export const priceKeyOf = (crypto: CryptoType): PriceKey => crypto.toLowerCase() as PriceKey;

/** Decimals a quote is rounded up to, per currency (stablecoins move in cents). */
export const CRYPTO_QUOTE_DECIMALS: Readonly<Record<CryptoType, number>> = {
  BTC: 8,
  ETH: 8,
  SOL: 6,
  USDT: 2,
  USDC: 2,
};

/** Input step of the deposit amount: cents for USDT and USDC, any amount for the others. */
export function depositAmountStep(crypto: CryptoType): number | 'any' {
  return crypto === 'USDT' || crypto === 'USDC' ? 0.01 : 'any';
}

/** At most this many decimals in a crypto amount (satoshi precision; more is noise, not money). */
export const MAX_CRYPTO_DECIMALS = 8;

function decimalsOf(value: number): number {
  if (!Number.isFinite(value)) return Infinity;
  // Shortest round-trip representation, exponent aware (1e-7 has 7 decimals).
  const [mantissa = '', exp = '0'] = value.toString().toLowerCase().split('e');
  const fraction = mantissa.split('.')[1] ?? '';
  return Math.max(0, fraction.length - Number(exp));
}

/**
 * A crypto amount a player may enter: finite, above 0, at most 8 decimals, and whole cents for USDT
 * and USDC (their input step).
 */
export function isValidCryptoAmount(amount: number, crypto: CryptoType): boolean {
  if (!Number.isFinite(amount) || amount <= 0) return false;
  const step = depositAmountStep(crypto);
  const maxDecimals = step === 'any' ? MAX_CRYPTO_DECIMALS : 2;
  return decimalsOf(amount) <= maxDecimals;
}

// ── Exact storage of money amounts ───────────────────────────────────────────

/**
 * Money amounts (crypto, USD, GOGO of a withdrawal) are stored as integers of 1e-8 of their unit
 * ("minor units", satoshi precision = MAX_CRYPTO_DECIMALS): sums and comparisons in SQL stay exact on
 * every engine, where a REAL column would round.
 */
export const MONEY_SCALE = 100_000_000;

/** The largest amount a money request carries: its minor units stay a safe integer (below 2^53). */
export const MAX_MONEY_AMOUNT = 90_000_000;

/**
 * The exact minor units of an amount with at most 8 decimals, read from its shortest decimal form
 * (so 0.1 is 10000000, not 10000000.000000002 rounded). Null when it has more decimals, is negative,
 * is not finite or exceeds MAX_MONEY_AMOUNT.
 */
export function toMinorUnits(amount: number): number | null {
  if (!Number.isFinite(amount) || amount < 0 || amount > MAX_MONEY_AMOUNT) return null;
  const [mantissa = '', exp = '0'] = amount.toString().toLowerCase().split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  // Shift the decimal point by the exponent, then read the digits as an integer of 1e-8.
  const digits = whole + fraction;
  const point = whole.length + Number(exp);
  const scaled = point >= digits.length ? digits + '0'.repeat(point - digits.length) : digits;
  const intPart = point <= 0 ? '0' : scaled.slice(0, point);
  const fracPart = point <= 0 ? '0'.repeat(-point) + digits : scaled.slice(point);
  if (fracPart.replace(/0+$/, '').length > MAX_CRYPTO_DECIMALS) return null;
  const units = Number(intPart) * MONEY_SCALE + Number(fracPart.padEnd(MAX_CRYPTO_DECIMALS, '0').slice(0, 8) || '0');
  return Number.isSafeInteger(units) ? units : null;
}

/** The amount of some minor units (exact to the 8th decimal as far as a number can show it). */
export function fromMinorUnits(units: number): number {
  return units / MONEY_SCALE;
}

/** USD value of a crypto amount at a price, rounded to cents. */
export function usdValueOf(amount: number, priceUsd: number): number {
  return Math.round(amount * priceUsd * 100) / 100;
}

/** Normal-mode deposits must be worth at least MIN_DEPOSIT_USD when a price is known. */
export function meetsMinimumDeposit(usdValue: number): boolean {
  return usdValue >= MIN_DEPOSIT_USD;
}

/** The inline hint shows while the value is above 0 and below the minimum. */
export function showsMinimumDepositHint(usdValue: number | null): boolean {
  return usdValue !== null && usdValue > 0 && usdValue < MIN_DEPOSIT_USD;
}

/**
 * Crypto needed to pay `usd` at `priceUsd`, rounded UP to the currency's quote decimals so that
 * paying the quote always covers the price. Null when the price is unknown or not positive.
 */
export function cryptoForUsd(usd: number, priceUsd: number, crypto: CryptoType): number | null {
  if (!Number.isFinite(usd) || usd < 0 || !Number.isFinite(priceUsd) || priceUsd <= 0) return null;
  const scale = 10 ** CRYPTO_QUOTE_DECIMALS[crypto];
  // The small epsilon keeps an exact result (10 / 1 = 10) from being pushed up by float noise.
  return Math.ceil((usd / priceUsd) * scale - 1e-7) / scale;
}

/** Dice rolls worth a USD amount (1 USD = 10 rolls), rounded down: the admin's prefill. */
export function diceRollsForUsd(usd: number): number {
  if (!Number.isFinite(usd) || usd <= 0) return 0;
  return Math.floor(Math.round(usd * 100) / (100 / DICE_PER_USD));
}

/** The dice purchase price must equal the count's price to the cent. */
export function dicePurchaseAmountMatches(count: number, amountUsd: number): boolean {
  return Number.isFinite(amountUsd) && Math.round(amountUsd * 100) === Math.round(usdForDiceRolls(count) * 100);
}

// ── Transaction hashes ───────────────────────────────────────────────────────

const HEX = /^(0x)?[0-9a-fA-F]+$/;
const HASH_SHAPE = /^[0-9A-Za-z]{16,128}$/;

/**
 * The comparable form of a transaction hash or signature: trimmed; hex hashes lower-cased without a
 * 0x prefix (so '0xAB..' and 'ab..' are the same claim); base58 signatures (Solana) kept as they are.
 * Null when it does not look like a hash at all.
 */
export function normalizeTxHash(input: string): string | null {
  const value = input.trim();
  if (value === '') return null;
  const normalized = HEX.test(value) ? value.toLowerCase().replace(/^0x/, '') : value;
  return HASH_SHAPE.test(normalized) ? normalized : null;
}

// ── Referral codes ───────────────────────────────────────────────────────────

/** No 0/O, 1/I/L: a code read aloud or from a screenshot cannot be mistyped into another code. */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;
export const REFERRAL_CODE_MAX_LENGTH = 16;

/** Codes are compared in upper case, without surrounding spaces. */
export function normalizeReferralCode(input: string): string {
  return input.trim().toUpperCase();
}

/** A referral code input is acceptable when the trimmed code has at least 4 characters. */
export function isReferralCodeInputValid(input: string): boolean {
  return input.trim().length >= REFERRAL_CODE_MIN_LENGTH;
}

/** A code this product issues or accepts: 4 to 16 characters of the unambiguous alphabet. */
export function isWellFormedReferralCode(code: string): boolean {
  if (code.length < REFERRAL_CODE_MIN_LENGTH || code.length > REFERRAL_CODE_MAX_LENGTH) return false;
  for (const ch of code) if (!REFERRAL_CODE_ALPHABET.includes(ch)) return false;
  return true;
}

/**
 * A referral code from random bytes, uniformly over the alphabet (bytes at or above the largest
 * multiple of the alphabet size are skipped). Returns null when the bytes run out first; the caller
 * passes more bytes than the length (2x is plenty: 248 of 256 byte values are used).
 */
export function referralCodeFromBytes(bytes: Uint8Array, length = REFERRAL_CODE_LENGTH): string | null {
  const n = REFERRAL_CODE_ALPHABET.length;
  const limit = Math.floor(256 / n) * n;
  let code = '';
  for (const byte of bytes) {
    if (code.length === length) break;
    if (byte >= limit) continue;
    code += REFERRAL_CODE_ALPHABET[byte % n];
  }
  return code.length === length ? code : null;
}

/** The referrer is paid once the friend has made this many rolls (and not before). */
export function referralRewardDue(totalRolls: number, alreadyPaid: boolean): boolean {
  return !alreadyPaid && totalRolls >= REFERRAL_ROLLS_REQUIRED;
}

// ── History display ──────────────────────────────────────────────────────────

function trimNumber(value: number, maxDecimals: number): string {
  return Number(value.toFixed(maxDecimals)).toString();
}

/**
 * The formattedAmount of a history row: signed GOGO and dice rolls for ledger movements ('+20 GOGO',
 * '-1 dice roll'), USD with cents, crypto with up to 8 decimals ('0.5 BTC').
 */
export function formatTransactionAmount(amount: number, currency: string, signed = false): string {
  const sign = signed && amount > 0 ? '+' : '';
  if (currency === 'GOGO') return `${sign}${amount} GOGO`;
  if (currency === 'DICE') return `${sign}${amount} ${Math.abs(amount) === 1 ? 'dice roll' : 'dice rolls'}`;
  if (currency === 'USD') return `${amount < 0 ? '-' : sign}$${Math.abs(amount).toFixed(2)}`;
  return `${sign}${trimNumber(amount, MAX_CRYPTO_DECIMALS)} ${currency}`;
}

const REASON_TEXT: Readonly<Record<string, string>> = {
  starting_dice: 'Starting dice rolls',
  roll: 'Dice roll',
  lap: 'Lap bonus',
  daily_login: 'Daily login bonus',
  daily_dice: 'Daily free dice rolls',
  referral: 'Referral reward: a friend deposited $10',
  admin_grant: 'Credited by the GOGO team',
  spend: 'GOGO spent',
  withdrawal_hold: 'Withdrawal request (held)',
  withdrawal_refund: 'Refund of a rejected withdrawal',
  deposit_approved: 'Deposit approved',
  dice_refill: 'Dice refilled over time',
  pass_start: 'Salary for passing Start',
};

/** A readable description of a ledger reason ('tile:6' is 'DeFi Jackpot', 'achievement:x' its name). */
export function describeLedgerReason(reason: string): string {
  const known = REASON_TEXT[reason];
  if (known) return known;
  const [kind, key = ''] = reason.split(':', 2);
  if (kind === 'tile') {
    const [id = '', board = '1'] = key.split('@');
    if (TILES[Number(id)]) return `Landed on ${tileOnBoard(Number(id), Number(board)).name}`;
  }
  if (kind === 'event_prize') {
    const [eventId, rank] = key.split(':');
    return `Event prize: rank ${rank ?? '?'} in event #${eventId}`;
  }
  if (kind === 'challenge') return `Daily challenge: ${challengeById(key)?.title ?? key}`;
  if (reason === 'challenge_streak') return 'Daily challenge streak bonus';
  if (kind === 'friends_race') return `Friends race won (week of ${key})`;
  if (kind === 'achievement') {
    const achievement = achievementById(key);
    if (achievement) return `Achievement unlocked: ${achievement.name}`;
  }
  const property = describePropertyReason(reason);
  if (property !== null) return property;
  const words = reason.replace(/[_:]+/g, ' ').trim();
  return words === '' ? 'Balance change' : words.charAt(0).toUpperCase() + words.slice(1);
}
