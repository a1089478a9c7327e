// Money: refusals and notices, payout and receiving addresses, ledger labels.
import type { LedgerKind } from '../rules/ledger.js';

/**
 * Money refusals and notices. The spec words only some of them (validationText, errorText); these
 * are the product's own texts for the rules of docs/adr, 'Every change of value is a ledger
 * row' and 'Deposits, purchases and withdrawals wait for an admin'.
 */
export const moneyText = {
  withdrawWholeGogo: 'Withdrawals are in whole GOGO.',
  withdrawMinimum: 'Minimum withdrawal is 100 GOGO.',
  insufficientBalance: 'Insufficient GOGO balance.',
  cryptoTypeInvalid: 'Choose a supported currency.',
  txHashInvalid: 'Enter a valid transaction hash.',
  txHashTaken: 'This transaction hash has already been submitted.',
  dicePurchaseCount: 'Dice rolls must be a multiple of 10, at least 10.',
  dicePurchaseAmount: 'The amount must equal the price of the dice rolls (1 USD per 10 rolls).',
  idempotencyKeyReused: 'This idempotency key was already used for a different request.',
  transactionNotFound: 'Transaction not found.',
  alreadyProcessed: 'This transaction has already been processed.',
  rejectReasonRequired: 'A reason is required to reject a request.',
  corruptedDeposit: 'Cannot process this deposit: User not found. This deposit may be corrupted.',
  corruptedWithdrawal: 'Cannot process this withdrawal: User not found. This withdrawal may be corrupted.',
  userNotFound: 'User not found.',
  pricesUnavailable: 'Prices are temporarily unavailable. Please try again later.',
  depositSubmitted: 'Deposit request submitted. It will be credited after manual verification.',
  purchaseSubmitted: 'Purchase request submitted. Your dice rolls will be credited after manual verification.',
  withdrawalSubmitted: 'Withdrawal request submitted. The amount is held until an admin processes it.',
} as const;

/** Payout address shapes, receiving addresses, celebrations, ledger labels, the app. */
export const walletText = {
  payoutAddressFormat: {
    BTC: 'Enter a Bitcoin address: bc1... (bech32), or a legacy address starting with 1 or 3.',
    ETH: 'Enter an Ethereum address: 0x followed by 40 hexadecimal characters.',
    USDT: 'Enter your USDT address on Ethereum (ERC-20): 0x followed by 40 hexadecimal characters.',
    USDC: 'Enter your USDC address on Ethereum (ERC-20): 0x followed by 40 hexadecimal characters.',
    SOL: 'Enter a Solana address: 32 to 44 base58 characters (no 0x, and no 0, O, I or l).',
  },
  payoutCoinRequired: 'Choose the coin you want to be paid in.',
  coinUnavailable: (coin: string) =>
    `${coin} payments are not open yet: no ${coin} receiving address is published. Choose another coin.`,
  noCoinAvailable: 'No receiving address is published yet, so payments are closed for now. Please contact support.',
  unavailableCoinsNote: (coins: string) => `Not available yet (no receiving address published): ${coins}.`,
  sendExactly: (amount: string) => `Send exactly ${amount}`,
  qrLabel: (coin: string) => `QR code of the ${coin} receiving address`,
  diceArrived: (dice: number) => `+${dice} dice rolls arrived!`,
  gogoArrived: (gogo: number) => `+${gogo} GOGO arrived!`,
  depositRejected: 'Request rejected',
  rejectionReason: (reason: string) => `Reason: ${reason}`,
} as const;

/** Labels of ledger rows by what they are (the stored `type` alone says "purchase" for a roll). */
export const ledgerKindText = {
  roll: 'Roll',
  reward: 'Reward',
  penalty: 'Penalty',
  jackpot: 'Jackpot',
  achievement: 'Achievement',
  lap: 'Lap bonus',
  levelUp: 'Level-up bonus',
  upgrade: 'Property upgrade',
  boardComplete: 'Board completed',
  daily: 'Daily bonus',
  referral: 'Referral reward',
  starting: 'Starting dice',
  deposit: 'Deposit',
  purchase: 'Dice purchase',
  spend: 'Spend',
  withdrawalHold: 'Withdrawal hold',
  refund: 'Refund',
  grant: 'Grant',
  prize: 'Event prize',
  challenge: 'Challenge reward',
  refill: 'Dice refill',
  salary: 'Start salary',
  other: 'Other',
} as const satisfies Record<LedgerKind, string>;

/** Deposits below the minimum, and the bound of what an admin's approval may credit. */
export const depositValueText = {
  belowMinimum: 'below the $10 minimum',
  belowMinimumNote: (usd: string) =>
    `Credited automatically at ${usd} USD: below the $10 minimum, so it does not count toward unlocking GOGO won with free dice.`,
  creditedOnChain: (usd: string) => `Credited automatically on chain at ${usd} USD`,
  approvalOverBound: (field: 'diceRollsCount' | 'gogoAmount', bound: string) =>
    `${field === 'diceRollsCount' ? 'Dice rolls' : 'GOGO'} exceed what this payment is worth (${bound}). Lower the amount or give a reason.`,
  approvalValueUnknown: 'The USD value of this payment is unknown: give a reason to credit it.',
  approvalBoundHint: (dice: number, gogo: number | null, usd: string) =>
    `Up to $${usd} (the payment plus 10%): at most ${dice} dice rolls${gogo === null ? '' : ` or ${gogo} GOGO`} without a reason.`,
  approvalReasonLabel: 'Reason for crediting more (kept in the audit log)',
} as const;
